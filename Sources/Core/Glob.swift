/// Shell-style patterns as the ledger's selections use them (`ledger edit`, `--class`); the walk's `.gitignore`
/// and `--exclude` patterns are the scanner's `WildMatch`, which follows git exactly:
/// `*` matches within one path component, `**` across components, `?` one character, `[a-z]` and `[!a-z]` a set.
public struct Glob: Hashable, Sendable {
    public let pattern: String
    private let characters: [Character]

    public init(_ pattern: String) {
        self.pattern = pattern
        self.characters = Array(pattern)
    }

    public var hasWildcards: Bool {
        characters.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    public func matches(_ text: String) -> Bool {
        let subject = Array(text)
        // Memoised on (pattern index, text index): plain backtracking is exponential on patterns like `*a*a*a*b`.
        var memo = [Int: Bool]()
        func match(_ p: Int, _ t: Int) -> Bool {
            let key = p &* (subject.count + 1) &+ t
            if let known = memo[key] { return known }
            let result: Bool
            if p == characters.count {
                result = t == subject.count
            } else {
                switch characters[p] {
                case "*":
                    let isDouble = p + 1 < characters.count && characters[p + 1] == "*"
                    if isDouble {
                        var next = p + 2
                        // `**/` also matches zero directories.
                        if next < characters.count && characters[next] == "/" && match(next + 1, t) {
                            result = true
                            break
                        }
                        next = p + 2
                        result = (t...subject.count).contains { match(next, $0) }
                    } else {
                        var end = t
                        var found = match(p + 1, t)
                        while !found && end < subject.count && subject[end] != "/" {
                            end += 1
                            found = match(p + 1, end)
                        }
                        result = found
                    }
                case "?":
                    result = t < subject.count && subject[t] != "/" && match(p + 1, t + 1)
                case "[":
                    if t < subject.count, let (matched, next) = matchSet(at: p, subject[t]) {
                        result = matched && match(next, t + 1)
                    } else if t < subject.count && subject[t] == "[" {
                        result = match(p + 1, t + 1)
                    } else {
                        result = false
                    }
                case "\\" where p + 1 < characters.count:
                    result = t < subject.count && subject[t] == characters[p + 1] && match(p + 2, t + 1)
                default:
                    result = t < subject.count && subject[t] == characters[p] && match(p + 1, t + 1)
                }
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// Returns whether `character` is in the set starting at `start`, and the index after the set;
    /// `nil` when the `[` opens no well-formed set and is to be taken literally.
    private func matchSet(at start: Int, _ character: Character) -> (Bool, Int)? {
        var index = start + 1
        var negated = false
        if index < characters.count && (characters[index] == "!" || characters[index] == "^") {
            negated = true
            index += 1
        }
        var matched = false
        var first = true
        while index < characters.count && (characters[index] != "]" || first) {
            first = false
            if index + 2 < characters.count && characters[index + 1] == "-" && characters[index + 2] != "]" {
                if characters[index] <= character && character <= characters[index + 2] { matched = true }
                index += 3
            } else {
                if characters[index] == character { matched = true }
                index += 1
            }
        }
        guard index < characters.count else { return nil }
        return (matched != negated, index + 1)
    }
}
