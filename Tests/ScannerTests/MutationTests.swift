import Foundation
import MojifyCore
@testable import MojifyScanner
import XCTest

/// Real code is messy and half-edited: the scanner must survive any mutation of a valid file, never crash or
/// hang, and still give the same answer twice.
final class MutationTests: XCTestCase {
    /// A small deterministic generator (SplitMix64), so failures replay.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let noise = Array("(){}[]<>,;#\"'/*\\\n IPC_MESSAGE_ROUTED1(Msg_ new R\"( \u{0}\u{FF}".utf8)

    static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...6, using: &generator) where !result.isEmpty {
            let position = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: result.removeSubrange(position..<min(result.count, position + Int.random(in: 1...40, using: &generator)))
            case 1: result.insert(noise.randomElement(using: &generator)!, at: position)
            case 2: result = Array(result[..<position])
            case 3: result.insert(contentsOf: result[position..<min(result.count, position + 200)], at: position)
            default: result[position] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        return result
    }

    func testMutatedExamplesNeverBreakTheScan() throws {
        let examples = try examplesPath()
        let sources = try FileManager.default.subpathsOfDirectory(atPath: examples)
            .filter { FileWalker.isScannable($0) && !$0.hasPrefix("out/") }
            .sorted()
        XCTAssertFalse(sources.isEmpty)
        var generator = SeededGenerator(state: 2026)
        let tree = try TemporaryTree()
        for round in 0..<12 {
            for source in sources {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: examples + "/" + source)))
                try tree.write("r\(round)/\(source)", bytes: Self.mutate(bytes, using: &generator))
            }
        }
        let first = try tree.scan()
        XCTAssertEqual(first.stats.filesVisited, sources.count * 12)
        XCTAssertEqual(try first.jsonData(), try tree.scan { $0.jobs = 1 }.jsonData(), "mutated input must still scan deterministically")
        for diagnostic in first.diagnostics where diagnostic.location.line > 0 {
            XCTAssertTrue(diagnostic.location.column > 0, "\(diagnostic)")
        }
    }

    func testRandomTokenSoupNeverBreaksTheScan() throws {
        var generator = SeededGenerator(state: 7)
        let tree = try TemporaryTree()
        for index in 0..<40 {
            let bytes = (0..<Int.random(in: 0...3000, using: &generator)).map { _ in Self.noise.randomElement(using: &generator)! }
            try tree.write("soup\(index)_messages.h", bytes: Array("IPC_".utf8) + bytes)
        }
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.stats.filesVisited, 40)
    }
}
