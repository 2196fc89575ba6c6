/// The tokens `clang_tokenize` gives for a file lexed raw as C++17 (comments kept, every `#if` branch lexed), found
/// without a translation unit. Setting one up and preprocessing the file costs libclang twenty times what this
/// costs, and most files the prefilter passes only need their raw tokens.
///
/// It follows clang's `Lexer` in raw mode: line splices (a backslash, optional blanks, a line break) inside any
/// token, digraphs, `<::`, raw strings, user-defined literal suffixes as C++17 reads them, digit separators,
/// unterminated literals as one unknown token, a block comment left open ending the tokens. Where the file holds
/// what it does not follow exactly (a byte outside ASCII or a backslash in code, which clang reads as part of an
/// identifier or a universal character name; a splice inside an identifier, whose keyword status depends on its
/// spelling without the splice; a NUL byte; a raw string with an invalid delimiter; a splice followed by a blank
/// line inside a line comment or after a `*` that would end a block comment), it returns nil and libclang lexes the
/// file. `RawLexerTests` compares both on every fixture and on constructed edge cases.
enum RawLexer {
    static func tokens(of bytes: [UInt8]) -> [Token]? {
        bytes.withUnsafeBufferPointer { buffer in
            var lexer = Lexing(bytes: buffer)
            return lexer.run() ? lexer.tokens : nil
        }
    }
}

/// Byte classes, as clang's `CharInfo` has them.
private extension UInt8 {
    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r"), backslash = UInt8(ascii: "\\")
    static let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")

    var isLineBreak: Bool { self == .newline || self == .carriageReturn }
    /// Space, tab, form feed, vertical tab.
    var isHorizontalSpace: Bool { self == 32 || self == 9 || self == 12 || self == 11 }
    var isSpace: Bool { isHorizontalSpace || isLineBreak }
    var isDigit: Bool { self >= 48 && self <= 57 }
    var isLetter: Bool { (self | 0x20) >= 97 && (self | 0x20) <= 122 }
    /// `[A-Za-z0-9_]`
    var continuesIdentifier: Bool { isLetter || isDigit || self == 95 }
    private static let rawDelimiterPunctuation = Set("{}[]#<>%:;?*+-/^&|~!=,\"'.".utf8)

    /// Bytes a raw string's delimiter may hold.
    var isRawDelimiter: Bool {
        continuesIdentifier || Self.rawDelimiterPunctuation.contains(self)
    }
}

private struct Lexing {
    let bytes: UnsafeBufferPointer<UInt8>
    var tokens: [Token] = []
    // Line counting runs behind the tokens: up to `counted`, `line` is the line number and `lineStart` its offset.
    private var counted = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var count: Int { bytes.count }

    /// The suffixes the C++ library gives string literals, which need no leading `_`.
    private static let standardStringSuffixes: Set<String> = ["s", "sv", "h", "min", "ms", "us", "ns", "il", "i", "if"]

    /// The character at `position` after line splices, and how many bytes it and the splices before it take. At the
    /// end it is 0, one byte long, as clang reads the NUL that ends its buffers.
    @inline(__always)
    private func character(at position: Int) -> (byte: UInt8, size: Int) {
        guard position < count else { return (0, 1) }
        let byte = bytes[position]
        return byte == .backslash ? characterAfterBackslash(at: position) : (byte, 1)
    }

    private func characterAfterBackslash(at position: Int) -> (byte: UInt8, size: Int) {
        var next = position + 1
        while next < count, bytes[next].isHorizontalSpace { next += 1 }
        guard next < count, bytes[next].isLineBreak else { return (.backslash, 1) }
        // `\r\n` and `\n\r` are one line break.
        if next + 1 < count, bytes[next + 1].isLineBreak, bytes[next + 1] != bytes[next] { next += 1 }
        let (byte, size) = character(at: next + 1)
        return (byte, next + 1 - position + size)
    }

    /// Whether `position` is the end of the file as a character read there says: the NUL after the last byte.
    private func isEnd(_ position: Int, _ character: (byte: UInt8, size: Int)) -> Bool {
        character.byte == 0 && position + character.size > count
    }

