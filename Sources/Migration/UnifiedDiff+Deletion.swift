extension UnifiedDiff {
    /// The git diff deleting the file at `path` whose whole text is `source`.
    static func deletion(path: String, source: CppSource) -> String {
        wholeFile(path: path, text: source.text(0..<source.bytes.count), added: false)
    }

    /// The git diff adding a file at `path` holding `text`.
    static func addition(path: String, text: String) -> String {
        wholeFile(path: path, text: text, added: true)
    }

    private static func wholeFile(path: String, text: String, added: Bool) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let endsWithNewline = text.hasSuffix("\n")
        if endsWithNewline { lines.removeLast() }
        var diff = "diff --git a/\(path) b/\(path)\n"
        diff += added ? "new file mode 100644\n--- /dev/null\n+++ b/\(path)\n" : "deleted file mode 100644\n--- a/\(path)\n+++ /dev/null\n"
        guard !lines.isEmpty else { return diff }
        let count = lines.count == 1 ? "" : ",\(lines.count)"
        diff += added ? "@@ -0,0 +1\(count) @@\n" : "@@ -1\(count) +0,0 @@\n"
        diff += lines.map { (added ? "+" : "-") + $0 + "\n" }.joined()
        if !endsWithNewline { diff += "\\ No newline at end of file\n" }
        return diff
    }
}
