import MojifyCore

/// Text helpers of generated files, which the emitters and `MojomText` share.
public enum EmitterText {
    /// Comment lines of at most `width` columns, from text that may come from scanned code (newlines removed).
    public static func comment(_ text: String, indent: String, marker: String = "//", width: Int = 80) -> [String] {
        let words = commentSafe(text).split(whereSeparator: \.isWhitespace)
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty, indent.count + marker.count + 1 + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        // In C++ a backslash ending a `//` line continues the comment onto the next line of code.
        return lines.map { "\(indent)\(marker) \($0)\($0.hasSuffix("\\") ? "." : "")" }
    }

    /// Control and format characters (terminal escapes, bidirectional overrides that make code read differently
    /// from how it compiles) shown as `\u{...}`; line breaks become spaces.
    static func commentSafe(_ text: String) -> String {
        // Printable ASCII, what nearly every comment and name is, needs no look-up of Unicode properties.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return text.replacingScalars { scalar in
            if scalar.properties.isWhitespace { return scalar == " " ? nil : " " }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: return nil
            }
        }
    }
}
