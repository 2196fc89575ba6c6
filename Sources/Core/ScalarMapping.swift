extension String {
    /// The string with each Unicode scalar for which `replacement` returns text replaced by that text: the one loop
    /// behind every escaping of untrusted text (JSON strings, HTML, JSON inside a script element).
    public func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    /// The string with control characters (C0 and C1 ones, DEL: terminal escapes, newlines, tabs) written as Swift
    /// escapes (`\n`, `\u{1B}`): for printing text that came from files or their names to a terminal or a
    /// line-based log, where such characters would move the cursor, recolour or forge lines.
    public var escapingControlCharacters: String {
        replacingScalars { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : nil }
    }
}
