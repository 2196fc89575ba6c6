import Foundation

/// How the scanner tells whether a file's bytes are text it can read: UTF-8 (what libclang lexes), UTF-16 (turned
/// into UTF-8 first), or neither. A file it cannot read in full is reported, never taken as free of IPC.
public enum TextEncoding {
    /// A place in a file's text: 1-based line, and column in bytes as libclang counts them.
    public struct Position: Equatable, Sendable {
        public var line: Int
        public var column: Int
    }

    public enum UTF16Order: Equatable {
        case littleEndian, bigEndian
    }

    /// The byte order of UTF-16 text and the length of its byte-order mark (0 or 2), or nil for any other bytes.
    /// Without a mark, UTF-16 is recognised by the NUL bytes of ASCII characters: every other byte is NUL (at
    /// least half the code units of the first 8000 bytes), the bytes between never are.
    public static func utf16Order(_ bytes: UnsafeRawBufferPointer) -> (order: UTF16Order, markLength: Int)? {
        guard bytes.count >= 2 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0xFF, 0xFE): return (.littleEndian, 2)
        case (0xFE, 0xFF): return (.bigEndian, 2)
        default: break
        }
        let units = min(bytes.count, 8000) / 2
        // Every file is asked, and almost none has a NUL byte: one memchr settles those.
        guard units >= 2, firstNUL(UnsafeRawBufferPointer(rebasing: bytes[..<(2 * units)])) != nil else { return nil }
        var nulLow = 0, nulHigh = 0
        for unit in 0..<units {
            if bytes[2 * unit] == 0 { nulLow += 1 }
            if bytes[2 * unit + 1] == 0 { nulHigh += 1 }
        }
        if nulLow == 0 && nulHigh * 2 >= units { return (.littleEndian, 0) }
        if nulHigh == 0 && nulLow * 2 >= units { return (.bigEndian, 0) }
        return nil
    }

    /// UTF-16 text as UTF-8, without its byte-order mark; or where it stops being UTF-16 (an unpaired surrogate,
    /// an odd byte at the end), as a position in the text decoded up to there.
    public static func utf8(fromUTF16 bytes: UnsafeRawBufferPointer, order: UTF16Order, markLength: Int) -> Result<[UInt8], Undecodable> {
        let body = UnsafeRawBufferPointer(rebasing: bytes[markLength...])
        let units = (0..<body.count / 2).lazy.map { index -> UInt16 in
            let first = UInt16(body[2 * index]), second = UInt16(body[2 * index + 1])
            return order == .littleEndian ? first | second << 8 : first << 8 | second
        }
        var text: [UInt8] = []
        text.reserveCapacity(body.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { text.append($0) }
        guard !failed, body.count % 2 == 0 else {
            return .failure(Undecodable(position: position(ofOffset: text.count, in: text)))
        }
        return .success(text)
    }

    /// Calls `body` with the bytes as UTF-8: transcoded when they are UTF-16 that decodes, else as they are.
    public static func withUTF8<Result>(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let (order, markLength) = utf16Order(bytes), case let .success(text) = utf8(fromUTF16: bytes, order: order, markLength: markLength) {
            return text.withUnsafeBytes(body)
        }
        return body(bytes)
    }

    /// Where UTF-16 text stops decoding.
    public struct Undecodable: Error, Equatable {
        public var position: Position
    }

    /// The offset of the first NUL byte.
    public static func firstNUL(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, let found = memchr(base, 0, bytes.count) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// The offsets of the bytes that start a sequence that is not UTF-8, in order.
    public static func invalidUTF8Offsets(_ bytes: [UInt8]) -> [Int] {
        // Most files are ASCII throughout: only the part from the first non-ASCII byte on needs decoding.
        guard let firstNonASCII = bytes.firstIndex(where: { $0 >= 0x80 }) else { return [] }
        var offsets: [Int] = []
        var offset = firstNonASCII
        var iterator = bytes[firstNonASCII...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar):
                offset += scalar.count
            case let .error(length):
                offsets.append(offset)
                offset += length
            case .emptyInput:
                return offsets
            }
        }
    }

    /// The line and byte column of `offset` in `bytes`, lines ending as the lexers end them: at `\n`, `\r\n` or a
    /// lone `\r`.
    public static func position(ofOffset offset: Int, in bytes: some Collection<UInt8>) -> Position {
        var line = 1, lineStart = 0, index = 0
        var previous: UInt8 = 0
        for byte in bytes.prefix(offset) {
            if previous == 0x0D && byte != 0x0A {
                line += 1
                lineStart = index
            }
            index += 1
            if byte == 0x0A {
                line += 1
                lineStart = index
            }
            previous = byte
        }
        // A lone `\r` right before `offset` ends a line too, unless the byte at `offset` is its `\n`.
        if previous == 0x0D, bytes.dropFirst(offset).first != 0x0A {
            line += 1
            lineStart = index
        }
        return Position(line: line, column: offset - lineStart + 1)
    }
}

extension TextEncoding {
    /// A file's contents as text the way the scanner reads it (UTF-16 turned into UTF-8, anything else read as
    /// UTF-8 with bad bytes replaced), so that line numbers elsewhere agree with the inventory's.
    public static func text(of data: Data) -> String {
        data.withUnsafeBytes { raw in withUTF8(raw) { String(decoding: $0, as: UTF8.self) } }
    }
}
