import Foundation

/// Pretty, key-sorted JSON with exactly the bytes of Foundation's `JSONEncoder` set to `[.prettyPrinted,
/// .sortedKeys, .withoutEscapingSlashes]`, written straight into one buffer. Foundation first builds a tree of
/// boxed values with a dictionary per object, then writes it out; for a large inventory that was a tenth of a scan.
///
/// The bytes are Foundation's (swift-foundation's `JSONWriter`): two spaces of indent a level, `"key" : value`, an
/// empty array `[` line feed, line feed, `]` (an empty object likewise); the keys of an object in the order of
/// their UTF-8 bytes (`B` before `a`, `a10` before `a9`, `_` between the two cases); in strings `"` and `\`
/// escaped, `\b \t \n \f \r` by name, the other bytes below 0x20 as `\u00xx` in lower-case hex, everything else
/// (`/`, DEL, U+2028, any non-ASCII) as it is; numbers as Swift prints them, a `.0` suffix dropped; a value that
/// encodes nothing as an empty object; `Data` in base64, `URL` as its absolute string and `Decimal` as a number,
/// the way Foundation special-cases them. Not followed: Foundation's limit of 512 nested levels (it refuses deeper
/// values; this writes them), and its dictionary's merging of keys that differ in bytes but are canonically
/// equivalent Unicode (here both stay).
///
/// `compact` writes the bytes of Foundation's `[.sortedKeys, .withoutEscapingSlashes]` instead, with no line feed
/// at the end: no white space, `"key":value`, an empty array `[]`, an empty object `{}`. Every JSON mojify writes
/// goes through here, except manifests that `mojify generate` edits in place (`JSONValue` in Emitters), whose
/// layout and key order are the file's own.
public enum StableJSON {
    /// `value` as JSON, followed by a line feed; `compact`: on one line, with none.
    public static func encode<Value: Encodable>(_ value: Value, compact: Bool = false) throws -> Data {
        let writer = JSONByteWriter(compact: compact)
        try ValueEncoder(writer: writer, level: 0).encodeRoot(value)
        if !compact { writer.append(UInt8(ascii: "\n")) }
        return writer.takeData()
    }

    /// `text` as a JSON string literal, quotes included, escaped as `encode` escapes strings.
    public static func quoted(_ text: String) -> String {
        let writer = JSONByteWriter(compact: true)
        writer.writeString(text)
        return String(decoding: writer.takeData(), as: UTF8.self)
    }
}

/// The output and the containers open in it, outermost first: the value at nesting level `n` is written in the
/// frame at `frames[n]`. Values are written where they are encoded; an object's members are put in key order
/// when it closes. A container closes when its value's `encode(to:)` returns, or, for one opened by
/// `nestedContainer` or `superEncoder`, when a container further out writes again.
private final class JSONByteWriter {
    struct Frame {
        enum Kind { case slot, object, array }

        /// `slot`: a value's place, nothing written yet.
        var kind = Kind.slot
        /// Tells a container apart from an earlier one at the same level.
        var serial = 0
        var count = 0
        /// An object's `CodingKey` type, under which the order of its keys is kept.
        var keyType: ObjectIdentifier?
        /// An object's members as written: each key, and where its `\n` begins (the `,` before it, if any, ends
        /// the member before).
        var members: [(key: String, start: Int)] = []
        /// The key of an object's last member, for `codingPath`.
        var lastKey: CodingKey?
        /// The key order of the last object closed at this level.
        var lastKeyOrder: JSONByteWriter.KeyOrder?
    }

    struct FrameID {
        let level: Int
        let serial: Int
    }

    /// The order to write an object's members in: the indexes of `keys` sorted by the keys' UTF-8 bytes, of
    /// members with the same key only the last (the one Foundation's dictionary keeps).
    final class KeyOrder {
        let keyType: ObjectIdentifier
        let keys: [String]
        let order: [Int]
        let isAsWritten: Bool

        init(keyType: ObjectIdentifier, keys: [String], order: [Int], isAsWritten: Bool) {
            self.keyType = keyType
            self.keys = keys
            self.order = order
            self.isAsWritten = isAsWritten
        }

        func matches(_ members: [(key: String, start: Int)]) -> Bool {
            guard members.count == keys.count else { return false }
            for index in keys.indices where keys[index] != members[index].key { return false }
            return true
        }
    }

