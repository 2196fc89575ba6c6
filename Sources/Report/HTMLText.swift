/// Escaping for untrusted text (scanned code, ledger fields, command-line arguments) placed in HTML.
enum HTMLText {
    /// Safe in element content and in double- or single-quoted attribute values. C0 control characters other
    /// than tab and line breaks become U+FFFD, as they have no business in a page and some break parsers.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A fragment identifier usable as an element `id` and in `href="#..."` without further encoding: C++
    /// identifiers pass through, anything else is hex-encoded so that two different names never collide.
    static func anchor(_ prefix: String, _ name: String) -> String {
        var result = prefix
        for scalar in name.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "-" + String(scalar.value, radix: 16) + "-"
            }
        }
        return result
    }
}
