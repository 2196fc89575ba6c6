import MojifyCore
import XCTest

final class GlobTests: XCTestCase {
    func testWildcards() {
        XCTAssertTrue(Glob("FooHostMsg_*").matches("FooHostMsg_Bar"))
        XCTAssertFalse(Glob("FooHostMsg_*").matches("FooMsg_Bar"))
        XCTAssertTrue(Glob("Foo?Msg_Bar").matches("FooHMsg_Bar"))
        XCTAssertTrue(Glob("[A-C]*").matches("Bar"))
        XCTAssertFalse(Glob("[!A-C]*").matches("Bar"))
        XCTAssertTrue(Glob("a[").matches("a["), "an unclosed [ is literal")
        XCTAssertTrue(Glob("a\\*").matches("a*"))
        XCTAssertFalse(Glob("a\\*").matches("ab"))
    }

    func testStarStaysInOneComponentAndDoubleStarCrosses() {
        XCTAssertFalse(Glob("third_party/*.h").matches("third_party/x/y.h"))
        XCTAssertTrue(Glob("third_party/**").matches("third_party/x/y.h"))
        XCTAssertTrue(Glob("**/gen/*.h").matches("gen/a.h"), "**/ matches zero folders")
        XCTAssertTrue(Glob("**/gen/*.h").matches("out/Default/gen/a.h"))
        XCTAssertFalse(Glob("**/gen/*.h").matches("out/generated/a.h"))
    }

    /// Where git's wildmatch, which matches a glob, reads a pattern otherwise than the ledger's globs always have.
    func testSetsAndEscapesKeepTheLedgersMeaning() {
        XCTAssertTrue(Glob("[\\]x").matches("\\x"), "a backslash in a set is a member")
        XCTAssertTrue(Glob("[[:alpha:]]").matches(":]"), "no character classes: [[:alph:] is a set, then a literal ]")
        XCTAssertFalse(Glob("[[:alpha:]]").matches("a"))
        XCTAssertTrue(Glob("[^a]b").matches("cb"))
        XCTAssertFalse(Glob("[z-a]x").matches("zx"), "a range written backwards holds nothing")
        XCTAssertTrue(Glob("[!z-a]").matches("q"))
        XCTAssertTrue(Glob("a\\").matches("a\\"), "a trailing backslash is literal")
        XCTAssertTrue(Glob("[]a]").matches("]"), "a ] first in a set is a member")
    }

    func testPathologicalPatternsStayFast() {
        let subject = String(repeating: "a", count: 200)
        XCTAssertFalse(Glob(String(repeating: "*a", count: 30) + "b").matches(subject))
    }
}
