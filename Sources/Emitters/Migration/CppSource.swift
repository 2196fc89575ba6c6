/// A C++ file as bytes, with the few lexical moves the rewrites need: positions from line and column (libclang's
/// columns count bytes), skipping spaces, reading names, and matching brackets past comments and literals.
struct CppSource {
    let bytes: [UInt8]
    /// Byte offset where each line starts; line 1 is index 0.
    let lineStarts: [Int]
    /// The code's tokens (`scanTokens`): every rewrite reads the same ones, so they are read once per file.
    private(set) var tokens: [CppToken] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(index + 1) }
        lineStarts = starts
        tokens = scanTokens()
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

    /// The end of the line holding `offset`: the offset of its newline, or the end of the file.
    func lineEnd(of offset: Int) -> Int {
        var index = offset
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return index
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
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

    /// The offset just after the last byte before `offset` that is neither space nor comment (`offset` itself
    /// when none precedes it).
    func skipSpaceBackward(from offset: Int) -> Int {
        var index = offset
        while true {
            while index > 0, Self.isSpace(bytes[index - 1]) { index -= 1 }
            if index >= 2, bytes[index - 1] == UInt8(ascii: "/"), bytes[index - 2] == UInt8(ascii: "*") {
                var open = index - 3
                while open > 0, !(bytes[open - 1] == UInt8(ascii: "/") && bytes[open] == UInt8(ascii: "*")) { open -= 1 }
                guard open > 0 else { return index }
                index = open - 1
            } else if let comment = lineCommentStart(before: index) {
                index = comment
            } else {
                return index
            }
        }
    }

    /// Where a `//` comment starts on the line holding `offset - 1`, when `offset` lies inside or at the end of it.
    private func lineCommentStart(before offset: Int) -> Int? {
        guard offset > 0 else { return nil }
        var index = lineStarts[line(of: offset - 1) - 1]
        var quote: UInt8?
        while index + 1 < offset {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The name ending just before `end`, with its start; nil when no name ends there.
    func name(endingAt end: Int) -> (text: String, start: Int)? {
        var start = end
        while start > 0, Self.isNameByte(bytes[start - 1]) { start -= 1 }
        return start < end ? (text(start..<end), start) : nil
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

    /// Given the offset of an opening bracket, the offset of its closing partner and the offsets of the commas at
    /// its own depth; skips string and character literals and comments. `sawComment` tells whether a comment lies
    /// inside. Nil when the file ends first.
    func matchingBracket(at open: Int) -> (close: Int, commas: [Int], sawComment: Bool)? {
        var depth = 0
        var commas: [Int] = []
        var sawComment = false
        var index = open
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return (index, commas, sawComment) }
            case UInt8(ascii: ",") where depth == 1:
                commas.append(index)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard let end = literalEnd(at: index) else { return nil }
                index = end
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                sawComment = true
                index = lineEnd(of: index)
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                sawComment = true
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                index = end + 2
                continue
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The offset just past a string or character literal starting at `start` (raw strings included).
    func literalEnd(at start: Int) -> Int? {
        let quote = bytes[start]
        if quote == UInt8(ascii: "\""), start > 0, bytes[start - 1] == UInt8(ascii: "R") {
            // R"delimiter( ... )delimiter"
            var open = start + 1
            while open < bytes.count, bytes[open] != UInt8(ascii: "(") { open += 1 }
            let closing = ")" + text((start + 1)..<min(open, bytes.count)) + "\""
            var index = open
            while index < bytes.count {
                if hasBytes(closing, at: index) { return index + closing.utf8.count }
                index += 1
            }
            return nil
        }
        var index = start + 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == quote { return index + 1 }
            if bytes[index] == UInt8(ascii: "\n") { return nil }
            index += 1
        }
        return nil
    }
}
