import Foundation
import MojifyLedger
@testable import MojifyLint
import MojifyTestSupport
import XCTest

/// Exit codes, input errors and `--files`, through the real binary.
final class CommandTests: XCTestCase {
    /// An orphan handler: the tree defines its class, FooMsgStart, but not the message. The one definition is in
    /// `#if 0` code, so that it is no new-legacy-ipc error.
    static let warningOnly = [
        "foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            #if 0
            IPC_MESSAGE_CONTROL0(FooMsg_Old)
            #endif
            """,
        "foo/foo_host.cc": """
            bool FooHost::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(FooHost, message)
                IPC_MESSAGE_HANDLER(FooHostMsg_Gone, OnGone)
              IPC_END_MESSAGE_MAP()
              return true;
            }
            """,
    ]

    func testExitCodeFollowsFailOn() throws {
        let clean = try temporaryFolder(files: ["base/plain.h": "int Add(int a, int b);\n"])
        let none = try MojifyBinary.run(["lint", clean.path])
        XCTAssertEqual(none.status, 0, none.stderr)
        XCTAssertEqual(none.stdout, "mojify lint: 0 errors, 0 warnings, 0 notes\n")

        let warnings = try temporaryFolder(files: Self.warningOnly)
        XCTAssertEqual(try MojifyBinary.run(["lint", warnings.path]).status, 0, "a warning is below the default --fail-on error")
        XCTAssertEqual(try MojifyBinary.run(["lint", warnings.path, "--fail-on", "warning"]).status, 1)
        XCTAssertEqual(try MojifyBinary.run(["lint", warnings.path, "--fail-on", "note"]).status, 1)
        XCTAssertEqual(try MojifyBinary.run(["lint", "Examples"]).status, 1, "new legacy messages are errors")
    }

    /// A tree the scan did not fully read never passes: each unread file is an `unreadable-file` error whatever
    /// --fail-on says, listed on standard error too; UTF-16 headers are read like any other.
    func testUnreadFilesFailTheGateAtEveryFailOnLevel() throws {
        let tree = try temporaryFolder()
        try tree.write("ipc-ledger.csv", RuleExample.ledgerCSV([("FooMsg_Ping", .inProgress), ("WideMsg_A", .unclaimed)]))
        try tree.write("foo/foo_messages.h", "")
        try Data(("#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_Ping)\n\u{0}\n").utf8)
            .write(to: URL(fileURLWithPath: tree.path + "/foo/foo_messages.h"))
        let wide = "#define IPC_MESSAGE_START WideMsgStart\nIPC_MESSAGE_CONTROL0(WideMsg_A)\n"
        try tree.write("wide/wide_messages.h", "")
        try Data([0xFF, 0xFE] + wide.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }).write(to: URL(fileURLWithPath: tree.path + "/wide/wide_messages.h"))
        for level in ["error", "warning", "note"] {
            let result = try MojifyBinary.run(["lint", tree.path, "--ledger", tree.path + "/ipc-ledger.csv", "--fail-on", level])
            XCTAssertEqual(result.status, 1, "--fail-on \(level): \(result.stdout)")
            XCTAssertTrue(result.stdout.contains("foo/foo_messages.h:3:1: error: mojify could not read this file (binary file: NUL byte at line 3)"), result.stdout)
            XCTAssertTrue(result.stdout.contains("[unreadable-file]"), result.stdout)
            XCTAssertFalse(result.stdout.contains("stale-ledger-row"), "the row of an unread file is not stale: \(result.stdout)")
            XCTAssertFalse(result.stdout.contains("WideMsg_A"), "the UTF-16 header was read and its message is in the ledger: \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("could not read 1 file, so it was not checked:\n  \(tree.path)/foo/foo_messages.h: binary file"), result.stderr)
        }
        let sarif = try MojifyBinary.run(["lint", tree.path, "--format", "sarif"])
        XCTAssertTrue(sarif.stdout.contains("\"ruleId\" : \"unreadable-file\""), sarif.stdout)
    }

    /// A folder the scan cannot list (mode 0311, for a user who may enter it but not read it) fails the gate as an
    /// unreadable file does, at every --fail-on level, in every format. Root reads any folder, so the binary runs
    /// without that power.
    func testAFolderThatCannotBeListedFailsTheGate() throws {
        let tree = try temporaryFolder(files: ["locked/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_New)\n",
                                               "base/plain.h": "int Add(int a, int b);\n"])
        XCTAssertEqual(chmod(tree.path + "/locked", 0o311), 0)
        defer { chmod(tree.path + "/locked", 0o755) }
        for level in ["error", "note"] {
            let result = try MojifyBinary.runWithoutPermissionOverride(["lint", tree.path, "--no-cache", "--fail-on", level], locked: tree.path + "/locked")
            XCTAssertEqual(result.status, 1, "--fail-on \(level): \(result.stdout) \(result.stderr)")
            XCTAssertTrue(result.stdout.contains("locked:1:1: error: mojify could not read this folder (cannot list folder: Permission denied)"), result.stdout)
            XCTAssertTrue(result.stdout.contains("[unreadable-file]"), result.stdout)
            XCTAssertTrue(result.stderr.contains("could not list 1 folder in full, so what it holds was not checked:\n  \(tree.path)/locked: cannot list folder"), result.stderr)
        }
        let sarif = try MojifyBinary.runWithoutPermissionOverride(["lint", tree.path, "--no-cache", "--format", "sarif"], locked: tree.path + "/locked")
        XCTAssertTrue(sarif.stdout.contains("\"ruleId\" : \"unreadable-file\""), sarif.stdout)
    }

    /// A link to a folder is not followed without --follow-symlinks, and says so in the lint output (a note: what
    /// it points to is either walked in place or not part of the tree); --follow-symlinks scans through it.
    func testAFolderLinkNotFollowedIsInTheLintOutput() throws {
        let tree = try temporaryFolder(files: ["base/plain.h": "int Add(int a, int b);\n"])
        let outside = try temporaryFolder(files: ["far_messages.h": "#define IPC_MESSAGE_START FarMsgStart\nIPC_MESSAGE_CONTROL0(FarMsg_A)\n"])
        try FileManager.default.createSymbolicLink(atPath: tree.path + "/third_party", withDestinationPath: outside.path)
        let result = try MojifyBinary.run(["lint", tree.path, "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("third_party:1:1: note: symbolic link to a folder outside the scanned tree (\(outside.path)), not followed; pass --follow-symlinks to scan what it holds [folder-link-not-followed]"), result.stdout)
        XCTAssertTrue(result.stderr.contains("1 symbolic link to folders not followed"), result.stderr)
        XCTAssertEqual(try MojifyBinary.run(["lint", tree.path, "--no-cache", "--fail-on", "note"]).status, 1)
        let github = try MojifyBinary.run(["lint", tree.path, "--no-cache", "--format", "github"])
        XCTAssertTrue(github.stdout.contains("::notice file=\(tree.path)/third_party,title=mojify folder-link-not-followed::"), github.stdout)
        let followed = try MojifyBinary.run(["lint", tree.path, "--no-cache", "--follow-symlinks"])
        XCTAssertEqual(followed.status, 1)
        XCTAssertTrue(followed.stdout.contains("third_party/far_messages.h:2:1: error: legacy IPC message 'FarMsg_A'"), followed.stdout)
    }

    func testRulesFileChangesSeveritiesAndEnablement() throws {
        let tree = try temporaryFolder(files: Self.warningOnly)
        let rules = try tree.write("rules.yaml", "orphan-handler:\n  severity: error\n")
        let escalated = try MojifyBinary.run(["lint", tree.path, "--rules", rules])
        XCTAssertEqual(escalated.status, 1)
        XCTAssertTrue(escalated.stdout.contains(": error: handler (OnGone)"), escalated.stdout)

        try tree.write("rules.yaml", "orphan-handler:\n  enabled: false\n")
        let disabled = try MojifyBinary.run(["lint", tree.path, "--rules", rules, "--fail-on", "note"])
        XCTAssertEqual(disabled.status, 0, disabled.stdout)
    }

    func testInputErrorsExitWithTwoAndSayWhatToDo() throws {
        let tree = try temporaryFolder(files: Self.warningOnly)
        let cases: [([String], String)] = [
            (["lint", tree.path, "--ledger", tree.path + "/missing.csv"], "missing.csv"),
            (["lint", tree.path, "--ledger", try tree.write("bad.csv", "message,status\nFooMsg_A,done\n")], "bad.csv"),
            (["lint", "/no/such/tree"], "/no/such/tree: no such file or directory"),
            (["lint", tree.path, "--format", "xml"], "xml"),
            (["lint", tree.path, "--fail-on", "fatal"], "fatal"),
            (["lint", tree.path, "--rules", try tree.write("r.yaml", "no-such-rule:\n  severity: error\n")], "no lint rule is called 'no-such-rule'"),
            (["lint", tree.path, "--rules", try tree.write("s.yaml", "orphan-handler:\n  severity: fatal\n")], "use error, warning or note"),
            (["lint", tree.path, "--rules", try tree.write("t.yaml", "orphan-handler: 3\n")], "t.yaml: 'orphan-handler' has the wrong kind of value; expected a mapping"),
            (["lint", tree.path, "--rules", try tree.write("u.yaml", "orphan-handler:\n  severity: [error\n")], "u.yaml: not valid YAML: 3:1:"),
            (["lint", tree.path, "--files", tree.path + "/no-list.txt"], "--files"),
            (["lint", tree.path, tree.path, "--files", "-"], "exactly one folder"),
        ]
        for (arguments, expected) in cases {
            let result = try MojifyBinary.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "an input error must not look like a clean result")
        }
    }

    // MARK: - --files

    private func findings(_ arguments: [String], input: String? = nil) throws -> [[String: Any]] {
        let result = try MojifyBinary.run(arguments + ["--format", "json"], input: input)
        XCTAssertNotEqual(result.status, 2, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(document["findings"] as? [[String: Any]])
    }

    private func keys(_ findings: [[String: Any]]) -> [String] {
        findings.map { finding in
            let location = finding["location"] as? [String: Any] ?? [:]
            return "\(location["file"] ?? ""):\(location["line"] ?? 0) \(finding["ruleId"] ?? "") \(finding["messageName"] ?? "")"
        }
    }

    func testFilesGivesForEachFileWhatTheFullRunGivesThere() throws {
        let ledger = ["--ledger", ExamplesLintTests.ledger]
        let full = try findings(["lint", "Examples"] + ledger)
        let files = Set(full.compactMap { ($0["location"] as? [String: Any])?["file"] as? String }).filter { !$0.hasPrefix("/") }
        XCTAssertGreaterThan(files.count, 4)
        // Rules that need the whole tree do not run with --files.
        let wholeTree = Set(LintRules.all.filter { $0.scope == .tree }.map { $0.id })
        XCTAssertEqual(wholeTree, ["stale-ledger-row", "unmapped-type"])
        for file in files.sorted() {
            let list = try temporaryFolder(files: ["changed.txt": file + "\n"])
            let restricted = try findings(["lint", "Examples", "--files", list.path + "/changed.txt"] + ledger)
            let expected = full.filter { finding in
                (finding["location"] as? [String: Any])?["file"] as? String == file && !wholeTree.contains(finding["ruleId"] as? String ?? "")
            }
            XCTAssertEqual(keys(restricted), keys(expected), file)
        }
    }

    func testFilesAcceptsPathsFromTheCurrentFolderOnStandardInputAndSkipsWhatIsGone() throws {
        let list = """
            Examples/content/browser/frame_host/render_frame_host_impl.cc
            Examples/content/browser/deleted_in_this_change.cc
            Examples/README.md

