import Foundation
import MojifyTestSupport
import XCTest

/// `mojify migrate --apply` on a copy of Examples/, and the compile check of the drafts against Chromium's own
/// bindings generator (Tools/check_drafts_compile.py) where a libchrome snapshot is at hand.
final class MigrateApplyTests: XCTestCase {
    func testApplyRewritesTheTreeAsThePatchDoes() throws {
        let (scratch, tree) = try examplesCopy()
        let result = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/migrate.patch", "--apply", "--check", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("syntax: 17 patched files parse with no new errors"), result.stdout)
        XCTAssertTrue(result.stdout.contains("applied: 17 files of the tree rewritten: chrome/browser/chrome_render_message_filter.cc, "), result.stdout)
        XCTAssertTrue(result.stdout.contains("; added: content/common/frame_type_converters.cc, content/common/frame_type_converters.h; deleted: components/printing/common/print_messages.h\n"), result.stdout)

        // The tree now holds what `git apply` makes of the patch on the original.
        let expected = scratch + "/expected"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples", toPath: expected)
        XCTAssertEqual(try Git.run(["init", "-q"], in: expected).status, 0)
        XCTAssertEqual(try Git.run(["apply", scratch + "/migrate.patch"], in: expected).status, 0)
        let files = try FileManager.default.subpathsOfDirectory(atPath: expected).filter { $0 != ".git" && !$0.hasPrefix(".git/") }
        XCTAssertEqual(Set(try FileManager.default.subpathsOfDirectory(atPath: tree)), Set(files), "the same files, the deleted header gone")
        for file in files {
            XCTAssertEqual(FileManager.default.contents(atPath: tree + "/" + file), FileManager.default.contents(atPath: expected + "/" + file), file)
        }
        let source = try String(contentsOfFile: tree + "/content/renderer/render_frame_impl.cc", encoding: .utf8)
        XCTAssertTrue(source.contains("GetFrameHost()->PluginCrashed(plugin_path, plugin_pid);"), source)
    }

