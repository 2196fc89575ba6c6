import Foundation
import MojifyTestSupport
import XCTest

/// `mojify migrate` run as a user would: the built binary on a copy of Examples/.
final class MigrateCommandTests: XCTestCase {
    static let goldenRoot = repositoryRoot + "/Tests/GenerateTests/Golden/migrate"

    func testMigrateWritesTheDraftsAndAPatchThatGitAccepts() throws {
        let scratch = try temporaryFolder().path
        let tree = scratch + "/tree"
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Examples", toPath: tree)
        let before = treeContents(tree)
        let result = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/migrate.patch", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("interfaces: 13 with 40 methods"), result.stdout)
        // Whole messages only: a message one of whose senders or handler entries cannot be rewritten keeps all of
        // them, and is listed once with every reason.
        XCTAssertTrue(result.stdout.contains("messages: 30 converted whole, 13 listed"), result.stdout)
        XCTAssertTrue(result.stdout.contains("senders: 22 rewritten, 0 listed, 14 left with their messages"), result.stdout)
        XCTAssertTrue(result.stdout.contains("handlers: 24 rewritten, 0 listed, 11 left with their messages"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  content/common/frame_messages.h:92:1 FrameMsg_SetAccessibilityMode: left whole, so that it is never sent or handled half-way: handler at content/renderer/render_frame_impl.cc:32:5: forwarded to render_accessibility_"), result.stdout)
        // ChromeViewHost (its delayed reply made the callback), Print, ExtensionWorkerHost (DidDispatchEvent, no
        // longer a folded reply) and ExtensionHost are implemented by their handler classes: Examples/ is of the binder map era (its base::ListValue says so), whose bindings
        // pass base::Value, which converts to the base::DictionaryValue ExtensionHost's handler takes.
        XCTAssertTrue(result.stdout.contains("handler methods: 8 made interface methods, 23 listed"), result.stdout)
        XCTAssertTrue(result.stdout.contains("message maps: 2 removed, 4 listed"), result.stdout)
        // ExtensionWorkerMsg_DispatchEvent, no longer folded, converts: its event_args is base::Value in the bindings
        // of that era. Other messages of extension_messages.h stay whole, and so does the header.
        XCTAssertTrue(result.stdout.contains("definitions: 30 removed, 0 listed; headers deleted: components/printing/common/print_messages.h\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("build targets of changed files: 4 depend on the mojom, 6 listed"), result.stdout)
        XCTAssertEqual(try String(contentsOfFile: scratch + "/migrate.patch", encoding: .utf8), try String(contentsOfFile: Self.goldenRoot + "/migrate.patch", encoding: .utf8))
        for path in ["content/browser/frame_host/frame_host_impl.cc", "content/common/frame_host_mock.h"] {
            XCTAssertEqual(try String(contentsOfFile: scratch + "/out/" + path, encoding: .utf8), try String(contentsOfFile: Self.goldenRoot + "/" + path, encoding: .utf8), path)
        }
        XCTAssertEqual(treeContents(tree), before, "migrate changed the scanned tree")
        XCTAssertEqual(try Git.run(["init", "-q"], in: tree).status, 0)
        XCTAssertEqual(try Git.run(["apply", "--check", scratch + "/migrate.patch"], in: tree).status, 0)

        let again = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/migrate.patch", "--no-cache"])
        XCTAssertTrue(again.stdout.contains("files: 0 written (0 new, 0 changed), 46 unchanged"), again.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch + "/out/binders/browser_binders.cc"), "the registration lines that name the Bind functions")
    }

    /// A fork's build files as they are: a target of a computed type whose sources are added in an `if` block,
    /// sources in a `.gni` list, a message generator of another name than `*message_generator.h`. The changed files'
    /// targets gain the mojom dependency, and once git applies the patch no file names the deleted header, not even
    /// one that included it without using its messages.
    func testAfterThePatchNoFileNamesTheDeletedHeaderAndTargetsOfAddedSourcesDependOnTheMojom() throws {
        let scratch = try temporaryFolder()
        let tree = try TemporaryFolder(files: [
            "content/common/test_messages.h": "#include \"ipc/ipc_message_macros.h\"\n#define IPC_MESSAGE_START TestMsgStart\n\nIPC_MESSAGE_ROUTED1(TestHostMsg_Bar, int /* count */)\nIPC_MESSAGE_CONTROL0(TestHostMsg_Baz)\n",
            "content/common/message_generator_test.h": "// Multiply-included.\n#include \"content/common/test_messages.h\"\n",
            "content/common/common.gni": "content_common_sources = [\n  \"message_generator_test.h\",\n  \"test_messages.h\",\n]\n",
            "content/common/BUILD.gn": "import(\"//content/common/common.gni\")\n\nsource_set(\"common\") {\n  sources = content_common_sources\n}\n",
            "content/renderer/sender.cc": "#include \"content/common/test_messages.h\"\n\nvoid Sender::Go() {\n  Send(new TestHostMsg_Bar(routing_id(), 1));\n}\n",
            "content/renderer/sender.h": "class Sender {\n public:\n  void Go();\n};\n",
            "content/renderer/BUILD.gn": """
            link_target_type = "source_set"
            target(link_target_type, "renderer") {
              sources = []
              if (is_android) {
                sources += [ "sender.cc" ]
              }
            }

            """,
            "content/browser/host.cc": "#include \"content/common/test_messages.h\"\n\nvoid Host::Go() {\n  Send(new TestHostMsg_Baz());\n}\n",
            "content/browser/host.h": "class Host {\n public:\n  void Go();\n};\n",
            // An include left from messages gone long ago, in a file using none of the header's.
            "content/browser/stale.cc": "#include \"content/common/test_messages.h\"\n\nint Stale() { return 0; }\n",
            "content/browser/browser.gni": "content_browser_sources = [ \"host.cc\" ]\n",
            "content/browser/BUILD.gn": "import(\"//content/browser/browser.gni\")\n\nsource_set(\"browser\") {\n  sources = []\n  sources += content_browser_sources\n}\n",
        ])
        let result = try MojifyBinary.run(["migrate", tree.path, "--out", scratch.path + "/out", "--patch", scratch.path + "/migrate.patch", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("headers deleted: content/common/test_messages.h"), result.stdout)
        XCTAssertTrue(result.stdout.contains("build targets of changed files: 2 depend on the mojom, 0 listed"), result.stdout)
        let applied = scratch.path + "/applied"
        XCTAssertNil(try Git.apply(try scratch.read("migrate.patch"), on: tree.path, check: false, into: applied))
        for (path, data) in treeContents(applied) where !path.hasPrefix(".git") {
            XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("test_messages.h"), "\(path) names the deleted header")
        }
    }

    func testTheLegacyMojoAPIOptionWritesTheOlderFormAndNeedsARegistryOfItsEra() throws {
        let scratch = try temporaryFolder().path
        let tree = repositoryRoot + "/Examples"
        let binders = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/legacy.patch", "--mojo-api", "legacy", "--registry", "binders", "--no-cache"])
        XCTAssertEqual(binders.status, 2, binders.stdout)
        XCTAssertTrue(binders.stderr.contains("--mojo-api legacy needs a registry of its era"), binders.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/out"), "a refused run wrote drafts")
        let unknown = try MojifyBinary.run(["migrate", tree, "--out", scratch + "/out", "--mojo-api", "2017", "--no-cache"])
        XCTAssertEqual(unknown.status, 2, unknown.stdout)
        XCTAssertTrue(unknown.stderr.contains("current") && unknown.stderr.contains("legacy"), "the error lists the values: \(unknown.stderr)")

        let result = try MojifyBinary.run([
            "migrate", tree, "--out", scratch + "/out", "--patch", scratch + "/legacy.patch", "--mojo-api", "legacy", "--no-cache",
        ])
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch + "/out/manifests/content_browser_manifest_overlay.json"), "manifest is the legacy default registry")
        XCTAssertEqual(result.status, 0, result.stderr)
        // The default's rewrites, and one more: 2017's bindings take the list as std::unique_ptr, which the rules'
        // `from` makes of the sender's base::ListValue; today's base::Value::List has no such rule.
        XCTAssertTrue(result.stdout.contains("senders: 22 rewritten, 0 listed, 14 left with their messages"), result.stdout)
        let patch = try String(contentsOfFile: scratch + "/legacy.patch", encoding: .utf8)
        XCTAssertTrue(patch.contains("+  printing::mojom::PrintHostPtr print_host_remote_;\n"), patch)
        XCTAssertTrue(patch.contains("+    render_frame()->GetRemoteInterfaces()->GetInterface(&print_host_remote_);\n"), patch)
        XCTAssertFalse(patch.contains("mojo::Remote"), patch)
        let skeleton = try String(contentsOfFile: scratch + "/out/content/browser/frame_host/frame_host_impl.cc", encoding: .utf8)
        XCTAssertTrue(skeleton.contains("  mojo::MakeStrongBinding(std::make_unique<FrameHostImpl>(nullptr), std::move(request));\n"), skeleton)
        let fixture = try String(contentsOfFile: scratch + "/out/content/common/frame_host_mock_unittest.cc", encoding: .utf8)
        XCTAssertTrue(fixture.contains("  mojo::Binding<mojom::FrameHost> binding_{&mock_};\n"), fixture)
        XCTAssertNil(try Git.apply(patch, on: tree))
    }

    func testOwnerSelectionNeedsALedgerAndAnOwnerWithMessages() throws {
        let scratch = try temporaryFolder().path
        let noLedger = try MojifyBinary.run(["migrate", repositoryRoot + "/Examples", "--out", scratch + "/out", "--owner", "ana", "--no-cache"])
        XCTAssertEqual(noLedger.status, 2)
        XCTAssertTrue(noLedger.stderr.contains("--owner needs --ledger FILE"), noLedger.stderr)
        let ledger = scratch + "/ledger.csv"
        XCTAssertEqual(try MojifyBinary.run(["ledger", "sync", repositoryRoot + "/Examples", "--ledger", ledger, "--no-cache"]).status, 0)
        XCTAssertEqual(try MojifyBinary.run(["ledger", "claim", "FrameHostMsg_PluginCrashed", "--ledger", ledger, "--owner", "ana"]).status, 0)
        let nobody = try MojifyBinary.run(["migrate", repositoryRoot + "/Examples", "--out", scratch + "/out", "--ledger", ledger, "--owner", "bob", "--no-cache"])
        XCTAssertEqual(nobody.status, 2)
        XCTAssertTrue(nobody.stderr.contains("bob owns no message"), nobody.stderr)
        let owned = try MojifyBinary.run(["migrate", repositoryRoot + "/Examples", "--out", scratch + "/out", "--ledger", ledger, "--owner", "ana", "--dry-run", "--patch", scratch + "/p", "--no-cache"])
        XCTAssertEqual(owned.status, 0, owned.stderr)
        XCTAssertTrue(owned.stdout.contains("interfaces: 1 with 1 methods"), owned.stdout)
        XCTAssertTrue(owned.stdout.contains("+  GetFrameHost()->PluginCrashed(plugin_path, plugin_pid);"), owned.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/p"), "--dry-run wrote the patch")
    }
    /// A class of no kind the guide registers (CEF's `CefFrameImpl`) gets its messages from an observer that passes
    /// them on, in a file that names the class only in its header: migrate searches the tree for it and registers
    /// the interface there.
    func testAnObserverPassingMessagesOnIsFoundInTheTreeAndRegisters() throws {
        let scratch = try temporaryFolder(files: [
            "content/common/frame_messages.h": "#include \"ipc/ipc_message_macros.h\"\n#define IPC_MESSAGE_START FrameMsgStart\nIPC_MESSAGE_ROUTED1(FrameMsg_Stop, int /* code */)\n",
            "content/renderer/frame_impl.h": "class FrameImpl {\n public:\n  bool OnMessageReceived(const IPC::Message& message);\n\n private:\n  void OnStop(int code);\n};\n",
            "content/renderer/frame_impl.cc": """
                #include "content/renderer/frame_impl.h"
                #include "content/common/frame_messages.h"

                bool FrameImpl::OnMessageReceived(const IPC::Message& message) {
                  bool handled = true;
                  IPC_BEGIN_MESSAGE_MAP(FrameImpl, message)
                    IPC_MESSAGE_HANDLER(FrameMsg_Stop, OnStop)
                    IPC_MESSAGE_UNHANDLED(handled = false)
                  IPC_END_MESSAGE_MAP()
                  return handled;
                }

                void FrameImpl::OnStop(int code) {}

                """,
            "content/renderer/frame_observer.h": """
                #include "content/public/renderer/render_frame_observer.h"

                class FrameImpl;

                class FrameObserver : public content::RenderFrameObserver {
                 public:
                  explicit FrameObserver(content::RenderFrame* render_frame);
                  bool OnMessageReceived(const IPC::Message& message) override;

                 private:
                  FrameImpl* frame_ = nullptr;
                };

                """,
            "content/renderer/frame_observer.cc": """
                #include "content/renderer/frame_observer.h"
                #include "content/renderer/frame_impl.h"

                FrameObserver::FrameObserver(content::RenderFrame* render_frame) : content::RenderFrameObserver(render_frame) {}

                bool FrameObserver::OnMessageReceived(const IPC::Message& message) {
                  if (!frame_)
                    return false;
                  return frame_->OnMessageReceived(message);
                }

                """,
        ])
        let result = try MojifyBinary.run(["migrate", scratch.path, "--out", scratch.path + "/out", "--patch", scratch.path + "/migrate.patch", "--no-cache", "--registry", "associated"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("registration: 1 interfaces registered by their handler class in the patch, 0 listed"), result.stdout)
        let patch = try String(contentsOfFile: scratch.path + "/migrate.patch", encoding: .utf8)
        XCTAssertTrue(patch.contains("+void FrameObserver::Stop(int32_t code) {\n+  if (!frame_)\n+    return;\n+  static_cast<content::mojom::Frame*>(frame_)->Stop(code);\n+}\n"), patch)
        XCTAssertEqual(try Git.run(["init", "-q"], in: scratch.path).status, 0)
        XCTAssertEqual(try Git.run(["apply", "--check", scratch.path + "/migrate.patch"], in: scratch.path).status, 0)
    }

    /// Qt WebEngine includes its headers relative to `src/core`, a folder of qmake's `INCLUDEPATH` the tree does
    /// not say: the check finds the declared bindings as the patch spells their include, and counts no error of a
    /// base it could not see (`ClearScripts() override` was "only virtual member functions can be marked override").
    func testTheCheckFindsTheBindingsWhereThePatchSpellsTheirInclude() throws {
        let scratch = try temporaryFolder(files: [
            "src/core/common/qt_messages.h": "#include \"ipc/ipc_message_macros.h\"\n#define IPC_MESSAGE_START QtMsgStart\nIPC_MESSAGE_CONTROL0(ControllerMsg_ClearScripts)\n",
            "src/core/renderer/controller.h": """
                #include "content/public/renderer/render_thread_observer.h"

                class Controller : public content::RenderThreadObserver {
                 public:
                  bool OnControlMessageReceived(const IPC::Message& message) override;

                 private:
                  void onClearScripts();
                };

                """,
            "src/core/renderer/controller.cpp": """
                #include "renderer/controller.h"
                #include "common/qt_messages.h"

                bool Controller::OnControlMessageReceived(const IPC::Message& message) {
                  bool handled = true;
                  IPC_BEGIN_MESSAGE_MAP(Controller, message)
                    IPC_MESSAGE_HANDLER(ControllerMsg_ClearScripts, onClearScripts)
                    IPC_MESSAGE_UNHANDLED(handled = false)
                  IPC_END_MESSAGE_MAP()
                  return handled;
                }

                void Controller::onClearScripts() {}

                """,
        ])
        let result = try MojifyBinary.run(["migrate", scratch.path, "--out", scratch.path + "/out", "--patch", scratch.path + "/migrate.patch", "--check", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let patch = try String(contentsOfFile: scratch.path + "/migrate.patch", encoding: .utf8)
        XCTAssertTrue(patch.contains("+#include \"common/qt.mojom.h\"\n"), patch)
        XCTAssertTrue(patch.contains("+  void ClearScripts() override;\n"), patch)
        XCTAssertTrue(result.stdout.contains("with the tree's includes and the plan's bindings declared (libclang): no new errors"), result.stdout)
    }
}
