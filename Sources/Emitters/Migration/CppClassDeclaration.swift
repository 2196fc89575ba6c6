/// A class definition found in a C++ file by reading its tokens: where its body is, what it derives from, and
/// where new private members can go. Read without a compiler, so only the plain forms are recognised
/// (`class EXPORT_MACRO Name final : public Base<T>, private Other {`); anything else is not found, and the caller
/// lists the change for a human instead of guessing.
struct CppClassDeclaration: Equatable {
    /// The unqualified names of the direct bases, template arguments dropped (`WebContentsObserver`).
    var bases: [String]
    /// Offsets of the body's `{` and `}`.
    var open: Int
    var close: Int
    /// Whether members added at `insertion` are private without a new access specifier.
    var insertsPrivate: Bool
    /// The start of the line before which new members go: the `base::WeakPtrFactory` member, which Chromium keeps
    /// last so that weak pointers are invalidated first, else the line of the closing brace.
    var insertion: Int
    /// The indentation of the members around `insertion`.
    var indent: String
    /// The names the body declares or uses at its own level, to avoid adding a member that already exists.
    var names: Set<String>

    /// The definition of class or struct `name` (unqualified) in `tokens` of `source`; forward declarations,
    /// friend declarations, `enum class` and template parameters are not definitions.
    static func find(_ name: String, in source: CppSource, tokens: [CppToken]) -> CppClassDeclaration? {
        for (index, token) in tokens.enumerated() where token.text == "class" || token.text == "struct" {
            if index > 0, ["enum", "friend", "<", ",", "(", "typename"].contains(tokens[index - 1].text) { continue }
            var cursor = index + 1
            // Export macros and attributes before the name: `CONTENT_EXPORT`, `[[nodiscard]]`, `alignas(8)`.
            while cursor < tokens.count {
                if tokens[cursor].text == "[", cursor + 1 < tokens.count, tokens[cursor + 1].text == "[" {
                    guard let end = tokens[cursor...].firstIndex(where: { $0.text == "]" }) else { return nil }
                    cursor = end + 2
                } else if tokens[cursor].isName, tokens[cursor].text != name, cursor + 1 < tokens.count, tokens[cursor + 1].isName || tokens[cursor + 1].text == "(" {
                    cursor += tokens[cursor + 1].text == "(" ? skipGroup(tokens, from: cursor + 1) - cursor : 1
                } else {
                    break
                }
            }
            guard cursor < tokens.count, tokens[cursor].text == name else { continue }
            cursor += 1
            if cursor < tokens.count, tokens[cursor].text == "final" { cursor += 1 }
            guard cursor < tokens.count else { return nil }
            var bases: [String] = []
            if tokens[cursor].text == ":" {
                guard let (names, brace) = baseClause(tokens, from: cursor + 1) else { continue }
                bases = names
                cursor = brace
            }
            guard tokens[cursor].text == "{", let close = matchingBrace(tokens, from: cursor) else { continue }
            // Members are added as whole lines before the closing brace's line, which must hold nothing else first.
            guard source.line(of: tokens[close - 1].range.lowerBound) < source.line(of: tokens[close].range.lowerBound) else { return nil }
            return body(source: source, tokens: tokens, open: cursor, close: close, isStruct: token.text == "struct", bases: bases)
        }
        return nil
    }

    /// The unqualified base names up to the body's `{` (its token index); nil when the clause holds anything else.
    private static func baseClause(_ tokens: [CppToken], from start: Int) -> (names: [String], brace: Int)? {
        var names: [String] = []
        var current: String?
        var depth = 0
        var cursor = start
        while cursor < tokens.count {
            let text = tokens[cursor].text
            switch text {
            case "<": depth += 1
            case ">": depth -= 1
            case "," where depth == 0, "{" where depth == 0:
                guard let name = current else { return nil }
                names.append(name)
                current = nil
                if text == "{" { return (names, cursor) }
            case ";", "}", "(", ")": return nil
            default:
                if depth == 0, tokens[cursor].isName, !["public", "protected", "private", "virtual"].contains(text) { current = text }
            }
            cursor += 1
        }
        return nil
    }

    private static func body(source: CppSource, tokens: [CppToken], open: Int, close: Int, isStruct: Bool, bases: [String]) -> CppClassDeclaration {
        var isPrivate = !isStruct
        var names: Set<String> = []
        var weakFactory: Int?
        var depth = 0
        var cursor = open + 1
        while cursor < close {
            let token = tokens[cursor]
            switch token.text {
            case "{", "(", "[": depth += 1
            case "}", ")", "]": depth -= 1
            default:
                guard depth == 0 else { break }
                if ["public", "protected", "private"].contains(token.text), cursor + 1 < close, tokens[cursor + 1].text == ":" {
                    isPrivate = token.text == "private"
                    weakFactory = nil
                } else if token.text == "WeakPtrFactory", weakFactory == nil {
                    weakFactory = token.range.lowerBound
                } else if token.isName {
                    names.insert(token.text)
                }
            }
            cursor += 1
        }
        let closeLine = source.lineStarts[source.line(of: tokens[close].range.lowerBound) - 1]
        // Only a factory in the last section, when it is private, moves the insertion point.
        var factoryLine = weakFactory.map { source.line(of: $0) }
        // Above the comment lines that belong to the factory ("Must be last member.").
        while let line = factoryLine, line > 1, source.text(source.lineStarts[line - 2]..<source.lineStarts[line - 1]).trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            factoryLine = line - 1
        }
        let factoryStart = factoryLine.map { source.lineStarts[$0 - 1] }
        let insertion = (isPrivate ? factoryStart : nil) ?? closeLine
        let sample = insertion == closeLine ? lastMemberLine(source, tokens: tokens, open: open, close: close) : insertion
        let indent = sample.map { source.text($0..<source.skipSpace(from: $0)).filter { $0 == " " || $0 == "\t" } } ?? "  "
        return CppClassDeclaration(
            bases: bases, open: tokens[open].range.lowerBound, close: tokens[close].range.lowerBound,
            insertsPrivate: isPrivate, insertion: insertion, indent: indent.isEmpty ? "  " : indent, names: names
        )
    }

    /// The start of the line of the last token before the closing brace that begins a line, when the body has one.
    private static func lastMemberLine(_ source: CppSource, tokens: [CppToken], open: Int, close: Int) -> Int? {
        guard close - 1 > open else { return nil }
        return source.lineStarts[source.line(of: tokens[close - 1].range.lowerBound) - 1]
    }

    /// The token index just past a bracket group starting at `open`.
    private static func skipGroup(_ tokens: [CppToken], from open: Int) -> Int {
        var depth = 0
        var cursor = open
        while cursor < tokens.count {
            if ["(", "[", "{"].contains(tokens[cursor].text) { depth += 1 }
            if [")", "]", "}"].contains(tokens[cursor].text) {
                depth -= 1
                if depth == 0 { return cursor + 1 }
            }
            cursor += 1
        }
        return cursor
    }

    /// The token index of the `}` closing the `{` at `open`.
    static func matchingBrace(_ tokens: [CppToken], from open: Int) -> Int? {
        var depth = 0
        for cursor in open..<tokens.count {
            if tokens[cursor].text == "{" { depth += 1 }
            if tokens[cursor].text == "}" {
                depth -= 1
                if depth == 0 { return cursor }
            }
        }
        return nil
    }
}
