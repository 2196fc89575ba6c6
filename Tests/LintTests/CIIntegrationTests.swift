import Foundation
import MojifyTestSupport
import XCTest
import Yams

/// The code review integrations run by the real tools on a git repository holding a change: depot_tools'
/// `presubmit_support.py` with the README's PRESUBMIT.py and Integrations/presubmit, and `pre-commit` with
/// .pre-commit-hooks.yaml. The tree: a ledger synced with `BarMsg_Old` (a banned `long` of its own, in a file the
/// change does not touch), then a change that adds `FooMsg_Ping(long)`: one error and one warning, in the new file.
final class CIIntegrationTests: XCTestCase {
    static let base = [
        "bar/bar_messages.h": "#define IPC_MESSAGE_START BarMsgStart\nIPC_MESSAGE_CONTROL1(BarMsg_Old, long)\n",
        "base/plain.h": "int Add(int a, int b);\n",
    ]
    static let added = ("foo/foo_messages.h", "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL1(FooMsg_Ping, long)\n")

    /// A git repository with `files` and a synced ledger committed.
    private func repository(_ files: [String: String]) throws -> TemporaryFolder {
        let folder = try temporaryFolder(files: files)
        try git(["init", "-q"], in: folder.path)
        let sync = try MojifyBinary.run(["ledger", "sync", ".", "--ledger", "ipc-ledger.csv"], in: folder.path)
        XCTAssertEqual(sync.status, 0, sync.stderr)
        try commit("base", in: folder.path)
        return folder
    }

    private func git(_ arguments: [String], in folder: String) throws {
        let result = try Git.run(["-c", "user.name=mojify", "-c", "user.email=mojify@example.com"] + arguments, in: folder)
        XCTAssertEqual(result.status, 0, "git \(arguments): \(result.stderr)")
    }

    private func commit(_ message: String, in folder: String) throws {
        try git(["add", "-A"], in: folder)
        try git(["commit", "-q", "-m", message], in: folder)
    }

    // MARK: depot_tools presubmit

    /// The PRESUBMIT.py the README gives to copy: its first Python block that sets `PRESUBMIT_VERSION`.
    private func readmePresubmit() throws -> String {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let blocks = readme.components(separatedBy: "```python\n").dropFirst().map { $0.components(separatedBy: "```\n")[0] }
        return try XCTUnwrap(blocks.first { $0.contains("PRESUBMIT_VERSION") }, "README.md gives no PRESUBMIT.py")
    }

    func testDepotToolsPresubmitReportsEachFindingOfTheChange() throws {
        guard let depotTools = ProcessInfo.processInfo.environment["DEPOT_TOOLS"] else {
            throw XCTSkip("set DEPOT_TOOLS to a depot_tools checkout (with the Python packages its .vpython3 lists, such as httplib2) to run presubmit_support.py")
        }
        var files = Self.base
        files["PRESUBMIT.py"] = try readmePresubmit()
        files["tools/mojify/mojify_presubmit.py"] = try String(contentsOfFile: repositoryRoot + "/Integrations/presubmit/mojify_presubmit.py", encoding: .utf8)
        let tree = try repository(files)
        try tree.write(Self.added.0, Self.added.1)
        try tree.write("base/plain.h", "int Add(int a, int b);\nint Sub(int a, int b);\n")
        try commit("change", in: tree.path)

        let output = tree.path + "/presubmit.json"
        let run = try RunningProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "python3", depotTools + "/presubmit_support.py", "--root", tree.path, "--upstream", "HEAD~1", "--commit", "--json_output", output,
        ], in: tree.path, environment: ["MOJIFY": try MojifyBinary.url().path, "DEPOT_TOOLS_UPDATE": "0"]).finish()
        XCTAssertEqual(run.status, 1, "an error fails the presubmit:\n\(run.stdout)\(run.stderr)")
        let results = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output))) as? [String: Any])
        func messages(_ kind: String) -> [String] { ((results[kind] as? [[String: Any]]) ?? []).compactMap { $0["message"] as? String } }
        XCTAssertEqual(messages("errors"), [
            "foo/foo_messages.h:2:1: legacy IPC message 'FooMsg_Ping' (IPC_MESSAGE_CONTROL1) is not in the ledger; new messages must be Mojo interface methods [mojify new-legacy-ipc]",
        ])
        XCTAssertEqual(messages("warnings").count, 1)
        XCTAssertTrue(messages("warnings")[0].hasPrefix("foo/foo_messages.h:2:1: parameter 1 of 'FooMsg_Ping' has type 'long'"), "\(messages("warnings"))")
        XCTAssertEqual(messages("notifications"), [])
    }

    // MARK: pre-commit

    /// A hook repository as pre-commit clones it: .pre-commit-hooks.yaml and the entries it names, committed.
    private func hookRepository() throws -> (path: String, revision: String, folder: TemporaryFolder) {
        let hooksFile = try String(contentsOfFile: repositoryRoot + "/.pre-commit-hooks.yaml", encoding: .utf8)
        let hooks = try XCTUnwrap(try Yams.load(yaml: hooksFile) as? [[String: Any]])
        let folder = try temporaryFolder(files: [".pre-commit-hooks.yaml": hooksFile])
        for entry in hooks.compactMap({ $0["entry"] as? String }) {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + (entry as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: repositoryRoot + "/" + entry, toPath: folder.path + "/" + entry)
        }
        try git(["init", "-q"], in: folder.path)
        try commit("hooks", in: folder.path)
        let head = try RunningProcess(URL(fileURLWithPath: "/usr/bin/git"), ["rev-parse", "HEAD"], in: folder.path).finish()
        let revision = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return (folder.path, revision, folder)
    }

    func testPreCommitHookChecksTheStagedFiles() throws {
        let hooks = try hookRepository()
        var files = Self.base
        files[".pre-commit-config.yaml"] = """
            repos:
              - repo: \(hooks.path)
                rev: \(hooks.revision)
                hooks:
                  - id: mojify-lint
                    args: [--ledger=ipc-ledger.csv]
                    verbose: true
            """
        let tree = try repository(files)
        let home = try temporaryFolder()
        func preCommit(_ arguments: [String]) throws -> ProcessOutput {
            try RunningProcess(URL(fileURLWithPath: "/usr/bin/env"), ["pre-commit", "run"] + arguments, in: tree.path,
                               environment: ["MOJIFY": try MojifyBinary.url().path, "PRE_COMMIT_HOME": home.path]).finish()
        }

        try tree.write(Self.added.0, Self.added.1)
        try git(["add", Self.added.0], in: tree.path)
        let staged = try preCommit([])
        XCTAssertEqual(staged.status, 1, "pre-commit is not installed? run: bash .ci/setup\n\(staged.stdout)\(staged.stderr)")
        XCTAssertTrue(staged.stdout.contains("foo/foo_messages.h:2:1: error: legacy IPC message 'FooMsg_Ping'"), staged.stdout)
        XCTAssertTrue(staged.stdout.contains("mojify lint: 1 error, 1 warning, 0 notes"), "only the staged file is checked:\n\(staged.stdout)")

        // The tree without the new message passes; bar's warning does not fail the hook.
        try git(["rm", "-q", "--cached", Self.added.0], in: tree.path)
        let all = try preCommit(["--all-files"])
        XCTAssertEqual(all.status, 0, all.stdout + all.stderr)
        XCTAssertTrue(all.stdout.contains("mojify lint: 0 errors, 1 warning, 0 notes"), all.stdout)
    }
}
