import Foundation

/// A checker for the mojom grammar accepted by Chromium's parser (mojo/public/tools/mojom/mojom/parse:
/// lexer.py's tokens and parser.py's productions), written for these tests: it accepts exactly the
/// files that grammar derives and reports the first line where a file stops matching it.
struct MojomSyntaxChecker {
    struct Failure: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    enum Kind: Equatable {
        case keyword(String), name, ordinal, intDecimal, intHex, float, string, punctuation(String)
    }

    struct Token {
        var kind: Kind
        var text: String
        var line: Int
    }

    static let keywords: Set<String> = [
        "handle", "import", "module", "struct", "union", "interface", "enum", "const", "true", "false", "default",
        "array", "map", "hash_map", "pending_remote", "pending_receiver", "pending_associated_remote",
        "pending_associated_receiver", "feature",
    ]

    static func check(_ source: String) throws {
        var checker = MojomSyntaxChecker(tokens: try lex(source))
        try checker.root()
    }

    // MARK: Lexer

    static func lex(_ source: String) throws -> [Token] {
        let characters = Array(source.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        var line = 1
        func peek(_ offset: Int = 0) -> Unicode.Scalar? { index + offset < characters.count ? characters[index + offset] : nil }
        func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0" ... "9").contains($0) } ?? false }
        func isIdentifierStart(_ c: Unicode.Scalar?) -> Bool { c.map { ("a" ... "z").contains($0) || ("A" ... "Z").contains($0) || $0 == "_" } ?? false }
        while let c = peek() {
            if c == "\n" { line += 1; index += 1; continue }
            if c == " " || c == "\t" || c == "\r" { index += 1; continue }
            if c == "/", peek(1) == "/" {
                while let next = peek(), next != "\n" { index += 1 }
                continue
            }
            if c == "/", peek(1) == "*" {
                index += 2
                while peek() != nil, !(peek() == "*" && peek(1) == "/") {
                    if peek() == "\n" { line += 1 }
                    index += 1
                }
                guard peek() != nil else { throw Failure(line: line, message: "unterminated comment") }
                index += 2
                continue
            }
            let start = index
            if c == "=", peek(1) == ">" {
                tokens.append(Token(kind: .punctuation("=>"), text: "=>", line: line)); index += 2; continue
            }
            if "-+?=()[]{}<>;,|&.".unicodeScalars.contains(c), !(c == "." && isDigit(peek(1))) {
                tokens.append(Token(kind: .punctuation(String(c)), text: String(c), line: line)); index += 1; continue
            }
            if c == "\"" {
                index += 1
                while let next = peek(), next != "\"" {
                    guard next != "\n" else { throw Failure(line: line, message: "unterminated string") }
                    if next == "\\" {
                        guard let escaped = peek(1), "abfnrtv\\'\"?.~!=&^-_xX0123456789".unicodeScalars.contains(escaped) || ("a" ... "z").contains(escaped) || ("A" ... "Z").contains(escaped) else {
                            throw Failure(line: line, message: "string contains an invalid escape")
                        }
                        index += 1
                    }
                    index += 1
                }
                guard peek() == "\"" else { throw Failure(line: line, message: "unterminated string") }
                index += 1
                tokens.append(Token(kind: .string, text: String(String.UnicodeScalarView(characters[start ..< index])), line: line))
                continue
            }
            if c == "@" {
                index += 1
                guard isDigit(peek()) else { throw Failure(line: line, message: "missing ordinal value") }
                while isDigit(peek()) { index += 1 }
                let digits = String(String.UnicodeScalarView(characters[start + 1 ..< index]))
                if digits.count > 1, digits.hasPrefix("0") { throw Failure(line: line, message: "octal ordinals are not allowed") }
                if isIdentifierStart(peek()) { throw Failure(line: line, message: "octal and hexadecimal ordinals are not allowed") }
                tokens.append(Token(kind: .ordinal, text: "@" + digits, line: line))
                continue
            }
            if isDigit(c) || c == "." {
                if c == "0", peek(1) == "x" || peek(1) == "X" {
                    index += 2
                    while let next = peek(), isDigit(next) || ("a" ... "f").contains(next) || ("A" ... "F").contains(next) { index += 1 }
                    tokens.append(Token(kind: .intHex, text: String(String.UnicodeScalarView(characters[start ..< index])), line: line))
                    continue
                }
                while isDigit(peek()) { index += 1 }
                var isFloat = false
                if peek() == "." { isFloat = true; index += 1; while isDigit(peek()) { index += 1 } }
                if peek() == "e" || peek() == "E" {
                    let save = index
                    index += 1
                    if peek() == "+" || peek() == "-" { index += 1 }
                    if isDigit(peek()) { isFloat = true; while isDigit(peek()) { index += 1 } } else { index = save }
                }
                let text = String(String.UnicodeScalarView(characters[start ..< index]))
                if !isFloat, text.count > 1, text.hasPrefix("0") { throw Failure(line: line, message: "octal values are not allowed") }
                tokens.append(Token(kind: isFloat ? .float : .intDecimal, text: text, line: line))
                continue
            }
            if isIdentifierStart(c) {
                while let next = peek(), isIdentifierStart(next) || isDigit(next) { index += 1 }
                let text = String(String.UnicodeScalarView(characters[start ..< index]))
                tokens.append(Token(kind: keywords.contains(text) ? .keyword(text) : .name, text: text, line: line))
                continue
            }
            throw Failure(line: line, message: "illegal character '\(c)'")
        }
        return tokens
    }

    // MARK: Parser

    let tokens: [Token]
    var position = 0

    var current: Token? { position < tokens.count ? tokens[position] : nil }

    func fail(_ message: String) -> Failure {
        Failure(line: current?.line ?? tokens.last?.line ?? 1, message: message + (current.map { " (at '\($0.text)')" } ?? " (at the end of the file)"))
    }

    func at(_ punctuation: String) -> Bool { current?.kind == .punctuation(punctuation) }
    func atKeyword(_ keyword: String) -> Bool { current?.kind == .keyword(keyword) }

    mutating func accept(_ punctuation: String) -> Bool {
        guard at(punctuation) else { return false }
        position += 1
        return true
    }

    mutating func expect(_ punctuation: String) throws {
        guard accept(punctuation) else { throw fail("expected '\(punctuation)'") }
    }

    mutating func expectKeyword(_ keyword: String) throws {
        guard atKeyword(keyword) else { throw fail("expected '\(keyword)'") }
        position += 1
    }

    /// name : NAME | FEATURE
    mutating func name() throws -> String {
        guard let token = current, token.kind == .name || token.kind == .keyword("feature") else { throw fail("expected a name") }
        position += 1
        return token.text
    }

    /// identifier : name | name DOT identifier
    mutating func identifier() throws -> String {
        var text = try name()
        while accept(".") { text += "." + (try name()) }
        return text
    }

    mutating func root() throws {
        var sawModule = false
        var sawImport = false
        var sawDefinition = false
        while current != nil {
            try attributeSection()
            guard let token = current, case let .keyword(keyword) = token.kind else { throw fail("expected a definition") }
            switch keyword {
            case "module":
                if sawModule { throw fail("multiple \"module\" statements") }
                if sawImport || sawDefinition { throw fail("\"module\" must precede imports and definitions") }
                position += 1
                _ = try identifier()
                try expect(";")
                sawModule = true
            case "import":
                if sawDefinition { throw fail("\"import\" must precede definitions") }
                position += 1
                guard current?.kind == .string else { throw fail("expected a string after import") }
                position += 1
                try expect(";")
                sawImport = true
            default:
                try definition()
                sawDefinition = true
            }
        }
    }

    mutating func definition() throws {
        switch current?.kind {
        case .keyword("struct"): try structDefinition()
        case .keyword("union"): try unionDefinition()
        case .keyword("interface"): try interfaceDefinition()
        case .keyword("enum"): try enumDefinition()
        case .keyword("const"): try constDefinition()
        case .keyword("feature"): try featureDefinition()
        default: throw fail("expected struct, union, interface, enum, const or feature")
        }
    }

    /// attribute_section : | LBRACKET attribute_list RBRACKET
    mutating func attributeSection() throws {
        guard accept("[") else { return }
        if accept("]") { return }
        var conditional = false
        repeat {
            let key = try name()
            if key == "EnableIf" || key == "EnableIfNot" {
                // conditional_features.py: "EnableIf/EnableIfNot attribute may only be set once per field."
                guard !conditional else { throw fail("EnableIf/EnableIfNot may only be set once per definition") }
                conditional = true
            }
            if accept("=") {
                if try literal() { continue }
                _ = try identifier()
                // Only recent parsers read `a|b` and `a&b` lists; the Chromium versions mojify targets read one name.
                if at("|") || at("&") { throw fail("an attribute value is one name; \(current!.text) lists are not read by the parsers of the Chromium versions mojify targets") }
            }
        } while accept(",")
        try expect("]")
    }

    /// literal : int | float | TRUE | FALSE | DEFAULT | STRING_LITERAL; returns false when none is here.
    mutating func literal() throws -> Bool {
        guard let token = current else { return false }
        switch token.kind {
        case .keyword("true"), .keyword("false"), .keyword("default"), .string, .intDecimal, .intHex, .float:
            position += 1
            return true
        case .punctuation("+"), .punctuation("-"):
            position += 1
            guard let number = current, [.intDecimal, .intHex, .float].contains(number.kind) else { throw fail("expected a number after the sign") }
            position += 1
            return true
        default:
            return false
        }
    }

    /// constant : literal | identifier
    mutating func constant() throws {
        if try literal() { return }
        _ = try identifier()
    }

    mutating func ordinal() {
        if current?.kind == .ordinal { position += 1 }
    }

    /// typename : nonnullable_typename QSTN | nonnullable_typename
    mutating func typename() throws {
        guard let token = current else { throw fail("expected a type") }
        switch token.kind {
        case .keyword("array"):
            position += 1
            try expect("<")
            try typename()
            if accept(",") {
                guard let size = current, size.kind == .intDecimal, let value = UInt64(size.text), value > 0, value <= 0xFFFF_FFFF else {
                    throw fail("expected a fixed array size between 1 and 4294967295")
                }
                position += 1
            }
            try expect(">")
        case .keyword("map"):
            position += 1
            try expect("<")
            _ = try identifier()
            try expect(",")
            try typename()
            try expect(">")
        case .keyword("pending_remote"), .keyword("pending_receiver"), .keyword("pending_associated_remote"), .keyword("pending_associated_receiver"):
            position += 1
            try expect("<")
            _ = try identifier()
            try expect(">")
        case .keyword("handle"):
            position += 1
            if accept("<") {
                let kind = try name()
                guard ["data_pipe_consumer", "data_pipe_producer", "message_pipe", "shared_buffer", "platform"].contains(kind) else {
                    throw fail("invalid handle type \(kind)")
                }
                try expect(">")
            }
        default:
            _ = try identifier()
        }
        _ = accept("?")
    }

    mutating func structDefinition() throws {
        try expectKeyword("struct")
        _ = try name()
        if accept(";") { return }
        try expect("{")
        while !at("}") {
            try attributeSection()
            if atKeyword("const") {
                try constDefinition()
            } else if atKeyword("enum") {
                try enumDefinition()
            } else {
                try typename()
                _ = try name()
                ordinal()
                if accept("=") { try constant() }
                try expect(";")
            }
        }
        try expect("}")
        try expect(";")
    }

    mutating func unionDefinition() throws {
        try expectKeyword("union")
        _ = try name()
        try expect("{")
        while !at("}") {
            try attributeSection()
            try typename()
            _ = try name()
            ordinal()
            try expect(";")
        }
        try expect("}")
        try expect(";")
    }

    mutating func interfaceDefinition() throws {
        try expectKeyword("interface")
        _ = try name()
        try expect("{")
        while !at("}") {
            try attributeSection()
            if atKeyword("const") {
                try constDefinition()
            } else if atKeyword("enum") {
                try enumDefinition()
            } else {
                try method()
            }
        }
        try expect("}")
        try expect(";")
    }

    /// method : attribute_section name ordinal LPAREN parameter_list RPAREN response SEMI
    mutating func method() throws {
        _ = try name()
        ordinal()
        try expect("(")
        try parameterList()
        try expect(")")
        if accept("=>") {
            if current?.kind == .name, current?.text == "result" {
                position += 1
                try expect("<")
                try typename()
                try expect(",")
                try typename()
                try expect(">")
            } else {
                try expect("(")
                try parameterList()
                try expect(")")
            }
        }
        try expect(";")
    }

    mutating func parameterList() throws {
        if at(")") { return }
        repeat {
            try attributeSection()
            try typename()
            _ = try name()
            ordinal()
        } while accept(",")
    }

    mutating func enumDefinition() throws {
        try expectKeyword("enum")
        _ = try name()
        if accept(";") { return }
        try expect("{")
        while !at("}") {
            try attributeSection()
            _ = try name()
            if accept("=") {
                // enum_value : name EQUALS int | name EQUALS identifier
                _ = accept("+") || accept("-")
                if let token = current, token.kind == .intDecimal || token.kind == .intHex {
                    position += 1
                } else {
                    _ = try identifier()
                }
            }
            if !accept(",") { break }
        }
        try expect("}")
        try expect(";")
    }

    mutating func constDefinition() throws {
        try expectKeyword("const")
        try typename()
        _ = try name()
        try expect("=")
        try constant()
        try expect(";")
    }

    mutating func featureDefinition() throws {
        try expectKeyword("feature")
        _ = try name()
        try expect("{")
        while !at("}") {
            try attributeSection()
            try constDefinition()
        }
        try expect("}")
        try expect(";")
    }
}
