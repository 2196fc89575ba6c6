import CClang
import Foundation
import MojifyTestSupport
import XCTest

/// The prefilter's byte searches have code for AVX2, SSE2 and no vectors at all; a machine runs one of them. Each
/// level is forced in turn on the same inputs, made to put matches where the vector code has its edges (the ends of
/// the buffer, 16-, 32- and 64-byte blocks), and every level must find what a plain Swift search finds.
final class SearchLevelTests: XCTestCase {
    private static let levels = [Int32(MOJIFY_SIMD_SCALAR), Int32(MOJIFY_SIMD_SSE2), Int32(MOJIFY_SIMD_AVX2)]

    override func tearDown() {
        // Back to the best level the processor has, which every other test runs at.
        mojify_force_simd_level(Int32(MOJIFY_SIMD_AVX2))
        super.tearDown()
    }

    /// The results of `search` at each level this processor has, checked against `reference`; a level it lacks is
    /// said in the test's output rather than passed silently.
    private func assertEveryLevel<Result: Equatable>(_ what: String, _ search: () -> Result, equals reference: Result,
                                                     file: StaticString = #filePath, line: UInt = #line) {
        for level in SearchLevelTests.levels {
            guard mojify_force_simd_level(level) == level else { continue }
            XCTAssertEqual(search(), reference, "\(what) at level \(level)", file: file, line: line)
        }
    }

    func testAVX2IsUsedOnlyWhereTheProcessorHasIt() throws {
        #if arch(x86_64) && os(Linux)
        let cpu = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpu.split(separator: "\n").first { $0.hasPrefix("flags") }.map { Set($0.split(separator: " ").map(String.init)) } ?? []
        // Linux lists avx2 only where it also saves the vector registers, which the shim asks too.
        XCTAssertEqual(mojify_force_simd_level(Int32(MOJIFY_SIMD_AVX2)), flags.contains("avx2") ? Int32(MOJIFY_SIMD_AVX2) : Int32(MOJIFY_SIMD_SSE2))
        XCTAssertEqual(mojify_force_simd_level(Int32(MOJIFY_SIMD_SSE2)), Int32(MOJIFY_SIMD_SSE2))
        if !flags.contains("avx2") { throw XCTSkip("this processor has no AVX2: its code went untested") }
        #else
        XCTAssertEqual(mojify_force_simd_level(Int32(MOJIFY_SIMD_AVX2)), Int32(MOJIFY_SIMD_SCALAR))
        #endif
        XCTAssertEqual(mojify_force_simd_level(Int32(MOJIFY_SIMD_SCALAR)), Int32(MOJIFY_SIMD_SCALAR))
    }

    // MARK: - Pairs

    /// Every position `mojify_find_pair` finds from `from` on, one search after another.
    private func pairPositions(_ haystack: [UInt8], _ pairs: [(UInt8, UInt8)], from: Int = 0) -> [Int] {
        var found: [Int] = []
        var start = from
        haystack.withUnsafeBytes { bytes in
            while true {
                let position = mojify_find_pair(bytes.baseAddress, bytes.count, start, pairs.map(\.0), pairs.map(\.1), Int32(pairs.count))
                guard position >= 0 else { return }
                found.append(position)
                start = position + 1
            }
        }
        return found
    }

    private func plainPairPositions(_ haystack: [UInt8], _ pairs: [(UInt8, UInt8)], from: Int = 0) -> [Int] {
        guard haystack.count >= 2, from < haystack.count - 1 else { return [] }
        return (from..<(haystack.count - 1)).filter { index in pairs.contains { $0.0 == haystack[index] && $0.1 == haystack[index + 1] } }
    }

    private func assertPairs(_ haystack: [UInt8], _ pairs: [(UInt8, UInt8)], from: Int = 0, file: StaticString = #filePath, line: UInt = #line) {
        assertEveryLevel("\(haystack.count) bytes from \(from)", { pairPositions(haystack, pairs, from: from) },
                         equals: plainPairPositions(haystack, pairs, from: from), file: file, line: line)
    }

