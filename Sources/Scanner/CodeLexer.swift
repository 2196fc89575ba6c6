/// A token of C++ code for stages that rewrite code (the migration): what is left of the scanner's raw tokens once
/// comments and preprocessor lines are dropped, spelled as the preprocessor spells them.
public struct CodeToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case name
        case number
        case literal
        case punctuation
    }

    public var kind: Kind
    /// Byte offsets into the file as written.
    public var range: Range<Int>
    public var text: String

    /// A name or a number.
    public var isName: Bool { kind == .name || kind == .number }
}

/// The scanner's lexer for other stages, so that code is read one way only: `RawLexer` where it follows the file
/// exactly, libclang's raw lexer where it does not (both oracle-tested in `RawLexerTests`).
public enum CodeLexer {
    /// The code tokens of `bytes`. Punctuators other than `::` and `->` come one character each (`>>` is two
    /// `>`), so that template brackets and references match as a reader of declarations needs them.
    public static func tokens(of bytes: [UInt8]) -> [CodeToken] {
        lex(bytes).tokens
    }

    /// The code tokens of `bytes`, as `tokens(of:)` gives them, the byte ranges of its comments (`//` and
    /// `/* */` alike, in directives too) and of the string literals in its directives other than includes (a
    /// `#define`'s text), from one reading.
    public static func lex(_ bytes: [UInt8]) -> (tokens: [CodeToken], comments: [Range<Int>], directiveStrings: [Range<Int>]) {
        var raw = RawLexer.tokens(of: bytes) ?? ClangSession().lexBatch([bytes])?.tokens(ofFileAt: 0) ?? []
        LogicalSpelling.apply(to: &raw, source: bytes)
        var result: [CodeToken] = []
        var comments: [Range<Int>] = []
        var directiveStrings: [Range<Int>] = []
        result.reserveCapacity(raw.count)
        var directiveEnd = -1
        // The directive's name (`define`, `include`), once read.
        var directive: String?
        var previousLine = 0
        for token in raw {
            defer { previousLine = token.line }
            if token.kind == .comment { comments.append(token.start..<token.end) }
            if token.kind != .comment, token.start < directiveEnd {
                if directive == nil {
                    directive = token.text
                } else if token.kind == .literal, token.text.contains("\""), !["include", "include_next", "import"].contains(directive) {
                    directiveStrings.append(token.start..<token.end)
                }
            }
            guard token.kind != .comment, token.start >= directiveEnd else { continue }
            // A `#` first on its line starts a directive (the first token of the file is on a line after "line 0").
            if token.is("#"), token.line != previousLine {
                directiveEnd = Self.directiveEnd(from: token.start, in: bytes)
                directive = nil
                continue
            }
            switch token.kind {
            case .identifier, .keyword:
                result.append(CodeToken(kind: .name, range: token.start..<token.end, text: token.text))
            case .literal:
                let first = token.text.utf8.first ?? 0
                let isNumber = (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) || first == UInt8(ascii: ".")
                result.append(CodeToken(kind: isNumber ? .number : .literal, range: token.start..<token.end, text: token.text))
            case .punctuation:
                let width = token.end - token.start
                if token.text == "::" || token.text == "->" || width != token.text.utf8.count || width == 1 {
                    result.append(CodeToken(kind: .punctuation, range: token.start..<token.end, text: token.text))
                } else {
                    for (offset, character) in token.text.enumerated() {
                        let start = token.start + offset
                        result.append(CodeToken(kind: .punctuation, range: start..<(start + 1), text: String(character)))
                    }
                }
            case .comment:
                break
            }
        }
        return (result, comments, directiveStrings)
    }

    /// The offset of the line break that ends the directive starting at `start`, past line splices.
    private static func directiveEnd(from start: Int, in bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { buffer in
            var index = start
            while index < buffer.count {
                if let splice = LogicalSpelling.spliceEnd(at: index, in: buffer) {
                    index = splice
                } else if LogicalSpelling.lineBreakLength(at: index, in: buffer) > 0 {
                    return index
                } else {
                    index += 1
                }
            }
            return index
        }
    }
}
