import Foundation
@testable import MojifyEmitters
@testable import MojifyMigration
import MojifyTestSupport
import XCTest

/// An interface its handler class implements is registered in the patch in the migration guide's form for the
/// class (2.5.1, 2.5.2): a message filter becomes a BrowserAssociatedInterface, a WebContentsObserver keeps a frame
/// receiver set, a RenderFrameObserver adds itself to the frame's associated interface registry.
final class MigrateRegistrationTests: XCTestCase {
    static let messages = """
    #include "ipc/ipc_message_macros.h"
    #define IPC_MESSAGE_START TestMsgStart
    IPC_MESSAGE_ROUTED1(TestMsg_Ping, int /* value */)
    IPC_MESSAGE_ROUTED1(TestHostMsg_Bar, int /* count */)
    IPC_MESSAGE_CONTROL1(TestHostMsg_Quit, int /* code */)

    """

    static func map(_ className: String, _ message: String, _ handler: String) -> String {
        """
        bool \(className)::OnMessageReceived(const IPC::Message& message) {
          bool handled = true;
          IPC_BEGIN_MESSAGE_MAP(\(className), message)
            IPC_MESSAGE_HANDLER(\(message), \(handler))
            IPC_MESSAGE_UNHANDLED(handled = false)
          IPC_END_MESSAGE_MAP()
          return handled;
        }

        """
    }

    static let files: [String: String] = [
        "content/common/test_messages.h": messages,
        "content/renderer/host.h": """
            #include "content/public/renderer/render_frame_observer.h"

            class Host : public content::RenderFrameObserver {
             public:
              explicit Host(content::RenderFrame* render_frame);
              bool OnMessageReceived(const IPC::Message& message) override;

             private:
              void OnPing(int value);
            };

            """,
        "content/renderer/host.cc": "#include \"content/renderer/host.h\"\n#include \"content/common/test_messages.h\"\n\n"
            + "Host::Host(content::RenderFrame* render_frame) : content::RenderFrameObserver(render_frame) {}\n\n"
            + map("Host", "TestMsg_Ping", "OnPing") + "void Host::OnPing(int value) {}\n",
        "content/browser/tab.h": """
            #include "content/public/browser/web_contents_observer.h"

            class Tab : public content::WebContentsObserver {
             public:
              explicit Tab(content::WebContents* contents);
              bool OnMessageReceived(const IPC::Message& message) override;

             private:
              void OnBar(int count);
              int bars_ = 0;
            };

            """,
        "content/browser/tab.cc": "#include \"content/browser/tab.h\"\n#include \"content/common/test_messages.h\"\n\n"
            + "Tab::Tab(content::WebContents* contents) : content::WebContentsObserver(contents) {}\n\n"
            + map("Tab", "TestHostMsg_Bar", "OnBar") + "void Tab::OnBar(int count) {\n  bars_ += count;\n}\n",
        "content/browser/quit_filter.h": """
            #include "content/public/browser/browser_message_filter.h"

            class QuitFilter : public content::BrowserMessageFilter {
             public:
              QuitFilter();
              bool OnMessageReceived(const IPC::Message& message) override;

             private:
              ~QuitFilter() override;
              void OnQuit(int code);
              int quits_;
            };

            """,
        "content/browser/quit_filter.cc": "#include \"content/browser/quit_filter.h\"\n#include \"content/common/test_messages.h\"\n\n"
            + "QuitFilter::QuitFilter() : BrowserMessageFilter(TestMsgStart), quits_(0) {}\n\nQuitFilter::~QuitFilter() = default;\n\n"
            + map("QuitFilter", "TestHostMsg_Quit", "OnQuit") + "void QuitFilter::OnQuit(int code) {\n  quits_++;\n}\n",
    ]

    func migrate(registry: OutputFormat, api: MojoAPI = .current) throws -> MigrateTests.Result {
        let scratch = try temporaryFolder()
        for (path, text) in Self.files { try scratch.write(path, text) }
        let result = try MigrateTests.migrate(root: scratch.path, registry: registry, api: api)
        XCTAssertNil(try MigrateTests.gitApplyCheck(result.patch.diff, on: scratch.path), result.patch.diff)
        return result
    }