    func testPairsAtEveryOffsetOfEveryLength() {
        let pairs: [(UInt8, UInt8)] = [(UInt8(ascii: "I"), UInt8(ascii: "P")), (0xFF, 0x80)]
        for length in 0...100 {
            let filler = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            assertPairs(filler, pairs)
            for offset in 0..<max(length - 1, 0) {
                var bytes = filler
                bytes[offset] = UInt8(ascii: "I")
                bytes[offset + 1] = UInt8(ascii: "P")
                assertPairs(bytes, pairs)
                // The first byte of a pair alone, last in its block or in the buffer, is no match.
                bytes[offset + 1] = UInt8(ascii: "x")
                assertPairs(bytes, pairs)
                // Bytes above 127, which the vector code compares as signed.
                bytes[offset] = 0xFF
                bytes[offset + 1] = 0x80
                assertPairs(bytes, pairs)
            }
        }
    }

    func testManyMatchesEmptyInputAndStartsPastTheEnd() {
        let dense = Array(String(repeating: "IPIP", count: 40).utf8)
        let pairs: [(UInt8, UInt8)] = [(UInt8(ascii: "I"), UInt8(ascii: "P")), (UInt8(ascii: "P"), UInt8(ascii: "I"))]
        for from in [0, 1, 15, 16, 31, 32, 33, 63, 64, 158, 159, 160, 200] {
            assertPairs(dense, pairs, from: from)
        }
        assertPairs([], pairs)
        assertPairs([UInt8(ascii: "I")], pairs)
        assertEveryLevel("no buffer", { mojify_find_pair(nil, 0, 0, [1], [2], 1) }, equals: -1)
        assertEveryLevel("nine pairs", { mojify_find_pair(dense, dense.count, 0, Array(repeating: 1, count: 9), Array(repeating: 2, count: 9), 9) }, equals: -1)
    }

    func testRandomTextsWithOneToEightPairs() {
        var generator = SeededGenerator(seed: 29)
        let alphabet = Array("IPCMsg_x\n".utf8) + [0x80, 0xFF]
        for count in 1...8 {
            let pairs = (0..<count).map { _ in (alphabet.randomElement(using: &generator)!, alphabet.randomElement(using: &generator)!) }
            for _ in 0..<60 {
                let bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
                assertPairs(bytes, pairs, from: Int.random(in: 0..<8, using: &generator))
            }
        }
    }

    // MARK: - Needleless look

    private struct Place: Equatable, CustomStringConvertible {
        var position: Int
        var kind: Int32
        /// Past the include's name; 0 for a splice.
        var end: Int

        var description: String { "\(kind)@\(position)..<\(end)" }
    }

    /// Every place `mojify_next_needleless` hands back, one search after another.
    private func needlelessPlaces(_ haystack: [UInt8]) -> [Place] {
        var places: [Place] = []
        var from = 0
        haystack.withUnsafeBytes { bytes in
            while true {
                var kind: Int32 = 0
                var end = 0
                let position = mojify_next_needleless(bytes.baseAddress, bytes.count, from, &kind, &end)
                guard position >= 0 else { return }
                let splice = kind == Int32(MOJIFY_SPLICED_NAME)
                places.append(Place(position: position, kind: kind, end: splice ? 0 : end))
                from = splice ? position + 1 : end
            }
        }
        return places
    }