            """
        let found = try findings(["lint", "Examples/", "--files", "-", "--fail-on", "note"], input: list)
        // The handlers of messages defined in frame_messages.h are no orphans: their definitions were looked up.
        XCTAssertEqual(keys(found), ["content/browser/frame_host/render_frame_host_impl.cc:53 orphan-handler FrameHostMsg_Removed"])
        let empty = try findings(["lint", "Examples", "--files", "-"], input: "")
        XCTAssertEqual(keys(empty), [])
    }

    func testFilesStillReadsSuppressionsAndReportsUnusedOnes() throws {
        let tree = try temporaryFolder(files: [
            "foo/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_Ping)\n",
            "foo/foo_client.cc": "void F() {\n  // mojify:ignore[orphan-sender] stale\n  Send(new FooMsg_Ping());\n}\n",
            // Not a file the scanner reads: its example comment is no suppression.
            "foo/README.md": "Write `// mojify:ignore[orphan-sender] reason` above the line.\n",
        ])
        let found = try findings(["lint", tree.path, "--files", "-"], input: "foo/foo_client.cc\nfoo/README.md\n")
        XCTAssertEqual(keys(found), ["foo/foo_client.cc:2 unused-suppression "])
    }

    func testFilesReadsPathsGitQuotes() throws {
        // `git diff --name-only` quotes names with bytes outside printable ASCII and with `"`; dropping them as
        // missing would let their new messages pass the check.
        let tree = try temporaryFolder(files: [
            "d\u{e9}j\u{e0}/a_messages.h": "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_Accent)\n",
            "say \"hi\"/b_messages.h": "#define IPC_MESSAGE_START BarMsgStart\nIPC_MESSAGE_CONTROL0(BarMsg_Quote)\n",
        ])
        let list = "\"d\\303\\251j\\303\\240/a_messages.h\"\n\"say \\\"hi\\\"/b_messages.h\"\n"
        let found = try findings(["lint", tree.path, "--files", "-"], input: list)
        XCTAssertEqual(keys(found), ["d\u{e9}j\u{e0}/a_messages.h:2 new-legacy-ipc FooMsg_Accent", "say \"hi\"/b_messages.h:2 new-legacy-ipc BarMsg_Quote"])
    }
}
