import MojifyScanner

/// A class definition found in a C++ file by reading its tokens: where its body is, what it derives from, what
/// it declares, and where new members can go. Read without a compiler, so only the plain forms are recognised
/// (`class EXPORT_MACRO Name final : public Base<T>, private Other {`); anything else is not found, and the caller
/// lists the change for a human instead of guessing.
struct CppClassDeclaration {
    /// The file's tokens, which the indices below point into.
    let tokens: [CodeToken]
    /// Token indices of the `class` or `struct` keyword, of the name, of the base clause's `:` (nil without
    /// bases), and of the body's `{` and `}`.
    let keyword: Int
    let name: Int
    let colon: Int?
    let open: Int
    let close: Int
    /// The tokens of each base specifier (`public content::RenderFrameObserver`).
    let bases: [ArraySlice<CodeToken>]

    /// The definitions of class or struct `name` (unqualified) in `tokens`, in file order (more than one in
    /// `#if` branches); forward declarations, friend declarations, `enum class` and template parameters are not
    /// definitions.
    static func all(named name: String, in tokens: [CodeToken]) -> [CppClassDeclaration] {
        var found: [CppClassDeclaration] = []
        keywords: for (keyword, token) in tokens.enumerated() where token.text == "class" || token.text == "struct" {
            if keyword > 0, ["enum", "friend", "<", ",", "(", "typename"].contains(tokens[keyword - 1].text) { continue }
            var cursor = keyword + 1
            // Export macros and attributes before the name: `CONTENT_EXPORT`, `[[nodiscard]]`, `alignas(8)`.
            while cursor < tokens.count {
                if tokens[cursor].text == "[", cursor + 1 < tokens.count, tokens[cursor + 1].text == "[" {
                    guard let end = tokens[cursor...].firstIndex(where: { $0.text == "]" }) else { break keywords }
                    cursor = end + 2
                } else if tokens[cursor].isName, tokens[cursor].text != name, cursor + 1 < tokens.count, tokens[cursor + 1].isName || tokens[cursor + 1].text == "(" {
                    guard tokens[cursor + 1].text == "(" else { cursor += 1; continue }
                    guard let group = tokens.closing(cursor + 1) else { continue keywords }
                    cursor = group + 1
                } else {
                    break
                }
            }
            guard cursor < tokens.count, tokens[cursor].text == name else { continue }
            let nameIndex = cursor
            cursor += 1
            if cursor < tokens.count, tokens[cursor].text == "final" { cursor += 1 }
            guard cursor < tokens.count else { break }
            var colon: Int?
            if tokens[cursor].text == ":" {
                guard let brace = tokens[cursor...].firstIndex(where: { ["{", ";", "}", "(", ")"].contains($0.text) }), tokens[brace].text == "{" else { continue }
                colon = cursor
                cursor = brace
            }
            guard tokens[cursor].text == "{", let close = tokens.closing(cursor) else { continue }
            let bases = colon.map { tokens.arguments(between: $0, and: cursor) } ?? []
            guard bases.allSatisfy({ baseName($0) != nil }) else { continue }
            found.append(CppClassDeclaration(tokens: tokens, keyword: keyword, name: nameIndex, colon: colon, open: cursor, close: close, bases: bases))
        }
        return found
    }

    /// The one definition of class `className` (qualified or not) in `source`, or why there is none.
    static func only(named className: String, in source: CppSource, file: String) -> Result<CppClassDeclaration, CppRewriter.Problem> {
        let last = className.components(separatedBy: "::").last ?? className
        let found = all(named: last, in: source.tokens)
        switch found.count {
        case 0: return .failure(.init("\(file) has no definition of class \(last)"))
        case 1: return .success(found[0])
        default: return .failure(.init("\(file) defines class \(last) \(found.count) times (#if branches?); convert by hand"))
        }
    }