    /// Lexes the whole file; false where clang would lex differently from what this models.
    mutating func run() -> Bool {
        var position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        tokens.reserveCapacity(count / 6)
        while true {
            let first = character(at: position)
            if isEnd(position, first) { return true }
            if first.byte.isSpace {
                position += first.size
                continue
            }
            let start = position
            position += first.size
            let kind: Token.Kind
            switch first.byte {
            case UInt8(ascii: "L"), UInt8(ascii: "u"), UInt8(ascii: "U"), UInt8(ascii: "R"):
                switch literalAfterPrefix(first.byte, at: position) {
                case let .token(end, literalKind):
                    position = end
                    kind = literalKind
                case .unmodelled:
                    return false
                case .identifier:
                    guard let end = identifierEnd(from: position, first: first) else { return false }
                    position = end
                    kind = .identifier
                }
            case _ where first.byte.isLetter || first.byte == 95 || first.byte == UInt8(ascii: "$"):
                guard let end = identifierEnd(from: position, first: first) else { return false }
                position = end
                kind = .identifier
            case _ where first.byte.isDigit:
                guard let end = numberEnd(from: position, start: start, previous: first.byte) else { return false }
                position = end
                kind = .literal
            case .quote, .apostrophe:
                guard let literal = first.byte == .quote ? stringEnd(from: position) : characterLiteralEnd(from: position) else { return false }
                position = literal.end
                kind = literal.kind
            case .slash:
                let next = character(at: position)
                if next.byte == .slash {
                    guard let end = lineCommentEnd(from: position + next.size) else { return false }
                    position = end
                    kind = .comment
                } else if next.byte == .star {
                    switch blockCommentEnd(from: position + next.size) {
                    case .end(let end):
                        position = end
                        kind = .comment
                    case .unterminated:
                        return true
                    case .unmodelled:
                        return false
                    }
                } else {
                    position = punctuationEnd(after: first.byte, at: position)
                    kind = .punctuation
                }
            case UInt8(ascii: "."):
                let next = character(at: position)
                if next.byte.isDigit {
                    guard let end = numberEnd(from: position + next.size, start: start, previous: next.byte) else { return false }
                    position = end
                    kind = .literal
                } else {
                    position = punctuationEnd(after: first.byte, at: position)
                    kind = .punctuation
                }
            case .backslash, 0, 0x80...:
                return false
            default:
                position = punctuationEnd(after: first.byte, at: position)
                kind = .punctuation
            }
            append(kind, start, position)
        }
    }

    /// Appends a token; an identifier whose text is a keyword becomes one.
    private mutating func append(_ kind: Token.Kind, _ start: Int, _ end: Int) {
        while counted < start {
            let byte = bytes[counted]
            counted += 1
            if byte == .newline || (byte == .carriageReturn && (counted >= count || bytes[counted] != .newline)) {
                line += 1
                lineStart = counted
            }
        }
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let text = String(decoding: slice, as: UTF8.self)
        tokens.append(Token(kind: kind == .identifier && CppKeywords.contains(slice) ? .keyword : kind,
                            start: start, end: end, line: line, column: start - lineStart + 1, text: text))
    }

    // MARK: - Identifiers and numbers

    /// The end of an identifier whose first character was `first`; nil where a splice, a backslash or a byte outside
    /// ASCII is in or right after it.
    private func identifierEnd(from position: Int, first: (byte: UInt8, size: Int)) -> Int? {
        guard first.size == 1 else { return nil }
        var end = position
        while true {
            let next = character(at: end)
            if next.byte.continuesIdentifier || next.byte == UInt8(ascii: "$") {
                guard next.size == 1 else { return nil }
                end += 1
            } else if next.byte == .backslash || next.byte >= 0x80 {
                return nil
            } else {
                return end
            }
        }
    }

    /// The end of a preprocessing number that started at `start` (`previous` is its last character so far).
    private func numberEnd(from position: Int, start: Int, previous: UInt8) -> Int? {
        var end = position
        var previous = previous
        while true {
            let next = character(at: end)
            if next.byte.continuesIdentifier || next.byte == UInt8(ascii: ".") {
                end += next.size
                previous = next.byte
                continue
            }
            let isSign = next.byte == UInt8(ascii: "+") || next.byte == UInt8(ascii: "-")
            if isSign && (previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")) {
                end += next.size
                previous = next.byte
                continue
            }
            // Outside C99, `p+` continues only a hexadecimal number.
            if isSign && (previous == UInt8(ascii: "p") || previous == UInt8(ascii: "P")) && isHexadecimal(start) {
                end += next.size
                previous = next.byte
                continue
            }
            if next.byte == .apostrophe {
                let after = character(at: end + next.size)
                if after.byte.continuesIdentifier {
                    end += next.size + after.size
                    previous = 0
                    continue
                }
            }
            if next.byte == .backslash || next.byte >= 0x80 { return nil }
            return end
        }
    }

    private func isHexadecimal(_ start: Int) -> Bool {
        let zero = character(at: start)
        guard zero.byte == UInt8(ascii: "0") else { return false }
        let x = character(at: start + zero.size).byte
        return x == UInt8(ascii: "x") || x == UInt8(ascii: "X")
    }

