/// Paths inside a tree, as `/`-separated relative paths.
public enum TreePath {
    /// `path` with `.`, `..` and empty parts resolved; nil when it climbs out of the root or names nothing.
    public static func resolved(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