    /// The base specifiers as written (`public content::RenderFrameObserver`).
    var baseSpecifiers: [String] {
        bases.map { $0.map(\.text).joined(separator: " ").replacingOccurrences(of: " :: ", with: "::") }
    }

    /// The unqualified names of the direct bases, template arguments dropped (`RenderFrameObserver`).
    var baseNames: [String] {
        bases.compactMap(Self.baseName)
    }

    /// The last name of a base specifier outside template arguments; nil when it has none.
    private static func baseName(_ specifier: ArraySlice<CodeToken>) -> String? {
        var name: String?
        var depth = 0
        for token in specifier {
            switch token.text {
            case "<": depth += 1
            case ">": depth -= 1
            default:
                if depth == 0, token.isName, !["public", "protected", "private", "virtual"].contains(token.text) { name = token.text }
            }
        }
        return name
    }

    /// Indices of the body's tokens at its own level: not in nested classes, function bodies, parameter lists
    /// or subscripts, and not those brackets themselves.
    private var ownLevel: [Int] {
        var indices: [Int] = []
        var depth = 0
        for index in (open + 1)..<close {
            switch tokens[index].text {
            case "{", "(", "[": depth += 1
            case "}", ")", "]": depth -= 1
            default: if depth == 0 { indices.append(index) }
            }
        }
        return indices
    }

    /// The parameters a member declares, the name of which is at token `index`; nil when its list does not end.
    func parameters(ofMemberAt index: Int) -> [ArraySlice<CodeToken>]? {
        tokens.closing(index + 1).map { tokens.arguments(between: index + 1, and: $0) }
    }

    /// Indices of the member names `name` followed by `(` at the class's own level.
    func members(named name: String) -> [Int] {
        ownLevel.filter { tokens[$0].text == name && tokens[$0 + 1].text == "(" }
    }

    /// The names of the members followed by `(` at the class's own level, in one reading of its body.
    var memberFunctionNames: Set<String> {
        Set(ownLevel.filter { tokens[$0 + 1].text == "(" }.map { tokens[$0].text })
    }

    /// Whether the class declares a member `type* name`.
    func declaresPointer(_ name: String, to type: String) -> Bool {
        ownLevel.contains { $0 + 2 < close && tokens[$0].text == type && tokens[$0 + 1].text == "*" && tokens[$0 + 2].text == name }
    }

    /// Whether the body declares or uses `name` at its own level, so that a member of that name cannot be added.
    func mentions(_ name: String) -> Bool {
        ownLevel.contains { tokens[$0].text == name }
    }

    /// Whether a member `name` is declared as or returns a pointer or remote of `type` (`mojom::Foo* GetFoo();`,
    /// `mojo::Remote<mojom::Foo> foo_remote_;`): `type` is named in its declaration before `name`.
    func declaresPointer(named name: String, to type: String) -> Bool {
        ownLevel.contains { index in
            tokens[index].text == name && tokens[declarationStart(of: index)..<index].contains { $0.text == type }
        }
    }

    /// A data member or an accessor the class declares with a plain type: `content::RenderFrameHost*
    /// render_frame_host_;` or `RenderFrame* render_frame() const;`.
    struct Member: Equatable {
        var name: String
        /// The type's last name: `RenderFrameHost`.
        var type: String
        var isPointer: Bool
        var isAccessor: Bool
    }

    /// The members declared with a plain type (no template), in order.
    var members: [Member] {
        ownLevel.compactMap { index in
            guard tokens[index].isName, index + 1 < close, ["=", ";", "{", "("].contains(tokens[index + 1].text) else { return nil }
            let isAccessor = tokens[index + 1].text == "("
            if isAccessor, tokens.closing(index + 1) != index + 2 { return nil }
            var typeEnd = index - 1
            var isPointer = false
            while typeEnd > open, ["*", "&", "const"].contains(tokens[typeEnd].text) {
                if tokens[typeEnd].text == "*" { isPointer = true }
                typeEnd -= 1
            }
            guard typeEnd > open, tokens[typeEnd].isName,
                  !["return", "virtual", "static", "public", "private", "protected", "override", "void", "operator"].contains(tokens[typeEnd].text) else { return nil }
            return Member(name: tokens[index].text, type: tokens[typeEnd].text, isPointer: isPointer, isAccessor: isAccessor)
        }
    }

