@testable import MojifyLedger
import XCTest

final class LedgerEditTests: XCTestCase {
    private var ledger = Ledger(rows: [
        Fixture.row("FooHostMsg_Open", line: 10),
        Fixture.row("FooHostMsg_Close", line: 11, owner: "bob"),
        Fixture.row("FooHostMsg_Done", line: 12, status: .converted, owner: "carol"),
        Fixture.row("FooMsg_Ping", line: 13),
        Fixture.row("BarMsg_Ping", line: 14, messageClass: "BarMsgStart"),
    ])

    private func edit(_ action: LedgerAction, _ messages: [String], classes: [String] = [], owner: String = "alice",
                      steal: Bool = false, bug: String? = nil, note: String? = nil) -> LedgerEdit {
        LedgerEdit(action: action, selection: LedgerSelection(messages: messages, classes: classes), owner: owner,
                   steal: steal, bug: bug, note: note, today: "2024-03-07")
    }

    func testClaimSetsOwnerStatusAndDates() throws {
        let result = try ledger.apply(edit(.claim, ["FooHostMsg_Open"], bug: "crbug.com/1", note: "starting"))
        XCTAssertEqual(result.changed.map(\.message), ["FooHostMsg_Open"])
        let row = try XCTUnwrap(ledger.row(for: "FooHostMsg_Open"))
        XCTAssertEqual(row.owner, "alice")
        XCTAssertEqual(row.status, .inProgress)
        XCTAssertEqual(row.claimedOn, "2024-03-07")
        XCTAssertEqual(row.updatedOn, "2024-03-07")
        XCTAssertEqual(row.bug, "crbug.com/1")
        XCTAssertEqual(row.notes, "starting")
    }

    func testClaimingAgainChangesNothing() throws {
        _ = try ledger.apply(edit(.claim, ["FooHostMsg_Open"]))
        let before = ledger
        var later = edit(.claim, ["FooHostMsg_Open"])
        later.today = "2024-04-01"
        let result = try ledger.apply(later)
        XCTAssertEqual(result.unchanged, ["FooHostMsg_Open"])
        XCTAssertEqual(ledger, before)
    }

    func testClaimOfSomeoneElsesMessageIsRefusedNamingTheOwnerAndChangesNothing() {
        let before = ledger
        XCTAssertThrowsError(try ledger.apply(edit(.claim, ["FooHostMsg_*"]))) { error in
            XCTAssertEqual(error as? LedgerError, .claimedByOthers(claims: [.init(message: "FooHostMsg_Close", owner: "bob")]))
            XCTAssertTrue("\(error)".contains("owned by bob"))
            XCTAssertTrue("\(error)".contains("--steal"))
        }
        XCTAssertEqual(ledger, before)
    }

    func testStealTakesTheMessageOver() throws {
        _ = try ledger.apply(edit(.claim, ["FooHostMsg_Close"], steal: true))
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Close")?.owner, "alice")
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Close")?.claimedOn, "2024-03-07")
    }

    func testGlobsSelectByNameAndSkipDoneMessages() throws {
        _ = try ledger.apply(edit(.claim, ["FooHostMsg_*"], owner: "bob"))
        XCTAssertEqual(ledger.rows.filter { $0.owner == "bob" }.map(\.message), ["FooHostMsg_Open", "FooHostMsg_Close"])
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Done")?.owner, "carol", "a glob does not select converted messages")
        XCTAssertEqual(ledger.row(for: "FooMsg_Ping")?.owner, "")
        _ = try ledger.apply(edit(.claim, ["*Msg_P?ng"]))
        XCTAssertEqual(ledger.rows.filter { $0.owner == "alice" }.map(\.message), ["FooMsg_Ping", "BarMsg_Ping"])
    }

    func testClassSelectsEveryMessageOfTheClassStillToDo() throws {
        _ = try ledger.apply(edit(.claim, [], classes: ["BarMsgStart"]))
        XCTAssertEqual(ledger.rows.filter { $0.owner == "alice" }.map(\.message), ["BarMsg_Ping"])
    }

    func testUnknownNamesPatternsAndClassesAreErrors() {
        XCTAssertThrowsError(try ledger.apply(edit(.claim, ["NoSuchMsg"]))) { XCTAssertEqual($0 as? LedgerError, .noMatch(selector: "'NoSuchMsg'")) }
        XCTAssertThrowsError(try ledger.apply(edit(.claim, ["Nope*"]))) { XCTAssertEqual($0 as? LedgerError, .noMatch(selector: "'Nope*'")) }
        XCTAssertThrowsError(try ledger.apply(edit(.claim, [], classes: ["QuxMsgStart"]))) {
            XCTAssertEqual($0 as? LedgerError, .noMatch(selector: "--class 'QuxMsgStart'"))
        }
        XCTAssertThrowsError(try ledger.apply(edit(.claim, []))) { XCTAssertEqual($0 as? LedgerError, .emptySelection) }
    }

    func testClaimingADoneMessageByNameIsRefusedButSetStatusReopensIt() throws {
        XCTAssertThrowsError(try ledger.apply(edit(.claim, ["FooHostMsg_Done"], owner: "carol"))) {
            XCTAssertEqual($0 as? LedgerError, .alreadyDone(message: "FooHostMsg_Done", status: .converted))
        }
        _ = try ledger.apply(edit(.setStatus(.inProgress), ["FooHostMsg_Done"], owner: "carol"))
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Done")?.status, .inProgress)
    }

    func testReleaseMakesTheMessageUnclaimedAndOnlyTheOwnerMayRelease() throws {
        XCTAssertThrowsError(try ledger.apply(edit(.release, ["FooHostMsg_Close"]))) {
            XCTAssertEqual($0 as? LedgerError, .claimedByOthers(claims: [.init(message: "FooHostMsg_Close", owner: "bob")]))
        }
        _ = try ledger.apply(edit(.release, ["FooHostMsg_Close"], owner: "bob", note: "no time"))
        let row = try XCTUnwrap(ledger.row(for: "FooHostMsg_Close"))
        XCTAssertEqual(row.owner, "")
        XCTAssertEqual(row.claimedOn, "")
        XCTAssertEqual(row.status, .unclaimed)
        XCTAssertEqual(row.notes, "no time")
    }

    func testSetStatusTakesUnownedMessagesAndRespectsOwners() throws {
        _ = try ledger.apply(edit(.setStatus(.wontfix), ["FooMsg_Ping"], note: "feature removed"))
        XCTAssertEqual(ledger.row(for: "FooMsg_Ping")?.status, .wontfix)
        XCTAssertEqual(ledger.row(for: "FooMsg_Ping")?.owner, "alice")
        XCTAssertThrowsError(try ledger.apply(edit(.setStatus(.blocked), ["FooHostMsg_Close"])))
        _ = try ledger.apply(edit(.setStatus(.blocked), ["FooHostMsg_Close"], owner: "bob"))
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Close")?.status, .blocked)
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Close")?.updatedOn, "2024-03-07")
    }
}
