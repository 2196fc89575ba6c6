import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// What the preprocessor does before compilers see an IPC macro, and the scanner must see too: digraphs, line
/// splices, line ends of every kind.
final class PreprocessorTests: XCTestCase {
    private func names(_ inventory: Inventory) -> [String] {
        inventory.messages.map(\.name).sorted()
    }

    // MARK: - Digraphs

    func testDigraphsAreTheirPunctuators() throws {
        let inventory = try scanSource("""
        %:define IPC_MESSAGE_START FooMsgStart
        IPC_MESSAGE_CONTROL1(FooMsg_Bar, int)
        %:if 0
        IPC_MESSAGE_CONTROL1(FooMsg_Disabled, int)
        %:endif
        """)
        XCTAssertEqual(names(inventory), ["FooMsg_Bar", "FooMsg_Disabled"])
        XCTAssertEqual(try inventory.message("FooMsg_Bar").messageClass, "FooMsgStart")
        XCTAssertTrue(try inventory.message("FooMsg_Disabled").conditions.disabled)
    }

    // MARK: - Line splices

    func testLineSplicesInsideNamesAreRemoved() throws {
        let inventory = try scanSource("#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CON\\\nTROL1(FooMsg_Bar, int)\nIPC_MESSAGE_CONTROL0(FooMsg_\\  \r\nSpaced)\n")
        XCTAssertEqual(names(inventory), ["FooMsg_Bar", "FooMsg_Spaced"])
        XCTAssertEqual(try inventory.message("FooMsg_Bar").location.line, 2)
        XCTAssertEqual(try inventory.message("FooMsg_Spaced").location.line, 4)
    }

    // MARK: - Line ends

    func testLoneCarriageReturnsEndLinesAndDirectives() throws {
        let source = "#define IPC_MESSAGE_START FooMsgStart\r#define X 1\r\r// The bar.\rIPC_MESSAGE_CONTROL1(FooMsg_Bar, int)\rIPC_MESSAGE_CONTROL0(FooMsg_Baz)\r"
        let inventory = try scanSource(source)
        XCTAssertEqual(names(inventory), ["FooMsg_Bar", "FooMsg_Baz"])
        let bar = try inventory.message("FooMsg_Bar")
        XCTAssertEqual(bar.location.line, 5)
        XCTAssertEqual(bar.messageClass, "FooMsgStart")
        XCTAssertEqual(bar.comment, "The bar.")
        XCTAssertEqual(try inventory.message("FooMsg_Baz").location.line, 6)
        // Mixed: a directive ended by a lone CR, then CRLF and LF lines.
        let mixed = try scanSource("#define IPC_MESSAGE_START FooMsgStart\rIPC_MESSAGE_CONTROL0(FooMsg_A)\r\n#define X 1\nIPC_MESSAGE_CONTROL0(FooMsg_B)\n")
        XCTAssertEqual(mixed.messages.map(\.location.line), [2, 4])
        XCTAssertEqual(mixed.messages.map(\.messageClass), ["FooMsgStart", "FooMsgStart"])
    }

    func testPositionsOfOffsetsCountEveryKindOfLineEnd() {
        let bytes = Array("a\rb\r\nc\nd\n\re".utf8)
        let lines = bytes.indices.map { TextEncoding.position(ofOffset: $0, in: bytes).line }
        XCTAssertEqual(lines, [1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6])
        XCTAssertEqual(TextEncoding.position(ofOffset: 2, in: bytes).column, 1)
    }
}