    /// Run again after its patch is applied, migrate finds nothing more to do: the converted messages are gone, the
    /// ones left whole are listed as before, and no second set of drafts overwrites the first.
    func testASecondRunAfterApplyingFindsNothingMoreAndWritesNoDrafts() throws {
        let (scratch, tree) = try examplesCopy()
        let first = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--apply", "--no-cache"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let listed = first.stdout.components(separatedBy: "\n").first { $0.hasPrefix("messages: ") }
        XCTAssertEqual(listed, "messages: 30 converted whole, 13 listed")
        XCTAssertTrue(first.stdout.contains("drafts: none for chrome.mojom.MimeRegistry, extensions.mojom.Extension, whose every message is left whole"), first.stdout)
        let drafts = treeContents(scratch + "/out")

        let second = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/again.patch", "--no-cache"])
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.contains("messages: 0 converted whole, 13 listed"), second.stdout)
        XCTAssertTrue(second.stdout.contains("files: 0 written (0 new, 0 changed), 0 unchanged"), second.stdout)
        XCTAssertEqual(try String(contentsOfFile: scratch + "/again.patch", encoding: .utf8), "")
        XCTAssertEqual(treeContents(scratch + "/out"), drafts, "the second run changed the first run's drafts")
    }

    func testApplyRefusesWhenAFileChangedSinceTheScan() throws {
        let (scratch, tree) = try examplesCopy()
        let inventory = try savedInventory(of: tree, in: scratch)
        let changed = tree + "/extensions/browser/extension_message_filter.cc"
        let edited = try String(contentsOfFile: changed, encoding: .utf8) + "// A later edit.\n"
        try edited.write(toFile: changed, atomically: false, encoding: .utf8)
        let before = treeContents(tree)

        let result = try MojifyBinary.run(["migrate", tree, "--inventory", inventory, "--out", scratch + "/out", "--patch", scratch + "/migrate.patch", "--apply"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("extensions/browser/extension_message_filter.cc changed since the scan"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was written"), result.stderr)
        XCTAssertEqual(treeContents(tree), before, "--apply changed the tree")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/out"), "drafts were written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/migrate.patch"), "the patch was written")
    }

    /// A file of the tree that is a symbolic link to one outside it is not changed through the link, by the patch
    /// or by --apply (git tracks the link, and `git apply` refuses a patch beyond it): the file outside keeps its
    /// content, the link stays a link, and the rest of the tree is patched.
    func testApplyNeverWritesThroughALinkedFile() throws {
        let linked = "extensions/browser/extension_message_filter.cc"
        let (scratch, tree) = try examplesLinkingOut(linked, to: "outside.cc")
        let outside = FileManager.default.contents(atPath: scratch + "/outside.cc")

        let result = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/migrate.patch", "--apply", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("applied: "), result.stdout)
        XCTAssertEqual(FileManager.default.contents(atPath: scratch + "/outside.cc"), outside, "written through the link")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: tree + "/" + linked), scratch + "/outside.cc")
        XCTAssertFalse(try String(contentsOfFile: scratch + "/migrate.patch", encoding: .utf8).contains(linked), "the patch goes beyond a link")
        let patched = try String(contentsOfFile: tree + "/content/renderer/render_frame_impl.cc", encoding: .utf8)
        XCTAssertTrue(patched.contains("GetFrameHost()->PluginCrashed(plugin_path, plugin_pid);"), "the rest is applied")
    }

    /// With --follow-symlinks the scan reads a linked folder, but a header the patch deletes there is not deleted:
    /// the folder it stands in is outside the tree.
    func testApplyNeverDeletesInALinkedFolder() throws {
        let (scratch, tree) = try examplesLinkingOut("components/printing/common", to: "outside")

        let result = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/migrate.patch", "--apply", "--follow-symlinks", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("deleted: components/printing/common/print_messages.h"), result.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch + "/outside/print_messages.h"), "deleted outside the tree")
    }

    /// A scratch folder holding a copy of Examples/ at `scratch/tree`.
    private func examplesCopy() throws -> (scratch: String, tree: String) {
        let scratch = try temporaryFolder().path
        let tree = scratch + "/tree"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples", toPath: tree)
        return (scratch, tree)
    }

    /// The inventory of `tree` saved by `mojify scan --format json -o`, as a CI job saves it.
    private func savedInventory(of tree: String, in scratch: String) throws -> String {
        let inventory = scratch + "/inventory.json"
        XCTAssertEqual(try MojifyBinary.run(["scan", tree, "--format", "json", "-o", inventory, "--no-cache"]).status, 0)
        return inventory
    }

    /// A copy of Examples/ (in `scratch/tree`) whose `relative` file or folder is moved out to `scratch/outside`
    /// and replaced by a symbolic link to it.
    private func examplesLinkingOut(_ relative: String, to outside: String) throws -> (scratch: String, tree: String) {
        let (scratch, tree) = try examplesCopy()
        try FileManager.default.moveItem(atPath: tree + "/" + relative, toPath: scratch + "/" + outside)
        try FileManager.default.createSymbolicLink(atPath: tree + "/" + relative, withDestinationPath: scratch + "/" + outside)
        return (scratch, tree)
    }

    /// An --apply killed part way leaves a journal; the next migrate rolls the tree back before it reads it.
    func testTheNextRunRollsBackAnInterruptedApply() throws {
        let (scratch, tree) = try examplesCopy()
        let file = tree + "/content/renderer/render_frame_impl.cc"
        let original = try XCTUnwrap(FileManager.default.contents(atPath: file))
        // What a run killed right after replacing this one file leaves.
        XCTAssertEqual(link(file, tree + "/content/renderer/.render_frame_impl.cc.mojify-apply-backup-9-9"), 0)
        XCTAssertEqual(unlink(file), 0)
        try Data("half-applied\n".utf8).write(to: URL(fileURLWithPath: file))
        try Data(#"[{"backup":".render_frame_impl.cc.mojify-apply-backup-9-9","path":"content/renderer/render_frame_impl.cc","staged":".render_frame_impl.cc.mojify-apply-new-9-9"}]"#.utf8)
            .write(to: URL(fileURLWithPath: tree + "/.mojify-apply-journal"))

        let result = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--dry-run", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("recovered: an interrupted --apply was rolled back first; restored: content/renderer/render_frame_impl.cc\n"), result.stdout)
        XCTAssertEqual(FileManager.default.contents(atPath: file), original)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tree + "/.mojify-apply-journal"))
    }

    /// An edit since the scan to a file whose rewrite it then defeats (the sender's lines moved) must not let the
    /// rest apply: the handler would be deleted while the sender stays. Any file migrate read counts.
    func testApplyRefusesWhenAFileItDidNotRewriteChangedSinceTheScan() throws {
        let (scratch, tree) = try examplesCopy()
        let inventory = try savedInventory(of: tree, in: scratch)
        Thread.sleep(forTimeInterval: 0.05)
        let sender = tree + "/content/renderer/render_frame_impl.cc"
        try ("// Moved down a line.\n" + String(contentsOfFile: sender, encoding: .utf8)).write(toFile: sender, atomically: false, encoding: .utf8)
        let before = treeContents(tree)

        let result = try MojifyBinary.run(["migrate", tree, "--inventory", inventory, "--out", scratch + "/out", "--apply"])
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertTrue(result.stderr.contains("content/renderer/render_frame_impl.cc changed since the scan"), result.stderr)
        XCTAssertEqual(treeContents(tree), before, "--apply changed the tree")
    }

    /// In a git checkout, files the patch changes that hold uncommitted edits are named: the patch builds on them,
    /// so 'git diff' would mix the user's edits with mojify's. A clean checkout gets no such line.
    func testUncommittedChangesInPatchedFilesAreNamed() throws {
        let (scratch, tree) = try examplesCopy()
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base"]] {
            XCTAssertEqual(try Git.run(arguments, in: tree).status, 0)
        }
        let arguments = ["migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/migrate.patch", "--no-cache", "--force"]
        let clean = try MojifyBinary.run(arguments)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertFalse(clean.stdout.contains("uncommitted"), clean.stdout)
        let edited = tree + "/content/renderer/render_frame_impl.cc"
        try (String(contentsOfFile: edited, encoding: .utf8) + "// A local edit.\n").write(toFile: edited, atomically: true, encoding: .utf8)
        let dirty = try MojifyBinary.run(arguments)
        XCTAssertEqual(dirty.status, 0, dirty.stderr)
        XCTAssertTrue(dirty.stdout.contains("warning: 1 file the patch changes has uncommitted changes, which the patch builds on: content/renderer/render_frame_impl.cc;"), dirty.stdout)
    }

    /// Runs a compile check of Tools/ against the libchrome and Perfetto snapshots MOJIFY_LIBCHROME and
    /// MOJIFY_PERFETTO name (skipped without them): its output and the JSON report it wrote.
    private func runLibchromeCheck(_ tool: String, _ arguments: [String] = [], timeout: TimeInterval, checking what: String) throws -> (run: ProcessOutput, json: [String: Any]) {
        let environment = ProcessInfo.processInfo.environment
        guard let libchrome = environment["MOJIFY_LIBCHROME"], let perfetto = environment["MOJIFY_PERFETTO"] else {
            throw XCTSkip("set MOJIFY_LIBCHROME to a libchrome checkout or git directory (msft-mirror-aosp/platform.external.libchrome) and MOJIFY_PERFETTO to a Perfetto v49.0 checkout or git directory to compile \(what)")
        }
        let report = try temporaryFolder().path + "/report.json"
        let run = try RunningProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", repositoryRoot + "/Tools/" + tool, "--libchrome", libchrome, "--perfetto", perfetto,
             "--mojify", try MojifyBinary.url().path, "--json", report] + arguments,
            timeout: timeout
        ).finish()
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any], run.stdout + run.stderr)
        return (run, json)
    }

    /// Runs when MOJIFY_LIBCHROME names a libchrome snapshot and MOJIFY_PERFETTO a Perfetto checkout (v49.0).
    func testDraftsCompileAgainstChromiumsBindings() throws {
        let (run, json) = try runLibchromeCheck("check_drafts_compile.py", timeout: 1200, checking: "the drafts")
        let checked = try XCTUnwrap(json["checked"] as? [[String: Any]])
        // Examples' extension and printing interfaces with a converted message (only those are drafted): their
        // skeletons and mocks, each also checked for implementing every method.
        XCTAssertGreaterThanOrEqual(checked.count, 14, run.stdout)
        XCTAssertTrue(checked.contains { $0["file"] as? String == "extensions/common/extension_process_mock.h (implements every method)" }, run.stdout)
    }

    /// libchrome's own legacy IPC (its ipc/ tests), migrated with --apply on a copy: every file the patch touches,
    /// every file including a touched header or using the messages, and the drafts compile with no error they did
    /// not have before (Tools/check_libchrome_migration.py). Runs when MOJIFY_LIBCHROME names a libchrome checkout
    /// or git directory (upstream-main) and MOJIFY_PERFETTO a Perfetto checkout or git directory (v49.0);
    /// MOJIFY_LIBCHROME_ENV keeps what is prepared from them (generated protos, bindings) between runs.
    func testLibchromesLegacyIPCMigratesWithoutNewCompileErrors() throws {
        let prepared = ProcessInfo.processInfo.environment["MOJIFY_LIBCHROME_ENV"].map { ["--env", $0] } ?? []
        let (run, json) = try runLibchromeCheck("check_libchrome_migration.py", prepared, timeout: 2400, checking: "libchrome's migrated IPC")
        XCTAssertEqual(json["classes"] as? [String], ["AutomationMsgStart", "TestMsgStart", "WorkerMsgStart"], run.stdout)
        // The patch changed the tree, and what it touched was compiled before and after.
        let touched = try XCTUnwrap(json["touched"] as? [String])
        XCTAssertTrue(touched.contains("ipc/ipc_sync_channel_unittest.cc"), run.stdout)
        let results = try XCTUnwrap(json["results"] as? [[String: Any]])
        for file in touched where file.hasSuffix(".cc") || file.hasSuffix(".h") {
            XCTAssertTrue(results.contains { $0["file"] as? String == file && $0["after"] is Int }, "\(file) not compiled after the patch:\n" + run.stdout)
        }
        XCTAssertTrue(results.contains { $0["file"] as? String == "ipc/ipc_sync_channel_unittest.cc" && $0["before"] as? Int == 0 }, run.stdout)
        XCTAssertTrue(results.contains { ($0["file"] as? String)?.hasPrefix("drafts/") == true }, run.stdout)
        XCTAssertEqual(results.reduce(0) { $0 + (($1["new"] as? [Any])?.count ?? 0) }, 0, run.stdout)
    }
}
