import Foundation
import MojifyCore

/// Enum, struct and class definitions read from a file's raw tokens, as `ClangFile.typeDefinitions` reads them
/// from libclang's AST of the file parsed alone (single-file mode: no includes; every branch of a condition on a
/// macro the file does not define), for the types of the `wanted` names.
///
/// Parsing costs libclang about two milliseconds of set-up per file whatever its size, and a tree's types headers
/// are hundreds; most hold plain definitions. The reader gives up (nil: parse the file) wherever its reading could
/// differ from the AST's: macros the file defines and uses, conditions the preprocessor could decide, templates,
/// typedefs or declarators around a type, enumerator values outside `int` or beyond plain arithmetic, fields it
/// cannot delimit, a wanted name defined where it does not look. `TypeReaderTests` holds it to libclang on edge
/// cases and, with `MOJIFY_TYPES_ORACLE_TREE`, on every header of a real tree.
struct TypeReader {
    private struct GiveUp: Error {}

    private let tokens: [Token]
    /// Indices in `tokens` of the code: no comments, no preprocessor directives.
    private let code: [Int]
    private let wanted: Set<String>
    private let exportMacros: Set<String>
    private var position = 0
    private var found: [FoundType] = []
    /// Declarations the AST does not look into, as ranges of `code`.
    private var unseen: [Range<Int>] = []

    static func definitions(in tokens: [Token], named wanted: Set<String>, exportMacros: [String]) -> [FoundType]? {
        guard let code = codeIndices(tokens, exportMacros: Set(exportMacros)) else { return nil }
        var reader = TypeReader(tokens: tokens, code: code, wanted: wanted, exportMacros: Set(exportMacros))
        do {
            _ = try reader.readScope([], top: true)
            guard reader.position == code.count else { return nil }
        } catch {
            return nil
        }
        // Every head that may define a wanted type must be one the walk read, or one inside a declaration the AST
        // does not look into: one the walk took for something else (an initializer) could be a definition to it.
        let codeTokens = code.map { tokens[$0] }
        let heads = code.indices.filter { index in
            // The `class` of `enum class` heads nothing of its own.
            namesWantedType(at: index, in: codeTokens, wanted: wanted) && (index == 0 || codeTokens[index - 1].text != "enum")
                && !reader.unseen.contains { $0.contains(index) }
        }.count
        // A type defined twice (in two branches of a condition) is a redefinition to the AST, which drops one.
        guard heads == reader.found.count, Set(reader.found.map(\.name)).count == reader.found.count else { return nil }
        return reader.found
    }

    private init(tokens: [Token], code: [Int], wanted: Set<String>, exportMacros: Set<String>) {
        self.tokens = tokens
        self.code = code
        self.wanted = wanted
        self.exportMacros = exportMacros
    }

    // MARK: - Preprocessor lines