    func testEachKindOfHandlerClassRegistersItsInterfaceInThePatch() throws {
        let result = try migrate(registry: .associated)
        XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.Test", "content.mojom.TestHost", "content.mojom.TestHostProcess"])
        let diff = result.patch.diff
        // A BrowserMessageFilter is also a BrowserAssociatedInterface, constructed after its other bases; its
        // OnMessageReceived, pure virtual, handles nothing any more.
        XCTAssertTrue(diff.contains("+class QuitFilter : public content::BrowserMessageFilter, public content::mojom::TestHostProcess, public content::BrowserAssociatedInterface<content::mojom::TestHostProcess> {\n"), diff)
        XCTAssertTrue(diff.contains("+QuitFilter::QuitFilter() : BrowserMessageFilter(TestMsgStart),\n+      BrowserAssociatedInterface(this, this), quits_(0) {}\n"), diff)
        XCTAssertTrue(diff.contains(" bool QuitFilter::OnMessageReceived(const IPC::Message& message) {\n-  bool handled = true;\n"), diff)
        XCTAssertTrue(diff.contains("+  return false;\n }\n"), diff)
        XCTAssertTrue(diff.contains("+#include \"content/public/browser/browser_associated_interface.h\"\n"), diff)
        // A WebContentsObserver binds each frame's end through a receiver set made with its WebContents.
        XCTAssertTrue(diff.contains("+  content::WebContentsFrameReceiverSet<content::mojom::TestHost> test_host_receivers_{web_contents(), this};\n"), diff)
        XCTAssertTrue(diff.contains("+#include \"content/public/browser/web_contents_receiver_set.h\"\n"), diff)
        // A RenderFrameObserver adds its binder to the frame's registry; the constructor's parameter hides
        // render_frame(), hence `this->`.
        XCTAssertTrue(diff.contains("""
        +Host::Host(content::RenderFrame* render_frame) : content::RenderFrameObserver(render_frame) {
        +  this->render_frame()->GetAssociatedInterfaceRegistry()->AddInterface(
        +      base::BindRepeating(&Host::BindTest, base::Unretained(this)));
        +}
        """), diff)
        XCTAssertTrue(diff.contains("""
        +  void BindTest(mojo::PendingAssociatedReceiver<content::mojom::Test> receiver) {
        +    test_receiver_.Bind(std::move(receiver));
        +  }
        +  mojo::AssociatedReceiver<content::mojom::Test> test_receiver_{this};
        """), diff)
        // Nothing is left to bind by hand: no Bind drafts and no registration lines beside the patch.
        XCTAssertNil(result.drafts["content/renderer/test_impl.cc"], "\(result.drafts.keys.sorted())")
        XCTAssertNotNil(result.drafts["content/common/test_mock.h"])
    }

    func testTheLegacyAPIWritesBindingsAndBindingSets() throws {
        let diff = try migrate(registry: .associated, api: .legacy).patch.diff
        XCTAssertTrue(diff.contains("+  content::WebContentsFrameBindingSet<content::mojom::TestHost> test_host_bindings_{web_contents(), this};\n"), diff)
        XCTAssertTrue(diff.contains("+      base::Bind(&Host::BindTest, base::Unretained(this)));\n"), diff)
        XCTAssertTrue(diff.contains("+  void BindTest(content::mojom::TestAssociatedRequest request) {\n+    test_binding_.Bind(std::move(request));\n"), diff)
        XCTAssertTrue(diff.contains("+  mojo::AssociatedBinding<content::mojom::Test> test_binding_{this};\n"), diff)
    }

    /// What the legacy dispatch gave a handler is named where the interface method loses it: a member the map's
    /// function set from each message, and a filter's thread override whose label goes.
    func testTrapsAreNamed() throws {
        let scratch = try temporaryFolder()
        try scratch.write("content/common/test_messages.h", Self.messages)
        try scratch.write("content/browser/tab.h", "class Tab : public content::WebContentsObserver {\n public:\n  bool OnMessageReceived(const IPC::Message& message) override;\n\n private:\n  void OnBar(int count);\n  int current_routing_id_;\n};\n")
        try scratch.write("content/browser/tab.cc", """
            #include "content/browser/tab.h"
            #include "content/common/test_messages.h"

            bool Tab::OnMessageReceived(const IPC::Message& message) {
              current_routing_id_ = message.routing_id();
              int unused = message.type();
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(Tab, message)
                IPC_MESSAGE_HANDLER(TestHostMsg_Bar, OnBar)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }

            void Tab::OnBar(int count) {
              Use(current_routing_id_, count);
            }

            """)
        try scratch.write("content/browser/quit_filter.h", Self.files["content/browser/quit_filter.h"]!)
        try scratch.write("content/browser/quit_filter.cc", Self.files["content/browser/quit_filter.cc"]! + """

            void QuitFilter::OverrideThreadForMessage(const IPC::Message& message, BrowserThread::ID* thread) {
              switch (message.type()) {
                case TestHostMsg_Quit::ID:
                  *thread = BrowserThread::UI;
                  break;
              }
            }

            """)
        let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        let traps = result.patch.outcomes.filter { $0.kind == .trap }.map { "\($0.message): \($0.reason ?? "")" }
        XCTAssertEqual(traps.count, 2, "\(result.patch.outcomes)")
        XCTAssertTrue(traps.contains { $0.hasPrefix("TestHostMsg_Bar: OnBar reads current_routing_id_, which Tab::OnMessageReceived sets from each message before dispatching") }, "\(traps)")
        XCTAssertTrue(traps.contains { $0.hasPrefix("TestHostMsg_Quit: its case label left QuitFilter::OverrideThreadForMessage, which ran its handler on another thread") }, "\(traps)")
    }

    /// The helpers are associated interfaces: with callers that get other remotes, the ends would not meet.
    func testOtherRegistriesListTheRegistration() throws {
        let result = try migrate(registry: .binders)
        XCTAssertEqual(result.patch.registeredInPatch, [])
        let reasons = result.patch.outcomes.filter { $0.kind == .registration }.compactMap(\.reason)
        XCTAssertEqual(reasons.count, 3, "\(result.patch.outcomes)")
        XCTAssertTrue(reasons.allSatisfy { $0.contains("and --registry binders gives its callers other remotes: register it by hand, or migrate with --registry associated") }, "\(reasons)")
        XCTAssertNotNil(result.drafts["content/renderer/test_impl.cc"])
    }
}
