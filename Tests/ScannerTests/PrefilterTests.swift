import MojifyTestSupport
@testable import MojifyScanner
import XCTest

final class PrefilterTests: XCTestCase {
    private func plainSearch(_ bytes: [UInt8], _ needles: [[UInt8]]) -> Bool {
        needles.contains { needle in
            bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
        }
    }

    /// Random texts over the needles' own bytes, and each needle at every offset across the 32-byte blocks, at the
    /// end and at the start: the search must agree with a plain one.
    private func assertAgreesWithAPlainSearch(_ needles: [[UInt8]], alphabet: String, seed: UInt64, file: StaticString = #filePath, line: UInt = #line) {
        let search = NeedleSearch(needles)
        var generator = SeededGenerator(seed: seed)
        let alphabet = Array(alphabet.utf8)
        for length in 0..<70 {
            for _ in 0..<40 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                XCTAssertEqual(search.matches(bytes), plainSearch(bytes, needles), String(decoding: bytes, as: UTF8.self), file: file, line: line)
            }
        }
        for offset in 0..<40 {
            for needle in needles {
                let padding = Array(repeating: UInt8(ascii: "x"), count: offset)
                for bytes in [padding + needle, needle + padding, padding + needle + padding] {
                    XCTAssertTrue(search.matches(bytes), "\(String(decoding: needle, as: UTF8.self)) at \(offset)", file: file, line: line)
                }
            }
        }
    }

    func testTheFirstPassNeedlesAgreeWithAPlainSearch() {
        assertAgreesWithAPlainSearch(IPCScanner.needles.map { Array($0.utf8) }, alphabet: "IPC_Msg_ xC_g_", seed: 11)
    }

    /// Message names and wrapper macros of the later passes: few pairs, pairs shared by several needles (found
    /// through the same rare pair at different offsets), and more pairs than one pass compares.
    func testOtherNeedleSetsAgreeWithAPlainSearch() {
        let few = ["MsgA", "PeerB", "TestMsg", "Ms", "EXT_H"].map { Array($0.utf8) }
        let sharedPair = ["kHa", "akH", "xkHkH", "kH"].map { Array($0.utf8) }
        let many = (0..<20).map { Array("\(Character(UnicodeScalar(UInt8(65 + $0))))x_\($0)".utf8) }
        assertAgreesWithAPlainSearch(few, alphabet: "MsgPeTAB_x", seed: 5)
        assertAgreesWithAPlainSearch(sharedPair, alphabet: "akHx", seed: 6)
        assertAgreesWithAPlainSearch(many, alphabet: "ABCDEFGHIJx_0123456789", seed: 7)
    }

    func testNeedlesOfOneByteAndTheEmptyNeedle() {
        assertAgreesWithAPlainSearch([Array("Q".utf8), Array("IPC_".utf8)], alphabet: "IPCQ_x", seed: 8)
        XCTAssertTrue(NeedleSearch([[]]).matches(Array("anything".utf8)))
        XCTAssertFalse(NeedleSearch([]).matches(Array("anything".utf8)), "no needle, no match")
    }
}
