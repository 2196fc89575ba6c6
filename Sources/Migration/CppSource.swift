import MojifyScanner

/// A C++ file as bytes, with the few lexical moves the rewrites need: positions from line and column (libclang's
/// columns count bytes), skipping spaces, reading names, and matching brackets past comments and literals.
struct CppSource {
    let bytes: [UInt8]
    /// Byte offset where each line starts; line 1 is index 0.
    let lineStarts: [Int]
    /// The code's tokens (`CodeLexer`): every rewrite reads the same ones, so they are read once per file.
    private(set) var tokens: [CodeToken] = []
    /// The byte ranges of its comments, from the same reading.
    private(set) var comments: [Range<Int>] = []
    /// The byte ranges of the string literals in its directives (`#define`s).
    private(set) var directiveStrings: [Range<Int>] = []
    /// Its `#include "..."` lines, in order, each with the path as written: the includes of every file are asked
    /// after for each header a rewrite touches, so they are read once per file.
    private(set) var includes: [(range: Range<Int>, written: String)] = []
    /// How many `#if` blocks enclose each of `includes` (a header's include guard is one).
    private(set) var includeDepths: [Int] = []
    /// Where each `#if...`/`#endif` line starts, with how many blocks enclose the lines after it.
    private var depthChanges: [(offset: Int, depth: Int)] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
        (tokens, comments, directiveStrings) = CodeLexer.lex(bytes)
        var depth = 0
        for start in starts {
            // A directive's line starts with `#` after blanks: the other lines are passed over by their bytes.
            var first = start
            while first < bytes.count, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
            guard first < bytes.count, bytes[first] == UInt8(ascii: "#") else { continue }
            let end = lineEnd(of: start)
            let line = self.text(start..<end)
            if let written = IncludeDirective.path(in: line) {
                includes.append((start..<end, written))
                includeDepths.append(depth)
            } else {
                let directive = line.drop { $0 != "#" }.dropFirst().drop { $0 == " " || $0 == "\t" }
                if directive.hasPrefix("if") { depth += 1 } else if directive.hasPrefix("endif") { depth = max(0, depth - 1) } else { continue }
                depthChanges.append((start, depth))
            }
        }
    }

    /// How many `#if` blocks enclose `offset` (a header's include guard is one).
    func conditionalDepth(at offset: Int) -> Int {
        depthChanges.last { $0.offset <= offset }?.depth ?? 0
    }

    /// The byte offset of a 1-based line and column, or nil past the end.
    func offset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset <= bytes.count ? offset : nil
    }

    /// The 1-based line holding `offset`.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The 1-based column (in bytes) of `offset` on its line.
    func column(of offset: Int) -> Int {
        offset - lineStarts[line(of: offset) - 1] + 1
    }

    /// The end of the line holding `offset`: the offset of its newline, or the end of the file.
    func lineEnd(of offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The blanks that begin the line holding `offset`.
    func indentation(ofLineAt offset: Int) -> String {
        let start = lineStarts[line(of: offset) - 1]
        return text(start..<skipSpace(from: start)).filter { $0 == " " || $0 == "\t" }
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == 0x0B || byte == 0x0C
    }

    /// The first offset at or after `offset` that is not a space.
    func skipSpace(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// The index of the token starting at `offset`, if one does.
    func tokenIndex(startingAt offset: Int) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].range.lowerBound == offset ? low : nil
    }

    /// Whether anything but spaces (a comment, a preprocessor line) lies between tokens `first` and `last`.
    func hasTextBetweenTokens(_ first: Int, _ last: Int) -> Bool {
        guard first < last else { return false }
        return (first..<last).contains { index in
            (tokens[index].range.upperBound..<tokens[index + 1].range.lowerBound).contains { !Self.isSpace(bytes[$0]) }
        }
    }

    /// The text from the start of token `first` to the end of token `last`.
    func text(tokens first: Int, through last: Int) -> String {
        text(tokens[first].range.lowerBound..<tokens[last].range.upperBound)
    }

    /// The name starting at `start`, with its end.
    func name(startingAt start: Int) -> (text: String, end: Int)? {
        var end = start
        while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        return start < end ? (text(start..<end), end) : nil
    }

    func hasBytes(_ text: String, at offset: Int) -> Bool {
        let needle = Array(text.utf8)
        return offset >= 0 && offset + needle.count <= bytes.count && Array(bytes[offset..<(offset + needle.count)]) == needle
    }
}