    /// The first token of the member declaration holding the token at `index` (`virtual` in `virtual void F();`).
    func declarationStart(of index: Int) -> Int {
        var start = index
        while start > open + 1, ![";", "{", "}", ":"].contains(tokens[start - 1].text) { start -= 1 }
        return start
    }

    /// `name` as the class's base list must write it: with a leading `::` when a namespace enclosing the
    /// class shares its first component (`xwalk::extensions` would capture `extensions::mojom::X`).
    func qualified(_ name: String) -> String {
        let first = name.components(separatedBy: "::")[0]
        return tokens.namespaces(enclosing: keyword).dropFirst().contains(first) ? "::" + name : name
    }

    /// The edit adding `added` to the class's base list.
    func addingBases(_ added: [String]) -> UnifiedDiff.Edit {
        let list = added.map { "public " + $0 }.joined(separator: ", ")
        if colon != nil {
            let end = tokens[open - 1].range.upperBound
            return UnifiedDiff.Edit(range: end..<end, replacement: ", " + list)
        }
        let after = tokens[name + 1].text == "final" ? name + 1 : name
        let end = tokens[after].range.upperBound
        return UnifiedDiff.Edit(range: end..<end, replacement: " : " + list)
    }

    /// Where new members go as whole lines, with their indentation and whether they are private there.
    struct MemberInsertion: Equatable {
        /// The start of the line before which new members go: the `base::WeakPtrFactory` member, which Chromium
        /// keeps last so that weak pointers are invalidated first, else the line of the closing brace.
        var offset: Int
        var indent: String
        /// Whether members added at `offset` are private without a new access specifier.
        var isPrivate: Bool
    }

    /// Where new members go in `source` (the file of `tokens`); nil when the closing brace shares its line with
    /// a member, which leaves no whole line to insert before.
    func memberInsertion(in source: CppSource) -> MemberInsertion? {
        guard source.line(of: tokens[close - 1].range.lowerBound) < source.line(of: tokens[close].range.lowerBound) else { return nil }
        var isPrivate = tokens[keyword].text == "class"
        var keptLast: Int?
        for index in ownLevel {
            let text = tokens[index].text
            if ["public", "protected", "private"].contains(text), index + 1 < close, tokens[index + 1].text == ":" {
                isPrivate = text == "private"
                keptLast = nil
            } else if text == "WeakPtrFactory" || text.hasPrefix("DISALLOW_"), keptLast == nil {
                keptLast = tokens[index].range.lowerBound
            }
        }
        let closeLine = source.lineStarts[source.line(of: tokens[close].range.lowerBound) - 1]
        // Only a factory or a DISALLOW_COPY_AND_ASSIGN in the last section, when it is private, moves the insertion
        // point: above the comment lines that belong to it ("Must be last member."), as Chromium's style keeps them
        // last.
        let keptLastStart = keptLast.map { source.lineStarts[source.commentBlockStart(above: source.line(of: $0)) - 1] }
        let offset = (isPrivate ? keptLastStart : nil) ?? closeLine
        // The indentation of the factory's line, else of the line of the body's last token.
        let sample = offset != closeLine ? offset : close - 1 > open ? source.lineStarts[source.line(of: tokens[close - 1].range.lowerBound) - 1] : nil
        let indent = sample.map(source.indentation(ofLineAt:)) ?? ""
        return MemberInsertion(offset: offset, indent: indent.isEmpty ? "  " : indent, isPrivate: isPrivate)
    }
}
