import Foundation
import MojifyTestSupport
import XCTest

/// Docs/inventory-schema.md describes what `scan --format json` writes: a key the scan writes and the document does
/// not name (as `toolVersion` was) fails here.
final class InventorySchemaDocTests: XCTestCase {
    func testEveryTopLevelKeyOfTheExamplesInventoryIsDocumented() throws {
        let golden = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Tests/ScannerTests/Golden/examples-inventory.json"))
        let keys = try XCTUnwrap(JSONSerialization.jsonObject(with: golden) as? [String: Any]).keys
        let document = try String(contentsOfFile: repositoryRoot + "/Docs/inventory-schema.md", encoding: .utf8)
        let rows = Set(document.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) })
        XCTAssertEqual(Set(keys).subtracting(rows).sorted(), [])
    }
}
