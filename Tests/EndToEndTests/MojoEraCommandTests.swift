import Foundation
import MojifyTestSupport
import XCTest

/// `generate` and `migrate` on one tree without flags: both detect the same Mojo era, say so, and write its forms.
final class MojoEraCommandTests: XCTestCase {
    /// An embedder's tree of 2017 (no Chromium `mojo/`): its code includes the legacy bindings.
    static let tree = [
        "shell/common/shell_messages.h": """
            #include "ipc/ipc_message_macros.h"
            #define IPC_MESSAGE_START ShellMsgStart
            IPC_MESSAGE_ROUTED1(ShellHostMsg_Report, base::ListValue /* values */)
            IPC_MESSAGE_ROUTED1(ShellHostMsg_Ping, int /* id */)

            """,
        "shell/browser/shell_host.cc": """
            #include "shell/common/shell_messages.h"
            bool ShellHost::OnMessageReceived(const IPC::Message& message) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(ShellHost, message)
                IPC_MESSAGE_HANDLER(ShellHostMsg_Report, OnReport)
                IPC_MESSAGE_HANDLER(ShellHostMsg_Ping, OnPing)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }

            """,
        "shell/renderer/shell_observer.h": """
            #include "content/public/renderer/render_frame_observer.h"
            class ShellObserver : public content::RenderFrameObserver {
             public:
              void Report(const base::ListValue& values);
              void Ping(int id);
            };

            """,
        "shell/renderer/shell_observer.cc": """
            #include "mojo/public/cpp/bindings/binding.h"
            #include "shell/common/shell_messages.h"
            void ShellObserver::Report(const base::ListValue& values) {
              Send(new ShellHostMsg_Report(routing_id(), values));
            }
            void ShellObserver::Ping(int id) {
              Send(new ShellHostMsg_Ping(routing_id(), id));
            }

            """,
    ]

    /// The era line of a run: the era and what decided it, without what the command writes for it.
    func era(_ stdout: String) -> String? {
        stdout.split(separator: "\n").first { $0.hasPrefix("era: ") }?.components(separatedBy: ": --registry").first
    }

    func testGenerateAndMigrateDetectTheSameEraAndWriteItsForms() throws {
        let scratch = try temporaryFolder(files: Self.tree.mapKeys { "tree/" + $0 })
        let tree = scratch.path + "/tree"
        let generate = try MojifyBinary.run(["generate", tree, "--out", scratch.path + "/gen", "--no-cache"])
        XCTAssertEqual(generate.status, 0, generate.stderr)
        let migrate = try MojifyBinary.run(["migrate", tree, "--out", scratch.path + "/drafts", "--patch", scratch.path + "/migrate.patch", "--no-cache"])
        XCTAssertEqual(migrate.status, 0, migrate.stderr)

        let expected = "era: 2016-2017 (InterfacePtr/Binding, InterfaceRegistry, service manifests), from mojo/public/cpp/bindings/binding.h in shell/renderer/shell_observer.cc"
        XCTAssertEqual(era(generate.stdout), expected, generate.stdout)
        XCTAssertEqual(era(migrate.stdout), expected, migrate.stdout)
        XCTAssertTrue(generate.stdout.contains(expected + ": --registry manifest; override with --registry\n"), generate.stdout)
        XCTAssertTrue(migrate.stdout.contains(expected + ": --registry manifest --mojo-api legacy; override with --registry/--mojo-api\n"), migrate.stdout)

        // The service manager's manifest overlays, the legacy API, and the values of 2017's base/.
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path + "/gen/manifests/content_browser_manifest_overlay.json"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path + "/drafts/manifests/content_browser_manifest_overlay.json"))
        let implementation = try scratch.read("drafts/shell/browser/shell_host_impl.cc")
        XCTAssertTrue(implementation.contains("void ShellHostImpl::Report(std::unique_ptr<base::ListValue> values) {"), implementation)
        XCTAssertTrue(implementation.contains("mojo::MakeStrongBinding("), implementation)
        // 2017's bindings take the list as std::unique_ptr: the sender's const reference is copied into one, as the
        // rules' `from` says.
        let patch = try scratch.read("migrate.patch")
        XCTAssertTrue(patch.contains("+  GetShellHost()->Report(values.CreateDeepCopy());\n"), patch)
        XCTAssertTrue(patch.contains("+  GetShellHost()->Ping(id);\n"), patch)
        XCTAssertTrue(patch.contains("+  shell::mojom::ShellHostPtr shell_host_remote_;\n"), patch)
        XCTAssertTrue(patch.contains("+    render_frame()->GetRemoteInterfaces()->GetInterface(&shell_host_remote_);\n"), patch)
        for text in [implementation, patch] {
            XCTAssertFalse(text.contains("base::Value::List") || text.contains("mojo::Remote") || text.contains("PendingReceiver"), text)
        }

        // A flag overrides the era's default, and an API of another era moves to that era.
        let current = try MojifyBinary.run(["migrate", tree, "--out", scratch.path + "/current", "--mojo-api", "current", "--no-cache"])
        XCTAssertEqual(current.status, 0, current.stderr)
        XCTAssertTrue(current.stdout.contains("era: 2020-2021 (mojo::Remote/Receiver, BinderMap, base::Value), as --mojo-api current asks (the tree: 2016-2017 (InterfacePtr/Binding, InterfaceRegistry, service manifests), from mojo/public/cpp/bindings/binding.h in shell/renderer/shell_observer.cc): --registry binders --mojo-api current (given)"), current.stdout)
        XCTAssertTrue(try scratch.read("current/shell/browser/shell_host_impl.cc").contains("Report(base::Value values)"))
        // The era's legacy API cannot register in binder maps; the run says which flag to add.
        let binders = try MojifyBinary.run(["migrate", tree, "--out", scratch.path + "/binders", "--registry", "binders", "--no-cache"])
        XCTAssertEqual(binders.status, 2, binders.stdout)
        XCTAssertTrue(binders.stderr.contains("writes the legacy Mojo API, and BinderMap (--registry binders) came in 2020 and takes only mojo::PendingReceiver: add --mojo-api current"), binders.stderr)
    }
}

private extension Dictionary where Key == String {
    func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
