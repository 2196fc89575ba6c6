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

    /// Words that do not change what crosses the process boundary.
    private static let qualifiers: Set<String> = ["const", "volatile", "struct", "class", "enum", "typename"]

    /// Names (letters, digits, `_` and `:`, so `std::string` is one) and single punctuation characters; whitespace
    /// separates.
    private static func tokens(of text: String) -> [String] {
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
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        var position = 0

        init(text: String) {
            tokens = CppType.tokens(of: text)
        }

        var atEnd: Bool { position == tokens.count }

        mutating func parseType() -> CppType? {
            var words: [String] = []
            while position < tokens.count, let first = tokens[position].first, first.isLetter || first == "_" || first == ":" {
                let word = tokens[position]
                position += 1
                if CppType.qualifiers.contains(word) { continue }
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

extension CppType {
    private static let builtinWords: Set<String> = ["signed", "unsigned", "short", "long", "int", "char", "double", "float", "bool", "void", "wchar_t"]

    /// Each simple type name in `text`, between template brackets, commas, pointers and references, in a canonical
    /// spelling: `const std::map<unsigned long int, std::size_t>&` gives `map`, `unsigned long`, `size_t`. Unlike
    /// parsing, this reads any text (pointers, several types, unbalanced brackets), so that nothing a type names is
    /// missed.
    public static func simpleNames(in text: String) -> [String] {
        var names: [String] = []
        var run: [String] = []
        func flush() {
            let name = canonical(words: run)
            if !name.isEmpty { names.append(name) }
            run = []
        }
        for token in tokens(of: text) {
            if token.first.map({ $0.isLetter || $0 == "_" || $0.isNumber || $0 == ":" }) == true {
                run.append(token)
            } else {
                flush()
            }
        }
        flush()
        return names
    }

    /// One simple type as words: qualifiers dropped, built-in words in one order (`long unsigned int` is
    /// `unsigned long`), and a leading `::` or `std::` removed (`std::size_t` is `size_t`).
    private static func canonical(words: [String]) -> String {
        let words = words.filter { !qualifiers.contains($0) }
        if !words.isEmpty && words.allSatisfy({ builtinWords.contains($0) }) {
            let longs = words.filter { $0 == "long" }.count
            let isUnsigned = words.contains("unsigned")
            let base = words.first { !["signed", "unsigned", "short", "long", "int"].contains($0) }
            var parts: [String] = isUnsigned ? ["unsigned"] : (base == "char" && words.contains("signed") ? ["signed"] : [])
            if words.contains("short") {
                parts.append("short")
            } else if longs > 0 {
                parts += Array(repeating: "long", count: longs)
            }
            if let base {
                parts.append(base)
            } else if !words.contains("short") && longs == 0 {
                parts.append("int")
            }
            return parts.joined(separator: " ")
        }
        // `std :: size_t` is `std::size_t`.
        var name = words.joined()
        if name.hasPrefix("::") { name.removeFirst(2) }
        if name.hasPrefix("std::") && name.count > "std::".count { name.removeFirst("std::".count) }
        return name
    }
}
