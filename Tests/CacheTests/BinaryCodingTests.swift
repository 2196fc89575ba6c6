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
}
