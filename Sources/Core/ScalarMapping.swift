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
