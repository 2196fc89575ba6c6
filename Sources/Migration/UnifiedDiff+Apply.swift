extension UnifiedDiff {
    /// `source` with `edits` applied: the file as the diff leaves it, byte for byte.
    static func apply(_ edits: [Edit], to source: CppSource) -> String {
        var bytes: [UInt8] = []
        var cursor = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            bytes += source.bytes[cursor..<edit.range.lowerBound]
            bytes += Array(edit.replacement.utf8)
            cursor = edit.range.upperBound
        }
        bytes += source.bytes[cursor...]
        // The source was read as UTF-8 and the replacements are strings: the result decodes as it is.
        return String(decoding: bytes, as: UTF8.self)
    }
}
