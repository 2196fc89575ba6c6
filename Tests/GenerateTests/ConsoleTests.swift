import Foundation
import MojifyApplication
import MojifyCore
import MojifyScanner
import MojifyTestSupport
import XCTest

/// What a flow writes, kept: standard output and standard error apart.
final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var output = Data()
    private var errors = Data()

    var console: Console {
        Console(standardOutput: { data in self.lock.withLock { self.output += data } },
                standardError: { data in self.lock.withLock { self.errors += data } })
    }

    var standardOutput: String { lock.withLock { String(decoding: output, as: UTF8.self) } }
    var standardError: String { lock.withLock { String(decoding: errors, as: UTF8.self) } }
}

final class ConsoleTests: XCTestCase {
    func testLinesAreFormedAndTheTreesControlCharactersEscaped() {
        let captured = CapturedConsole()
        let console = captured.console
        console.write("result\n")
        console.warning("a\u{1B}[31mred.h: taken")
        console.note("cached")
        console.message("could not read 1 file:", items: ["bell\u{07}.h: denied"])
        console.error("no such folder")
        XCTAssertEqual(captured.standardOutput, "result\n")
        XCTAssertEqual(captured.standardError, """
            mojify: warning: a\\u{1B}[31mred.h: taken
            mojify: note: cached
            mojify: could not read 1 file:
              bell\\u{07}.h: denied
            mojify: error: no such folder

            """)
        XCTAssertNil(console.progress, "no progress off a terminal")
    }

    /// A flow writes its summary to the console it is given, and options that do not fit together are a `UsageError`.
    func testFlowsWriteToTheirConsoleAndThrowUsageErrors() throws {
        let out = try temporaryFolder().url.path
        let input = InventoryInput(scan: ScanOptions(paths: [repositoryRoot + "/Examples"]))
        let captured = CapturedConsole()
        XCTAssertEqual(try GenerateFlow.execute(options: GenerateOptions(input: input, out: out), console: captured.console), 0)
        XCTAssertTrue(captured.standardOutput.contains("\ninterfaces: "), captured.standardOutput)

        var options = MigrateOptions(input: input, out: out)
        options.ledgerPath = "ipc-ledger.csv"
        XCTAssertThrowsError(try MigrateFlow.execute(options: options, console: captured.console)) { error in
            XCTAssertEqual(error as? UsageError, .ledgerWithoutOwner)
            XCTAssertEqual("\(error)", "--ledger needs --owner NAME: migrate converts the messages that person owns")
        }
    }

    /// Messages a selection names but the plan skips (a name that says no direction) are not "nothing": the error
    /// says why each is skipped.
    func testASelectionOfSkippedMessagesSaysWhy() throws {
        let tree = try temporaryFolder(files: [
            "content/common/metrics_messages.h": "#include \"ipc/ipc_message_macros.h\"\n#define IPC_MESSAGE_START MetricsMsgStart\nIPC_MESSAGE_CONTROL1(MetricsHost_AddTrack, int /* id */)\n",
        ])
        var options = GenerateOptions(input: InventoryInput(scan: ScanOptions(paths: [tree.path])), out: tree.path + "/out")
        options.only = ["MetricsMsgStart"]
        XCTAssertThrowsError(try GenerateFlow.execute(options: options, console: CapturedConsole().console)) { error in
            XCTAssertTrue("\(error)".hasPrefix("--only MetricsMsgStart selects only messages that cannot be converted: MetricsHost_AddTrack: "), "\(error)")
        }
    }

    func testMigrateTakesOneFolder() {
        let input = InventoryInput(scan: ScanOptions(paths: ["a", "b"]))
        XCTAssertThrowsError(try MigrateFlow.execute(options: MigrateOptions(input: input, out: "out"), console: CapturedConsole().console)) { error in
            XCTAssertEqual("\(error)", "migrate takes one folder, the root of the tree to change, not 2 (a, b); give the folder that holds them all")
        }
    }
}
