import Foundation

/// A compact positional encoding of `Codable` values for the scan cache, several times quicker to decode than JSON.
///
/// Keys are not written: values follow each other in the order `encode(to:)` writes them, which for synthesised
/// conformances is the order `init(from:)` reads them. Optionals carry a presence byte, sequences a count, and
/// dictionaries with string keys a count and their entries, keys sorted. Other types that need to enumerate keys
/// while decoding (enums with payloads) cannot be read back: decoding throws, and the cache treats that as a
/// miss, never as a wrong answer.
enum BinaryCoding {
    static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let sink = Sink()
        try value.encode(to: BinaryEncoder(sink: sink))
        return sink.bytes
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: some ContiguousBytes) throws -> Value {
        try bytes.withUnsafeBytes { raw in
            let source = Source(bytes: raw)
            let value = try Value(from: BinaryDecoder(source: source))
            guard source.offset == raw.count else { throw Source.corrupt("trailing bytes") }
            return value
        }
    }

    // MARK: - Encoding

    private final class Sink {
        var bytes: [UInt8] = []

        func integer(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        func string(_ value: String) {
            integer(UInt64(value.utf8.count))
            bytes.append(contentsOf: value.utf8)
        }

        func primitive<Value: Encodable>(_ value: Value, encoder: BinaryEncoder) throws {
            if let optional = value as? AnyOptional {
                // `Optional.encode(to:)` encodes the wrapped value through a single-value container.
                bytes.append(optional.isNil ? 0 : 1)
                if !optional.isNil { try value.encode(to: encoder) }
                return
            }
            if let dictionary = value as? StringKeyed { return try dictionary.encodeEntries(to: encoder) }
            switch value {
            case let value as String: string(value)
            case let value as Bool: bytes.append(value ? 1 : 0)
            case let value as Int: integer(UInt64(bitPattern: Int64(value)))
            case let value as Int64: integer(UInt64(bitPattern: value))
            case let value as Int32: integer(UInt64(bitPattern: Int64(value)))
            case let value as UInt64: integer(value)
            case let value as UInt32: integer(UInt64(value))
            case let value as UInt: integer(UInt64(value))
            case let value as Int16: integer(UInt64(bitPattern: Int64(value)))
            case let value as Int8: integer(UInt64(bitPattern: Int64(value)))
            case let value as UInt16: integer(UInt64(value))
            case let value as UInt8: integer(UInt64(value))
            case let value as Double: integer(value.bitPattern)
            case let value as Float: integer(UInt64(value.bitPattern))
            default: try value.encode(to: encoder)
            }
        }
    }

    private struct BinaryEncoder: Encoder {
        let sink: Sink
        var codingPath: [CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed<Key>(encoder: self))
        }

        func unkeyedContainer() -> UnkeyedEncodingContainer {
            Unkeyed(encoder: self)
        }

        func singleValueContainer() -> SingleValueEncodingContainer {
            Single(encoder: self)
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: BinaryEncoder
        var codingPath: [CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) throws { encoder.sink.bytes.append(0) }

        mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
            try encoder.sink.primitive(value, encoder: encoder)
        }

        mutating func encodeIfPresent<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
            guard let value else { return encoder.sink.bytes.append(0) }
            encoder.sink.bytes.append(1)
            try encoder.sink.primitive(value, encoder: encoder)
        }

        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try presentOrNot(value) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try presentOrNot(value) }

        private func presentOrNot<Value: Encodable>(_ value: Value?) throws {
            guard let value else { return encoder.sink.bytes.append(0) }
            encoder.sink.bytes.append(1)
            try encoder.sink.primitive(value, encoder: encoder)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer { encoder.unkeyedContainer() }
        mutating func superEncoder() -> Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> Encoder { encoder }
    }

    /// Writes a count in front of its elements, patched as each element is added.
    private struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: BinaryEncoder
        let countOffset: Int
        private(set) var count = 0
        var codingPath: [CodingKey] { encoder.codingPath }

        init(encoder: BinaryEncoder) {
            self.encoder = encoder
            countOffset = encoder.sink.bytes.count
            encoder.sink.integer(0)
        }

        private mutating func added() {
            count += 1
            withUnsafeBytes(of: UInt64(count).littleEndian) { raw in
                encoder.sink.bytes.replaceSubrange(countOffset..<countOffset + 8, with: raw)
            }
        }

        mutating func encodeNil() throws {
            encoder.sink.bytes.append(0)
            added()
        }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            try encoder.sink.primitive(value, encoder: encoder)
            added()
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            added()
            return encoder.container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            added()
            return encoder.unkeyedContainer()
        }

        mutating func superEncoder() -> Encoder {
            added()
            return encoder
        }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: BinaryEncoder
        var codingPath: [CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.sink.bytes.append(0) }

        mutating func encode<Value: Encodable>(_ value: Value) throws {
            try encoder.sink.primitive(value, encoder: encoder)
        }
    }

    /// Lets the coder see through `Optional` wherever it appears, not only where a keyed container is told.
    fileprivate protocol AnyOptional {
        var isNil: Bool { get }
        static var absent: Any { get }
    }

    /// A dictionary with string keys, whose synthesised decoding would need the keys listed: written as a list
    /// of key, value, key, value... in key order, so that equal dictionaries give equal bytes.
    fileprivate protocol StringKeyed {
        func encodeEntries(to encoder: Encoder) throws
        static func decodeEntries(from decoder: Decoder) throws -> Any
    }

    // MARK: - Decoding

    /// Reads with bounds checks: running past the end throws instead of trapping.
    private final class Source {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        static func corrupt(_ what: String) -> DecodingError {
            DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "cached result is corrupt: \(what)"))
        }

        func byte() throws -> UInt8 {
            guard offset < bytes.count else { throw Source.corrupt("truncated") }
            defer { offset += 1 }
            return bytes[offset]
        }

        func integer() throws -> UInt64 {
            guard offset + 8 <= bytes.count else { throw Source.corrupt("truncated") }
            defer { offset += 8 }
            return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }

        func count() throws -> Int {
            let value = try integer()
            guard value <= UInt64(bytes.count - offset) else { throw Source.corrupt("impossible length") }
            return Int(value)
        }

        func string() throws -> String {
            let length = try count()
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }

        func present() throws -> Bool {
            switch try byte() {
            case 0: return false
            case 1: return true
            default: throw Source.corrupt("bad presence byte")
            }
        }

        func primitive<Value: Decodable>(_ type: Value.Type, decoder: BinaryDecoder) throws -> Value {
            if let optional = type as? AnyOptional.Type {
                guard try present() else {
                    guard let none = optional.absent as? Value else { throw Source.corrupt("type mismatch") }
                    return none
                }
                return try Value(from: decoder)
            }
            if let dictionary = type as? StringKeyed.Type {
                guard let value = try dictionary.decodeEntries(from: decoder) as? Value else { throw Source.corrupt("type mismatch") }
                return value
            }
            let value: Any
            switch type {
            case is String.Type: value = try string()
            case is Bool.Type: value = try present()
            case is Int.Type: value = Int(truncatingIfNeeded: Int64(bitPattern: try integer()))
            case is Int64.Type: value = Int64(bitPattern: try integer())
            case is Int32.Type: value = Int32(truncatingIfNeeded: Int64(bitPattern: try integer()))
            case is UInt64.Type: value = try integer()
            case is UInt32.Type: value = UInt32(truncatingIfNeeded: try integer())
            case is UInt.Type: value = UInt(truncatingIfNeeded: try integer())
            case is Int16.Type: value = Int16(truncatingIfNeeded: Int64(bitPattern: try integer()))
            case is Int8.Type: value = Int8(truncatingIfNeeded: Int64(bitPattern: try integer()))
            case is UInt16.Type: value = UInt16(truncatingIfNeeded: try integer())
            case is UInt8.Type: value = UInt8(truncatingIfNeeded: try integer())
            case is Double.Type: value = Double(bitPattern: try integer())
            case is Float.Type: value = Float(bitPattern: UInt32(truncatingIfNeeded: try integer()))
            default: return try Value(from: decoder)
            }
            guard let typed = value as? Value else { throw Source.corrupt("type mismatch") }
            return typed
        }
    }

    private struct BinaryDecoder: Decoder {
        let source: Source
        var codingPath: [CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(KeyedReader<Key>(decoder: self))
        }

        func unkeyedContainer() throws -> UnkeyedDecodingContainer {
            try UnkeyedReader(decoder: self)
        }

        func singleValueContainer() throws -> SingleValueDecodingContainer {
            SingleReader(decoder: self)
        }
    }

    private struct KeyedReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: BinaryDecoder
        var codingPath: [CodingKey] { decoder.codingPath }
        /// Keys are not stored, so they cannot be listed: a type that needs them fails to decode (a cache miss).
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool { true }

        func decodeNil(forKey key: Key) throws -> Bool { try !decoder.source.present() }

        func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
            try decoder.source.primitive(type, decoder: decoder)
        }

        func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
            try decoder.source.present() ? decoder.source.primitive(type, decoder: decoder) : nil
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type) }
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type) }

        private func optional<Value: Decodable>(_ type: Value.Type) throws -> Value? {
            try decoder.source.present() ? decoder.source.primitive(type, decoder: decoder) : nil
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder.container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer { try decoder.unkeyedContainer() }
        func superDecoder() throws -> Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> Decoder { decoder }
    }

    private struct UnkeyedReader: UnkeyedDecodingContainer {
        let decoder: BinaryDecoder
        let count: Int?
        private(set) var currentIndex = 0
        var codingPath: [CodingKey] { decoder.codingPath }
        var isAtEnd: Bool { currentIndex >= count ?? 0 }

        init(decoder: BinaryDecoder) throws {
            self.decoder = decoder
            count = try decoder.source.count()
        }

        private mutating func next() throws {
            guard !isAtEnd else { throw Source.corrupt("read past the end of a list") }
            currentIndex += 1
        }

        mutating func decodeNil() throws -> Bool {
            try next()
            return try !decoder.source.present()
        }

        mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try next()
            return try decoder.source.primitive(type, decoder: decoder)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next()
            return try decoder.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
            try next()
            return try decoder.unkeyedContainer()
        }

        mutating func superDecoder() throws -> Decoder {
            try next()
            return decoder
        }
    }

    private struct SingleReader: SingleValueDecodingContainer {
        let decoder: BinaryDecoder
        var codingPath: [CodingKey] { decoder.codingPath }

        /// Presence was read before `Optional.init(from:)` asks: a value follows.
        func decodeNil() -> Bool { false }

        func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
            try decoder.source.primitive(type, decoder: decoder)
        }
    }
}

extension Optional: BinaryCoding.AnyOptional {
    fileprivate var isNil: Bool { self == nil }
    fileprivate static var absent: Any { Optional<Wrapped>.none as Any }
}

extension Dictionary: BinaryCoding.StringKeyed where Key == String, Value: Codable {
    fileprivate func encodeEntries(to encoder: Encoder) throws {
        var list = encoder.unkeyedContainer()
        for key in keys.sorted() {
            try list.encode(key)
            try list.encode(self[key]!)
        }
    }

    fileprivate static func decodeEntries(from decoder: Decoder) throws -> Any {
        var list = try decoder.unkeyedContainer()
        var result: [String: Value] = [:]
        while !list.isAtEnd {
            let key = try list.decode(String.self)
            result[key] = try list.decode(Value.self)
        }
        return result
    }
}
