import Foundation
import MojifyCore
import MojifyLedger
import MojifyTestSupport
import XCTest

/// Ledgers are edited by hand, merged by git and saved by spreadsheet programs. Whatever the bytes, reading one
/// either refuses with a `LedgerError` or gives rows that write back and read again unchanged; and a quote lost
/// anywhere never makes a row disappear silently. Bounded by a fixed count of cases (`propertyCases`).
final class LedgerFuzzTests: XCTestCase {
    /// Notes written the way teams write them: commas, quotes, line breaks, formulas, diff quotes.
    static func ledgerText() throws -> String {
        let notes = [
            "", "blocked on \"FrameHost\", see review", "line one\nline two", "=SUM(A1:A3)", "a, b, c",
            "quoted \"\"twice\"\"", "<<<<<<< not a conflict", "multi\n\nparagraph, with \"quotes\"\n", "-1", "plain",
        ]
        let rows = (0 ..< 30).map { index in
            LedgerRow(
                message: "FooHostMsg_Message\(index)", messageClass: "FooMsgStart", kind: index % 3 == 0 ? .control : .routed,
                sync: index % 5 == 0, file: "foo/foo_messages.h", line: 10 + index,
                status: [.unclaimed, .inProgress, .blocked, .converted, .wontfix][index % 5], owner: index % 2 == 0 ? "alice" : "",
                bug: index % 4 == 0 ? "crbug.com/\(index)" : "", notes: notes[index % notes.count],
                proposedMethod: index % 3 == 0 ? "Bar(int32 a, string b) => (bool ok);" : ""
            )
        }
        return try Ledger(rows: rows).csvText()
    }

    func load(_ bytes: [UInt8], in folder: String) throws -> Ledger {
        let path = folder + "/ipc-ledger.csv"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try Ledger.load(path: path)
    }

    func testMutatedLedgersAreRefusedOrRoundTrip() throws {
        let folder = try temporaryFolder().path
        let original = Array(try Self.ledgerText().utf8)
        let mutator = Mutator(noise: "\",\n\r\u{0}=+-@ <<<<<<< ======= >>>>>>> \u{FEFF}\u{FF}")
        var generator = SeededGenerator(seed: 4)
        var refused = 0
        for number in 0 ..< propertyCases(default: 400) {
            let bytes = mutator.mutate(original, using: &generator)
            do {
                let ledger = try load(bytes, in: folder)
                let again = try Ledger.parse(try ledger.csvText(), path: "round-trip")
                XCTAssertEqual(again.rows, ledger.rows, "case \(number): the rows changed on a write and read")
            } catch let error as LedgerError {
                refused += 1
                XCTAssertTrue("\(error)".contains("ipc-ledger.csv"), "case \(number): the error does not name the file: \(error)")
            } catch {
                XCTFail("case \(number): not a LedgerError: \(error)")
            }
        }
        XCTAssertGreaterThan(refused, 0, "the mutations never produced a malformed ledger: the test proves nothing")
    }

    func testALostQuoteNeverDropsARowSilently() throws {
        let folder = try temporaryFolder().path
        let original = Array(try Self.ledgerText().utf8)
        let messages = Set(try Ledger.parse(String(decoding: original, as: UTF8.self), path: "original").rows.map(\.message))
        let quotes = original.indices.filter { original[$0] == UInt8(ascii: "\"") }
        XCTAssertGreaterThan(quotes.count, 20)
        for position in quotes {
            var bytes = original
            bytes.remove(at: position)
            guard let ledger = try? load(bytes, in: folder) else { continue }
            XCTAssertEqual(Set(ledger.rows.map(\.message)), messages, "deleting the quote at byte \(position) lost rows without an error")
        }
    }
}
