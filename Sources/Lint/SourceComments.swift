/// Where the comments of C, C++ or Objective-C source are, found as a compiler's lexer finds them: `//` and `/* */`
/// outside string and character literals (escapes, raw strings, digit separators and line continuations
/// included). A suppression marker counts only inside a real comment: one in a string literal is code.
struct SourceComments {
    /// Per line, the byte ranges (UTF-8 offsets into the line) of comments, delimiters included.
    private(set) var ranges: [[Range<Int>]]

    private enum State: Equatable {
        case code
        case lineComment
        case blockComment
        /// Inside a `"` or `'` literal.
        case quoted(UInt8)
        /// Inside `R"delimiter(`, until `)delimiter"`.
        case raw([UInt8])
    }

    /// `patch`: the lines are a unified diff, whose `+` and context lines (after their first byte) are code and
    /// whose other lines are not; each hunk starts in code.
    init(lines: [Substring], patch: Bool) {
        ranges = []
        ranges.reserveCapacity(lines.count)
        var state = State.code
        for line in lines {
            let bytes = Array(line.utf8)
            guard patch else {
                ranges.append(SourceComments.lex(bytes, from: 0, state: &state))
                continue
            }
            switch bytes.first {
            case UInt8(ascii: "+"), UInt8(ascii: " "):
                ranges.append(SourceComments.lex(bytes, from: 1, state: &state))
            case UInt8(ascii: "-"), UInt8(ascii: "\\"):
                // Removed lines are not in the patched file; `\ No newline at end of file` is not code.
                ranges.append([])
            default:
                state = .code
                ranges.append([])
            }
        }
    }

    /// The comment ranges of one line, lexed from `start` in `state`; `state` becomes the state at the line's end
    /// (a comment or literal continued by a backslash, an open block comment or raw string).
    private static func lex(_ line: [UInt8], from start: Int, state: inout State) -> [Range<Int>] {
        var found: [Range<Int>] = []
        var index = start
        var commentStart: Int? = state == .lineComment || state == .blockComment ? start : nil
        func byte(_ offset: Int) -> UInt8? { offset < line.count ? line[offset] : nil }
        while index < line.count {
            let current = line[index]
            switch state {
            case .lineComment:
                index = line.count
            case .blockComment:
                if current == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
                    index += 2
                    found.append(commentStart! ..< index)
                    commentStart = nil
                    state = .code
                } else {
                    index += 1
                }
            case let .quoted(quote):
                if current == UInt8(ascii: "\\") {
                    index += 2
                } else {
                    index += 1
                    if current == quote { state = .code }
                }
            case let .raw(delimiter):
                if current == UInt8(ascii: ")") && line[(index + 1)...].starts(with: delimiter + [UInt8(ascii: "\"")]) {
                    index += delimiter.count + 2
                    state = .code
                } else {
                    index += 1
                }
            case .code:
                if current == UInt8(ascii: "/") && (byte(index + 1) == UInt8(ascii: "/") || byte(index + 1) == UInt8(ascii: "*")) {
                    state = byte(index + 1) == UInt8(ascii: "/") ? .lineComment : .blockComment
                    commentStart = index
                    index += 2
                } else if current == UInt8(ascii: "\"") || current == UInt8(ascii: "'") {
                    state = .quoted(current)
                    index += 1
                } else if isDigit(current) || (current == UInt8(ascii: ".") && byte(index + 1).map(isDigit) == true) {
                    index = numberEnd(line, from: index)
                } else if isIdentifierStart(current) {
                    var end = index + 1
                    while end < line.count && isIdentifierByte(line[end]) { end += 1 }
                    // A raw string's prefix is a whole token (`R`, `LR`, `uR`, `UR`, `u8R`) right before the quote.
                    if byte(end) == UInt8(ascii: "\""), rawPrefixes.contains(Array(line[index..<end])),
                       let delimiter = rawDelimiter(line, afterQuote: end + 1) {
                        state = .raw(delimiter)
                        index = end + 1 + delimiter.count + 1
                    } else {
                        index = end
                    }
                } else {
                    index += 1
                }
            }
        }
        if let commentStart {
            found.append(commentStart ..< line.count)
        }
        // A backslash at the end of a line continues a line comment or a literal; nothing else lasts past it.
        let continued = line.last == UInt8(ascii: "\\")
        switch state {
        case .lineComment, .quoted:
            if !continued { state = .code }
        case .code, .blockComment, .raw:
            break
        }
        return found
    }

    private static let rawPrefixes: Set<[UInt8]> = Set(["R", "LR", "uR", "UR", "u8R"].map { Array($0.utf8) })

    /// The delimiter of a raw string whose opening quote ends at `start`: up to 16 bytes before `(`, none of them
    /// a space, a backslash or a parenthesis; nil when that is not what follows (then it is a plain string).
    private static func rawDelimiter(_ line: [UInt8], afterQuote start: Int) -> [UInt8]? {
        var end = start
        while end < line.count && end - start <= 16 {
            switch line[end] {
            case UInt8(ascii: "("): return Array(line[start..<end])
            case UInt8(ascii: " "), UInt8(ascii: ")"), UInt8(ascii: "\\"), UInt8(ascii: "\t"): return nil
            default: end += 1
            }
        }
        return nil
    }

    /// The end of a preprocessing number: digits, letters, `_`, `.`, a sign after an exponent letter, and `'`
    /// between digits (a C++14 digit separator, not a character literal).
    private static func numberEnd(_ line: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < line.count {
            let current = line[index]
            if isIdentifierByte(current) || current == UInt8(ascii: ".") {
                index += 1
            } else if (current == UInt8(ascii: "+") || current == UInt8(ascii: "-")),
                      [UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "p"), UInt8(ascii: "P")].contains(line[index - 1]) {
                index += 1
            } else if current == UInt8(ascii: "'"), index + 1 < line.count, isIdentifierByte(line[index + 1]) {
                index += 2
            } else {
                break
            }
        }
        return index
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
}
