import Foundation
import Yams

/// The parameter types Chromium's IPC checker rejected, read from `Rules/banned-types.yaml`.
public struct BannedTypes: Sendable {
    public struct Entry: Codable, Hashable, Sendable {
        /// As written in the rules file; matched in its canonical spelling (`long int` is `long`, `std::size_t` is `size_t`).
        public var type: String
        /// Why it is banned and what to use instead.
        public var why: String
    }

    public var entries: [Entry]
    private var byCanonicalName: [String: Entry]

    public init(entries: [Entry]) {
        self.entries = entries
        byCanonicalName = Dictionary(entries.map { (CppTypeNames.names(in: $0.type).first ?? $0.type, $0) },
                                     uniquingKeysWith: { first, _ in first })
    }

    public static func load(path: String) throws -> BannedTypes {
        struct File: Decodable { var types: [Entry] }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw LintError.unreadableRules(path: path, reason: (error as NSError).localizedDescription)
        }
        do {
            return BannedTypes(entries: try YAMLDecoder().decode(File.self, from: text).types)
        } catch {
            throw LintError.malformedRules(path: path, reason: LintError.reason(decoding: error), expected: "a 'types' list of entries with 'type' and 'why'")
        }
    }

    /// The banned types that `type` names anywhere inside it: `std::vector<size_t>` names `size_t`.
    public func banned(in type: String) -> [Entry] {
        var seen = Set<String>()
        return CppTypeNames.names(in: type).compactMap { name in
            guard let entry = byCanonicalName[name], seen.insert(name).inserted else { return nil }
            return entry
        }
    }
}

/// Splits a C++ type as written into the simple type names it is built from, in a canonical spelling.
enum CppTypeNames {
    private static let qualifiers: Set<String> = ["const", "volatile", "struct", "class", "enum", "typename"]
    private static let builtinWords: Set<String> = ["signed", "unsigned", "short", "long", "int", "char", "double", "float", "bool", "void", "wchar_t"]

    /// Each name between template brackets, commas, pointers and references, canonical:
    /// `const std::map<unsigned long int, std::size_t>&` gives `map`, `unsigned long`, `size_t`.
    static func names(in type: String) -> [String] {
        var names: [String] = []
        var run: [String] = []
        func flush() {
            let name = canonical(words: run)
            if !name.isEmpty { names.append(name) }
            run = []
        }
        for word in tokens(of: type) {
            if word == "::" || word.first.map({ $0.isLetter || $0 == "_" || $0.isNumber }) == true {
                run.append(word)
            } else {
                flush()
            }
        }
        flush()
        return names
    }

    /// Identifiers, `::`, and single punctuation characters; whitespace separates.
    private static func tokens(of text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var characters = Array(text)[...]
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        while let character = characters.popFirst() {
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else if character == ":" && characters.first == ":" {
                characters.removeFirst()
                flush()
                tokens.append("::")
            } else {
                flush()
                if !character.isWhitespace { tokens.append(String(character)) }
            }
        }
        flush()
        return tokens
    }

    /// One simple type as words: qualifiers dropped, built-in words in one order (`long unsigned int` is
    /// `unsigned long`), and a leading `::` or `std::` removed (`std::size_t` is `size_t`).
    static func canonical(words: [String]) -> String {
        var words = words.filter { !qualifiers.contains($0) }
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
        if words.first == "::" { words.removeFirst() }
        if words.count > 2 && words[0] == "std" && words[1] == "::" { words.removeFirst(2) }
        return words.joined()
    }
}
