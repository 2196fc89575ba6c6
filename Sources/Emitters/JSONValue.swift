import MojifyCore

/// A JSON document that keeps the order of object keys and the spelling of numbers, so that a manifest
/// read and written back changes only where mojify changes it (Foundation's JSONSerialization loses both).
indirect enum JSONValue: Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    /// The number as written.
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case let (.array(a), .array(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.bool(a), .bool(b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// Two-space indentation, one member per line, a final newline.
    func printed() -> String {
        var out = ""
        write(to: &out, indent: "", unit: "  ", newline: "\n")
        return out + "\n"
    }

    /// One member or item per line, nested lines starting with `indent` plus `unit` per level; the first line
    /// is not indented and there is no final line break, so the text can be inserted into another document.
    func printed(indent: String, unit: String, newline: String) -> String {
        var out = ""
        write(to: &out, indent: indent, unit: unit, newline: newline)
        return out
    }

    /// On one line: `{"a": [1, 2]}`.
    func inline() -> String {
        switch self {
        case let .object(members): "{" + members.map { Self.quoted($0.0) + ": " + $0.1.inline() }.joined(separator: ", ") + "}"
        case let .array(items): "[" + items.map { $0.inline() }.joined(separator: ", ") + "]"
        default: printed(indent: "", unit: "", newline: "")
        }
    }

    private func write(to out: inout String, indent: String, unit: String, newline: String) {
        switch self {
        case let .object(members) where members.isEmpty:
            out += "{}"
        case let .object(members):
            out += "{" + newline
            for (index, (key, value)) in members.enumerated() {
                out += indent + unit + Self.quoted(key) + ": "
                value.write(to: &out, indent: indent + unit, unit: unit, newline: newline)
                out += (index == members.count - 1 ? "" : ",") + newline
            }
            out += indent + "}"
        case let .array(items) where items.isEmpty:
            out += "[]"
        case let .array(items):
            out += "[" + newline
            for (index, item) in items.enumerated() {
                out += indent + unit
                item.write(to: &out, indent: indent + unit, unit: unit, newline: newline)
                out += (index == items.count - 1 ? "" : ",") + newline
            }
            out += indent + "]"
        case let .string(text): out += Self.quoted(text)
        case let .number(text): out += text
        case let .bool(value): out += value ? "true" : "false"
        case .null: out += "null"
        }
    }

    static func quoted(_ text: String) -> String {
        StableJSON.quoted(text)
    }
}

/// A parsed JSON value and where it sits in its text (UTF-8 byte offsets), so that an edit can change a few
/// bytes and leave the rest of the file exactly as it was.
struct JSONNode {
    struct Member {
        var key: String
        /// Offset of the key's opening quote.
        var keyStart: Int
        var value: JSONNode
    }

    enum Content {
        case object([Member])
        case array([JSONNode])
        case scalar(JSONValue)
    }

    var content: Content
    /// Offset of the first byte of the value.
    var start: Int
    /// Offset just after its last byte.
    var end: Int

    var value: JSONValue {
        switch content {
        case let .object(members): .object(members.map { ($0.key, $0.value.value) })
        case let .array(items): .array(items.map(\.value))
        case let .scalar(value): value
        }
    }
}

/// A place in a JSON text where it stops being valid JSON.
struct JSONSyntaxError: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
}

/// A strict RFC 8259 parser over the UTF-8 bytes, reporting the line and column of the first error.
struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0

    static func parse(_ text: String) throws -> JSONValue {
        try parseNode(Array(text.utf8)).value
    }

    /// The document in `bytes` with the position of every value; offsets count from the first byte (a
    /// byte-order mark included).
    static func parseNode(_ bytes: [UInt8]) throws -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipWhitespace()
        let node = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return node
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> JSONSyntaxError {
        let place = Self.lineAndColumn(of: position, in: bytes)
        return JSONSyntaxError(line: place.line, column: place.column, message: message)
    }

    /// The 1-based line and column of a byte offset; columns count characters, not bytes.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0 ..< min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Skip UTF-8 continuation bytes.
        let column = bytes[lineStart ..< min(offset, bytes.count)].filter { $0 & 0xC0 != 0x80 }.count + 1
        return (line, column)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        let expected = Array(literal.utf8)
        guard bytes.count - position >= expected.count, Array(bytes[position ..< position + expected.count]) == expected else {
            throw error("expected '\(literal)'")
        }
        position += expected.count
    }

    private mutating func value(depth: Int) throws -> JSONNode {
        guard depth < 512 else { throw error("nested too deeply") }
        guard let byte = current else { throw error("unexpected end of the file; a value is missing") }
        let start = position
        let content: JSONNode.Content
        switch byte {
        case UInt8(ascii: "{"): content = .object(try object(depth: depth))
        case UInt8(ascii: "["): content = .array(try array(depth: depth))
        case UInt8(ascii: "\""): content = .scalar(.string(try string()))
        case UInt8(ascii: "t"): try expect("true"); content = .scalar(.bool(true))
        case UInt8(ascii: "f"): try expect("false"); content = .scalar(.bool(false))
        case UInt8(ascii: "n"): try expect("null"); content = .scalar(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): content = .scalar(try number())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
        return JSONNode(content: content, start: start, end: position)
    }

    private mutating func object(depth: Int) throws -> [JSONNode.Member] {
        position += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") { position += 1; return [] }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let keyStart = position
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after the key") }
            position += 1
            skipWhitespace()
            members.append(JSONNode.Member(key: key, keyStart: keyStart, value: try value(depth: depth + 1)))
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            if current == UInt8(ascii: "}") { position += 1; return members }
            throw error("expected ',' or '}' in the object")
        }
    }

    private mutating func array(depth: Int) throws -> [JSONNode] {
        position += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") { position += 1; return [] }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            if current == UInt8(ascii: "]") { position += 1; return items }
            throw error("expected ',' or ']' in the array")
        }
    }

    private mutating func string() throws -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
            run.removeAll()
        }
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                flush()
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush()
                position += 1
                guard let escape = current else { throw error("unfinished escape") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800 ... 0xDBFF).contains(code) {
                        try expect("\\u")
                        let low = try hex4()
                        guard (0xDC00 ... 0xDFFF).contains(low) else { throw error("invalid UTF-16 surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    position -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0x00 ..< 0x20:
                throw error("control character in a string; escape it")
            default:
                run.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - position >= 4, let code = UInt32(String(decoding: bytes[position ..< position + 4], as: UTF8.self), radix: 16) else {
            throw error("expected four hex digits after \\u")
        }
        position += 4
        return code
    }

    private mutating func number() throws -> JSONValue {
        let start = position
        func digits() -> Int {
            let from = position
            while let byte = current, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) { position += 1 }
            return position - from
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw error("expected a digit in the exponent") }
        }
        return .number(String(decoding: bytes[start ..< position], as: UTF8.self))
    }
}
