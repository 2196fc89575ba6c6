import MojifyScanner

/// A token of C++ or GN, as far as matching brackets goes.
protocol BracketToken {
    var text: String { get }
}

/// Migration reads C++ with the scanner's lexer (`CodeLexer`), so comments, literals (raw strings, digit
/// separators) and preprocessor lines are never taken for code.
extension CodeToken: BracketToken {}

extension CppSource {
    /// Whether only spaces lie between the start of `offset`'s line and `offset`.
    func isFirstOnLine(_ offset: Int) -> Bool {
        skipSpace(from: lineStarts[line(of: offset) - 1]) == offset
    }

    /// The range of whole lines from the line holding `start` to the line break after `end` (or the file's end).
    func wholeLines(_ start: Int, _ end: Int) -> Range<Int> {
        let last = lineEnd(of: max(start, end - 1))
        return lineStarts[line(of: start) - 1]..<(last < bytes.count ? last + 1 : last)
    }

    /// The first line (1-based) of the `//` comment lines right above line `line`; `line` itself when there are none.
    func commentBlockStart(above line: Int) -> Int {
        var first = line
        while first > 1, text(lineStarts[first - 2]..<lineEnd(of: lineStarts[first - 2])).trimmingCharacters(in: .whitespaces).hasPrefix("//") { first -= 1 }
        return first
    }

    /// Whether the text after `offset` up to its line's end is empty or a `//` comment.
    func restOfLineIsBlank(after offset: Int) -> Bool {
        let rest = text(offset..<lineEnd(of: offset)).trimmingCharacters(in: .whitespaces)
        return rest.isEmpty || rest.hasPrefix("//")
    }
}

/// Token-list helpers: brackets matched over tokens, where a comment or literal is never a bracket.
extension Array where Element: BracketToken {
    /// The index of the token closing the bracket at `open` (`(`, `[`, `{` or `<`, counted alone).
    func closing(_ open: Int) -> Int? {
        let pairs = ["(": ")", "[": "]", "{": "}", "<": ">"]
        guard let close = pairs[self[open].text] else { return nil }
        var depth = 0
        for index in open..<count {
            if self[index].text == self[open].text { depth += 1 }
            if self[index].text == close {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The index of the `{` or `(` that `close` closes, scanning backwards.
    func opening(_ close: Int) -> Int? {
        let pairs = [")": "(", "]": "[", "}": "{"]
        guard let open = pairs[self[close].text] else { return nil }
        var depth = 0
        var index = close
        while index >= 0 {
            if self[index].text == self[close].text { depth += 1 }
            if self[index].text == open {
                depth -= 1
                if depth == 0 { return index }
            }
            index -= 1
        }
        return nil
    }

    /// Splits the tokens strictly between `open` and `close` at commas outside nested brackets and (unless told
    /// not to) template angle brackets; empty for `()`.
    func arguments(between open: Int, and close: Int, countingAngleBrackets: Bool = true) -> [ArraySlice<Element>] {
        guard close > open + 1 else { return [] }
        var parts: [ArraySlice<Element>] = []
        var depth = 0
        var start = open + 1
        for index in (open + 1)..<close {
            switch self[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "<" where countingAngleBrackets: depth += 1
            case ">" where countingAngleBrackets: depth -= 1
            case "," where depth == 0:
                parts.append(self[start..<index])
                start = index + 1
            default: break
            }
        }
        parts.append(self[start..<close])
        return parts
    }
}

/// Scopes read from C++ tokens: which braces are open where, and which of them are namespaces or function bodies.
extension Array where Element == CodeToken {
    /// The text of token `index`; nil outside the list, so that looking a few tokens around one needs no bounds check.
    func text(at index: Int) -> String? {
        indices.contains(index) ? self[index].text : nil
    }

    /// The indices of the `{` still open at token `index`, outermost first; counted from token `start` (a function
    /// body's first token gives those within it).
    func openBraces(at index: Int, from start: Int = 0) -> [Int] {
        var stack: [Int] = []
        for cursor in start..<index {
            if self[cursor].text == "{" { stack.append(cursor) }
            if self[cursor].text == "}" { _ = stack.popLast() }
        }
        return stack
    }

    /// The names of the namespaces open at token `index`, outermost first (`namespace a::b {` gives two).
    func namespaces(enclosing index: Int) -> [String] {
        openBraces(at: index).flatMap { namespaceNames(brace: $0) ?? [] }
    }

    /// The names a `namespace ... {` brace opens (empty for an anonymous one); nil when the brace is not a namespace's.
    func namespaceNames(brace: Int) -> [String]? {
        var names: [String] = []
        var cursor = brace - 1
        while cursor >= 0, self[cursor].isName || self[cursor].text == "::" {
            if self[cursor].text == "namespace" { return names.reversed() }
            if self[cursor].isName, self[cursor].text != "inline" { names.append(self[cursor].text) }
            cursor -= 1
        }
        return nil
    }

    /// Whether the brace opens a namespace or an `extern "C"` block.
    func opensScope(brace: Int) -> Bool {
        namespaceNames(brace: brace) != nil || (brace >= 2 && self[brace - 1].kind == .literal && self[brace - 2].text == "extern")
    }

    /// The function whose body the brace at `body` opens: the parentheses of its parameter list, and the body's
    /// closing brace where it closes; nil when the brace does not follow a parameter list.
    func function(body: Int) -> (parametersOpen: Int, parametersClose: Int, close: Int?)? {
        guard let parametersClose = parametersClose(beforeBody: body), let parametersOpen = opening(parametersClose) else { return nil }
        return (parametersOpen, parametersClose, closing(body))
    }

    /// The outermost brace open at token `index` that opens no namespace or `extern` block: the body of the function
    /// holding it, when its nesting is plain.
    func outermostBody(at index: Int) -> Int? {
        openBraces(at: index).first { !opensScope(brace: $0) }
    }

    /// The outermost brace open at token `index` that opens a function's body, past namespace and `extern` blocks
    /// and the bodies of classes defining their members inline (CEF's static `SendClearCrossOriginWhitelist()`
    /// inside its class): where the function's own names are declared.
    func enclosingFunctionBody(at index: Int) -> Int? {
        openBraces(at: index).first { !opensScope(brace: $0) && parametersClose(beforeBody: $0) != nil }
    }

    /// The `)` closing the parameter list of the function whose body the brace opens, past qualifiers such as
    /// `const` between them; nil when the brace does not follow a parameter list.
    func parametersClose(beforeBody brace: Int) -> Int? {
        var cursor = brace - 1
        while cursor >= 0, ["const", "override", "final", "noexcept", "volatile", "&"].contains(self[cursor].text) { cursor -= 1 }
        return cursor >= 0 && self[cursor].text == ")" ? cursor : nil
    }
}
