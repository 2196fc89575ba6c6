import Foundation
import MojifyCore
import MojifyTestSupport
@testable import MojifyScanner
import XCTest

/// Real code is messy and half-edited: the scanner must survive any mutation of a valid file, never crash or
/// hang, and still give the same answer twice.
final class MutationTests: XCTestCase {
    static let mutator = Mutator(noise: "(){}[]<>,;#\"'/*\\\n IPC_MESSAGE_ROUTED1(Msg_ new R\"( \u{0}\u{FF}")

    func testMutatedExamplesNeverBreakTheScan() throws {
        let examples = try examplesPath()
        let sources = try FileManager.default.subpathsOfDirectory(atPath: examples)
            .filter { FileWalker.isScannable($0) && !$0.hasPrefix("out/") }
            .sorted()
        XCTAssertFalse(sources.isEmpty)
        var generator = SeededGenerator(seed: 2026)
        let tree = try temporaryFolder()
        for round in 0..<12 {
            for source in sources {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: examples + "/" + source)))
                try tree.write("r\(round)/\(source)", bytes: Self.mutator.mutate(bytes, using: &generator))
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
        var generator = SeededGenerator(seed: 7)
        let tree = try temporaryFolder()
        for index in 0..<40 {
            let bytes = (0..<Int.random(in: 0...3000, using: &generator)).map { _ in Self.mutator.noise.randomElement(using: &generator)! }
            try tree.write("soup\(index)_messages.h", bytes: Array("IPC_".utf8) + bytes)
        }
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.stats.filesVisited, 40)
    }
}
