import MojifyCore
import XCTest

final class ScalarMappingTests: XCTestCase {
    func testOnlyScalarsWithAReplacementChange() {
        let replaced = "a<b>é\u{2028}😀".replacingScalars { $0 == "<" ? "&lt;" : ($0 == "\u{2028}" ? "\\u2028" : nil) }
        XCTAssertEqual(replaced, "a&lt;b>é\\u2028😀")
        XCTAssertEqual("".replacingScalars { _ in "x" }, "")
    }
}
