import MojifyCore

/// The rules of one `.gitignore` file, applied to paths below the folder that holds it.
struct GitIgnore {
    private struct Rule {
        var glob: Glob
        var negated: Bool
        var directoryOnly: Bool
        /// A pattern with a `/` before its end is relative to the `.gitignore`'s folder; one without matches at any depth.
        var anchored: Bool
    }

    private let rules: [Rule]

    init(text: String) {
        rules = text.split(whereSeparator: \.isNewline).compactMap { rawLine in
            var line = Substring(rawLine)
            while line.last == " " && !line.hasSuffix("\\ ") { line = line.dropLast() }
            guard !line.isEmpty, !line.hasPrefix("#") else { return nil }
            var negated = false
            if line.hasPrefix("!") {
                negated = true
                line = line.dropFirst()
            } else if line.hasPrefix("\\!") || line.hasPrefix("\\#") {
                line = line.dropFirst()
            }
            var directoryOnly = false
            if line.hasSuffix("/") {
                directoryOnly = true
                line = line.dropLast()
            }
            let anchored = line.contains("/")
            if line.hasPrefix("/") { line = line.dropFirst() }
            guard !line.isEmpty else { return nil }
            return Rule(glob: Glob(String(line)), negated: negated, directoryOnly: directoryOnly, anchored: anchored)
        }
    }

    /// `nil` when no rule speaks of `path` (relative to this file's folder), else whether it is ignored.
    func verdict(for path: String, isDirectory: Bool) -> Bool? {
        var result: Bool?
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for rule in rules where !rule.directoryOnly || isDirectory {
            let matched = rule.anchored ? rule.glob.matches(path) : rule.glob.matches(name)
            if matched { result = !rule.negated }
        }
        return result
    }
}
