import Foundation
import MojifyCore
import XCTest

/// `StableJSON` against the encoder whose bytes it promises: Foundation's, set the same way.
final class StableJSONTests: XCTestCase {
    private func foundation(_ value: some Encodable, compact: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = compact ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + (compact ? [] : [0x0A])
    }

    /// Both forms: pretty, and compact (the report's data block, the journal of `migrate --apply`).
    private func assertSameBytes(_ value: some Encodable, file: StaticString = #filePath, line: UInt = #line) throws {
        for compact in [false, true] {
            let expected = try foundation(value, compact: compact)
            let actual = try StableJSON.encode(value, compact: compact)
            XCTAssertEqual(String(decoding: actual, as: UTF8.self), String(decoding: expected, as: UTF8.self), "compact: \(compact)", file: file, line: line)
            XCTAssertEqual(actual, expected, "bytes differ, compact: \(compact)", file: file, line: line)
        }
    }

    /// Every control character, the characters JSON escapes, and those it need not (`/`, DEL, U+2028/2029,
    /// non-ASCII, emoji).
    static let awkwardText = String(decoding: (0x00...0x1F).map { UInt8($0) }, as: UTF8.self)
        + "\u{7F}/\\\"quoted\" back\\slash é ß 中文 \u{2028}\u{2029} 😀 👩‍👩‍👧 \u{FEFF}end"

    func testAnInventoryWithEveryFieldIsFoundationsBytes() throws {
        let text = Self.awkwardText
        let location = SourceLocation(file: "content/\(text).h", line: 12, column: 3)
        let conditions = Conditions(stack: ["#if defined(OS_WIN)", text], disabled: true, activeInBuild: false)
        let patch = PatchOrigin(targetFile: "b/\(text).cc", targetLine: 7, change: .added)
        let message = MessageDefinition(
            name: "FrameHostMsg_\(text)", messageClass: "FrameMsgStart", kind: .routed, isSync: true,
            inputs: [Parameter(type: "std::map<int, std::string>", name: "names", resolvedType: text), Parameter(type: "int")],
            outputs: [], macro: "IPC_SYNC_MESSAGE_ROUTED1_0", exportMacro: "CONTENT_EXPORT", conditions: conditions,
            location: location, source: "IPC_SYNC_MESSAGE_ROUTED1_0(\n  \(text))", patch: patch, comment: "// \(text)"
        )
        var inventory = Inventory(
            messages: [message, MessageDefinition(
                name: "ViewMsg_Close", messageClass: "", kind: .control, isSync: false, inputs: [], outputs: [],
                macro: "IPC_MESSAGE_CONTROL0", exportMacro: nil, conditions: Conditions(), location: location, source: ""
            )],
            structs: [
                IPCStruct(name: "Params", parent: "Base", members: [
                    .init(type: "int", name: "a", defaultValue: "-1", location: location, comment: text),
                    .init(type: "bool", name: "b", defaultValue: nil, location: location),
                ], messageClass: "FrameMsgStart", conditions: conditions, location: location, patch: patch, comment: text),
                IPCStruct(name: "Empty", parent: nil, members: [], messageClass: "", conditions: Conditions(), location: location),
            ],
            structTraits: [StructTraits(type: "gfx::Rect", members: ["x", "y"], parents: [], conditions: conditions, location: location, patch: patch, messageClass: "A")],
            enumTraits: [
                EnumTraits(type: "Kind", macro: "IPC_ENUM_TRAITS_MAX_VALUE", minValue: "0", maxValue: "Kind::kLast", validation: text,
                           conditions: conditions, location: location, patch: patch, messageClass: "B"),
                EnumTraits(type: "Other", macro: "IPC_ENUM_TRAITS", minValue: nil, maxValue: nil, validation: nil, conditions: Conditions(), location: location),
            ],
            typeDefinitions: [
                TypeDefinition(name: "content::Kind", kind: .enumeration, enumerators: [
                    .init(name: "kFirst", value: Int64.min), .init(name: "kZero", value: 0), .init(name: "kLast", value: Int64.max),
                ], fields: [], location: location),
                TypeDefinition(name: "content::Params", kind: .structure, enumerators: [], fields: [
                    .init(name: "a", type: "int", comment: text), .init(name: "b", type: "bool"),
                ], location: location),
            ],
            messageMaps: [MessageMap(macro: "IPC_BEGIN_MESSAGE_MAP", handlerClass: "RenderFrameHostImpl", function: nil, handlers: [
                MessageHandler(macro: "IPC_MESSAGE_HANDLER", wrapper: "MY_HANDLER", message: "FrameHostMsg_A", method: "OnA", target: "this",
                               delayReply: true, conditions: conditions, location: location),
                MessageHandler(macro: "IPC_MESSAGE_UNHANDLED", wrapper: nil, message: nil, method: nil, target: nil,
                               delayReply: false, conditions: Conditions(), location: location),
            ], conditions: conditions, location: location, patch: patch)],
            senders: [Sender(message: "FrameHostMsg_A", function: "RenderFrameImpl::\(text)", conditions: conditions, location: location, patch: patch)],
            diagnostics: [
                Diagnostic(severity: .warning, location: location, message: text, hint: "do \(text)"),
                Diagnostic(severity: .error, location: location, message: "no hint"),
            ],
            stats: ScanStats(filesVisited: 100_000, filesParsed: 0, filesSkipped: -1)
        )
        inventory.markedFiles = [text, ""]
        inventory.unreadFiles = UnreadFile.Reason.allCases.map { UnreadFile(location: location, reason: $0, detail: text) }
        inventory.removedMessages = [message]
        try assertSameBytes(inventory)
        XCTAssertEqual(try inventory.jsonData(), try foundation(inventory))

        inventory.markedFiles = []
        inventory.unreadFiles = nil
        inventory.removedMessages = nil
        inventory.toolVersion = nil
        try assertSameBytes(inventory)
        try assertSameBytes(Inventory())
    }

