extension UnifiedDiff {
    /// The git diff deleting the file at `path` whose whole text is `source`.
    static func deletion(path: String, source: CppSource) -> String {
        let text = source.text(0..<source.bytes.count)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithNewline = text.hasSuffix("\n")
        if endsWithNewline { lines.removeLast() }
        var diff = "diff --git a/\(path) b/\(path)\ndeleted file mode 100644\n--- a/\(path)\n+++ /dev/null\n"
        guard !lines.isEmpty else { return diff }
        diff += "@@ -1\(lines.count == 1 ? "" : ",\(lines.count)") +0,0 @@\n"
        diff += lines.map { "-" + $0 + "\n" }.joined()
        if !endsWithNewline { diff += "\\ No newline at end of file\n" }
        return diff
    }
}
