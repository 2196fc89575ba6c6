import MojifyCore

/// Escaping for untrusted text (scanned code, ledger fields, command-line arguments) placed in HTML.
enum HTMLText {
    /// Safe in element content and in double- or single-quoted attribute values. C0 control characters other
    /// than tab and line breaks become U+FFFD, as they have no business in a page and some break parsers.
    static func escape(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\t", "\n", "\r": nil
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: "\u{FFFD}"
            default: nil
            }
        }
    }

    /// The URL fragment that opens a message's drill-down: `m=` and the name with every byte but ASCII letters,
    /// digits and `_` percent-encoded, so it is safe in an attribute and the script's `decodeURIComponent` undoes it.
    static func messageFragment(_ name: String) -> String {
        var result = "m="
        for byte in name.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
