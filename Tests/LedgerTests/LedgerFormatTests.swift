@testable import MojifyLedger
import XCTest

final class LedgerFormatTests: XCTestCase {
    func testTextShowsControlCharactersEscapedNotRaw() {
        let row = Fixture.row("FooMsg_A", line: 1, status: .inProgress, owner: "\u{1B}[31mmallory\u{7}")
        let text = LedgerText.render(rows: [row], columns: LedgerColumn.standardHeader)
        XCTAssertFalse(text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        XCTAssertTrue(text.contains("\\u{1B}[31mmallory\\u{07}"), text)
    }

    func testStatsCountPerClassAndOwnerWithPercentages() {
        let stats = LedgerStats(rows: [
            Fixture.row("A", line: 1, status: .converted, owner: "ann"),
            Fixture.row("B", line: 2, status: .inProgress, owner: "ann"),
            Fixture.row("C", line: 3, messageClass: "BarMsgStart", status: .wontfix),
        ])
        XCTAssertEqual(stats.overall.counts.total, 3)
        XCTAssertEqual(stats.percentConverted, 33.3)
        XCTAssertEqual(stats.percentDone, 66.7)
        XCTAssertEqual(stats.byClass.map(\.name), ["BarMsgStart", "FooMsgStart"])
        XCTAssertEqual(stats.byOwner.map(\.name), ["", "ann"])
        XCTAssertEqual(stats.byOwner[1].counts[.inProgress], 1)
        XCTAssertEqual(LedgerStats(rows: []).percentConverted, 0)
    }

    func testJSONRowsHaveTypedLineAndSyncAndEveryColumn() throws {
        var row = Fixture.row("FooMsg_A", line: 7)
        row.extra = ["team": "nav"]
        let json = try LedgerJSON.render(rows: [row], columns: LedgerColumn.standardHeader + ["team"])
        let objects = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        XCTAssertEqual(objects.first?["line"] as? Int, 7)
        XCTAssertEqual(objects.first?["sync"] as? Bool, false)
        XCTAssertEqual(objects.first?["team"] as? String, "nav")
        XCTAssertEqual(objects.first?.count, LedgerColumn.allCases.count + 1)
    }
}