    func testStringsAreEscapedAsFoundationEscapesThem() throws {
        try assertSameBytes(Self.awkwardText)
        try assertSameBytes([Self.awkwardText, "", "/", "\u{7F}"])
        try assertSameBytes((0...0x7F).map { String(UnicodeScalar(UInt8($0))) })
        try assertSameBytes([Self.awkwardText: Self.awkwardText])
        // The escapes as Foundation writes them, spelled out so that a change on either side shows.
        XCTAssertEqual(String(decoding: try StableJSON.encode("\u{0}\u{8}\t\n\u{B}\u{C}\r\u{1F}\"\\/\u{7F}\u{2028}"), as: UTF8.self),
                       "\"\\u0000\\b\\t\\n\\u000b\\f\\r\\u001f\\\"\\\\/\u{7F}\u{2028}\"\n")
    }

    func testNumbersBooleansAndNullsAreFoundationsBytes() throws {
        try assertSameBytes([Int.min, -1, 0, 1, Int.max])
        try assertSameBytes(Scalars())
        try assertSameBytes([0.0, -0.0, 1.0, -1.5, 0.1, 1e20, 1e-7, 123_456_789.125, Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude, 1 / 3])
        try assertSameBytes([Float(0.1), 1, -2.5, 3e38, Float.leastNonzeroMagnitude])
        try assertSameBytes([true, false])
        try assertSameBytes([Int?.none, 1, nil])
        try assertSameBytes(Int?.none)
        try assertSameBytes(42)
        for bad in [Double.nan, .infinity, -.infinity] {
            XCTAssertThrowsError(try StableJSON.encode(["x": bad]))
            XCTAssertThrowsError(try foundation(["x": bad]))
        }
    }

    func testEmptyAndNestedContainersAreFoundationsBytes() throws {
        try assertSameBytes([Int]())
        try assertSameBytes([String: Int]())
        try assertSameBytes([[Int]]())
        try assertSameBytes([[], [[1]], [[2, 3], []]] as [[[Int]]])
        try assertSameBytes(["a": [String: [Int]](), "b": ["c": []], "d": ["e": [1]]])
        try assertSameBytes([1: "one", 10: "ten", 9: "nine"])
        try assertSameBytes([Wrapper(inner: Scalars()), Wrapper(inner: Scalars())])
        try assertSameBytes(["silent": Silent()])
        try assertSameBytes(HandWritten())
        XCTAssertThrowsError(try StableJSON.encode(Silent())) { error in
            XCTAssertTrue("\(error)".contains("did not encode any values"), "\(error)")
        }
        XCTAssertThrowsError(try JSONEncoder().encode(Silent()))
    }

