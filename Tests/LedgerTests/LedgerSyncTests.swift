import MojifyCore
@testable import MojifyLedger
import XCTest

final class LedgerSyncTests: XCTestCase {
    private let noProposals: (MessageDefinition) -> ProposedMethod? = { _ in nil }

    func testNewMessagesAreAddedUnclaimedInFileLineOrder() {
        var ledger = Ledger()
        let summary = ledger.sync(with: Fixture.inventory(
            Fixture.message("FooMsg_B", line: 20),
            Fixture.message("BarMsg_A", file: "bar/bar_messages.h", line: 5, messageClass: "BarMsgStart", kind: .control, sync: true),
            Fixture.message("FooMsg_A", line: 10)
        ), today: "2024-03-01", proposals: noProposals)
        XCTAssertEqual(ledger.rows.map(\.message), ["BarMsg_A", "FooMsg_A", "FooMsg_B"])
        XCTAssertEqual(summary.added, ["BarMsg_A", "FooMsg_A", "FooMsg_B"])
        let bar = ledger.row(for: "BarMsg_A")
        XCTAssertEqual(bar?.status, .unclaimed)
        XCTAssertEqual(bar?.kind, .control)
        XCTAssertEqual(bar?.sync, true)
        XCTAssertEqual(bar?.messageClass, "BarMsgStart")
        XCTAssertEqual(bar?.updatedOn, "2024-03-01")
    }

    func testVanishedMessagesBecomeConvertedWithTheDateAndKeepTheirClaim() {
        var ledger = Ledger(rows: [
            Fixture.row("FooMsg_Gone", line: 10, status: .inProgress, owner: "alice"),
            Fixture.row("FooMsg_Stays", line: 20),
            Fixture.row("FooMsg_Dropped", line: 30, status: .wontfix),
        ])
        let summary = ledger.sync(with: Fixture.inventory(Fixture.message("FooMsg_Stays", line: 20)), today: "2024-03-05", proposals: noProposals)
        XCTAssertEqual(summary.vanished, ["FooMsg_Gone"])
        let gone = ledger.row(for: "FooMsg_Gone")
        XCTAssertEqual(gone?.status, .converted)
        XCTAssertEqual(gone?.updatedOn, "2024-03-05")
        XCTAssertEqual(gone?.owner, "alice")
        XCTAssertEqual(gone?.line, 10, "a vanished row keeps its last position, so it stays in place")
        XCTAssertEqual(ledger.row(for: "FooMsg_Dropped")?.status, .wontfix)
        XCTAssertEqual(ledger.row(for: "FooMsg_Stays")?.status, .unclaimed)
    }

    /// Whatever kept the scan from reading a file (no permission, NUL bytes, its size, bad bytes), its messages
    /// were not seen: their rows must stay as they were, never become converted.
    func testRowsOfUnreadFilesKeepTheirStatusWhateverTheReason() {
        for reason in UnreadFile.Reason.allCases {
            var ledger = Ledger(rows: [
                Fixture.row("FooMsg_Unseen", line: 10, status: .inProgress, owner: "alice"),
                Fixture.row("FooMsg_Open", line: 20),
                LedgerRow(message: "BarMsg_Gone", messageClass: "BarMsgStart", kind: .control, sync: false,
                          file: "bar/bar_messages.h", line: 3, status: .unclaimed, owner: ""),
            ])
            var inventory = Inventory()
            inventory.unreadFiles = [UnreadFile(location: SourceLocation(file: "foo/foo_messages.h", line: 0, column: 0),
                                                reason: reason, detail: "cannot read: Permission denied")]
            let summary = ledger.sync(with: inventory, today: "2024-03-05", proposals: noProposals)
            XCTAssertEqual(summary.keptUnread, ["FooMsg_Unseen", "FooMsg_Open"], "\(reason)")
            XCTAssertEqual(summary.vanished, ["BarMsg_Gone"], "a message of a file that was read still vanishes (\(reason))")
            XCTAssertEqual(ledger.row(for: "FooMsg_Unseen")?.status, .inProgress)
            XCTAssertEqual(ledger.row(for: "FooMsg_Unseen")?.updatedOn, "")
            XCTAssertEqual(ledger.row(for: "FooMsg_Open")?.status, .unclaimed)
            XCTAssertEqual(ledger.row(for: "BarMsg_Gone")?.status, .converted)
        }
    }

    /// Messages in a folder the scan did not list in full, or did not enter (a link not followed), were not seen
    /// either: their rows stay as they were; rows elsewhere, and in folders whose names merely start alike, still
    /// vanish.
    func testRowsInFoldersTheScanDidNotListOrEnterKeepTheirStatus() {
        for reason in SkippedFolder.Reason.allCases {
            func row(_ message: String, _ file: String) -> LedgerRow {
                LedgerRow(message: message, messageClass: "FooMsgStart", kind: .routed, sync: false, file: file, line: 3, status: .inProgress, owner: "alice")
            }
            var ledger = Ledger(rows: [row("FooMsg_Deep", "third_party/foo/sub/foo_messages.h"), row("FooMsg_Top", "third_party/foo/foo_messages.h"),
                                       row("FooMsg_Alike", "third_party/foobar/foo_messages.h"), row("FooMsg_Gone", "foo/foo_messages.h")])
            var inventory = Inventory()
            inventory.skippedFolders = [SkippedFolder(location: SourceLocation(file: "third_party/foo", line: 0, column: 0), reason: reason, detail: "skipped")]
            let summary = ledger.sync(with: inventory, today: "2024-03-05", proposals: noProposals)
            XCTAssertEqual(summary.keptUnread, ["FooMsg_Deep", "FooMsg_Top"], "\(reason)")
            XCTAssertEqual(summary.vanished, ["FooMsg_Alike", "FooMsg_Gone"], "\(reason)")
            XCTAssertEqual(ledger.row(for: "FooMsg_Deep")?.status, .inProgress)
            XCTAssertEqual(ledger.row(for: "FooMsg_Deep")?.updatedOn, "")
        }
        var ledger = Ledger(rows: [Fixture.row("FooMsg_A", line: 1)])
        var inventory = Inventory()
        inventory.skippedFolders = [SkippedFolder(location: SourceLocation(file: ".", line: 0, column: 0), reason: .unlistable, detail: "root")]
        XCTAssertEqual(ledger.sync(with: inventory, today: "2024-03-05", proposals: noProposals).keptUnread, ["FooMsg_A"], "a root not listed hides everything")
    }

