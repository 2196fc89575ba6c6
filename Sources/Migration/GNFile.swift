import Foundation
import MojifyCore

/// A BUILD.gn or `.gni` file, read as far as the build rewrites need: its tokens, the paths its strings name, the
/// assignments its lists belong to, its targets and its imports.
struct GNFile {
    /// A GN token: a string literal (with its quotes), a name or number, or one punctuation character.
    struct Token: BracketToken {
        var text: String
        var range: Range<Int>
        var isString: Bool

        var isName: Bool {
            !isString && text.utf8.first.map(CppSource.isNameByte) == true
        }
    }

    /// A target block: its function's name (`source_set`, `target`), `{` and `}` (token indices).
    struct Target: Hashable {
        var file: String
        var name: Int
        var brace: Int
        var close: Int
    }

    /// `name = ...`, `name += ...` or `name -= ...`; `name` is the token index of the assigned name.
    struct Assignment {
        var variable: String
        var isRemoval: Bool
        var name: Int
    }

    var path: String
    var source: CppSource
    var tokens: [Token]

    init(path: String, source: CppSource) {
        self.path = path
        self.source = source
        tokens = Self.tokens(source)
    }

    static func isGNFile(_ path: String) -> Bool {
        path == "BUILD.gn" || path.hasSuffix("/BUILD.gn") || path.hasSuffix(".gni")
    }

    /// The folder relative paths start from ("" at the root).
    var folder: String { (path as NSString).deletingLastPathComponent }