    /// What the look is to find, as byte_search.h says it, one byte at a time.
    private func plainNeedlelessPlaces(_ bytes: [UInt8]) -> [Place] {
        func isNamePart(_ byte: UInt8) -> Bool {
            byte.isASCIILetterOrDigit || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        }
        func skipBlanks(_ index: Int) -> Int {
            var index = index
            while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C].contains(bytes[index]) { index += 1 }
            return index
        }
        func isLineBreak(_ index: Int) -> Bool { index < bytes.count && (bytes[index] == 0x0A || bytes[index] == 0x0D) }
        func startsWith(_ word: String, at index: Int) -> Bool {
            bytes.count - index >= word.utf8.count && bytes[index..<(index + word.utf8.count)].elementsEqual(word.utf8)
        }
        var places: [Place] = []
        var index = 0
        while index < bytes.count {
            defer { index += 1 }
            if bytes[index] == UInt8(ascii: "\\") {
                guard index > 0, isNamePart(bytes[index - 1]) else { continue }
                let lineBreak = skipBlanks(index + 1)
                guard isLineBreak(lineBreak) else { continue }
                // `\r\n` and `\n\r` are one line break.
                let next = isLineBreak(lineBreak + 1) && bytes[lineBreak + 1] != bytes[lineBreak] ? lineBreak + 2 : lineBreak + 1
                if next < bytes.count && (isNamePart(bytes[next]) || bytes[next] == UInt8(ascii: "\\")) {
                    places.append(Place(position: index, kind: Int32(MOJIFY_SPLICED_NAME), end: 0))
                }
            } else if bytes[index] == UInt8(ascii: "#") {
                var next = skipBlanks(index + 1)
                // The shortest include that names a file, `import"x"`, is 9 bytes long.
                guard bytes.count - next > 8, let directive = ["include_next", "include", "import"].first(where: { startsWith($0, at: next) }) else { continue }
                next = skipBlanks(next + directive.utf8.count)
                guard next < bytes.count, bytes[next] == UInt8(ascii: "\"") || bytes[next] == UInt8(ascii: "<") else { continue }
                let close = bytes[next] == UInt8(ascii: "<") ? UInt8(ascii: ">") : UInt8(ascii: "\"")
                guard let end = bytes[(next + 1)...].firstIndex(where: { $0 == close || $0 == 0x0A || $0 == 0x0D }), bytes[end] == close else { continue }
                let name = bytes[(next + 1)..<end]
                if !(name.count >= 2 && name[end - 2] == UInt8(ascii: ".") && name[end - 1] | 0x20 == UInt8(ascii: "h")) {
                    places.append(Place(position: next + 1, kind: Int32(close == UInt8(ascii: ">") ? MOJIFY_ANGLED_INCLUDE : MOJIFY_QUOTED_INCLUDE), end: end))
                }
                // The name is not looked at again: the look goes on at its closing quote.
                index = end - 1
            }
        }
        return places
    }

    private func assertNeedleless(_ text: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        assertEveryLevel(String(decoding: text, as: UTF8.self).debugDescription, { needlelessPlaces(text) },
                         equals: plainNeedlelessPlaces(text), file: file, line: line)
    }

    func testSplicesAndIncludesAtEveryOffset() {
        let pieces = [
            "ab\\\ncd", "ab\\\r\ncd", "ab\\\n\rcd", "ab\\ \t\ncd", "ab\\\n\\\ncd", "+\\\ncd", "ab\\\n+", "ab\\x",
            "#include \"msgs.def\"", "#  import <tr1/x.inc>", "#include_next \"a.cc\"", "#include \"a.h\"", "#include <A.H>",
            "#include <vector>", "#include \"unterminated", "#include \"two\nlines\"", "#define X", "#if 1", "#",
            "#include \"#include <inner.inc>.h\"",
        ].map { Array($0.utf8) }
        for piece in pieces {
            for offset in 0..<140 {
                let before = [UInt8](repeating: UInt8(ascii: "x"), count: offset)
                // At the end of the buffer, and followed by more text.
                assertNeedleless(before + piece)
                assertNeedleless(before + piece + Array(" \n#include \"after.ipp\"\n".utf8))
            }
        }
    }

    func testManyPlacesEmptyInputAndNone() {
        assertNeedleless([])
        assertNeedleless(Array(String(repeating: "int x = 1; // nothing here\n", count: 20).utf8))
        assertNeedleless(Array(String(repeating: "#include \"m.def\"\na\\\nb#include <x.h>\n", count: 30).utf8))
        assertNeedleless(Array(String(repeating: "#", count: 300).utf8))
        assertNeedleless(Array(String(repeating: "a\\", count: 300).utf8))
        var kind: Int32 = 0
        var end = 0
        assertEveryLevel("no buffer", { mojify_next_needleless(nil, 0, 0, &kind, &end) }, equals: -1)
    }

    func testRandomTextsOfTheBytesThatMatter() {
        var generator = SeededGenerator(seed: 31)
        let words = ["#", "include", "import", "_next", " ", "\t", "\\", "\n", "\r", "\"", "<", ">", "a", ".h", ".def", "x"].map { Array($0.utf8) }
        for _ in 0..<1500 {
            let text = (0..<Int.random(in: 0..<60, using: &generator)).flatMap { _ in words.randomElement(using: &generator)! }
            assertNeedleless(text)
        }
    }
}

private extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z") || self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9")
    }
}
