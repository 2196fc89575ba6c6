import MojifyCore
@testable import MojifyLedger
import MojifyTestSupport
import XCTest

final class LedgerModelTests: XCTestCase {
    private let header = LedgerColumn.standardHeader.joined(separator: ",")

    func testParsesRowsAndKeepsUserColumnsInPlace() throws {
        let text = """
        message,class,kind,sync,file,line,team,status,owner,bug,notes,claimed_on,updated_on,proposed_interface,proposed_method
        FrameMsg_Stop,FrameMsgStart,routed,no,content/common/frame_messages.h,84,navigation,in-progress,alice,123,,2024-03-01,2024-03-01,,

        """
        let ledger = try Ledger.parse(text, path: "l.csv")
        XCTAssertEqual(ledger.extraColumns, ["team"])
        let row = try XCTUnwrap(ledger.row(for: "FrameMsg_Stop"))
        XCTAssertEqual(row.status, .inProgress)
        XCTAssertEqual(row.kind, .routed)
        XCTAssertFalse(row.sync)
        XCTAssertEqual(row.line, 84)
        XCTAssertEqual(row.extra, ["team": "navigation"])
        XCTAssertEqual(try ledger.csvText(), text)
    }

    func testRoundTripsCommasQuotesAndLineBreaks() throws {
        let notes = ["a, b", "say \"hi\"", "two\nlines", "crlf\r\nline", "", "naïve ✓", "trailing space "]
        let rows = notes.enumerated().map { index, note in
            LedgerRow(message: "M\(index)", messageClass: "C", kind: .control, sync: true, file: "f.h", line: index + 1, notes: note)
        }
        let ledger = Ledger(rows: rows)
        XCTAssertEqual(try Ledger.parse(ledger.csvText(), path: "l.csv"), ledger)
    }

    func testNeutralisesFormulaCellsAndRestoresThem() throws {
        let dangerous = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "'=already", "''=twice", "'plain", "'", "ok",
                         "  =1+1", " \u{A0}@x", "' =quoted", " plain", "\t", " "]
        let rows = dangerous.enumerated().map { index, value in
            LedgerRow(message: "M\(index)", messageClass: "C", kind: .control, sync: false, file: "f.h", line: index + 1,
                      owner: value, extra: ["=team": value])
        }
        let ledger = Ledger(columns: LedgerColumn.standardHeader + ["=team"], rows: rows)
        let text = try ledger.csvText()
        let physicalCells = text.split(separator: "\n").flatMap { $0.split(separator: ",") }
        for cell in physicalCells {
            let unquoted = cell.hasPrefix("\"") ? cell.dropFirst() : cell
            XCTAssertFalse(["=", "+", "-", "@", "\t", "\r"].contains(unquoted.first.map(String.init) ?? ""), "unguarded cell \(cell)")
        }
        XCTAssertTrue(text.contains("'=1+1"))
        // Some programs trim leading spaces on import, so a formula behind them is guarded too.
        XCTAssertTrue(text.contains(",'  =1+1,"), text)
        XCTAssertTrue(text.contains(",'' =quoted,"), text)
        XCTAssertTrue(text.contains(", plain,"), "text that is no formula is left alone")
        XCTAssertTrue(text.hasSuffix("\n"))
        XCTAssertEqual(try Ledger.parse(text, path: "l.csv"), ledger)

        let multiLine = Ledger(rows: [LedgerRow(message: "M", messageClass: "C", kind: .control, sync: false, file: "f.h", line: 1,
                                                notes: "\n=HYPERLINK(\"x\")")])
        let multiLineText = try multiLine.csvText()
        XCTAssertTrue(multiLineText.contains(",\"'\n=HYPERLINK(\"\"x\"\")\","), multiLineText)
        XCTAssertEqual(try Ledger.parse(multiLineText, path: "l.csv"), multiLine)
    }

    func testHistoryRecordsOneEntryPerDay() throws {
        var history = LedgerHistory()
        history.record(.init(date: "2024-03-01", counts: [.unclaimed: 3]))
        history.record(.init(date: "2024-03-02", counts: [.unclaimed: 2, .converted: 1]))
        history.record(.init(date: "2024-03-02", counts: [.unclaimed: 1, .converted: 2]))
        XCTAssertEqual(try history.csvText(), """
        date,total,unclaimed,in-progress,blocked,converted,wontfix
        2024-03-01,3,3,0,0,0,0
        2024-03-02,3,1,0,0,2,0

        """)
        let path = try temporaryFolder().path + "/history.csv"
        try FileOutput.writeAtomically(history.csvText(), to: path)
        XCTAssertEqual(try LedgerHistory.load(path: path), history)
        XCTAssertEqual(history.entries.last?.counts.done, 2)
        XCTAssertEqual(LedgerHistory.path(forLedger: "ipc/ledger.csv"), "ipc/ledger.history.csv")
    }
}
