@testable import MojifyLedger
import MojifyTestSupport
import XCTest

/// Every way a ledger can be malformed is refused with its line number.
final class LedgerValidationTests: XCTestCase {
    private let header = "message,class,kind,sync,file,line,status,owner,bug,notes,claimed_on,updated_on,proposed_interface,proposed_method"
    private func row(_ message: String, status: String = "unclaimed", line: Int = 10) -> String {
        "\(message),FooMsgStart,routed,no,foo/foo_messages.h,\(line),\(status),,,,,,,"
    }

    private func assertRefused(_ text: String, _ expected: LedgerError, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try Ledger.parse(text, path: "l.csv"), file: file, line: line) { error in
            XCTAssertEqual(error as? LedgerError, expected, file: file, line: line)
        }
    }

    func testMergeConflictMarkersAreRefusedWithTheirLine() {
        for marker in ["<<<<<<< HEAD", "=======", ">>>>>>> theirs", "||||||| base"] {
            assertRefused([header, row("A"), marker, row("B", line: 11)].joined(separator: "\n") + "\n",
                          .mergeConflict(path: "l.csv", line: 3))
        }
    }

    func testConflictLikeTextInsideACellIsNotAMarker() throws {
        let text = [header, "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,\"Heading\n=======\nsee <<<<<<<< here\",,,,"].joined(separator: "\n")
        XCTAssertEqual(try Ledger.parse(text, path: "l.csv").rows.first?.notes, "Heading\n=======\nsee <<<<<<<< here")
        var row = Fixture.row("B", line: 2)
        row.notes = "======="
        let ledger = Ledger(rows: [row])
        XCTAssertEqual(try Ledger.parse(ledger.csvText(), path: "l.csv"), ledger)
    }

    func testWrongColumnCountNamesThePhysicalLine() {
        // The multi-line quoted cell in row A makes row B start on line 4.
        let rowA = "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,\"two\nlines\",,,,"
        assertRefused([header, rowA, "B,FooMsgStart,routed,no,f.h,2,unclaimed"].joined(separator: "\n"),
                      .wrongColumnCount(path: "l.csv", line: 4, found: 7, expected: 14))
        assertRefused([header, row("A") + ",extra"].joined(separator: "\n"),
                      .wrongColumnCount(path: "l.csv", line: 2, found: 15, expected: 14))
    }

    func testDuplicateMessagesAreRefused() {
        assertRefused([header, row("A"), row("B", line: 11), row("A", line: 12)].joined(separator: "\n"),
                      .duplicateMessage(path: "l.csv", line: 4, message: "A", firstLine: 2))
    }

    func testUnknownStatusIsRefused() {
        assertRefused([header, row("A", status: "done")].joined(separator: "\n"),
                      .unknownStatus(path: "l.csv", line: 2, value: "done"))
        assertRefused([header, row("A", status: "In-Progress")].joined(separator: "\n"),
                      .unknownStatus(path: "l.csv", line: 2, value: "In-Progress"))
    }

    func testHeaderProblemsAreRefused() {
        assertRefused("", .empty(path: "l.csv"))
        assertRefused(header.replacingOccurrences(of: ",owner", with: "") + "\n", .missingColumn(path: "l.csv", column: "owner"))
        assertRefused(header + ",notes\n", .duplicateColumn(path: "l.csv", column: "notes"))
    }

    func testCellsMojifyInterpretsAreChecked() {
        assertRefused([header, "A,FooMsgStart,sideways,no,f.h,1,unclaimed,,,,,,,"].joined(separator: "\n"),
                      .invalidCell(path: "l.csv", line: 2, column: "kind", value: "sideways", expected: "'routed' or 'control'"))
        assertRefused([header, "A,FooMsgStart,routed,maybe,f.h,1,unclaimed,,,,,,,"].joined(separator: "\n"),
                      .invalidCell(path: "l.csv", line: 2, column: "sync", value: "maybe", expected: "'yes' or 'no'"))
        assertRefused([header, "A,FooMsgStart,routed,no,f.h,x,unclaimed,,,,,,,"].joined(separator: "\n"),
                      .invalidCell(path: "l.csv", line: 2, column: "line", value: "x", expected: "a line number"))
        assertRefused([header, ",FooMsgStart,routed,no,f.h,1,unclaimed,,,,,,,"].joined(separator: "\n"),
                      .emptyMessage(path: "l.csv", line: 2))
    }

    func testSpreadsheetArtefactsAreAccepted() throws {
        // Byte-order mark, CRLF line ends and blank lines, as spreadsheet programs save them.
        let text = "\u{FEFF}" + [header, row("A"), "", row("B", line: 11)].joined(separator: "\r\n") + "\r\n"
        XCTAssertEqual(try Ledger.parse(text, path: "l.csv").rows.map(\.message), ["A", "B"])
    }

    func testNonUTF8IsRefused() throws {
        let folder = try temporaryFolder().path
        let path = folder + "/l.csv"
        try Data(Array("message\nA\n".utf8) + [0x6D, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try Ledger.load(path: path)) { XCTAssertEqual($0 as? LedgerError, .notUTF8(path: path, line: 3)) }
    }

    func testNULBytesAreRefusedWithTheirLine() {
        assertRefused([header, row("A"), "B\0,FooMsgStart,routed,no,f.h,1,unclaimed,,,,,,,"].joined(separator: "\n"), .nulByte(path: "l.csv", line: 3))
        assertRefused([header, "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,\"a\nb\0\",,,,"].joined(separator: "\n"), .nulByte(path: "l.csv", line: 3))
    }

    func testMarkersInsideAQuotedNoteAreTextUnlessTheyMakeAWholeConflict() throws {
        // A note quoting a conflict marker, or a diff, is the user's text.
        let note = "see this:\n<<<<<<< HEAD\n||||||| base\n>>>>>>> theirs\nend"
        let text = [header, "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,\"\(note)\",,,,", row("B", line: 11)].joined(separator: "\n")
        XCTAssertEqual(try Ledger.parse(text, path: "l.csv").rows.first?.notes, note)
        // Escaped quotes do not end the cell early.
        let escaped = [header, "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,\"say \"\"hi\"\",\n<<<<<<< x\",,,,"].joined(separator: "\n")
        XCTAssertEqual(try Ledger.parse(escaped, path: "l.csv").rows.first?.notes, "say \"hi\",\n<<<<<<< x")
        // Git's conflict inside a multi-line note: the markers may all be inside quotes; the conflict starts at line 3.
        let inside = [header, "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,\"first", "<<<<<<< ours", "mine", "=======", "theirs",
                      ">>>>>>> theirs", "\",,,,"].joined(separator: "\n")
        assertRefused(inside, .mergeConflict(path: "l.csv", line: 3))
        // ... or the separator lands outside them, when each side closes the cell.
        let across = [header, "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,\"first", "<<<<<<< ours", "mine\",,,,", "=======",
                      "theirs\",,,,", ">>>>>>> theirs"].joined(separator: "\n")
        assertRefused(across, .mergeConflict(path: "l.csv", line: 5))
        // A quote inside an unquoted cell is text, so a marker after it is still outside any quoted cell.
        assertRefused([header, "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,5\" screen,,,,", "<<<<<<< ours"].joined(separator: "\n"),
                      .mergeConflict(path: "l.csv", line: 3))
    }

    func testAQuotedCellMissingItsClosingQuoteIsRefusedWhereItOpens() throws {
        // Row A's last cell lost its closing quote: read as it stands, row B would be text inside it, and gone.
        let open = "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,,,,,\"Frame, Host"
        let rowB = "B,FooMsgStart,routed,no,f.h,2,in-progress,erin,,waits on A,,,,"
        let closing = "C,FooMsgStart,routed,no,f.h,3,unclaimed,,,,,,,\"x\""
        assertRefused([header, open, rowB, closing].joined(separator: "\n") + "\n",
                      .unclosedQuote(path: "l.csv", line: 2, runsOver: 3))
        // With nothing after it that closes a cell, it runs to the end of the file.
        assertRefused([header, row("Z"), open, rowB].joined(separator: "\n") + "\n", .unclosedQuote(path: "l.csv", line: 3, runsOver: nil))
        assertRefused([header, open].joined(separator: "\n"), .unclosedQuote(path: "l.csv", line: 2, runsOver: nil))
        // A quote inside a quoted cell ends it only before a comma or the line's end, as the reader reads it, so
        // this cell is still open after 'to' and takes in row B.
        let stray = "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,,,,,\"say \"hi\" to"
        assertRefused([header, stray, rowB, closing].joined(separator: "\n"), .unclosedQuote(path: "l.csv", line: 2, runsOver: 3))
        // A multi-line note whose lines have commas, but are no row (not a message name, not a status), is text.
        let lines = ["a,b,c,d,e,f,g,h,i,j,k,l,m,n", "B,x,routed,no,f.h,2,waiting,,,,,,,", "9B,FooMsgStart,routed,no,f.h,2,unclaimed,,,,,,,"]
        let note = "copied from the tracker:\n" + lines.joined(separator: "\n")
        let text = [header, "A,FooMsgStart,routed,no,f.h,1,unclaimed,,,\"\(note)\",,,,", rowB].joined(separator: "\n")
        XCTAssertEqual(try Ledger.parse(text, path: "l.csv").rows.map(\.notes), [note, "waits on A"])
        XCTAssertTrue(LedgerError.unclosedQuote(path: "l.csv", line: 2, runsOver: 3).description
            .hasPrefix("l.csv:2: the quoted cell that opens on this line runs over line 3, a whole row of its own: its closing quote is missing; end the cell's text with \""))
    }

    /// Whatever mojify writes, it reads back: a note holding pasted ledger rows (a whole row, and one whose own note
    /// is quoted) is a quoted multi-line cell whose quotes the writer doubles, which is no runaway.
    func testANoteHoldingPastedRowsReadsBack() throws {
        let pasted = [
            "B,FooMsgStart,routed,no,f.h,2,in-progress,erin,,waits on A,,,,",
            "C,FooMsgStart,routed,no,f.h,3,unclaimed,,,,,,,\"Frame, Host\"",
            "D,FooMsgStart,routed,no,f.h,4,unclaimed,,,,,,,\"open",
        ]
        for note in [pasted[0], pasted.joined(separator: "\n"), "see:\n" + pasted[1] + "\n" + pasted[2] + "\n"] {
            var ledger = try Ledger.parse([header, row("A"), pasted[0]].joined(separator: "\n"), path: "l.csv")
            ledger.rows[0].notes = note
            let written = try ledger.csvText()
            XCTAssertEqual(try Ledger.parse(written, path: "l.csv").rows.map(\.notes), [note, "waits on A"], written)
        }
    }

    func testErrorMessagesSayWhatToDo() {
        let message = LedgerError.mergeConflict(path: "l.csv", line: 7).description
        XCTAssertTrue(message.hasPrefix("l.csv:7: "))
        XCTAssertTrue(message.contains("resolve the conflict"))
        XCTAssertTrue(LedgerError.unknownStatus(path: "l.csv", line: 3, value: "done").description.contains("in-progress"))
    }

    func testMalformedHistoryIsRefusedWithItsLine() throws {
        let folder = try temporaryFolder().path
        let path = folder + "/l.history.csv"
        let header = "date,total,unclaimed,in-progress,blocked,converted,wontfix"
        let cases: [(String, LedgerError)] = [
            ([header, "2024-03-01,1,1,0,0,0,0", "2024-13-01,1,1,0,0,0,0"].joined(separator: "\n"),
             .malformedHistory(path: path, line: 3, reason: "'2024-13-01' is not a YYYY-MM-DD date")),
            ([header, "2024-03-01,1,one,0,0,0,0"].joined(separator: "\n"),
             .malformedHistory(path: path, line: 2, reason: "the 'unclaimed' count is not a number")),
            ([header, "2024-03-01,1,1"].joined(separator: "\n"),
             .malformedHistory(path: path, line: 2, reason: "3 cells where the header has 7")),
            (["date,total", "2024-03-01,1"].joined(separator: "\n"),
             .malformedHistory(path: path, line: 1, reason: "the header must be \(header)")),
            ([header, "<<<<<<< ours"].joined(separator: "\n"), .mergeConflict(path: path, line: 2)),
            ([header, "2024-03-01,\"1,1,0,0,0,0", "2024-03-02,1,1,0,0,0,0"].joined(separator: "\n"),
             .unclosedQuote(path: path, line: 2, runsOver: nil)),
        ]
        for (text, expected) in cases {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try LedgerHistory.load(path: path)) { XCTAssertEqual($0 as? LedgerError, expected) }
        }
        XCTAssertEqual(try LedgerHistory.load(path: folder + "/none.csv"), LedgerHistory())
    }
}