    /// The code tokens the AST is built from, once the directives are known to change nothing: nil for a condition
    /// the preprocessor could decide (no unknown macro in it), a macro the file defines and uses, or a directive it
    /// does not know. libclang's single-file mode parses every branch of a condition on unknown macros.
    private static func codeIndices(_ tokens: [Token], exportMacros: Set<String>) -> [Int]? {
        var code: [Int] = []
        var defined = Set<String>()
        var everDefined = Set<String>()
        var openConditions = 0
        var lastLine = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .comment {
                index += 1
                continue
            }
            guard token.text == "#", index == 0 || token.line > lastLine else {
                code.append(index)
                lastLine = token.line + token.text.utf8.count { $0 == 0x0A }
                index += 1
                continue
            }
            // The directive runs to the end of its line; a block comment inside it carries it to the comment's end.
            var line = token.line
            var words: [Token] = []
            index += 1
            while index < tokens.count, tokens[index].line == line {
                if tokens[index].kind == .comment { line += tokens[index].text.utf8.count { $0 == 0x0A } } else { words.append(tokens[index]) }
                index += 1
            }
            lastLine = line
            guard let name = words.first?.text else { continue }
            let operands = words.dropFirst()
            switch name {
            case "if", "ifdef", "ifndef", "elif":
                // `#if OS(WIN)`: a function-like macro it does not know makes libclang drop the condition.
                guard !operands.contains(where: { $0.kind == .keyword }),
                      !zip(operands, operands.dropFirst()).contains(where: { $0.kind == .identifier && $0.text != "defined" && $1.text == "(" })
                else { return nil }
                let names = operands.filter { $0.kind == .identifier }.map(\.text).filter { $0 != "defined" }
                // A condition the preprocessor can decide is decided: which branches are parsed is then unknown here.
                guard names.contains(where: { !defined.contains($0) && !exportMacros.contains($0) && !$0.hasPrefix("_") }),
                      !names.contains(where: { defined.contains($0) || exportMacros.contains($0) || $0.hasPrefix("_") }) else { return nil }
                if name != "elif" { openConditions += 1 }
            case "else":
                guard openConditions > 0 else { return nil }
            case "endif":
                guard openConditions > 0 else { return nil }
                openConditions -= 1
            case "define":
                guard let macro = operands.first?.text else { return nil }
                defined.insert(macro)
                everDefined.insert(macro)
            case "undef":
                if let macro = operands.first?.text { defined.remove(macro) }
            case "include", "pragma", "error", "warning":
                break
            default:
                return nil
            }
        }
        guard openConditions == 0, !code.contains(where: { tokens[$0].kind == .identifier && everDefined.contains(tokens[$0].text) }) else { return nil }
        return code
    }

    // MARK: - Scopes

    private func text(_ at: Int) -> String {
        tokens[code[at]].text
    }

    /// Reads declarations up to the `}` that closes the scope (consumed) or, at the top, to the end. In a class
    /// (`inClass`), every member is checked, and the fields are returned when `collecting` (for a wanted struct).
    private mutating func readScope(_ scope: [String], collecting: Bool = false, inClass: Bool = false,
                                    top: Bool = false) throws -> [TypeDefinition.Field] {
        var fields: [TypeDefinition.Field] = []
        func readMember(_ member: Range<Int>) throws {
            if let field = try self.readMember(member, of: scope.last ?? "", fields: collecting ? fields : nil) { fields.append(field) }
        }
        var start = position
        // The end of the type body the declaration holds (`enum Kind { ... }` before its `;`).
        var bodyEnd: Int?
        while position < code.count {
            switch text(position) {
            case "}":
                guard !top else { throw GiveUp() }
                if inClass, start < position, bodyEnd == nil { try readMember(start..<position) }
                position += 1
                return fields
            case ";":
                if let bodyEnd {
                    // `struct A { ... } a;` declares a field, `} kA = {...};` a variable: not read here.
                    guard !inClass || bodyEnd == position else { throw GiveUp() }
                } else if inClass, start < position {
                    try readMember(start..<position)
                }
                position += 1
                start = position
                bodyEnd = nil
            case ":" where inClass && position == start + 1 && ["public", "protected", "private"].contains(text(start)):
                position += 1
                start = position
            case "{":
                // A method defined in a struct is held to the forms its declaration would be.
                if inClass, (start..<position).contains(where: { text($0) == "(" }) {
                    try readMember(start..<position)
                }
                switch try openBrace(start..<position, scope: scope, inClass: inClass) {
                case .declarationEnds:
                    start = position
                    bodyEnd = nil
                case .typeBody:
                    bodyEnd = position
                case .initializer:
                    break
                }
            default:
                position += 1
            }
        }
        guard top else { throw GiveUp() }
        return fields
    }

    private enum AfterBrace {
        /// A namespace, linkage block or function body: nothing follows it in the declaration.
        case declarationEnds
        /// An enum, struct, class or union body: a `;` follows.
        case typeBody
        /// Braces inside a declaration (`= {1, 2}`, `int a{3}`).
        case initializer
    }

    /// Reads the braces at `position` and what they hold, by what the declaration so far says they open.
    private mutating func openBrace(_ head: Range<Int>, scope: [String], inClass: Bool) throws -> AfterBrace {
        let words = head.map(text)
        position += 1
        if words.first == "namespace" || words.starts(with: ["inline", "namespace"]) {
            let names = words.drop { $0 != "namespace" }.dropFirst().filter { $0 != "::" && $0 != "inline" }
            // An unnamed namespace has no spelling to qualify its types with.
            guard !inClass, !names.isEmpty, names.allSatisfy(isIdentifierText) else { throw GiveUp() }
            _ = try readScope(scope + names)
            return .declarationEnds
        }
        if words.count == 2, words[0] == "extern", tokens[code[head.lowerBound + 1]].kind == .literal {
            // The AST walk does not look into `extern "C" { ... }`.
            guard !inClass else { throw GiveUp() }
            try skipBraces(unseenFrom: head.lowerBound)
            return .declarationEnds
        }
        if let key = words.first, ["class", "struct", "union", "enum"].contains(key) {
            try readTypeBody(key: key, head: head, scope: scope)
            return .typeBody
        }
        // A typedef names an unnamed type after its body.
        guard !words.isEmpty, !words.contains("typedef") else { throw GiveUp() }
        // A parameter list before any `=`: a function's body. A template is no struct to the AST.
        let parenthesis = words.firstIndex(of: "(")
        if let parenthesis, words.firstIndex(of: "=").map({ parenthesis < $0 }) ?? true {
            try checkMethodTail(words[parenthesis...])
            try skipBraces(unseenFrom: head.lowerBound)
            return .declarationEnds
        }
        if words.first == "template" {
            // An explicit specialization (`template <> struct Foo<int>`) and a nested struct of a template defined
            // outside it (`struct Foo<T>::Bar`) are structs to the AST.
            guard !words.starts(with: ["template", "<", ">"]), !words.contains("::") else { throw GiveUp() }
            try skipBraces(unseenFrom: head.lowerBound)
            return .typeBody
        }
        try skipBraces(unseenFrom: nil)
        return .initializer
    }

    /// `enum [class] Name [: type] {`, `struct [EXPORT] Name [final] [: bases] {`: reads a wanted type, visits the
    /// nested types of any struct or class, skips what the AST does not visit (unions, unnamed types).
    private mutating func readTypeBody(key: String, head: Range<Int>, scope: [String]) throws {
        var words = head.dropFirst().map(text)
        if key == "enum", let first = words.first, first == "class" || first == "struct" { words.removeFirst() }
        words.removeAll(where: exportMacros.contains)
        let colon = words.firstIndex(of: ":") ?? words.count
        var nameWords = Array(words[..<colon])
        if key != "enum", nameWords.last == "final" { nameWords.removeLast() }
        guard nameWords.count <= 1, nameWords.allSatisfy(isIdentifierText), !words[colon...].contains("("),
              !words[colon...].contains("[") else { throw GiveUp() }
        guard let name = nameWords.first, key != "union" else {
            try skipBraces(unseenFrom: head.lowerBound)
            return
        }
        let nameToken = tokens[code[head.dropFirst().first { text($0) == name }!]]
        if key == "enum" {
            guard wanted.contains(name) else {
                try skipBraces(unseenFrom: head.lowerBound)
                return
            }
            // Values any underlying type holds, unless it is `int` (or none is given, which is `int` here); `bool`
            // holds 1 as -1 to libclang.
            let base = Array(words[colon...].dropFirst())
            guard !base.contains("bool") else { throw GiveUp() }
            let enumerators = try readEnumerators(within: base.isEmpty || base == ["int"] ? Int64(Int32.min)...Int64(Int32.max) : 0...127)
            found.append(FoundType(name: (scope + [name]).joined(separator: "::"), kind: .enumeration, enumerators: enumerators, fields: [],
                                   offset: nameToken.start))
            return
        }
        let isWanted = wanted.contains(name)
        // The struct is listed before the types nested in it, as the AST walk lists them.
        let slot = found.count
        let fields = try readScope(scope + [name], collecting: isWanted, inClass: true)
        if isWanted {
            found.insert(FoundType(name: (scope + [name]).joined(separator: "::"), kind: .structure, enumerators: [], fields: fields,
                                   offset: nameToken.start), at: slot)
        }
    }

    /// Moves past the braces just opened. `unseenFrom`: where the declaration starts that the AST does not look
    /// into (a function body, a template, a union), nil for braces it may look into (an initializer).
    private mutating func skipBraces(unseenFrom start: Int?) throws {
        var depth = 1
        while position < code.count {
            let word = text(position)
            position += 1
            if word == "{" { depth += 1 } else if word == "}" {
                depth -= 1
                if depth == 0 {
                    if let start { unseen.append(start..<position) }
                    return
                }
            }
        }
        throw GiveUp()
    }

    private func isIdentifierText(_ word: String) -> Bool {
        word.utf8.first.map { $0 == UInt8(ascii: "_") || ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") } ?? false
    }

    // MARK: - Members

    /// One member declaration of a struct or class: a field is returned when `fields` (those read before it, for a
    /// wanted struct) is given; a method,
    /// constructor, type alias, friend or static member is skipped. libclang's recovery from what it cannot know
    /// (unknown macros, templates with several arguments, arrays, constructors taking unknown types) drops or
    /// invents fields, and can lose the types nested after them, so a member is read only in plain forms: `[static|virtual|...] type name [(params) qualifiers] [= init | {init} | : bits]`,
    /// where a type is keywords and at most one name with a one-argument template; anything else gives up.
    private func readMember(_ member: Range<Int>, of record: String, fields: [TypeDefinition.Field]?) throws -> TypeDefinition.Field? {
        let words = member.map(text)
        let kinds = member.map { tokens[code[$0]].kind }
        if ["using", "typedef", "friend", "static_assert"].contains(words[0]) { return nil }
        if ["class", "struct", "union", "enum"].contains(words[0]) {
            // `class Foo;` declares; `struct Foo* foo;` would be a field with an elaborated type.
            guard words.count == 2 else { throw GiveUp() }
            return nil
        }
        var start = 0
        while start < words.count, ["static", "virtual", "explicit", "inline", "constexpr"].contains(words[start]) { start += 1 }
        guard start < words.count else { throw GiveUp() }
        if words[start] == "~" || (words[start] == record && words.indices.contains(start + 1) && words[start + 1] == "(") {
            try checkConstructor(words[start...], record: record)
            return nil
        }
        guard let nameOffset = plainTypeEnd(words, kinds, from: start), nameOffset < words.count else { throw GiveUp() }
        if words[nameOffset] == "operator" { return nil }
        guard kinds[nameOffset] == .identifier else { throw GiveUp() }
        let rest = words[(nameOffset + 1)...]
        if rest.first == "(" {
            try checkMethodTail(rest)
            return nil
        }
        // `static const int kMax = 3;` is no field; nor is anything else after `virtual` or `inline`.
        guard start == 0 else {
            if words[0] == "static" || words[0] == "constexpr" { return nil }
            throw GiveUp()
        }
        // An array's type is libclang's spelling of it (`int[16]` for an unknown `uint8_t[16]`), not the words.
        guard [nil, "=", "{", ":"].contains(rest.first) else { throw GiveUp() }
        guard let fields else { return nil }
        let name = words[nameOffset]
        // As `ClangFile.writtenType`: what comes before the name's last mention, up to any `{`.
        let inside = member.map { tokens[code[$0]] }
        guard let last = inside.lastIndex(where: { $0.text == name && $0.kind == .identifier }), last > 0 else { throw GiveUp() }
        let type = TokenText.join(inside[..<last].prefix { $0.text != "{" })
        // A field declared twice (in two branches of a condition) is a redefinition the AST drops; after `GURL url;`,
        // `url::Origin` no longer names a type to it.
        guard !fields.contains(where: { $0.name == name || words[..<nameOffset].contains($0.name) }) else { throw GiveUp() }
        return TypeDefinition.Field(name: name, type: type, comment: TokenText.commentAbove(code[member.lowerBound], in: tokens))
    }

    private static let typeKeywords: Set<String> = [
        "unsigned", "signed", "int", "long", "short", "char", "bool", "float", "double", "void", "wchar_t", "char16_t", "char32_t",
    ]

    /// Where the plain type starting at `start` ends: cv-qualifiers and type keywords, or one name (`a::b::C`) with
    /// at most a one-argument template of plain names (`std::unique_ptr<Foo>`), then `*` and `&`. Nil if there is none.
    private func plainTypeEnd(_ words: [String], _ kinds: [Token.Kind], from start: Int) -> Int? {
        var index = start
        var named = false
        while index < words.count {
            let word = words[index]
            if word == "const" || word == "volatile" || word == "*" || word == "&" || word == "&&" {
                index += 1
            } else if TypeReader.typeKeywords.contains(word) {
                named = true
                index += 1
            } else if kinds[index] == .identifier, !named {
                named = true
                index += 1
                while index + 1 < words.count, words[index] == "::", kinds[index + 1] == .identifier { index += 2 }
                if index < words.count, words[index] == "<" {
                    // Template arguments: names, keywords, `*`, `&`, nested templates; no `,` and no `::` (libclang
                    // drops fields with either when the template is unknown to it).
                    var depth = 0
                    repeat {
                        switch words[index] {
                        case "<": depth += 1
                        case ">": depth -= 1
                        case ">>": depth -= 2
                        case "*", "&", "const": break
                        default: guard kinds[index] == .identifier || TypeReader.typeKeywords.contains(words[index]) else { return nil }
                        }
                        index += 1
                    } while depth > 0 && index < words.count
                    guard depth == 0 else { return nil }
                }
            } else {
                break
            }
        }
        return named ? index : nil
    }

    /// Constructors and destructors of a wanted struct: only the ones without parameters or copying the struct,
    /// without initializers: libclang can take one with parameters of types it does not know for a field.
    private func checkConstructor(_ words: ArraySlice<String>, record: String) throws {
        guard let open = words.firstIndex(of: "("), let close = words[open...].firstIndex(of: ")") else { throw GiveUp() }
        let parameters = Array(words[(open + 1)..<close])
        let copying = parameters.starts(with: ["const", record, "&"]) || parameters.starts(with: [record, "&&"])
        guard parameters.isEmpty || (copying && parameters.count <= 4), !words[close...].contains(":") else { throw GiveUp() }
        try checkMethodTail(words[open...])
    }

    /// What may follow a method's parameter list: qualifiers, `= 0`, `= default`, a constructor's initializers.
    /// An unknown macro there (`OVERRIDE`) makes libclang recover by dropping what comes next.
    private func checkMethodTail(_ words: ArraySlice<String>) throws {
        var depth = 0
        var index = words.startIndex
        repeat {
            if words[index] == "(" { depth += 1 } else if words[index] == ")" { depth -= 1 }
            index += 1
        } while depth > 0 && index < words.endIndex
        let allowed: Set<String> = ["const", "volatile", "override", "final", "noexcept", "&", "&&", "=", "0", "default", "delete"]
        for word in words[index...] {
            if word == ":" { return }
            guard allowed.contains(word) else { throw GiveUp() }
        }
    }

    // MARK: - Enumerators

    /// The enumerators up to the closing `}` (consumed), with the values the AST computes: each is the value of its
    /// expression or one more than the one before, every step in `int` and the value in `range` (otherwise the
    /// AST's type for it would not be `int`, as for `1 << 31` or `0x80000000`, or the underlying type could not
    /// hold it).
    private mutating func readEnumerators(within range: ClosedRange<Int64>) throws -> [TypeDefinition.Enumerator] {
        var enumerators: [TypeDefinition.Enumerator] = []
        var known: [String: Int64] = [:]
        var next: Int64 = 0
        while true {
            guard position < code.count else { throw GiveUp() }
            if text(position) == "}" {
                position += 1
                return enumerators
            }
            let nameToken = tokens[code[position]]
            guard nameToken.kind == .identifier else { throw GiveUp() }
            position += 1
            var value = next
            if position < code.count, text(position) == "=" {
                position += 1
                let start = position
                var depth = 0
                while position < code.count, depth > 0 || (text(position) != "," && text(position) != "}") {
                    if text(position) == "(" { depth += 1 } else if text(position) == ")" { depth -= 1 }
                    position += 1
                }
                var evaluator = EnumeratorExpression(words: (start..<position).map { tokens[code[$0]] }, known: known)
                value = try evaluator.value()
            }
            guard range.contains(value) else { throw GiveUp() }
            // An enumerator defined twice (in two branches of a condition) is a redefinition the AST drops.
            guard known[nameToken.text] == nil else { throw GiveUp() }
            enumerators.append(TypeDefinition.Enumerator(name: nameToken.text, value: value))
            known[nameToken.text] = value
            next = value + 1
            guard position < code.count else { throw GiveUp() }
            if text(position) == "," { position += 1 } else if text(position) != "}" { throw GiveUp() }
        }
    }

    /// Whether the keyword at `index` of `code` (tokens without comments) heads a declaration that names one of
    /// `names` within its next few words and is no forward declaration (`struct Region;`): `enum class Kind : int {`,
    /// `struct CONTENT_EXPORT Region {`, `class Outer::Inner {`, but also `struct Region* Create();`.
    static func namesWantedType(at index: Int, in code: [Token], wanted names: Set<String>) -> Bool {
        let keyword = code[index]
        guard keyword.kind == .keyword, ["enum", "struct", "class", "union"].contains(keyword.text) else { return false }
        var next = index + 1
        while next < code.count, next - index <= 6 {
            let token = code[next]
            guard token.kind == .identifier || token.kind == .keyword || token.text == "::" else { return false }
            if token.kind == .identifier, names.contains(token.text), next + 1 < code.count, code[next + 1].text != ";" { return true }
            next += 1
        }
        return false
    }
}

