import Foundation
import MojifyCore
import MojifyTestSupport
import XCTest

final class InventoryCodingTests: XCTestCase {
    private func write(_ text: String) throws -> String {
        try temporaryFolder().write("inventory.json", text)
    }

    func testRoundTripIsByteIdentical() throws {
        var inventory = Inventory()
        inventory.messages = [MessageDefinition(
            name: "FooMsg_A", messageClass: "FooMsgStart", kind: .routed, isSync: true,
            inputs: [Parameter(type: "int", name: "id")], outputs: [Parameter(type: "std::string")],
            macro: "IPC_SYNC_MESSAGE_ROUTED1_1", exportMacro: nil, conditions: Conditions(stack: ["defined(A)"]),
            location: SourceLocation(file: "a/b.h", line: 3, column: 1), source: "IPC_SYNC_MESSAGE_ROUTED1_1(FooMsg_A, int, std::string)"
        )]
        let data = try inventory.jsonData()
        let path = try write(String(decoding: data, as: UTF8.self))
        let loaded = try Inventory.load(from: path)
        XCTAssertEqual(loaded, inventory)
        XCTAssertEqual(try loaded.jsonData(), data)
    }

    func testBadInventoriesSayWhatToDo() throws {
        let notJSON = try write("{ nope")
        XCTAssertThrowsError(try Inventory.load(from: notJSON)) { error in
            XCTAssertTrue("\(error)".contains("not a mojify inventory"), "\(error)")
        }
        let future = try write("{\"schemaVersion\": 99}")
        XCTAssertThrowsError(try Inventory.load(from: future)) { error in
            XCTAssertEqual(error as? CoreError, .unsupportedSchemaVersion(path: future, found: 99, supported: Inventory.currentSchemaVersion))
        }
        let partial = try write("{\"schemaVersion\": \(Inventory.currentSchemaVersion), \"tool\": \"mojify\"}")
        XCTAssertThrowsError(try Inventory.load(from: partial)) { error in
            XCTAssertTrue("\(error)".contains("missing field"), "\(error)")
        }
        XCTAssertThrowsError(try Inventory.load(from: "/no/such/inventory.json")) { error in
            XCTAssertTrue("\(error)".contains("cannot read"), "\(error)")
        }
    }
}
