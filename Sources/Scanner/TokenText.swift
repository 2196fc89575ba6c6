/// Turning token runs back into text the way the source wrote them.
enum TokenText {
    /// The comments that end on the line right above `tokens[index]` and on each line above those, with no blank
    /// line or code between: what the engineers wrote about the construct. Comment markers and `*` gutters are
    /// removed, lines are joined into one paragraph.
    static func commentAbove(_ index: Int, in tokens: [Token]) -> String? {
        var line = tokens[index].line
        var start = index
        // Only what stands alone on its lines: a comment after code on the line above belongs to that code.
        while start > 0, tokens[start - 1].kind == .comment,
              tokens[start - 1].line + newlineCount(tokens[start - 1].text) == line - 1,
              start - 1 == 0 || tokens[start - 2].line < tokens[start - 1].line {
            start -= 1
            line = tokens[start].line
        }
        guard start < index else { return nil }
        var paragraph: [UInt8] = []
        for token in tokens[start..<index] {
            appendWords(ofComment: token.text, to: &paragraph)
        }
        return paragraph.isEmpty ? nil : String(decoding: paragraph, as: UTF8.self)
    }

    /// How many line breaks `text` holds, counted as the lexer counts lines (`\n`, `\r\n`, a lone `\r`), so that a
    /// comment's last line is known from its first. (Counting `Character`s that are newlines would also count
    /// form feeds and vertical tabs, and merge a lone `\r` with a later `\n`.)
    static func newlineCount(_ text: String) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") || previous == UInt8(ascii: "\r") { count += 1 }
            previous = byte
        }
        return previous == UInt8(ascii: "\r") ? count + 1 : count
    }

    /// Appends the words of one comment to `paragraph`, each after a space unless it is the first: the comment
    /// markers dropped, on each line the leading blanks and `*` gutter dropped, words split at white space.
    /// `Character` semantics (a line ends at a `\n` that is not part of `\r\n`); ASCII text on its bytes.
    static func appendWords(ofComment comment: String, to paragraph: inout [UInt8]) {
        var comment = comment
        let isASCII = comment.withUTF8 { bytes -> Bool in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            let (slash, star, newline, carriageReturn) = (UInt8(ascii: "/"), UInt8(ascii: "*"), UInt8(ascii: "\n"), UInt8(ascii: "\r"))
            var (from, to) = (0, bytes.count)
            if bytes.count >= 2 && bytes[0] == slash && bytes[1] == slash {
                while from < to && bytes[from] == slash { from += 1 }
            } else if bytes.count >= 2 && bytes[0] == slash && bytes[1] == star {
                let closed = bytes[to - 2] == star && bytes[to - 1] == slash
                from = 2
                to = max(from, to - (closed ? 2 : 0))
            }
            var (atLineStart, inWord) = (true, false)
            for offset in from..<to {
                let byte = bytes[offset]
                if byte == newline && (offset == from || bytes[offset - 1] != carriageReturn) {
                    (atLineStart, inWord) = (true, false)
                } else if atLineStart && (byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == star) {
                    continue
                } else if byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) {
                    (atLineStart, inWord) = (false, false)
                } else {
                    if !inWord && !paragraph.isEmpty { paragraph.append(UInt8(ascii: " ")) }
                    paragraph.append(byte)
                    (atLineStart, inWord) = (false, true)
                }
            }
            return true
        }
        guard !isASCII else { return }
        var text = Substring(comment)
        if text.hasPrefix("//") { text = text.drop { $0 == "/" } } else if text.hasPrefix("/*") {
            text = text.dropFirst(2).dropLast(text.hasSuffix("*/") ? 2 : 0)
        }
        let words = text.split(separator: "\n").flatMap { line in
            line.drop { $0 == " " || $0 == "\t" || $0 == "*" }.split(whereSeparator: \.isWhitespace)
        }
        for word in words {
            if !paragraph.isEmpty { paragraph.append(UInt8(ascii: " ")) }
            paragraph.append(contentsOf: word.utf8)
        }
    }

    /// The tokens' text, with one space wherever the source had white space or a comment between two tokens,
    /// so `std::map<int,  /* key */ int>` becomes `std::map<int, int>` and multi-line arguments become one line.
    static func join<C: Collection>(_ tokens: C) -> String where C.Element == Token {
        var text = ""
        var previousEnd: Int?
        for token in tokens where token.kind != .comment {
            if let previousEnd, token.start != previousEnd { text += " " }
            text += token.text
            previousEnd = token.end
        }
        return text
    }

    /// The words of a comment (`/* mime_type */` -> `mime_type`, `// NOLINT` -> `NOLINT`).
    static func commentBody(_ comment: String) -> String {
        // Asked of every comment in a message's arguments: ASCII (nearly all) is cut on its bytes.
        var ascii = comment
        if let body = ascii.withUTF8({ asciiCommentBody($0) }) { return body }
        var body = Substring(comment)
        if body.hasPrefix("//") {
            body = body.dropFirst(2)
        } else if body.hasPrefix("/*") {
            body = body.dropFirst(2)
            if body.hasSuffix("*/") { body = body.dropLast(2) }
        }
        // ASCII is trimmed on its bytes: Foundation's trimming bridges the text first.
        let utf8 = body.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return body.trimmingCharacters(in: .whitespacesAndNewlines) }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) }
        guard let first = utf8.firstIndex(where: { !isBlank($0) }), let last = utf8.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(body[first...last])
    }

    /// `commentBody` of an ASCII comment; nil for any other.
    private static func asciiCommentBody(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        var (start, end) = (0, bytes.count)
        if end >= 2 && bytes[0] == slash && (bytes[1] == slash || bytes[1] == star) {
            start = 2
            if bytes[1] == star && end - start >= 2 && bytes[end - 2] == star && bytes[end - 1] == slash { end -= 2 }
        }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) }
        while start < end && isBlank(bytes[start]) { start += 1 }
        while end > start && isBlank(bytes[end - 1]) { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}

import Foundation
