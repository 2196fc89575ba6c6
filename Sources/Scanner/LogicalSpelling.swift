import Foundation

/// What the preprocessor does to a file's bytes before it looks at tokens: line splices (a backslash, optional
/// blanks, a line break) are removed, and digraphs stand for the punctuators they spell (`%:` is `#`). Raw tokens,
/// from either lexer, keep the bytes as written; the recogniser reads them as the preprocessor does, or
/// `IPC_MESSAGE_CON\` + `TROL1(...)` and `%:define` would hide what compilers see.
enum LogicalSpelling {
    private static let backslash = UInt8(ascii: "\\")

    /// Punctuators written as digraphs, by their spelling.
    private static let digraphs: [String: String] = ["%:": "#", "%:%:": "##", "<:": "[", ":>": "]", "<%": "{", "%>": "}"]
    private static let digraphBytes = NeedleSearch(["%:", "<:", ":>", "<%", "%>"].map { Array($0.utf8) })

    /// A line break at `offset` in `bytes`: its length (`\r\n` and `\n\r` are one, as clang reads them), 0 for none.
    @inline(__always)
    static func lineBreakLength(at offset: Int, in bytes: UnsafeRawBufferPointer) -> Int {
        guard offset < bytes.count, bytes[offset] == 10 || bytes[offset] == 13 else { return 0 }
        return offset + 1 < bytes.count && (bytes[offset + 1] == 10 || bytes[offset + 1] == 13) && bytes[offset + 1] != bytes[offset] ? 2 : 1
    }

    /// If a line splice starts at `offset` (a backslash there), the offset just past it.
    static func spliceEnd(at offset: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        guard offset < bytes.count, bytes[offset] == backslash else { return nil }
        var next = offset + 1
        while next < bytes.count, bytes[next] == 32 || bytes[next] == 9 || bytes[next] == 11 || bytes[next] == 12 { next += 1 }
        let length = lineBreakLength(at: next, in: bytes)
        return length == 0 ? nil : next + length
    }

    /// The offsets of the backslashes that start line splices, in order.
    private static func spliceStarts(_ bytes: UnsafeRawBufferPointer) -> [Int] {
        var starts: [Int] = []
        var from = 0
        while from < bytes.count, let found = memchr(bytes.baseAddress! + from, Int32(backslash), bytes.count - from) {
            let offset = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
            if spliceEnd(at: offset, in: bytes) != nil { starts.append(offset) }
            from = offset + 1
        }
        return starts
    }

    /// `tokens` of `source` as the preprocessor spells them: line splices removed from every token but comments,
    /// digraphs replaced by their punctuators. The extents stay as written. Most files need no change, and are
    /// then not copied.
    static func apply(to tokens: inout [Token], source: [UInt8]) {
        let changes: [(index: Int, text: String)] = source.withUnsafeBytes { bytes in
            let splices = spliceStarts(bytes)
            // Most files hold neither: their tokens need no look.
            guard !splices.isEmpty || digraphBytes.matches(bytes) else { return [] }
            var changes: [(index: Int, text: String)] = []
            var next = 0
            // Fields are read in place: a copy of each token would retain and release its text.
            for index in tokens.indices where tokens[index].kind != .comment {
                let (start, end) = (tokens[index].start, tokens[index].end)
                while next < splices.count && splices[next] < start { next += 1 }
                if next < splices.count && splices[next] < end {
                    let text = spliced(start..<end, bytes: bytes)
                    changes.append((index, tokens[index].kind == .punctuation ? digraphs[text] ?? text : text))
                } else if tokens[index].kind == .punctuation, end - start == 2 || end - start == 4,
                          isDigraph(bytes[start], bytes[start + 1]), let canonical = digraphs[tokens[index].text] {
                    changes.append((index, canonical))
                }
            }
            return changes
        }
        for (index, text) in changes { tokens[index].text = text }
    }

    /// Whether a punctuator starting with these two bytes is a digraph (`::` and `<<`, which are not, abound).
    @inline(__always)
    private static func isDigraph(_ first: UInt8, _ second: UInt8) -> Bool {
        switch (first, second) {
        case (UInt8(ascii: "%"), UInt8(ascii: ":")), (UInt8(ascii: "%"), UInt8(ascii: ">")), (UInt8(ascii: "<"), UInt8(ascii: ":")),
             (UInt8(ascii: "<"), UInt8(ascii: "%")), (UInt8(ascii: ":"), UInt8(ascii: ">")):
            true
        default:
            false
        }
    }

    /// The token's bytes without the splices in them.
    private static func spliced(_ range: Range<Int>, bytes: UnsafeRawBufferPointer) -> String {
        var kept: [UInt8] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            if let end = spliceEnd(at: offset, in: bytes) {
                offset = end
            } else {
                kept.append(bytes[offset])
                offset += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Whether an unspliced line break lies in `bytes[from..<to]`, white space between two tokens: where a
    /// directive ends. A line break counts whether it is `\n`, `\r\n` or a lone `\r`.
    static func hasLineBreak(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Bool {
        var offset = from
        while offset < to {
            if let end = spliceEnd(at: offset, in: bytes) {
                offset = end
            } else if lineBreakLength(at: offset, in: bytes) > 0 {
                return true
            } else {
                offset += 1
            }
        }
        return false
    }
}
