import Foundation
import MojifyCore
@testable import MojifyLint
import MojifyScanner
import MojifyTestSupport
import XCTest

final class SuppressionTests: XCTestCase {
    private func lint(_ files: [String: String], settings: ((inout LintOptions) -> Void)? = nil) throws -> [Finding] {
        let tree = try temporaryFolder(files: files)
        var options = try LintOptions.standard(root: tree.path)
        settings?(&options)
        return try Linter.lint(inventory: try IPCScanner.scan(ScanOptions(paths: [tree.path])), ledger: nil, options: options)
    }

    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.location.line) \($0.ruleID)" }
    }

    func testAReasonedSuppressionOnTheLineAboveOrTheSameLineSilencesItsRuleOnly() throws {
        let findings = try lint(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // mojify:ignore[new-legacy-ipc] predates the ledger, converted in bug 12
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, size_t /* count */)
            IPC_MESSAGE_CONTROL0(FooMsg_Pong)  /* mojify:ignore[new-legacy-ipc] kept for old clients */
            """])
        XCTAssertEqual(summary(findings), ["3 banned-ipc-type"])
    }

    func testOneCommentCanNameSeveralRules() throws {
        let findings = try lint(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // mojify:ignore[new-legacy-ipc, banned-ipc-type] both ends are 64-bit, removed in bug 7
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, size_t /* count */)
            """])
        XCTAssertEqual(findings, [])
    }

    func testASuppressionWithoutAReasonIsReportedAndSilencesNothing() throws {
        let findings = try lint(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // mojify:ignore[new-legacy-ipc]
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """])
        XCTAssertEqual(summary(findings), ["2 suppression-without-reason", "3 new-legacy-ipc"])
        XCTAssertEqual(findings.first?.location.column, 4)
    }

    func testSuppressionsThatSilenceNothingAreReported() throws {
        let findings = try lint([
            "foo/foo_messages.h": """
                #define IPC_MESSAGE_START FooMsgStart
                // mojify:ignore[new-legacy-ipc] two lines above is too far

                IPC_MESSAGE_CONTROL0(FooMsg_Ping)
                // mojify:ignore[banned-ipc-type] nothing banned here
                IPC_MESSAGE_CONTROL1(FooMsg_Pong, int32_t)
                // mojify:ignore[new-legacy-ipcc] a typo
                IPC_MESSAGE_CONTROL0(FooMsg_Typo)
                // mojify:ignore no rule list
                """,
            // A file with IPC but no findings: its stale suppression is still found.
            "foo/foo_client.cc": """
                #include "foo/foo_messages.h"
                void FooClient::Ping() {
                  // mojify:ignore[orphan-sender] the definition comes back in bug 9
                  Send(new FooMsg_Ping());
                }
                """,
        ])
        XCTAssertEqual(summary(findings), [
            "3 unused-suppression", // foo_client.cc: FooMsg_Ping is defined, so its sender is no orphan
            "2 unused-suppression", "4 new-legacy-ipc", "5 unused-suppression", "6 new-legacy-ipc",
            "7 unused-suppression", "8 new-legacy-ipc", "9 unused-suppression",
        ])
        let messages = findings.filter { $0.ruleID == "unused-suppression" }.map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("no rule called 'new-legacy-ipcc'") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("names no rule") }, "\(messages)")
    }

    func testAStaleSuppressionInAFileWithNoIPCLeftIsReported() throws {
        let tree = try temporaryFolder(files: [
            "foo/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_Ping)\n",
            "foo/leftover.cc": "// The sender that needed this is gone.\nint x = 1;  // mojify:ignore[orphan-sender] old sender\n",
        ])
        var scan = ScanOptions(paths: [tree.path])
        scan.markers = [Suppression.marker]
        let inventory = try IPCScanner.scan(scan)
        XCTAssertEqual(inventory.markedFiles, ["foo/leftover.cc"])
        let findings = try Linter.lint(inventory: inventory, ledger: nil, options: try LintOptions.standard(root: tree.path))
        XCTAssertEqual(findings.filter { $0.location.file == "foo/leftover.cc" }.map(\.ruleID), ["unused-suppression"])
        XCTAssertNil(try IPCScanner.scan(ScanOptions(paths: [tree.path])).markedFiles, "no markers asked, none listed")
    }

    func testMarkersOutsideCommentsAreNotSuppressions() throws {
        let findings = try lint(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            #define DOC "mojify:ignore[new-legacy-ipc] in a string"
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """])
        XCTAssertEqual(summary(findings), ["3 new-legacy-ipc"])
    }

    func testSuppressionsOfDisabledRulesAreNotJudged() throws {
        let findings = try lint(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // mojify:ignore[banned-ipc-type] both ends are 64-bit
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, size_t)
            """]) { options in options.settings.disabled = ["banned-ipc-type"] }
        XCTAssertEqual(summary(findings), ["3 new-legacy-ipc"])
    }

    func testParsing() throws {
        let parsed = try XCTUnwrap(Suppression.parse(line: "  int x;  // mojify:ignore[a-b, c] why not */", file: "f.h", lineNumber: 7))
        XCTAssertEqual(parsed.ruleIDs, ["a-b", "c"])
        XCTAssertEqual(parsed.reason, "why not")
        XCTAssertEqual(parsed.location, SourceLocation(file: "f.h", line: 7, column: 14))
        XCTAssertNil(Suppression.parse(line: "mojify:ignore[a] // later comment", file: "f.h", lineNumber: 1))
        XCTAssertEqual(Suppression.parse(line: "//mojify:ignore[a]", file: "f.h", lineNumber: 1)?.reason, "")
    }
}