/// An enumerator's value expression: integer literals, earlier enumerators, parentheses, unary `-` `+` `~`, and
/// `*` `/` `%` `+` `-` `<<` `>>` `&` `^` `|` with C++ precedence, every step in `int`; anything else gives up.
private struct EnumeratorExpression {
    struct GiveUp: Error {}

    let words: [Token]
    let known: [String: Int64]
    var position = 0

    mutating func value() throws -> Int64 {
        let result = try binary(level: 0)
        guard position == words.count else { throw GiveUp() }
        return result
    }

    private static let levels: [[String]] = [["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    private mutating func binary(level: Int) throws -> Int64 {
        guard level < EnumeratorExpression.levels.count else { return try unary() }
        var left = try binary(level: level + 1)
        while position < words.count, EnumeratorExpression.levels[level].contains(words[position].text) {
            let operation = words[position].text
            position += 1
            let right = try binary(level: level + 1)
            switch operation {
            case "|": left |= right
            case "^": left ^= right
            case "&": left &= right
            case "<<":
                guard left >= 0, (0..<31).contains(right) else { throw GiveUp() }
                left <<= right
            case ">>":
                guard left >= 0, (0..<31).contains(right) else { throw GiveUp() }
                left >>= right
            case "+": left += right
            case "-": left -= right
            case "*": left *= right
            case "/", "%":
                guard right != 0 else { throw GiveUp() }
                left = operation == "/" ? left / right : left % right
            default: throw GiveUp()
            }
            try checkInt(left)
        }
        return left
    }

    private mutating func unary() throws -> Int64 {
        guard position < words.count else { throw GiveUp() }
        let word = words[position]
        position += 1
        switch word.text {
        case "-": return try checkInt(-(try unary()))
        case "+": return try unary()
        case "~": return try checkInt(~(try unary()))
        case "(":
            let inner = try binary(level: 0)
            guard position < words.count, words[position].text == ")" else { throw GiveUp() }
            position += 1
            return inner
        default:
            if word.kind == .identifier, let value = known[word.text] { return value }
            guard word.kind == .literal else { throw GiveUp() }
            return try checkInt(try literal(word.text))
        }
    }

    @discardableResult
    private func checkInt(_ value: Int64) throws -> Int64 {
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { throw GiveUp() }
        return value
    }

    /// A decimal, octal, hex or binary literal, digit separators allowed, with no suffix or `l`/`L` ones (an
    /// unsigned suffix changes the arithmetic).
    private func literal(_ text: String) throws -> Int64 {
        var digits = Substring(text.replacingOccurrences(of: "'", with: ""))
        while let last = digits.last, last == "l" || last == "L" { digits.removeLast() }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0b") || digits.hasPrefix("0B") {
            radix = 2
            digits = digits.dropFirst(2)
        } else if digits.count > 1, digits.hasPrefix("0") {
            radix = 8
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, let value = Int64(digits, radix: radix) else { throw GiveUp() }
        return value
    }
}
