import MojifyCore
@testable import MojifyScanner
import XCTest

final class BinaryCodingTests: XCTestCase {
    func testRoundTrip() throws {
        struct Sample: Codable, Equatable {
            var name: String
            var flag: Bool
            var maybe: Bool?
            var list: [String]
            var nested: [[Int]]
            var optionals: [String?]
            var number: Double
        }
        let value = Sample(name: "a", flag: true, maybe: nil, list: ["x", "y"], nested: [[1], [], [2, 3]], optionals: ["p", nil], number: 1.5)
        let bytes = try BinaryCoding.encode(value)
        XCTAssertEqual(try BinaryCoding.decode(Sample.self, from: bytes), value)
        let pair = (try BinaryCoding.encode(["a", "b"]), try BinaryCoding.encode(["c"]))
        XCTAssertEqual(try BinaryCoding.decode([String].self, from: pair.0), ["a", "b"])
        XCTAssertEqual(try BinaryCoding.decode([String].self, from: pair.1), ["c"])
    }

    /// A file's calls between its functions are a dictionary with string keys; until these were written with their
    /// keys, every file holding one failed to decode and was analysed again on each cached scan.
    func testDictionariesWithStringKeysRoundTripAndEncodeInKeyOrder() throws {
        struct Sample: Codable, Equatable {
            var calls: [String: [String]]?
            var empty: [String: Int]
            var nested: [String: [String: Bool]]
        }
        let value = Sample(calls: ["B::Run": ["A::Go"], "A::Go": [], "C": ["x", "y"]], empty: [:], nested: ["k": ["z": true, "a": false]])
        let bytes = try BinaryCoding.encode(value)
        XCTAssertEqual(try BinaryCoding.decode(Sample.self, from: bytes), value)
        // The same entries inserted in another order give the same bytes.
        var reordered = Sample(calls: [:], empty: [:], nested: ["k": ["a": false, "z": true]])
        for key in ["C", "A::Go", "B::Run"] { reordered.calls![key] = value.calls![key] }
        XCTAssertEqual(try BinaryCoding.encode(reordered), bytes)
    }
}