    func testMovedLinesUpdateOnlyThePosition() throws {
        var row = Fixture.row("FooMsg_A", line: 10, status: .blocked, owner: "bob")
        row.notes = "waiting for the typemap"
        row.bug = "1234"
        row.updatedOn = "2024-01-01"
        row.extra = ["team": "nav"]
        var ledger = Ledger(columns: LedgerColumn.standardHeader + ["team"], rows: [row, Fixture.row("FooMsg_B", line: 20)])
        let before = try ledger.csvText()
        let summary = ledger.sync(with: Fixture.inventory(Fixture.message("FooMsg_A", line: 14), Fixture.message("FooMsg_B", line: 20)),
                                  today: "2024-03-05", proposals: noProposals)
        XCTAssertEqual(summary.moved, ["FooMsg_A"])
        var expected = row
        expected.line = 14
        XCTAssertEqual(ledger.row(for: "FooMsg_A"), expected)
        // Only the moved row's line differs in the file.
        let changedLines = zip(before.split(separator: "\n"), try ledger.csvText().split(separator: "\n")).filter { $0 != $1 }
        XCTAssertEqual(changedLines.count, 1)
        XCTAssertTrue(changedLines.first?.1.contains(",14,blocked,bob,1234,") ?? false)
    }

    func testARenamedFileMovesTheRowAndKeepsTheClaim() {
        var ledger = Ledger(rows: [
            Fixture.row("FooMsg_A", line: 10, status: .inProgress, owner: "carol"),
            Fixture.row("FooMsg_B", line: 20),
        ])
        _ = ledger.sync(with: Fixture.inventory(
            Fixture.message("FooMsg_A", file: "aaa/renamed_messages.h", line: 3),
            Fixture.message("FooMsg_B", line: 20)
        ), today: "2024-03-05", proposals: noProposals)
        XCTAssertEqual(ledger.rows.map(\.message), ["FooMsg_A", "FooMsg_B"])
        XCTAssertEqual(ledger.rows[0].file, "aaa/renamed_messages.h")
        XCTAssertEqual(ledger.rows[0].line, 3)
        XCTAssertEqual(ledger.rows[0].owner, "carol")
        XCTAssertEqual(ledger.rows[0].status, .inProgress)
    }

    func testAConvertedMessageStillInTheCodeIsReportedNotReopened() {
        var ledger = Ledger(rows: [Fixture.row("FooMsg_A", line: 10, status: .converted, owner: "dan")])
        let summary = ledger.sync(with: Fixture.inventory(Fixture.message("FooMsg_A", line: 10)), today: "2024-03-05", proposals: noProposals)
        XCTAssertEqual(summary.convertedButPresent, ["FooMsg_A"])
        XCTAssertEqual(ledger.rows[0].status, .converted)
    }

    func testANameDefinedTwiceIsOneRowAtItsFirstDefinition() {
        var ledger = Ledger()
        _ = ledger.sync(with: Fixture.inventory(Fixture.message("FooMsg_A", line: 40), Fixture.message("FooMsg_A", line: 30)),
                        today: "2024-03-05", proposals: noProposals)
        XCTAssertEqual(ledger.rows.map(\.line), [30])
    }

    func testProposalsFillTheirColumnsAndAbsentOnesKeepWhatUsersWrote() {
        var kept = Fixture.row("FooMsg_Kept", line: 20)
        kept.proposedInterface = "mojom::HandWritten"
        var ledger = Ledger(rows: [kept])
        _ = ledger.sync(with: Fixture.inventory(Fixture.message("FooMsg_New", line: 10), Fixture.message("FooMsg_Kept", line: 20)),
                        today: "2024-03-05") { message in
            message.name == "FooMsg_New" ? ProposedMethod(interface: "mojom::Foo", declaration: "New") : nil
        }
        XCTAssertEqual(ledger.row(for: "FooMsg_New")?.proposedInterface, "mojom::Foo")
        XCTAssertEqual(ledger.row(for: "FooMsg_New")?.proposedMethod, "New")
        XCTAssertEqual(ledger.row(for: "FooMsg_Kept")?.proposedInterface, "mojom::HandWritten")
    }

    func testHistoryEntryCountsEveryStatus() {
        let ledger = Ledger(rows: [
            Fixture.row("A", line: 1), Fixture.row("B", line: 2, status: .converted), Fixture.row("C", line: 3, status: .wontfix),
        ])
        let entry = ledger.historyEntry(date: "2024-03-05")
        XCTAssertEqual(entry.counts.total, 3)
        XCTAssertEqual(entry.counts.done, 2)
        XCTAssertEqual(entry.counts[.blocked], 0)
    }
}