    // MARK: - Literals

    private enum Prefixed {
        case token(end: Int, kind: Token.Kind)
        /// An identifier starts there.
        case identifier
        case unmodelled

        init(_ literal: (end: Int, kind: Token.Kind)?) {
            self = literal.map { .token(end: $0.end, kind: $0.kind) } ?? .unmodelled
        }
    }

    /// After an `L`, `u`, `U` or `R` at `position - 1`: the literal it prefixes, if any.
    private func literalAfterPrefix(_ prefix: UInt8, at position: Int) -> Prefixed {
        let next = character(at: position)
        let afterNext = position + next.size
        if prefix == UInt8(ascii: "R") {
            return next.byte == .quote ? Prefixed(rawStringEnd(from: afterNext)) : .identifier
        }
        switch next.byte {
        case .quote:
            return Prefixed(stringEnd(from: afterNext))
        case .apostrophe:
            return Prefixed(characterLiteralEnd(from: afterNext))
        case UInt8(ascii: "R"):
            let quote = character(at: afterNext)
            return quote.byte == .quote ? Prefixed(rawStringEnd(from: afterNext + quote.size)) : .identifier
        case UInt8(ascii: "8") where prefix == UInt8(ascii: "u"):
            let third = character(at: afterNext)
            switch third.byte {
            case .quote:
                return Prefixed(stringEnd(from: afterNext + third.size))
            case .apostrophe:
                return Prefixed(characterLiteralEnd(from: afterNext + third.size))
            case UInt8(ascii: "R"):
                let quote = character(at: afterNext + third.size)
                return quote.byte == .quote ? Prefixed(rawStringEnd(from: afterNext + third.size + quote.size)) : .identifier
            default:
                return .identifier
            }
        default:
            return .identifier
        }
    }

    /// After the opening quote of a string literal.
    private func stringEnd(from position: Int) -> (end: Int, kind: Token.Kind)? {
        quotedEnd(from: position, closing: .quote, isString: true)
    }

    /// After the opening apostrophe of a character literal; `''` is one unknown token.
    private func characterLiteralEnd(from position: Int) -> (end: Int, kind: Token.Kind)? {
        let first = character(at: position)
        if first.byte == .apostrophe { return (position + first.size, .punctuation) }
        return quotedEnd(from: position, closing: .apostrophe, isString: false)
    }

    /// The end of a quoted literal and its suffix; a line break or the end of the file before the closing quote makes
    /// everything before it one unknown token.
    private func quotedEnd(from position: Int, closing: UInt8, isString: Bool) -> (end: Int, kind: Token.Kind)? {
        var end = position
        while true {
            var next = character(at: end)
            end += next.size
            if next.byte == closing { break }
            if next.byte == .backslash {
                next = character(at: end)
                end += next.size
            }
            if next.byte.isLineBreak || isEnd(end - next.size, next) { return (end - 1, .punctuation) }
            if next.byte == 0 { return nil }
        }
        return suffixEnd(from: end, isString: isString).map { ($0, .literal) }
    }

    /// After `R"` (with any prefix before the `R`).
    private func rawStringEnd(from position: Int) -> (end: Int, kind: Token.Kind)? {
        var delimiterLength = 0
        while delimiterLength < 16, position + delimiterLength < count, bytes[position + delimiterLength].isRawDelimiter {
            delimiterLength += 1
        }
        guard position + delimiterLength < count, bytes[position + delimiterLength] == UInt8(ascii: "(") else { return nil }
        let delimiter = UnsafeBufferPointer(rebasing: bytes[position..<(position + delimiterLength)])
        var end = position + delimiterLength + 1
        while end < count {
            let byte = bytes[end]
            end += 1
            if byte == UInt8(ascii: ")"), end + delimiterLength < count,
               UnsafeBufferPointer(rebasing: bytes[end..<(end + delimiterLength)]).elementsEqual(delimiter),
               bytes[end + delimiterLength] == .quote {
                return suffixEnd(from: end + delimiterLength + 1, isString: true).map { ($0, .literal) }
            }
        }
        // Unterminated: everything to the end is one unknown token.
        return (count, .punctuation)
    }

