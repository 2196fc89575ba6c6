import MojifyCore
import XCTest

final class ScalarMappingTests: XCTestCase {
    func testOnlyScalarsWithAReplacementChange() {
        let replaced = "a<b>é\u{2028}😀".replacingScalars { $0 == "<" ? "&lt;" : ($0 == "\u{2028}" ? "\\u2028" : nil) }
        XCTAssertEqual(replaced, "a&lt;b>é\\u2028😀")
        XCTAssertEqual("".replacingScalars { _ in "x" }, "")
    }

    func testControlCharactersAreEscapedAndEverythingElseKept() {
        XCTAssertEqual("a\u{1B}[31mb\nc\td\r\u{7F}\u{85}é😀".escapingControlCharacters, "a\\u{1B}[31mb\\nc\\td\\r\\u{7F}\\u{0085}é😀")
        XCTAssertEqual("plain/path_messages.h".escapingControlCharacters, "plain/path_messages.h")
    }
}
