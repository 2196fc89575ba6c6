import Foundation
import MojifyCore
@testable import MojifyLint
import MojifyTestSupport
import XCTest

/// Orphans are messages that belonged to this tree: what is defined upstream, or only allocated as a struct, never
/// is one. Through the real binary, as CI runs it.
final class OrphanTests: XCTestCase {
    /// An embedder tree: its own class FooMsgStart, messages Chromium defines (View, Print), an IPC struct of
    /// Chromium's, and a patch whose context lines show upstream messages.
    static let embedder = [
        "foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_ROUTED1(FooHostMsg_Ping, int /* sequence */)
            IPC_MESSAGE_ROUTED0(FooMsg_Pong)
            """,
        "foo/foo_host.cc": """
            bool FooHost::OnMessageReceived(const IPC::Message& message) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(FooHost, message)
                IPC_MESSAGE_HANDLER(FooHostMsg_Ping, OnPing)
                IPC_MESSAGE_HANDLER(ViewHostMsg_UpdateTargetURL, OnUpdateTargetURL)
                IPC_MESSAGE_HANDLER(PrintHostMsg_DidPrintPage, OnDidPrintPage)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }
            void FooHost::Pong() {
              Send(new FooMsg_Pong(routing_id_));
              Send(new ViewMsg_BeginFrame(routing_id_));
            }
            """,
        "foo/foo_client.cc": """
            void FooClient::Ping() {
              Send(new FooHostMsg_Ping(routing_id_, 1));
              auto* params = new PrintMsg_PrintPages_Params(settings_);
            }
            """,
        "patch/patches/frame.patch": """
            --- a/content/common/frame_messages.h
            +++ b/content/common/frame_messages.h
            @@ -100,4 +100,4 @@ IPC_MESSAGE_ROUTED1(FrameHostMsg_Before,
             IPC_MESSAGE_ROUTED0(FrameHostMsg_UpstreamContext)
            +IPC_MESSAGE_ROUTED0(FrameHostMsg_AddedByPatch)
            -IPC_MESSAGE_ROUTED0(FrameHostMsg_RemovedByPatch)
             IPC_MESSAGE_ROUTED1(FrameMsg_UpstreamContext,
            """,
    ]

    static let fiveRules: Set<String> = ["new-legacy-ipc", "converted-still-present", "stale-ledger-row", "orphan-handler", "orphan-sender"]

    /// Rule ids and messages of a JSON lint run.
    private func findings(_ arguments: [String]) throws -> [(rule: String, message: String, file: String)] {
        let outcome = try MojifyBinary.run(["lint"] + arguments + ["--format", "json"])
        XCTAssertLessThan(outcome.status, 2, outcome.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let list = try XCTUnwrap(json["findings"] as? [[String: Any]])
        return list.map { finding in
            let location = finding["location"] as? [String: Any]
            return (finding["ruleId"] as? String ?? "", finding["message"] as? String ?? "", location?["file"] as? String ?? "")
        }
    }

    func testAFreshlySyncedTreeIsQuietAndRemovingADefinitionReportsItsHandlerAndSender() throws {
        let tree = try temporaryFolder(files: Self.embedder)
        let ledger = tree.path + "/ipc-ledger.csv"
        let sync = try MojifyBinary.run(["ledger", "sync", tree.path, "--ledger", ledger])
        XCTAssertEqual(sync.status, 0, sync.stderr)
        // The ledger lists what the tree defines: what the patch adds, not its context, nor what it removes.
        let rows = try String(contentsOfFile: ledger, encoding: .utf8)
        XCTAssertTrue(rows.contains("FrameHostMsg_AddedByPatch"), rows)
        XCTAssertFalse(rows.contains("UpstreamContext") || rows.contains("FrameHostMsg_RemovedByPatch"), rows)
        let fresh = try findings([tree.path, "--ledger", ledger])
        XCTAssertEqual(fresh.filter { Self.fiveRules.contains($0.rule) }.map(\.message), [])

        try tree.write("foo/foo_messages.h", """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_ROUTED0(FooMsg_Pong)
            """)
        let removed = try findings([tree.path, "--ledger", ledger])
        let handler = try XCTUnwrap(removed.first { $0.rule == "orphan-handler" })
        XCTAssertEqual(handler.file, "foo/foo_host.cc")
        XCTAssertTrue(handler.message.contains("'FooHostMsg_Ping', which is no longer defined: the ledger has a row for it at line "), handler.message)
        let sender = try XCTUnwrap(removed.first { $0.rule == "orphan-sender" })
        XCTAssertEqual(sender.file, "foo/foo_client.cc")
        XCTAssertTrue(sender.message.contains("'FooHostMsg_Ping' is sent in FooClient::Ping but no longer defined: the ledger has a row"), sender.message)
        XCTAssertEqual(removed.filter { $0.rule.hasPrefix("orphan-") }.count, 2, "\(removed)")

        // Without a ledger, the tree's own FooMsgStart is the evidence.
        let noLedger = try findings([tree.path]).filter { $0.rule.hasPrefix("orphan-") }
        XCTAssertEqual(noLedger.count, 2, "\(noLedger)")
        XCTAssertTrue(noLedger.allSatisfy { $0.message.contains("this tree defines its message class FooMsgStart ('FooMsg_Pong' in foo/foo_messages.h)") }, "\(noLedger)")
    }

    /// With `--files`, the header that defines the class is looked up like the definitions are.
    func testChangedFilesFindTheClassInHeadersThatDidNotChange() throws {
        var files = Self.embedder
        files["foo/foo_messages.h"] = "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_ROUTED0(FooMsg_Pong)\n"
        let tree = try temporaryFolder(files: files)
        let list = try tree.write("changed.txt", "foo/foo_host.cc\n")
        let restricted = try findings([tree.path, "--files", list]).filter { $0.rule.hasPrefix("orphan-") }
        XCTAssertEqual(restricted.map(\.rule), ["orphan-handler"])
        XCTAssertTrue(restricted.first?.message.contains("class FooMsgStart") ?? false, "\(restricted)")
    }

    /// With `--files`, a `::ID` in a changed file is a use of its message: defined in a header that did not change,
    /// no orphan; marked converted, still present.
    func testChangedFilesCountTheIDOfAMessageDefinedElsewhere() throws {
        var files = Self.embedder
        files["foo/foo_filter.cc"] = """
            void FooFilter::OverrideThreadForMessage(const IPC::Message& message, BrowserThread::ID* thread) {
              if (message.type() == FooHostMsg_Ping::ID)
                *thread = BrowserThread::UI;
            }
            """
        let tree = try temporaryFolder(files: files)
        let list = try tree.write("changed.txt", "foo/foo_filter.cc\n")
        // The ledger row would make the message an orphan, were its definition not looked up.
        let inProgress = try tree.write("in-progress.csv", RuleExample.ledgerCSV([("FooHostMsg_Ping", .inProgress), ("FooMsg_Pong", .unclaimed)]))
        XCTAssertEqual(try findings([tree.path, "--files", list, "--ledger", inProgress]).map(\.rule), [])
        let ledger = try tree.write("converted.csv", RuleExample.ledgerCSV([("FooHostMsg_Ping", .converted), ("FooMsg_Pong", .unclaimed)]))
        let converted = try findings([tree.path, "--files", list, "--ledger", ledger])
        XCTAssertEqual(converted.map(\.rule), ["converted-still-present"])
        XCTAssertEqual(converted.first?.file, "foo/foo_filter.cc")
    }

    /// What the upstream checkout defines, given as its inventory or in the rules file, is never an orphan; a
    /// message that a patch of the tree removes always is.
    func testUpstreamInventoryAndRulesSayWhatIsDefinedElsewhere() throws {
        let upstream = try temporaryFolder(files: [
            "content/common/foo_messages.h": """
                #define IPC_MESSAGE_START FooMsgStart
                IPC_MESSAGE_ROUTED1(FooHostMsg_Ping, int)
                IPC_MESSAGE_ROUTED0(FooMsg_Removed)
                IPC_STRUCT_BEGIN(FooHostMsg_Upstream_Info)
                  IPC_STRUCT_MEMBER(int, id)
                IPC_STRUCT_END()
                """,
        ])
        let inventory = upstream.path + "/upstream.json"
        let scan = try MojifyBinary.run(["scan", upstream.path, "--format", "json", "-o", inventory])
        XCTAssertEqual(scan.status, 0, scan.stderr)

        var files = Self.embedder
        files["foo/foo_messages.h"] = "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_ROUTED0(FooMsg_Pong)\n"
        files["foo/more.cc"] = """
            void More::Go() {
              Send(new FooMsg_Removed(routing_id_));
              Send(new FooHostMsg_Upstream_Info(3));
            }
            """
        files["patches/remove.patch"] = """
            --- a/content/common/foo_messages.h
            +++ b/content/common/foo_messages.h
            @@ -2,2 +2,1 @@
             IPC_MESSAGE_ROUTED1(FooHostMsg_Ping, int)
            -IPC_MESSAGE_ROUTED0(FooMsg_Removed)
            """
        let tree = try temporaryFolder(files: files)
        let without = try findings([tree.path]).filter { $0.rule.hasPrefix("orphan-") }
        XCTAssertEqual(Set(without.map { $0.message.components(separatedBy: "'")[1] }),
                       ["FooHostMsg_Ping", "FooMsg_Removed", "FooHostMsg_Upstream_Info"], "\(without)")

        let with = try findings([tree.path, "--upstream", inventory]).filter { $0.rule.hasPrefix("orphan-") }
        XCTAssertEqual(with.count, 1, "\(with)")
        XCTAssertTrue(with.first?.message.contains("'FooMsg_Removed' is sent in More::Go but no longer defined: a patch removes its definition (patches/remove.patch:5)") ?? false, "\(with)")

        let rules = try tree.write("rules.yaml", "upstream:\n  classes: [FooMsgStart]\n")
        let byClass = try findings([tree.path, "--rules", rules]).filter { $0.rule.hasPrefix("orphan-") }
        XCTAssertEqual(byClass.map(\.message).filter { !$0.contains("FooMsg_Removed") }, [], "FooMsgStart is upstream's")
        try tree.write("rules.yaml", "upstream:\n  prefixes: [FooHostMsg_]\n")
        let byPrefix = try findings([tree.path, "--rules", rules]).filter { $0.rule.hasPrefix("orphan-") }
        XCTAssertEqual(byPrefix.map(\.message).filter { $0.contains("FooHostMsg_") }, [], "FooHostMsg_ messages are upstream's")
        XCTAssertEqual(byPrefix.count, 1, "\(byPrefix)")
    }

    func testBadUpstreamInputIsRefusedWithExitTwo() throws {
        let tree = try temporaryFolder(files: Self.embedder)
        let future = try tree.write("future.json", #"{"schemaVersion": 99, "messages": []}"#)
        let refused = try MojifyBinary.run(["lint", tree.path, "--upstream", future])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("future.json: inventory schema version 99 is not supported"), refused.stderr)

        for (text, expected) in [("upstream:\n  class: [FooMsgStart]\n", "'upstream' has an unknown key 'class'"),
                                 ("upstream:\n  prefixes: ['']\n", "'upstream.prefixes' has an empty entry"),
                                 ("upstream: [FooMsgStart]\n", "wrong kind of value")] {
            let rules = try tree.write("rules.yaml", text)
            let outcome = try MojifyBinary.run(["lint", tree.path, "--rules", rules])
            XCTAssertEqual(outcome.status, 2, text)
            XCTAssertTrue(outcome.stderr.contains(expected), "\(text): \(outcome.stderr)")
        }
    }
}