    /// The output, in memory from `malloc` so that the `Data` made of it can own it without a copy.
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int
    /// `frames[0..<depth]` are open; those past `depth` keep their storage for the next container at that level.
    @exclusivity(unchecked) private var frames: [Frame] = []
    @exclusivity(unchecked) private var depth = 0
    private var serials = 0
    /// The key orders seen, by `CodingKey` type: an object's keys are nearly always one of a few sets.
    private var keyOrders: [ObjectIdentifier: [KeyOrder]] = [:]
    private var scratch: [UInt8] = []
    /// No white space between tokens.
    let compact: Bool

    init(compact: Bool) {
        self.compact = compact
        capacity = 1 << 16
        base = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        free(base)
    }

    /// The bytes written, handed over: nothing may be written after.
    func takeData() -> Data {
        let data = Data(bytesNoCopy: base, count: count, deallocator: .free)
        base = malloc(1)!.assumingMemoryBound(to: UInt8.self)
        capacity = 1
        count = 0
        return data
    }

    // MARK: Bytes

    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        while count + extra > capacity { capacity *= 2 }
        base = realloc(base, capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A line feed and the indent of `level`; nothing when compact.
    private func newLine(_ level: Int) {
        guard !compact else { return }
        append(UInt8(ascii: "\n"))
        reserve(2 * level)
        (base + count).initialize(repeating: UInt8(ascii: " "), count: 2 * level)
        count += 2 * level
    }

    // MARK: Frames

    func openSlot(at level: Int) {
        precondition(depth == level, "a value's place opened out of order")
        if frames.count == level { frames.append(Frame()) }
        frames[level].kind = .slot
        depth = level + 1
    }

    /// The object or array of the value at `level`: a new one in its empty slot, or the one it already opened.
    func openContainer(_ kind: Frame.Kind, keyType: ObjectIdentifier? = nil, at level: Int) -> FrameID {
        if depth == level + 1, frames[level].kind == .slot {
            serials += 1
            frames[level].kind = kind
            frames[level].serial = serials
            frames[level].count = 0
            frames[level].keyType = keyType
            frames[level].members.removeAll(keepingCapacity: true)
            frames[level].lastKey = nil
            append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        }
        precondition(depth > level && frames[level].kind == kind && frames[level].keyType == keyType,
                     "a second container requested for a value already encoded at \(codingPath(to: level))")
        return FrameID(level: level, serial: frames[level].serial)
    }

    /// Takes the empty slot at `level` for a value written in place of a container.
    func fillSlot(at level: Int) {
        precondition(depth == level + 1 && frames[level].kind == .slot, "a second value encoded at \(codingPath(to: level))")
        depth = level
    }

    func isEmptySlot(at level: Int) -> Bool {
        depth == level + 1 && frames[level].kind == .slot
    }

    func close(downTo level: Int) {
        while depth > level {
            let level = depth - 1
            switch frames[level].kind {
            case .slot:
                append(UInt8(ascii: "{"))
                newLine(0)
                newLine(level)
                append(UInt8(ascii: "}"))
            case .object:
                closeContainer(at: level, bracket: UInt8(ascii: "}"))
            case .array:
                closeContainer(at: level, bracket: UInt8(ascii: "]"))
            }
            depth = level
        }
    }

    private func closeContainer(at level: Int, bracket: UInt8) {
        if frames[level].count == 0 {
            newLine(0)
        } else if let keyType = frames[level].keyType {
            sortMembers(at: level, keyType: keyType)
        }
        newLine(level)
        append(bracket)
    }

    /// Begins a member of the object `frame`: the separator, the indent and `"key" : `.
    func beginMember(_ key: some CodingKey, in frame: FrameID) {
        enter(frame)
        let level = frame.level
        let name = key.stringValue
        if frames[level].count > 0 { append(UInt8(ascii: ",")) }
        frames[level].members.append((name, count))
        frames[level].count += 1
        frames[level].lastKey = key
        newLine(level + 1)
        writeString(name)
        if compact { append(UInt8(ascii: ":")) } else { append(" : ") }
    }

    /// Begins an element of the array `frame`: the separator and the indent.
    func beginElement(in frame: FrameID) {
        enter(frame)
        if frames[frame.level].count > 0 { append(UInt8(ascii: ",")) }
        frames[frame.level].count += 1
        newLine(frame.level + 1)
    }

    func count(of frame: FrameID) -> Int {
        frames[frame.level].count
    }

    /// Opens, in a writer of its own, the array at `level` (the levels around it standing empty) as if `before`
    /// elements had been written: what follows is what the real array's writer would write for the next ones.
    func openDetachedArray(at level: Int, before: Int) -> FrameID {
        for outer in 0...level {
            openSlot(at: outer)
            if outer < level { frames[outer].kind = .array }
        }
        let frame = openContainer(.array, at: level)
        count = 0
        frames[level].count = before
        return frame
    }

    /// Appends the elements a detached writer wrote (`openDetachedArray`) to the array `frame`, `written` in all.
    func appendElements(from detached: JSONByteWriter, count written: Int, in frame: FrameID) {
        enter(frame)
        append(UnsafeBufferPointer(start: detached.base, count: detached.count))
        frames[frame.level].count += written
    }

    /// Closes what a nested container left open inside `frame`, which must still be open itself.
    private func enter(_ frame: FrameID) {
        precondition(depth > frame.level && frames[frame.level].serial == frame.serial,
                     "a container written to after the value it belongs to was finished")
        close(downTo: frame.level + 1)
    }

    func codingPath(to level: Int) -> [CodingKey] {
        frames[0..<min(level, depth)].compactMap { frame in
            frame.kind == .array ? IndexKey(index: frame.count - 1) : frame.lastKey
        }
    }

    /// Rewrites the members of the object at `level` in the order of their keys.
    private func sortMembers(at level: Int, keyType: ObjectIdentifier) {
        let members = frames[level].members
        let keyOrder: KeyOrder
        // Objects of one type mostly come one after the other, in a list.
        if let last = frames[level].lastKeyOrder, last.keyType == keyType, last.matches(members) {
            keyOrder = last
        } else {
            keyOrder = self.keyOrder(of: members, keyType: keyType)
            frames[level].lastKeyOrder = keyOrder
        }
        if keyOrder.isAsWritten { return }
        let start = members[0].start
        let end = count
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
        count = start
        scratch.withUnsafeBufferPointer { written in
            for (position, index) in keyOrder.order.enumerated() {
                if position > 0 { append(UInt8(ascii: ",")) }
                // Every member but the last ends in the `,` before the next.
                let memberEnd = index + 1 < members.count ? members[index + 1].start - 1 : end
                append(UnsafeBufferPointer(rebasing: written[(members[index].start - start)..<(memberEnd - start)]))
            }
        }
    }

    private func keyOrder(of members: [(key: String, start: Int)], keyType: ObjectIdentifier) -> KeyOrder {
        if let known = keyOrders[keyType]?.first(where: { $0.matches(members) }) { return known }
        let keys = members.map(\.key)
        let sorted = keys.indices.sorted { left, right in
            let (leftKey, rightKey) = (keys[left].utf8, keys[right].utf8)
            return leftKey.lexicographicallyPrecedes(rightKey) || (leftKey.elementsEqual(rightKey) && left < right)
        }
        let order = sorted.indices.filter { position in
            position + 1 == sorted.count || !keys[sorted[position + 1]].utf8.elementsEqual(keys[sorted[position]].utf8)
        }.map { sorted[$0] }
        let keyOrder = KeyOrder(keyType: keyType, keys: keys, order: order, isAsWritten: order.elementsEqual(keys.indices))
        // A type with ever new keys (a dictionary's) is sorted each time rather than remembered without end.
        if keyOrders[keyType, default: []].count < 16 { keyOrders[keyType, default: []].append(keyOrder) }
        return keyOrder
    }

    // MARK: Scalars

    private static let hexDigits = Array("0123456789abcdef".utf8)

    func writeString(_ string: String) {
        append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
                case 0x08: append(UInt8(ascii: "b"))
                case 0x09: append(UInt8(ascii: "t"))
                case 0x0A: append(UInt8(ascii: "n"))
                case 0x0C: append(UInt8(ascii: "f"))
                case 0x0D: append(UInt8(ascii: "r"))
                default:
                    append("u00")
                    append(Self.hexDigits[Int(byte >> 4)])
                    append(Self.hexDigits[Int(byte & 0xF)])
                }
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        append(UInt8(ascii: "\""))
    }

