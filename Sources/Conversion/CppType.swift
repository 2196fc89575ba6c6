/// A C++ type as written, split into its name and template arguments, with qualifiers that do not change
/// what crosses the process boundary (`const`, `&`, a leading `::`) removed.
public indirect enum CppType: Equatable, Sendable, CustomStringConvertible {
    case named(String, arguments: [CppType])
    /// Something this model does not understand (pointers, function types, unbalanced brackets).
    case opaque(String)

    /// The template nesting mojify converts. Real IPC types nest a few levels; past this the type is opaque (and
    /// the plan skips its message), which also bounds the work per type: each level is spelled out once to look
    /// it up in the rules, so the cost of a type grows with its length times its depth.
    public static let nestingLimit = 256

    /// How many template levels `text` opens at its deepest, in one pass over it.
    public static func nestingDepth(of text: String) -> Int {
        var depth = 0
        var deepest = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "<") {
                depth += 1
                deepest = max(deepest, depth)
            } else if byte == UInt8(ascii: ">") {
                depth = max(0, depth - 1)
            }
        }
        return deepest
    }

    public init(parsing text: String) {
        if Self.nestingDepth(of: text) <= Self.nestingLimit {
            var parser = Parser(text: text)
            if let type = parser.parseType(), parser.atEnd {
                self = type
                return
            }
        }
        self = .opaque(CppType.normalise(text))
    }

    public var description: String {
        switch self {
        case let .named(name, arguments) where arguments.isEmpty: name
        case let .named(name, arguments): "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        case let .opaque(text): text
        }
    }

    /// Collapses whitespace so that `std::map<int,  std::string >` and `std::map<int, std::string>` compare equal.
    static func normalise(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private struct Parser {
        let tokens: [String]
        var position = 0

        init(text: String) {
            var tokens: [String] = []
            var word = ""
            func flush() {
                if !word.isEmpty { tokens.append(word); word = "" }
            }
            for character in text {
                if character.isLetter || character.isNumber || character == "_" || character == ":" {
                    word.append(character)
                } else {
                    flush()
                    if !character.isWhitespace { tokens.append(String(character)) }
                }
            }
            flush()
            self.tokens = tokens
        }

        var atEnd: Bool { position == tokens.count }

        mutating func parseType() -> CppType? {
            var words: [String] = []
            while position < tokens.count, let first = tokens[position].first, first.isLetter || first == "_" || first == ":" {
                let word = tokens[position]
                position += 1
                if word == "const" || word == "volatile" || word == "struct" || word == "class" || word == "enum" || word == "typename" { continue }
                words.append(word.hasPrefix("::") ? String(word.dropFirst(2)) : word)
            }
            guard !words.isEmpty else { return nil }
            var arguments: [CppType] = []
            if position < tokens.count, tokens[position] == "<" {
                position += 1
                while true {
                    guard let argument = parseType() else { return nil }
                    arguments.append(argument)
                    guard position < tokens.count else { return nil }
                    if tokens[position] == "," { position += 1; continue }
                    if tokens[position] == ">" { position += 1; break }
                    return nil
                }
                // `std::vector<int>::const_iterator` and the like are not data types.
                if position < tokens.count, tokens[position].hasPrefix(":") { return nil }
            }
            let type = CppType.named(words.joined(separator: " "), arguments: arguments)
            var pointers = ""
            while position < tokens.count, ["&", "*", "const"].contains(tokens[position]) {
                if tokens[position] == "*" { pointers += "*" }
                position += 1
            }
            // A pointer does not cross processes; it stays opaque, but only where it is (`std::vector<Foo*>`).
            return pointers.isEmpty ? type : .opaque(type.description + pointers)
        }
    }
}