    /// The end of a literal's user-defined suffix starting at `position` (`position` when there is none). C++17
    /// takes a suffix that starts with `_`, and after a string the library's `s`, `sv`, `h`, `min`, `ms`, `us`, `ns`,
    /// `il`, `i`, `if`; any other letters after a literal are a separate token.
    private func suffixEnd(from position: Int, isString: Bool) -> Int? {
        let first = character(at: position)
        guard first.byte.isLetter || first.byte == 95 else {
            return first.byte == .backslash || first.byte >= 0x80 ? nil : position
        }
        if first.byte != 95 {
            guard isString else { return position }
            var spelling = [first.byte]
            var end = position + first.size
            while true {
                let next = character(at: end)
                guard next.byte.continuesIdentifier else { break }
                guard spelling.count < 3 else { return position }
                spelling.append(next.byte)
                end += next.size
            }
            guard Lexing.standardStringSuffixes.contains(String(decoding: spelling, as: UTF8.self)) else {
                return position
            }
        }
        var end = position
        while true {
            let next = character(at: end)
            if next.byte.continuesIdentifier {
                end += next.size
            } else if next.byte == .backslash || next.byte >= 0x80 {
                return nil
            } else {
                return end
            }
        }
    }

    // MARK: - Comments

    /// After `//`: the line break that ends the comment, one a backslash before it does not continue.
    private func lineCommentEnd(from position: Int) -> Int? {
        var end = position
        while true {
            while end < count, !bytes[end].isLineBreak { end += 1 }
            guard end < count else { return count }
            var escape = end - 1
            while bytes[escape].isHorizontalSpace { escape -= 1 }
            guard bytes[escape] == .backslash else { return end }
            let continued = character(at: escape)
            // clang reads a blank line (or the end) after the splice as part of the comment: not modelled.
            guard !continued.byte.isLineBreak, continued.byte != 0 else { return nil }
            end = escape + continued.size
        }
    }

    private enum BlockCommentEnd {
        case end(Int)
        /// Open at the end of the file: clang gives no token for it and stops.
        case unterminated
        case unmodelled
    }

    /// After `/*`: just past the `*/`.
    private func blockCommentEnd(from position: Int) -> BlockCommentEnd {
        let first = character(at: position)
        if isEnd(position, first) { return .unterminated }
        // The first character never ends the comment: `/*/` does not.
        var end = position + first.size
        while end < count {
            let byte = bytes[end]
            end += 1
            guard byte == .slash else { continue }
            if bytes[end - 2] == .star { return .end(end) }
            if bytes[end - 2].isLineBreak {
                var escape = end - 3
                while escape > position, bytes[escape].isLineBreak || bytes[escape].isHorizontalSpace { escape -= 1 }
                if bytes[escape] == .backslash { return .unmodelled }
            }
        }
        return .unterminated
    }

    // MARK: - Punctuation

    /// The end of the punctuator whose first byte `first` ends just before `position`.
    private func punctuationEnd(after first: UInt8, at position: Int) -> Int {
        let second = character(at: position)
        let third = character(at: position + second.size)
        let two = position + second.size, three = two + third.size
        func ascii(_ text: Unicode.Scalar) -> UInt8 { UInt8(ascii: text) }
        switch first {
        case ascii("&"), ascii("+"), ascii("|"):
            return second.byte == first || second.byte == ascii("=") ? two : position
        case ascii("*"), ascii("!"), ascii("^"), ascii("/"), ascii("="):
            return second.byte == ascii("=") ? two : position
        case ascii("-"):
            if second.byte == ascii(">") { return third.byte == ascii("*") ? three : two }
            return second.byte == ascii("-") || second.byte == ascii("=") ? two : position
        case ascii("."):
            if second.byte == ascii("*") { return two }
            return second.byte == ascii(".") && third.byte == ascii(".") ? three : position
        case ascii("%"):
            if second.byte == ascii("=") || second.byte == ascii(">") { return two }
            guard second.byte == ascii(":") else { return position }
            // `%:%:` is `##`, `%:` is `#`.
            let fourth = character(at: three)
            return third.byte == ascii("%") && fourth.byte == ascii(":") ? three + fourth.size : two
        case ascii("<"):
            if second.byte == ascii("<") { return third.byte == ascii("=") ? three : two }
            if second.byte == ascii("=") || second.byte == ascii("%") { return two }
            guard second.byte == ascii(":") else { return position }
            // `<::` is `<` then `::` unless a `:` or `>` follows.
            if third.byte == ascii(":") {
                let fourth = character(at: three).byte
                if fourth != ascii(":") && fourth != ascii(">") { return position }
            }
            return two
        case ascii(">"):
            if second.byte == ascii("=") { return two }
            if second.byte == ascii(">") { return third.byte == ascii("=") ? three : two }
            return position
        case ascii(":"):
            return second.byte == ascii(">") || second.byte == ascii(":") ? two : position
        case ascii("#"):
            return second.byte == ascii("#") ? two : position
        default:
            return position
        }
    }
}
