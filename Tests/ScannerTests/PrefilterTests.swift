import MojifyTestSupport
@testable import MojifyScanner
import XCTest

final class PrefilterTests: XCTestCase {
    /// The one-pass vector search must agree with a plain search on every placement, block edge included.
    func testVectorSearchAgreesWithAPlainSearch() {
        let needles = IPCScanner.needles.map { Array($0.utf8) }
        func plain(_ bytes: [UInt8]) -> Bool {
            needles.contains { needle in
                bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
            }
        }
        var generator = SeededGenerator(seed: 11)
        let alphabet = Array("IPC_Msg_ xC_g_".utf8)
        for length in 0..<70 {
            for _ in 0..<40 {
                let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                XCTAssertEqual(SourceFile.contains(bytes, anyOf: needles), plain(bytes), String(decoding: bytes, as: UTF8.self))
            }
        }
        for offset in 0..<40 {
            let bytes = Array(repeating: UInt8(ascii: "x"), count: offset) + Array("IPC_".utf8) + Array(repeating: UInt8(ascii: "y"), count: 5)
            XCTAssertTrue(SourceFile.contains(bytes, anyOf: needles), "IPC_ at \(offset)")
        }
        XCTAssertTrue(SourceFile.contains(Array("a EXT_HANDLER(".utf8), anyOf: [Array("EXT_HANDLER".utf8)]), "other needles use memmem")
    }

    /// Needle sets of the later passes (message names, wrapper macros) are searched in one pass by their first two
    /// bytes; with many distinct first pairs, by memmem. Both must agree with a plain search.
    func testSearchForOtherNeedleSetsAgreesWithAPlainSearch() {
        var generator = SeededGenerator(seed: 5)
        let alphabet = Array("MsgPeTAB_x".utf8)
        let few = ["MsgA", "PeerB", "TestMsg", "Ms", "EXT_H"].map { Array($0.utf8) }
        let many = (0..<12).map { Array("\(Character(UnicodeScalar(UInt8(65 + $0))))x_\($0)".utf8) }
        for needles in [few, many] {
            func plain(_ bytes: [UInt8]) -> Bool {
                needles.contains { needle in
                    bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
                }
            }
            for length in 0..<70 {
                for _ in 0..<40 {
                    let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
                    XCTAssertEqual(SourceFile.contains(bytes, anyOf: needles), plain(bytes), String(decoding: bytes, as: UTF8.self))
                }
            }
            for offset in 0..<40 {
                for needle in needles {
                    let bytes = Array(repeating: UInt8(ascii: "x"), count: offset) + needle
                    XCTAssertTrue(SourceFile.contains(bytes, anyOf: needles), "\(needle) at \(offset), at the end")
                }
            }
        }
    }
}