    func testFoundationsSpecialCasesAreFoundationsBytes() throws {
        try assertSameBytes(Data([0, 1, 2, 250, 255]))
        try assertSameBytes(["data": Data("hello".utf8)])
        try assertSameBytes([URL(string: "https://example.org/a%20b?c=d#e")!, URL(fileURLWithPath: "/tmp/x y")])
        try assertSameBytes([Decimal(string: "12.50")!, Decimal(-3), Decimal(string: "0.000001")!])
        try assertSameBytes([Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: 123.25)])
    }

    /// Foundation writes an object's keys in the order of their UTF-8 bytes; so must this, for any keys.
    func testKeysAreInFoundationsOrder() throws {
        let awkward = ["a9", "a10", "a1", "a01", "a", "A", "b", "B", "Z", "z", "_", "_x", "x_", "a_b", "aB", "ab", "a b", "a-b",
                       "1", "10", "9", "$schema", "é", "e", "f", "ß", "ss", "中", "😀", "", " ", "\u{7F}", "\n", "super"]
        try assertSameBytes(Keys(keys: awkward))
        try assertSameBytes(Keys(keys: awkward.reversed()))
        XCTAssertEqual(try keysInOrder(StableJSON.encode(Keys(keys: ["a9", "a10", "b", "B", "_", "a_b", "aB"]))),
                       ["B", "_", "a10", "a9", "aB", "a_b", "b"])
        // Random key sets from characters whose orders under other rules (numeric, case-insensitive, locale) differ.
        var generator = SplitMix(seed: 7)
        let alphabet = Array("aAbBzZ_019-$ éß😀")
        for _ in 0..<300 {
            let keys = (0..<Int(generator.next() % 12)).map { _ in
                String((0..<Int(1 + generator.next() % 4)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            }
            try assertSameBytes(Keys(keys: keys))
        }
    }

    /// The order is remembered per key type and key set; objects of one type with other members present must not
    /// take an order remembered for another set.
    func testKeyOrdersOfOneTypeWithDifferentMembersStayApart() throws {
        try assertSameBytes([Parameter(type: "int"), Parameter(type: "int", name: "a"), Parameter(type: "int", resolvedType: "b"),
                             Parameter(type: "int", name: "a", resolvedType: "b"), Parameter(type: "int")])
        try assertSameBytes([Keys(keys: ["b", "a"]), Keys(keys: ["a", "b"]), Keys(keys: ["b", "a", "c"]), Keys(keys: ["b", "a"])])
        try assertSameBytes((0..<40).map { Keys(keys: ["k\($0)", "j\($0 % 3)"]) })
    }

    /// The root's long arrays are written in chunks on several threads and spliced: the bytes must be those of
    /// one writer, at every chunk boundary, whatever the elements hold.
    func testLongArraysAmongTheRootsMembersAreFoundationsBytes() throws {
        struct Root: Encodable {
            var objects: [Keys]
            var nested: [[Parameter]]
            var strings: [String]
            var numbers: [Double]
            var short: [Int]
            var justLongEnough: [Int]
            var empty: [Int]
            var keyed: [String: [Int]]
        }
        var generator = SplitMix(seed: 11)
        let objects = (0..<1_537).map { index in
            Keys(keys: (0..<Int(generator.next() % 5)).map { "k\((index + $0) % 7)" })
        }
        let nested = (0..<700).map { index in
            (0..<index % 3).map { _ in Parameter(type: "T\(index)", name: index % 2 == 0 ? nil : Self.awkwardText) }
        }
        let strings = (0..<2_049).map { $0 % 97 == 0 ? Self.awkwardText : "s\($0)" }
        try assertSameBytes(Root(objects: objects, nested: nested, strings: strings, numbers: (0..<512).map { Double($0) / 4 },
                                 short: Array(0..<63), justLongEnough: Array(0..<64), empty: [], keyed: ["a": Array(0..<600)]))
        try assertSameBytes(Array(objects.prefix(600)))
        var bad = Root(objects: [], nested: [], strings: [], numbers: (0..<900).map(Double.init), short: [], justLongEnough: [], empty: [], keyed: [:])
        bad.numbers[700] = .infinity
        XCTAssertThrowsError(try StableJSON.encode(bad))
        XCTAssertThrowsError(try foundation(bad))
    }

    func testAKeyWrittenTwiceKeepsTheLastValue() throws {
        try assertSameBytes(Keys(keys: ["b", "a", "b", "c", "a"]))
    }

    private func keysInOrder(_ data: Data) throws -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.hasPrefix("  \"") ? String(line.dropFirst(3).prefix { $0 != "\"" }) : nil
        }
    }
}

private struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// An object with the given keys, written in the given order, each with its position as value.
private struct Keys: Encodable {
    var keys: [String]

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        for (index, key) in keys.enumerated() { try container.encode(index, forKey: DynamicKey(stringValue: key)) }
    }
}

private struct Scalars: Encodable {
    var int8 = Int8.min
    var int16 = Int16.max
    var int32 = Int32.min
    var int64 = Int64.min
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var double = 2.5
    var float = Float(-0.25)
    var yes = true
    var no = false
    var absent: Int?
    var present: String? = "here"

    private enum CodingKeys: String, CodingKey {
        case int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, double, float, yes, no, absent, present, null
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(int8, forKey: .int8)
        try container.encode(int16, forKey: .int16)
        try container.encode(int32, forKey: .int32)
        try container.encode(int64, forKey: .int64)
        try container.encode(uint, forKey: .uint)
        try container.encode(uint8, forKey: .uint8)
        try container.encode(uint16, forKey: .uint16)
        try container.encode(uint32, forKey: .uint32)
        try container.encode(uint64, forKey: .uint64)
        try container.encode(double, forKey: .double)
        try container.encode(float, forKey: .float)
        try container.encode(yes, forKey: .yes)
        try container.encode(no, forKey: .no)
        try container.encodeIfPresent(absent, forKey: .absent)
        try container.encodeIfPresent(present, forKey: .present)
        try container.encodeNil(forKey: .null)
    }
}

/// Encodes its inner value through a single-value container.
private struct Wrapper<Inner: Encodable>: Encodable {
    var inner: Inner

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(inner)
    }
}

/// Asks for no container at all.
private struct Silent: Encodable {
    func encode(to encoder: Encoder) throws {}
}

/// Nested containers, a superclass's encoder, and every scalar through unkeyed and single-value containers.
private struct HandWritten: Encodable {
    private enum Key: String, CodingKey { case zeta, alpha, list, inner, base, empty }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode("z", forKey: .zeta)
        var inner = container.nestedContainer(keyedBy: Key.self, forKey: .inner)
        try inner.encode(1, forKey: .zeta)
        var deeper = inner.nestedUnkeyedContainer(forKey: .list)
        try deeper.encode(true)
        try deeper.encodeNil()
        var list = container.nestedUnkeyedContainer(forKey: .list)
        try list.encode(Int8(-8))
        try list.encode(Int16(16))
        try list.encode(Int32(32))
        try list.encode(Int64(64))
        try list.encode(UInt(1))
        try list.encode(UInt8(8))
        try list.encode(UInt16(16))
        try list.encode(UInt32(32))
        try list.encode(UInt64(64))
        try list.encode(Float(0.5))
        try list.encode(2.0)
        try list.encode("s")
        try list.encode(Wrapper(inner: Wrapper(inner: "wrapped")))
        var nested = list.nestedContainer(keyedBy: Key.self)
        try nested.encode("a", forKey: .alpha)
        _ = list.nestedUnkeyedContainer()
        try Scalars().encode(to: list.superEncoder())
        _ = container.nestedContainer(keyedBy: Key.self, forKey: .empty)
        try Wrapper(inner: 5).encode(to: container.superEncoder())
        try ["x": 1].encode(to: container.superEncoder(forKey: .base))
        try container.encode("a", forKey: .alpha)
    }
}

/// Seeded pseudo-random numbers, so that a failure reproduces.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
