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

    /// A file the scan could not read cannot vouch for itself: a suppression comment in it (above the NUL byte
    /// that made it unreadable, say) silences nothing, so the header's new message still fails the gate.
    func testCommentsInAFileThatCouldNotBeReadSilenceNothing() throws {
        let tree = try temporaryFolder()
        try tree.write("foo/foo_messages.h", bytes: Array("""
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL0(FooMsg_New)
            // mojify:ignore[unreadable-file] a generated blob, nothing to see here
            """.utf8) + [0x0A, 0x00, 0x0A])
        var scan = ScanOptions(paths: [tree.path])
        scan.markers = [Suppression.marker]
        let inventory = try IPCScanner.scan(scan)
        XCTAssertEqual(inventory.markedFiles, ["foo/foo_messages.h"])
        let findings = try Linter.lint(inventory: inventory, ledger: nil, options: try LintOptions.standard(root: tree.path))
        XCTAssertEqual(summary(findings), ["4 unreadable-file"])
        XCTAssertEqual(findings.first?.severity, .error)
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
        func parse(_ line: String, lineNumber: Int = 1) -> Suppression? {
            let lines = [Substring(line)]
            return Suppression.parse(line: lines[0], comments: SourceComments(lines: lines, patch: false).ranges[0], file: "f.h", lineNumber: lineNumber)
        }
        let parsed = try XCTUnwrap(parse("  int x;  // mojify:ignore[a-b, c] why not */", lineNumber: 7))
        XCTAssertEqual(parsed.ruleIDs, ["a-b", "c"])
        XCTAssertEqual(parsed.reason, "why not")
        XCTAssertEqual(parsed.location, SourceLocation(file: "f.h", line: 7, column: 14))
        XCTAssertEqual(parse("int x; /* mojify:ignore[a] why */ int y;")?.reason, "why", "a block comment ends at its */")
        XCTAssertNil(parse("mojify:ignore[a] // later comment"))
        XCTAssertEqual(parse("//mojify:ignore[a]")?.reason, "")
    }

    /// A suppression is a comment: the marker in a string literal, however it is written, is code, and silences
    /// nothing (the attack: a string holding `// mojify:ignore[...]` right above a new message).
    func testMarkersInStringLiteralsAreNotSuppressions() throws {
        let literals = [
            #"const char* s = "// mojify:ignore[new-legacy-ipc] x";"#,
            #"const char* s = "/* mojify:ignore[new-legacy-ipc] x */";"#,
            #"const char* s = R"(// mojify:ignore[new-legacy-ipc] x)";"#,
            #"const char* s = u8R"--(" // mojify:ignore[new-legacy-ipc] x)--";"#,
            #"const char* s = "\" // mojify:ignore[new-legacy-ipc] x";"#,
            #"char c = '"'; const char* s = "// mojify:ignore[new-legacy-ipc] x";"#,
            #"int n = 1'000; const char* s = "// mojify:ignore[new-legacy-ipc] x";"#,
        ]
        for literal in literals {
            let findings = try lint(["foo/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\n\(literal)\nIPC_MESSAGE_CONTROL0(FooMsg_Ping)\n"])
            XCTAssertEqual(summary(findings), ["3 new-legacy-ipc"], literal)
        }
        // A raw string over several lines hides a marker on a later line; a block comment over several lines holds one.
        let rawString = try lint(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            const char* s = R"doc(text
            // mojify:ignore[new-legacy-ipc] x
            )doc";
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """])
        XCTAssertEqual(summary(rawString), ["5 new-legacy-ipc"])
        let comments = try lint(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            /* About the next message:
               mojify:ignore[new-legacy-ipc] converted in bug 12 */
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            // a comment continued \\
            mojify:ignore[new-legacy-ipc] converted in bug 13
            IPC_MESSAGE_CONTROL0(FooMsg_Pong)
            """])
        XCTAssertEqual(summary(comments), [])
    }

    func testCommentsAreFoundAsTheLexerFindsThem() {
        func ranges(_ text: String, patch: Bool = false) -> [[Range<Int>]] {
            SourceComments(lines: text.split(separator: "\n", omittingEmptySubsequences: false), patch: patch).ranges
        }
        XCTAssertEqual(ranges("a /* b */ c // d"), [[2..<9, 12..<16]])
        XCTAssertEqual(ranges("x = \"/*\"; // y"), [[10..<14]])
        XCTAssertEqual(ranges("/* a\nb */ c"), [[0..<4], [0..<4]])
        XCTAssertEqual(ranges("s = \"a\\\n// b\"; // c"), [[], [7..<11]], "a string continued by a backslash")
        XCTAssertEqual(ranges("#error don't\n// c"), [[], [0..<4]], "an unterminated character literal ends with its line")
        XCTAssertEqual(ranges("x = LR\"x(//)x\" // c"), [[15..<19]])
        XCTAssertEqual(ranges("x = 0x1'2'3; // c"), [[13..<17]])
        // In a patch, `+` and context lines are code after their first byte; removed lines and headers are not.
        XCTAssertEqual(ranges("--- a/f.h\n+++ b/f.h\n@@ -1 +1 @@\n-// old\n+x = \"// no\"; // yes\n /* c */", patch: true),
                       [[], [], [], [], [14..<20], [1..<8]])
    }
}