    static func tokens(_ source: CppSource) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        let bytes = source.bytes
        while index < bytes.count {
            let byte = bytes[index]
            if CppSource.isSpace(byte) {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                index = source.lineEnd(of: index)
            } else if byte == UInt8(ascii: "\"") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return tokens }
                tokens.append(Token(text: source.text(index..<(end + 1)), range: index..<(end + 1), isString: true))
                index = end + 1
            } else if CppSource.isNameByte(byte) {
                var end = index
                while end < bytes.count, CppSource.isNameByte(bytes[end]) { end += 1 }
                tokens.append(Token(text: source.text(index..<end), range: index..<end, isString: false))
                index = end
            } else {
                tokens.append(Token(text: source.text(index..<(index + 1)), range: index..<(index + 1), isString: false))
                index += 1
            }
        }
        return tokens
    }

    /// The tree path a GN string literal names: `"//a/b.h"` from the root, `"b.h"` and `"../b.h"` from `folder`. Nil
    /// for a string with a `$` expansion, a system path, or one climbing out of the tree.
    static func path(_ literal: String, from folder: String) -> String? {
        let text = Substring(literal.dropFirst().dropLast())
        guard !text.isEmpty, !text.contains("$") else { return nil }
        if text.hasPrefix("//") { return TreePath.resolved(String(text.dropFirst(2))) }
        return text.hasPrefix("/") ? nil : TreePath.resolved(folder + "/" + text)
    }

    /// The indices of the strings naming `file`, its relative paths taken from any of `folders`.
    func strings(naming file: String, from folders: [String]) -> [Int] {
        // Only a string ending in the file's name can name it: most are passed over without a path made.
        let ending = (file as NSString).lastPathComponent + "\""
        return tokens.indices.filter { index in
            tokens[index].isString && tokens[index].text.hasSuffix(ending) && folders.contains { Self.path(tokens[index].text, from: $0) == file }
        }
    }

    /// Whether token `index` is an element of a list: `[` or `,` before it, `,` or `]` after it.
    func isListElement(_ index: Int) -> Bool {
        index > 0 && index + 1 < tokens.count && ["[", ","].contains(tokens[index - 1].text) && [",", "]"].contains(tokens[index + 1].text)
    }

    /// The assignment whose value holds the list element at token `index`: `name = [...]`, `name += [...]`,
    /// `name = other + [...]`; nil when the token is no list's element or the list is not assigned.
    func assignment(listing index: Int) -> Assignment? {
        guard isListElement(index) else { return nil }
        var cursor = index - 1
        while cursor >= 0, tokens[cursor].text == "," || tokens[cursor].isString || tokens[cursor].isName { cursor -= 1 }
        guard cursor >= 0, tokens[cursor].text == "[" else { return nil }
        var operand = cursor
        while true {
            let before = operand - 1
            guard before >= 1 else { return nil }
            if tokens[before].text == "=" {
                let previous = tokens[before - 1].text
                // `==`, `!=`, `<=` and `>=` compare.
                if ["=", "!", "<", ">"].contains(previous) { return nil }
                let compound = previous == "+" || previous == "-"
                let name = compound ? before - 2 : before - 1
                guard name >= 0, tokens[name].isName else { return nil }
                return Assignment(variable: tokens[name].text, isRemoval: previous == "-", name: name)
            }
            guard tokens[before].text == "+" || tokens[before].text == "-", let start = operandStart(endingAt: before - 1) else { return nil }
            operand = start
        }
    }

    /// The first token of the operand ending at token `end`: a string, a list, a name with its members, call and
    /// subscript (`invoker.sources`, `rebase_path(x, ".")`, `a[0]`).
    private func operandStart(endingAt end: Int) -> Int? {
        var cursor = end
        while cursor >= 0 {
            if [")", "]", "}"].contains(tokens[cursor].text) {
                guard let open = tokens.opening(cursor) else { return nil }
                guard open > 0, tokens[open - 1].isName else { return open }
                cursor = open - 1
            }
            guard tokens[cursor].isString || tokens[cursor].isName else { return nil }
            guard cursor >= 2, tokens[cursor - 1].text == ".", tokens[cursor - 2].isName else { return cursor }
            cursor -= 2
        }
        return nil
    }

    /// The index past the operand starting at token `start`.
    private func operandEnd(from start: Int) -> Int? {
        var index = start
        while index < tokens.count, tokens[index].text == "!" || tokens[index].text == "-" { index += 1 }
        guard index < tokens.count else { return nil }
        if ["[", "(", "{"].contains(tokens[index].text) {
            guard let close = tokens.closing(index) else { return nil }
            index = close + 1
        } else {
            guard tokens[index].isString || tokens[index].isName else { return nil }
            index += 1
        }
        while index < tokens.count {
            if tokens[index].text == "(" || tokens[index].text == "[" {
                guard let close = tokens.closing(index) else { return nil }
                index = close + 1
            } else if tokens[index].text == ".", index + 1 < tokens.count, tokens[index + 1].isName {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    /// The index past the value assigned from token `start`: operands joined by `+` and `-`.
    private func expressionEnd(from start: Int) -> Int? {
        guard var end = operandEnd(from: start) else { return nil }
        while end + 1 < tokens.count, tokens[end].text == "+" || tokens[end].text == "-" {
            guard let next = operandEnd(from: end + 1) else { return nil }
            end = next
        }
        return end
    }

    /// The first target whose `sources` (set or added to) uses the list variable `variable`, as in
    /// `sources = content_browser_sources` or `sources += rebase_path(dom_sources, ".", "dom")`.
    func target(using variable: String) -> Target? {
        for index in tokens.indices where tokens[index].text == "sources" && !tokens[index].isString && (index == 0 || tokens[index - 1].text != ".") {
            let compound = index + 2 < tokens.count && tokens[index + 1].text == "+" && tokens[index + 2].text == "="
            let equals = compound ? index + 2 : index + 1
            guard equals + 1 < tokens.count, tokens[equals].text == "=", tokens[equals + 1].text != "=",
                  let end = expressionEnd(from: equals + 1) else { continue }
            let uses = (equals + 1..<end).contains { tokens[$0].text == variable && tokens[$0].isName && tokens[$0 - 1].text != "." }
            if uses, let target = enclosingTarget(index) { return target }
        }
        return nil
    }

    /// The innermost block `function(...) {` holding token `index` that defines a target (`source_set("x") {`,
    /// `target(link_target_type, "x") {`), passing over `if`, `else`, `foreach`, `template` and `declare_args` blocks.
    func enclosingTarget(_ index: Int) -> Target? {
        var depth = 0
        var cursor = index - 1
        while cursor >= 0 {
            if tokens[cursor].text == "}" { depth += 1 }
            if tokens[cursor].text == "{" {
                if depth > 0 {
                    depth -= 1
                } else if cursor >= 1, tokens[cursor - 1].text == ")", let open = tokens.opening(cursor - 1), open >= 1, tokens[open - 1].isName,
                          !["if", "foreach", "template", "declare_args"].contains(tokens[open - 1].text), let close = tokens.closing(cursor) {
                    return Target(file: path, name: open - 1, brace: cursor, close: close)
                }
            }
            cursor -= 1
        }
        return nil
    }

    /// The paths of the files `import("...")` names, in order.
    var imports: [String] {
        tokens.indices.compactMap { index in
            guard tokens[index].text == "import", !tokens[index].isString, index + 3 < tokens.count, tokens[index + 1].text == "(",
                  tokens[index + 2].isString, tokens[index + 3].text == ")" else { return nil }
            return Self.path(tokens[index + 2].text, from: folder)
        }
    }

    func location(of index: Int) -> SourceLocation {
        let offset = tokens[index].range.lowerBound
        let line = source.line(of: offset)
        return SourceLocation(file: path, line: line, column: offset - source.lineStarts[line - 1] + 1)
    }
}

extension MigrationPatch {
    /// The folders the `include_dirs` lists of these BUILD.gn and `.gni` files (path -> text) add, as tree paths,
    /// sorted: `"//a/include"` from the root, `"include"` from the file's folder; lists removed with `-=` and
    /// strings with a `$` expansion are left out.
    public static func buildIncludeDirs(of files: [String: String]) -> [String] {
        var folders: Set<String> = []
        for (path, text) in files where GNFile.isGNFile(path) && text.contains("include_dirs") {
            let file = GNFile(path: path, source: CppSource(text))
            for index in file.tokens.indices where file.tokens[index].isString {
                guard let assignment = file.assignment(listing: index), assignment.variable == "include_dirs", !assignment.isRemoval,
                      let folder = GNFile.path(file.tokens[index].text, from: file.folder) else { continue }
                folders.insert(folder)
            }
        }
        return folders.sorted()
    }
}