    func writeInteger(_ value: some FixedWidthInteger) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = count
        repeat {
            append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude != 0
        var digits = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        digits.reverse()
    }

    func writeFloat<Number: BinaryFloatingPoint & CustomStringConvertible>(_ value: Number, at level: Int) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath(to: level), debugDescription: "Unable to encode \(Number.self).\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        writeRaw(text)
    }

    private func writeRaw(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Writes the types Foundation writes otherwise than their `encode(to:)` does (and `String`, the most frequent,
    /// without an encoder's round trip); false for any other.
    func writeSpecialCase<Value: Encodable>(_ value: Value) -> Bool {
        if Value.self == String.self {
            writeString(value as! String)
        } else if Value.self == Data.self {
            writeString((value as! Data).base64EncodedString())
        } else if Value.self == URL.self {
            writeString((value as! URL).absoluteString)
        } else if Value.self == Decimal.self {
            writeRaw((value as! Decimal).description)
        } else {
            return false
        }
        return true
    }

    func writeBool(_ value: Bool) {
        append(value ? "true" : "false")
    }

    func writeNull() {
        append("null")
    }
}

/// The key of an array element in `codingPath`, and of `superEncoder()`'s value.
private struct IndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
}

/// The encoder handed to every `encode(to:)`: one for the whole value, its `level` set for each value in turn
/// (another only for `superEncoder()`, whose value is written later).
private final class ValueEncoder: Encoder {
    let writer: JSONByteWriter
    var level: Int
    var codingPath: [CodingKey] { writer.codingPath(to: level) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(writer: JSONByteWriter, level: Int) {
        self.writer = writer
        self.level = level
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, frame: writer.openContainer(.object, keyType: ObjectIdentifier(Key.self), at: level)))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        UnkeyedContainer(encoder: self, frame: writer.openContainer(.array, at: level))
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleValueContainer(encoder: self, valueLevel: level)
    }

    func encodeRoot<Value: Encodable>(_ value: Value) throws {
        if writer.writeSpecialCase(value) { return }
        writer.openSlot(at: 0)
        try value.encode(to: self)
        guard !writer.isEmptySlot(at: 0) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        writer.close(downTo: 0)
    }

    /// Writes `value` as the value at `level`, whose place (a member's key, an element's indent) is written.
    func encode<Value: Encodable>(_ value: Value, at level: Int) throws {
        if writer.writeSpecialCase(value) { return }
        // Only the root's members are asked: a cast per value of the whole tree would cost more than it saves.
        if level == 1, let array = value as? any SplittableArray, array.count >= SplitArray.minimumCount {
            return try SplitArray.write(array, at: level, into: writer)
        }
        writer.openSlot(at: level)
        let outer = self.level
        self.level = level
        defer { self.level = outer }
        try value.encode(to: self)
        writer.close(downTo: level)
    }

    /// A container or encoder for a value whose place is written but whose bytes come later.
    func nested(at level: Int) -> ValueEncoder {
        writer.openSlot(at: level)
        return ValueEncoder(writer: writer, level: level)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    let frame: JSONByteWriter.FrameID
    var codingPath: [CodingKey] { encoder.writer.codingPath(to: frame.level) }

    private func member(_ key: Key) -> JSONByteWriter {
        encoder.writer.beginMember(key, in: frame)
        return encoder.writer
    }

    mutating func encodeNil(forKey key: Key) throws { member(key).writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { member(key).writeBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { member(key).writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key).writeFloat(value, at: frame.level + 1) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try member(key).writeFloat(value, at: frame.level + 1) }
    mutating func encode(_ value: Int, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { member(key).writeInteger(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { member(key).writeInteger(value) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        _ = member(key)
        try encoder.encode(value, at: frame.level + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        _ = member(key)
        return encoder.nested(at: frame.level + 1).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        _ = member(key)
        return encoder.nested(at: frame.level + 1).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        encoder.writer.beginMember(IndexKey(stringValue: "super"), in: frame)
        return encoder.nested(at: frame.level + 1)
    }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        _ = member(key)
        return encoder.nested(at: frame.level + 1)
    }
}

/// Where one value goes, for the scalar methods that an array's and a single value's containers share.
private protocol ValuePlace {
    var encoder: ValueEncoder { get }
    /// The nesting level of the value.
    var valueLevel: Int { get }
    /// Writes what goes before the value and returns the writer for the value.
    func place() -> JSONByteWriter
}

extension ValuePlace {
    mutating func encodeNil() throws { place().writeNull() }
    mutating func encode(_ value: Bool) throws { place().writeBool(value) }
    mutating func encode(_ value: String) throws { place().writeString(value) }
    mutating func encode(_ value: Double) throws { try place().writeFloat(value, at: valueLevel) }
    mutating func encode(_ value: Float) throws { try place().writeFloat(value, at: valueLevel) }
    mutating func encode(_ value: Int) throws { place().writeInteger(value) }
    mutating func encode(_ value: Int8) throws { place().writeInteger(value) }
    mutating func encode(_ value: Int16) throws { place().writeInteger(value) }
    mutating func encode(_ value: Int32) throws { place().writeInteger(value) }
    mutating func encode(_ value: Int64) throws { place().writeInteger(value) }
    mutating func encode(_ value: UInt) throws { place().writeInteger(value) }
    mutating func encode(_ value: UInt8) throws { place().writeInteger(value) }
    mutating func encode(_ value: UInt16) throws { place().writeInteger(value) }
    mutating func encode(_ value: UInt32) throws { place().writeInteger(value) }
    mutating func encode(_ value: UInt64) throws { place().writeInteger(value) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        _ = place()
        try encoder.encode(value, at: valueLevel)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer, ValuePlace {
    let encoder: ValueEncoder
    let frame: JSONByteWriter.FrameID
    var codingPath: [CodingKey] { encoder.writer.codingPath(to: frame.level) }
    var count: Int { encoder.writer.count(of: frame) }
    var valueLevel: Int { frame.level + 1 }

    func place() -> JSONByteWriter {
        encoder.writer.beginElement(in: frame)
        return encoder.writer
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = place()
        return encoder.nested(at: valueLevel).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        _ = place()
        return encoder.nested(at: valueLevel).unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        _ = place()
        return encoder.nested(at: valueLevel)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer, ValuePlace {
    let encoder: ValueEncoder
    let valueLevel: Int
    var codingPath: [CodingKey] { encoder.writer.codingPath(to: valueLevel) }

    func place() -> JSONByteWriter {
        encoder.writer.fillSlot(at: valueLevel)
        return encoder.writer
    }
}

/// A long array among the root's members, written in chunks on several threads, each into a writer of its own,
/// then spliced: the bytes are those of writing it element after element (each element's bytes depend only on it
/// and on its place). An inventory's messages are most of its JSON, written while every other thread waits.
private protocol SplittableArray {
    var count: Int { get }
    /// Writes the elements at `range` into `writer`, opened detached at `level`, in the array `frame`.
    func writeElements(_ range: Range<Int>, at level: Int, frame: JSONByteWriter.FrameID, into writer: JSONByteWriter) throws
}

extension Array: SplittableArray where Element: Encodable {
    fileprivate func writeElements(_ range: Range<Int>, at level: Int, frame: JSONByteWriter.FrameID, into writer: JSONByteWriter) throws {
        let encoder = ValueEncoder(writer: writer, level: level)
        for element in self[range] {
            writer.beginElement(in: frame)
            try encoder.encode(element, at: level + 1)
        }
        writer.close(downTo: level + 1)
    }
}

private enum SplitArray {
    /// Shorter arrays cost less than sharing them out (an inventory's message maps are a few hundred long, and a
    /// fifth of its bytes).
    static let minimumCount = 64

    static func write(_ array: any SplittableArray, at level: Int, into writer: JSONByteWriter) throws {
        writer.openSlot(at: level)
        let frame = writer.openContainer(.array, at: level)
        let chunks = min(4 * ProcessInfo.processInfo.activeProcessorCount, array.count / 16)
        let bounds = (0...chunks).map { array.count * $0 / chunks }
        let outcomes = UnsafeMutableBufferPointer<Result<JSONByteWriter, Error>?>.allocate(capacity: chunks)
        outcomes.initialize(repeating: nil)
        defer {
            outcomes.deinitialize()
            outcomes.deallocate()
        }
        let slots = DisjointSlots(outcomes)
        let shared = SharedArray(array)
        let compact = writer.compact
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            slots.buffer[chunk] = Result {
                let detached = JSONByteWriter(compact: compact)
                let detachedFrame = detached.openDetachedArray(at: level, before: bounds[chunk])
                try shared.array.writeElements(bounds[chunk]..<bounds[chunk + 1], at: level, frame: detachedFrame, into: detached)
                return detached
            }
        }
        for chunk in 0..<chunks {
            writer.appendElements(from: try outcomes[chunk]!.get(), count: bounds[chunk + 1] - bounds[chunk], in: frame)
        }
        writer.close(downTo: level)
    }

    /// The array the chunks read, each thread its own elements.
    private struct SharedArray: @unchecked Sendable {
        let array: any SplittableArray

        init(_ array: any SplittableArray) {
            self.array = array
        }
    }
}
