/// Shell-style patterns as the ledger's selections use them (`claim`, `release`, `set-status`, `show --class`):
/// `*` matches within one path component, `**` as a whole component (`a/**/b`) across components, `?` one
/// character, `[a-z]` and `[!a-z]` (or `[^a-z]`) a set, `\` escapes. A `[` that opens no closed set is literal, and
/// inside a set every character but a range's `-` is a member, `\` and `[` included. Matching is `WildMatch`'s, on
/// UTF-8 bytes, with the pattern put into its dialect once: on ASCII (message names and classes are C identifiers)
/// the answers are those of a character matcher.
public struct Glob: Hashable, Sendable {
    public let pattern: String
    /// The pattern in wildmatch's dialect, with its terminating 0; nil for one that matches nothing.
    private let wildmatch: [UInt8]?

    public init(_ pattern: String) {
        self.pattern = pattern
        self.wildmatch = Self.translated(Array(pattern)).map { $0 + [0] }
    }

    public var hasWildcards: Bool {
        pattern.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    public func matches(_ text: String) -> Bool {
        guard let wildmatch else { return false }
        var text = text
        return text.withUTF8 { subject in
            wildmatch.withUnsafeBufferPointer { WildMatch.matches($0, from: 0, subject, pathMode: true) }
        }
    }

    /// The pattern with what wildmatch reads otherwise escaped: a lone `[`, a trailing `\`, and every member of a set
    /// (wildmatch would take `\`, `[:` and `^` there as syntax). A range written backwards (`z-a`) holds nothing
    /// here, where wildmatch would take its first end: it is left out, and a set left empty matches nothing (nil),
    /// or, negated, any one character.
    private static func translated(_ characters: [Character]) -> [UInt8]? {
        func escaped(_ character: Character) -> [UInt8] { [UInt8(ascii: "\\")] + Array(String(character).utf8) }
        var out: [UInt8] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "[", let set = set(characters, at: index) {
                let members = set.members.filter { $0.count == 1 || $0[0] <= $0[1] }
                if members.isEmpty {
                    guard set.negated else { return nil }
                    out.append(UInt8(ascii: "?"))
                } else {
                    out += Array((set.negated ? "[!" : "[").utf8) + members.flatMap { member in
                        member.count == 1 ? escaped(member[0]) : escaped(member[0]) + [UInt8(ascii: "-")] + escaped(member[1])
                    } + Array("]".utf8)
                }
                index = set.next
            } else if character == "[" || (character == "\\" && index + 1 == characters.count) {
                out += escaped(character)
                index += 1
            } else if character == "\\" {
                out += escaped(characters[index + 1])
                index += 2
            } else {
                out += Array(String(character).utf8)
                index += 1
            }
        }
        return out
    }

    /// The set starting at the `[` at `start`: whether it is negated, its members (one character, or a range's two
    /// ends), and the index after its `]`; nil when no `]` closes it.
    private static func set(_ characters: [Character], at start: Int) -> (negated: Bool, members: [[Character]], next: Int)? {
        var index = start + 1
        var members: [[Character]] = []
        if index < characters.count && (characters[index] == "!" || characters[index] == "^") {
            index += 1
        }
        let negated = index > start + 1
        var first = true
        while index < characters.count && (characters[index] != "]" || first) {
            first = false
            if index + 2 < characters.count && characters[index + 1] == "-" && characters[index + 2] != "]" {
                members.append([characters[index], characters[index + 2]])
                index += 3
            } else {
                members.append([characters[index]])
                index += 1
            }
        }
        guard index < characters.count else { return nil }
        return (negated, members, index + 1)
    }
}
