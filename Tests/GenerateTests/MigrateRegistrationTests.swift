import Foundation
import MojifyConversion
@testable import MojifyEmitters
@testable import MojifyMigration
import MojifyScanner
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
        // render_frame(), and is that frame.
        XCTAssertTrue(diff.contains("""
        +Host::Host(content::RenderFrame* render_frame) : content::RenderFrameObserver(render_frame) {
        +  render_frame->GetAssociatedInterfaceRegistry()->AddInterface(
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
    /// A renderer's control messages arrive over the process's channel: a RenderThreadObserver registers their
    /// interface in its RegisterMojoInterfaces, where the browser's `GetChannel()->GetRemoteAssociatedInterface` finds
    /// it (Chrome's ChromeRenderThreadObserver does the same).
    func testARenderThreadObserverRegistersInItsRegisterMojoInterfaces() throws {
        let scratch = try temporaryFolder()
        try scratch.write("content/common/test_messages.h", "#include \"ipc/ipc_message_macros.h\"\n#define IPC_MESSAGE_START TestMsgStart\nIPC_MESSAGE_CONTROL1(TestMsg_SetMode, int /* mode */)\n")
        try scratch.write("content/renderer/observer.h", """
            #include "content/public/renderer/render_thread_observer.h"

            class Observer : public content::RenderThreadObserver {
             public:
              bool OnControlMessageReceived(const IPC::Message& message) override;

             private:
              void OnSetMode(int mode);
            };

            """)
        try scratch.write("content/renderer/observer.cc", "#include \"content/renderer/observer.h\"\n#include \"content/common/test_messages.h\"\n\n"
            + Self.map("Observer", "TestMsg_SetMode", "OnSetMode").replacingOccurrences(of: "OnMessageReceived", with: "OnControlMessageReceived") + "void Observer::OnSetMode(int mode) {}\n")
        let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        XCTAssertNil(try MigrateTests.gitApplyCheck(result.patch.diff, on: scratch.path), result.patch.diff)
        XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.Test"])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("""
            +  void RegisterMojoInterfaces(blink::AssociatedInterfaceRegistry* associated_interfaces) override {
            +    associated_interfaces->AddInterface(base::BindRepeating(&Observer::BindTest, base::Unretained(this)));
            +  }
            +  void UnregisterMojoInterfaces(blink::AssociatedInterfaceRegistry* associated_interfaces) override {
            +    associated_interfaces->RemoveInterface(content::mojom::Test::Name_);
            +  }
            """), diff)
        XCTAssertTrue(diff.contains("+  mojo::AssociatedReceiver<content::mojom::Test> test_receiver_{this};\n"), diff)
        XCTAssertTrue(diff.contains("+#include \"third_party/blink/public/common/associated_interfaces/associated_interface_registry.h\"\n"), diff)
        // The registry's type is of the tree's Chromium: the older API leaves it to the user.
        let legacy = try MigrateTests.migrate(root: scratch.path, registry: .associated, api: .legacy)
        XCTAssertTrue(legacy.patch.outcomes.contains { $0.kind == .registration && $0.reason?.contains("RegisterMojoInterfaces, whose registry type depends on the tree's Chromium") == true }, "\(legacy.patch.outcomes)")

        // A class registering other interfaces already (CEF's CefRenderThreadObserver) adds and removes this one
        // first in its own functions.
        try scratch.write("content/renderer/observer.h", try scratch.read("content/renderer/observer.h").replacingOccurrences(of: " private:\n", with: """
              void RegisterMojoInterfaces(blink::AssociatedInterfaceRegistry* registry) override;
              void UnregisterMojoInterfaces(blink::AssociatedInterfaceRegistry* registry) override;

             private:

            """))
        try scratch.write("content/renderer/observer.cc", try scratch.read("content/renderer/observer.cc") + """

            void Observer::RegisterMojoInterfaces(blink::AssociatedInterfaceRegistry* registry) {
              registry->AddInterface(base::BindRepeating(&Observer::BindOther, base::Unretained(this)));
            }

            void Observer::UnregisterMojoInterfaces(blink::AssociatedInterfaceRegistry* registry) {
              registry->RemoveInterface(chrome::mojom::Other::Name_);
            }

            """)
        let own = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        XCTAssertNil(try MigrateTests.gitApplyCheck(own.patch.diff, on: scratch.path), own.patch.diff)
        XCTAssertEqual(own.patch.registeredInPatch, ["content.mojom.Test"])
        XCTAssertTrue(own.patch.diff.contains("""
             void Observer::RegisterMojoInterfaces(blink::AssociatedInterfaceRegistry* registry) {
            +  registry->AddInterface(base::BindRepeating(&Observer::BindTest, base::Unretained(this)));
            """), own.patch.diff)
        XCTAssertTrue(own.patch.diff.contains("""
             void Observer::UnregisterMojoInterfaces(blink::AssociatedInterfaceRegistry* registry) {
            +  registry->RemoveInterface(content::mojom::Test::Name_);
            """), own.patch.diff)
        XCTAssertFalse(own.patch.diff.contains("+  void RegisterMojoInterfaces"), own.patch.diff)
    }

    func testOtherRegistriesListTheRegistration() throws {
        let result = try migrate(registry: .binders)
        XCTAssertEqual(result.patch.registeredInPatch, [])
        let reasons = result.patch.outcomes.filter { $0.kind == .registration }.compactMap(\.reason)
        XCTAssertEqual(reasons.count, 3, "\(result.patch.outcomes)")
        XCTAssertTrue(reasons.allSatisfy { $0.contains("and --registry binders gives its callers other remotes: register it by hand, or migrate with --registry associated") }, "\(reasons)")
        XCTAssertNotNil(result.drafts["content/renderer/test_impl.cc"])
    }

    // MARK: - A WebContents observer as Electron's WebContents was (2019)

    /// Its map passes the frame (`IPC_BEGIN_MESSAGE_MAP_WITH_PARAM`) to a handler under `#if defined(TOOLKIT_VIEWS)`
    /// named as its method; a base class declares another handler; a third message is left whole; a fourth is
    /// handled by another class.
    static let observer: [String: String] = [
        "content/common/autofill_messages.h": """
            #include "ipc/ipc_message_macros.h"
            #define IPC_MESSAGE_START AutofillMsgStart
            IPC_MESSAGE_ROUTED1(AutofillHostMsg_ShowPopup, int /* bounds */)
            IPC_MESSAGE_ROUTED0(AutofillHostMsg_HidePopup)
            IPC_MESSAGE_ROUTED1(AutofillHostMsg_Stale, int /* value */)
            IPC_MESSAGE_ROUTED1(AutofillHostMsg_Ping, int /* value */)

            """,
        "content/renderer/agent.h": """
            #include "content/public/renderer/render_frame_observer.h"

            class Agent : public content::RenderFrameObserver {
             public:
              void Show();
              void Queue();

             private:
              std::vector<IPC::Message*> queued_;
            };

            """,
        "content/renderer/agent.cc": """
            #include "content/renderer/agent.h"
            #include "content/common/autofill_messages.h"

            void Agent::Show() {
              Send(new AutofillHostMsg_ShowPopup(routing_id(), 3));
              Send(new AutofillHostMsg_HidePopup(routing_id()));
              Send(new AutofillHostMsg_Ping(routing_id(), 1));
            }

            void Agent::Queue() {
              IPC::Message* message = new AutofillHostMsg_Stale(routing_id(), 1);
              queued_.push_back(message);
            }

            """,
        "content/browser/delegate.h": "class Delegate {\n public:\n  void HidePopup();\n};\n",
        "content/browser/tab.h": """
            #include "content/browser/delegate.h"
            #include "content/public/browser/web_contents_observer.h"

            class Tab : public Delegate, public content::WebContentsObserver {
             public:
              explicit Tab(content::WebContents* web_contents);
              bool OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* frame_host) override;

             private:
            #if defined(TOOLKIT_VIEWS)
              void ShowPopup(content::RenderFrameHost* frame_host, int bounds);
            #endif
              void OnStale(int value);
            };

            """,
        "content/browser/tab.cc": """
            #include "content/browser/tab.h"
            #include "content/common/autofill_messages.h"

            Tab::Tab(content::WebContents* web_contents) : content::WebContentsObserver(web_contents) {}

            bool Tab::OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* frame_host) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP_WITH_PARAM(Tab, message, frame_host)
            #if defined(TOOLKIT_VIEWS)
                IPC_MESSAGE_HANDLER(AutofillHostMsg_ShowPopup, ShowPopup)
            #endif
                IPC_MESSAGE_HANDLER(AutofillHostMsg_HidePopup, HidePopup)
                IPC_MESSAGE_HANDLER(AutofillHostMsg_Stale, OnStale)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }

            #if defined(TOOLKIT_VIEWS)
            void Tab::ShowPopup(content::RenderFrameHost* frame_host, int bounds) {}
            #endif

            void Tab::OnStale(int value) {}

            """,
        "content/browser/panel.h": """
            #include "content/public/browser/web_contents_observer.h"

            class Panel : public content::WebContentsObserver {
             public:
              bool OnMessageReceived(const IPC::Message& message) override;

             private:
              void OnPing(int value);
            };

            """,
        "content/browser/panel.cc": "#include \"content/browser/panel.h\"\n#include \"content/common/autofill_messages.h\"\n\n"
            + map("Panel", "AutofillHostMsg_Ping", "OnPing") + "void Panel::OnPing(int value) {}\n",
    ]

    func migrateObserver(registry: OutputFormat) throws -> MigrateTests.Result {
        let scratch = try temporaryFolder()
        for (path, text) in Self.observer { try scratch.write(path, text) }
        let result = try MigrateTests.migrate(root: scratch.path, registry: registry)
        XCTAssertNil(try MigrateTests.gitApplyCheck(result.patch.diff, on: scratch.path), result.patch.diff)
        return result
    }

    func testAWebContentsObserverImplementsItsInterfaceAsTheEngineersDid() throws {
        let result = try migrateObserver(registry: .associated)
        XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.AutofillHost"])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+class Tab : public Delegate, public content::WebContentsObserver, public content::mojom::AutofillHost {\n"), diff)
        // The handler taking the frame keeps its name; the method of the same name passes it the frame the call came
        // from, under the #if its map entry was under: the class has the method whatever the build.
        XCTAssertTrue(diff.contains("""
            +void Tab::ShowPopup(int32_t bounds) {
            +#if defined(TOOLKIT_VIEWS)
            +  ShowPopup(autofill_host_receivers_.GetCurrentTargetFrame(), bounds);
            +#endif
            +}
            """), diff)
        // A handler the base class declares is called through it: the override hides it.
        XCTAssertTrue(diff.contains("+void Tab::HidePopup() {\n+  Delegate::HidePopup();\n+}\n"), diff)
        // A message left whole is still handled by its legacy entry; the class says so where it implements it.
        XCTAssertFalse(diff.contains("-    IPC_MESSAGE_HANDLER(AutofillHostMsg_Stale, OnStale)"), diff)
        XCTAssertTrue(diff.contains("+void Tab::Stale(int32_t value) {\n+  // TODO(mojify): AutofillHostMsg_Stale is left whole"), diff)
        for declaration in ["void ShowPopup(int32_t bounds) override;", "void HidePopup() override;", "void Stale(int32_t value) override;", "void Ping(int32_t value) override;"] {
            XCTAssertTrue(diff.contains("+  " + declaration + "\n"), diff)
        }
        // Panel's message is left whole: one connection has one implementation, and Tab handles more of them.
        let reasons = Dictionary(result.patch.outcomes.filter { $0.kind == .message }.map { ($0.message, $0.reason ?? "converted") }, uniquingKeysWith: { first, _ in first })
        XCTAssertEqual(reasons["AutofillHostMsg_ShowPopup"], "converted")
        XCTAssertEqual(reasons["AutofillHostMsg_HidePopup"], "converted")
        XCTAssertTrue(reasons["AutofillHostMsg_Ping"]?.contains("Panel handles it, while Tab implements AutofillHost") == true, "\(reasons)")
        XCTAssertTrue(reasons["AutofillHostMsg_Stale"]?.contains("the message is built here and sent elsewhere") == true, "\(reasons)")
        XCTAssertFalse(diff.contains("panel.cc"), diff)
    }

    /// Without a receiver set to ask, no one can pass the frame: that message stays whole rather than be forwarded
    /// to without it.
    func testAHandlerTakingItsMapsFrameNeedsItsClassToImplementTheInterface() throws {
        let result = try migrateObserver(registry: .binders)
        let reason = result.patch.outcomes.first { $0.kind == .message && $0.message == "AutofillHostMsg_ShowPopup" }?.reason ?? ""
        XCTAssertTrue(reason.contains("handler at content/browser/tab.cc:10:5: ShowPopup takes its message map's parameter first (IPC_BEGIN_MESSAGE_MAP_WITH_PARAM), which only Tab can pass"), reason)
        XCTAssertFalse(result.patch.diff.contains("-    IPC_MESSAGE_HANDLER(AutofillHostMsg_ShowPopup, ShowPopup)"), result.patch.diff)
        XCTAssertFalse(result.patch.diff.contains("-  Send(new AutofillHostMsg_ShowPopup"), result.patch.diff)
        // The handler the base declares does not take the frame: HidePopup is converted.
        XCTAssertTrue(result.patch.diff.contains("-    IPC_MESSAGE_HANDLER(AutofillHostMsg_HidePopup, HidePopup)\n"), result.patch.diff)
    }

    /// A WebContents observer that observes in its constructor's body (Electron's `WebContents(isolate, options)`,
    /// through a member function it calls) has no WebContents when its members are made: the receiver set is made
    /// after each `Observe(...)`, and at the start of the constructors that give the base theirs. The handler
    /// taking the frame is defined in other files (one per platform): the method calling it joins the class's
    /// members beside the map.
    static let window: [String: String] = [
        "content/common/window_messages.h": """
            #include "ipc/ipc_message_macros.h"
            #define IPC_MESSAGE_START WindowMsgStart
            IPC_MESSAGE_ROUTED1(WindowHostMsg_UpdateRegions, int /* count */)
            IPC_MESSAGE_ROUTED1(WindowHostMsg_Close, int /* code */)

            """,
        "content/renderer/agent.cc": """
            #include "content/common/window_messages.h"

            void Agent::Update() {
              Send(new WindowHostMsg_UpdateRegions(routing_id(), 3));
              Send(new WindowHostMsg_Close(routing_id(), 0));
            }

            """,
        "content/renderer/agent.h": """
            #include "content/public/renderer/render_frame_observer.h"

            class Agent : public content::RenderFrameObserver {
             public:
              void Update();
            };

            """,
        "content/browser/window.h": """
            #include "content/public/browser/web_contents_observer.h"

            class Window : public content::WebContentsObserver {
             public:
              explicit Window(content::WebContents* web_contents);
              explicit Window(int id);
              bool OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* rfh) override;

             private:
              void Init(content::WebContents* contents);
              void UpdateRegions(content::RenderFrameHost* rfh, int count);
              void OnClose(int code);
            };

            """,
        "content/browser/window.cc": """
            #include "content/browser/window.h"
            #include "content/common/window_messages.h"

            Window::Window(content::WebContents* web_contents) : content::WebContentsObserver(web_contents) {}

            Window::Window(int id) {
              Init(Create(id));
            }

            void Window::Init(content::WebContents* contents) {
              Observe(contents);
            }

            bool Window::OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* rfh) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP_WITH_PARAM(Window, message, rfh)
                IPC_MESSAGE_HANDLER(WindowHostMsg_UpdateRegions, UpdateRegions)
                IPC_MESSAGE_HANDLER(WindowHostMsg_Close, OnClose)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }

            void Window::OnClose(int code) {}

            """,
        "content/browser/window_mac.mm": """
            #include "content/browser/window.h"

            void Window::UpdateRegions(content::RenderFrameHost* rfh, int count) {}

            """,
    ]

    func migrateWindow(_ changed: [String: String] = [:]) throws -> MigrateTests.Result {
        let scratch = try temporaryFolder()
        for (path, text) in Self.window.merging(changed, uniquingKeysWith: { $1 }) { try scratch.write(path, text) }
        let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        XCTAssertNil(try MigrateTests.gitApplyCheck(result.patch.diff, on: scratch.path), result.patch.diff)
        return result
    }

    func testAnObserverObservingInItsBodyMakesItsReceiverSetAfterward() throws {
        let result = try migrateWindow()
        XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.WindowHost"])
        let diff = result.patch.diff
        // Made by a function of the class that makes it anew only for another WebContents: a set registers its
        // interface with the WebContents when made, and unregisters it when destroyed.
        XCTAssertTrue(diff.contains("""
            +  using WindowHostReceivers = content::WebContentsFrameReceiverSet<content::mojom::WindowHost>;
            +  void ObserveWindowHostReceivers() {
            +    if (window_host_receivers_contents_ == web_contents())
            +      return;
            +    window_host_receivers_.reset();
            +    window_host_receivers_contents_ = web_contents();
            +    if (web_contents())
            +      window_host_receivers_ = std::make_unique<WindowHostReceivers>(web_contents(), this);
            +  }
            +  std::unique_ptr<WindowHostReceivers> window_host_receivers_;
            +  content::WebContents* window_host_receivers_contents_ = nullptr;
            """), diff)
        // Called where each constructor has its WebContents: at the start of one giving it to the base, after the
        // Observe(...) of the function the other calls.
        XCTAssertTrue(diff.contains("""
            +Window::Window(content::WebContents* web_contents) : content::WebContentsObserver(web_contents) {
            +  ObserveWindowHostReceivers();
            +}
            """), diff)
        XCTAssertTrue(diff.contains("""
               Observe(contents);
            +  ObserveWindowHostReceivers();
             }
            """), diff)
        XCTAssertTrue(diff.contains("""
            +void Window::UpdateRegions(int32_t count) {
            +  UpdateRegions(window_host_receivers_->GetCurrentTargetFrame(), count);
            +}
            """), diff)
        XCTAssertTrue(diff.contains("+  void UpdateRegions(int32_t count) override;\n"), diff)
        XCTAssertFalse(diff.contains("window_mac.mm"), diff)
    }

    /// Observing another WebContents later makes the set anew, for that one's frames.
    func testAnObserverObservingAgainLaterMakesItsSetAgain() throws {
        let window = Self.window["content/browser/window.cc"]! + "void Window::Attach(content::WebContents* other) {\n  Observe(other);\n}\n"
        let result = try migrateWindow(["content/browser/window.cc": window])
        XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.WindowHost"])
        XCTAssertTrue(result.patch.diff.contains("""
               Observe(other);
            +  ObserveWindowHostReceivers();
            """), result.patch.diff)
    }

    /// An Observe(...) that no statement can follow (the branch of an `if` without braces) is listed.
    func testAnObserveNoStatementCanFollowIsListed() throws {
        let window = Self.window["content/browser/window.cc"]! + "void Window::Attach(content::WebContents* other) {\n  if (other)\n    Observe(other);\n}\n"
        let result = try migrateWindow(["content/browser/window.cc": window])
        XCTAssertEqual(result.patch.registeredInPatch, [])
        let reason = result.patch.outcomes.first { $0.kind == .message && $0.message == "WindowHostMsg_UpdateRegions" }?.reason ?? ""
        XCTAssertTrue(reason.hasSuffix("no receiver set can give it the frame: Window calls Observe(...) at content/browser/window.cc:27 other than as a statement of a block; create the receiver set once it observes the WebContents whose frames call it, by hand"), reason)
    }

    /// A constructor defined in the class, giving the base its WebContents, and nothing observing later: the set is
    /// a member made with the class.
    func testAnObserverConstructedInItsClassKeepsItsSetAsAMember() throws {
        let header = Self.window["content/browser/window.h"]!.replacingOccurrences(of: "  explicit Window(content::WebContents* web_contents);\n  explicit Window(int id);\n",
                                                                                  with: "  explicit Window(content::WebContents* contents) : content::WebContentsObserver(contents) {}\n")
        var source = Self.window["content/browser/window.cc"]!
        source = source.replacingOccurrences(of: "Window::Window(content::WebContents* web_contents) : content::WebContentsObserver(web_contents) {}\n\n", with: "")
            .replacingOccurrences(of: "Window::Window(int id) {\n  Init(Create(id));\n}\n\n", with: "")
            .replacingOccurrences(of: "void Window::Init(content::WebContents* contents) {\n  Observe(contents);\n}\n\n", with: "")
        let result = try migrateWindow(["content/browser/window.h": header, "content/browser/window.cc": source])
        XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.WindowHost"])
        XCTAssertTrue(result.patch.diff.contains("+  content::WebContentsFrameReceiverSet<content::mojom::WindowHost> window_host_receivers_{web_contents(), this};\n"), result.patch.diff)
        XCTAssertTrue(result.patch.diff.contains("+  UpdateRegions(window_host_receivers_.GetCurrentTargetFrame(), count);\n"), result.patch.diff)
    }

    /// A constructor that neither gives its base a WebContents nor is followed by any Observe(...) of the class
    /// leaves no place to make the set: the message taking the frame stays whole, with the reason.
    func testAnObserverThatNeverObservesIsListed() throws {
        let window = Self.window["content/browser/window.cc"]!.replacingOccurrences(of: "  Observe(contents);", with: "  contents_ = contents;")
        let result = try migrateWindow(["content/browser/window.cc": window])
        XCTAssertEqual(result.patch.registeredInPatch, [])
        let reason = result.patch.outcomes.first { $0.kind == .message && $0.message == "WindowHostMsg_UpdateRegions" }?.reason ?? ""
        XCTAssertTrue(reason.hasSuffix("which it cannot: no receiver set can give it the frame: a constructor of Window gives its WebContentsObserver base no WebContents, and no Observe(...) statement of the class gives it one; create the receiver set once it observes the WebContents whose frames call it, by hand"), reason)
        XCTAssertFalse(result.patch.diff.contains("-    IPC_MESSAGE_HANDLER(WindowHostMsg_UpdateRegions"), result.patch.diff)
    }

    /// Constructors are read wherever they are: one defined in the class that gives the base its WebContents makes
    /// the set there too; one defaulted, or a class without any, gives none, and then something must observe. A
    /// function of a class of the same name in another namespace, or of a local class, is not this class's.
    func testEveryConstructorAndOnlyThisClassesObserveCount() throws {
        let source = Self.window["content/browser/window.cc"]!
        let inClass = Self.window["content/browser/window.h"]!.replacingOccurrences(of: "  explicit Window(content::WebContents* web_contents);\n",
                                                                                   with: "  explicit Window(content::WebContents* contents) : content::WebContentsObserver(contents) {}\n")
        let withoutFirst = source.replacingOccurrences(of: "Window::Window(content::WebContents* web_contents) : content::WebContentsObserver(web_contents) {}\n\n", with: "")
        let constructed = try migrateWindow(["content/browser/window.h": inClass, "content/browser/window.cc": withoutFirst])
        XCTAssertEqual(constructed.patch.registeredInPatch, ["content.mojom.WindowHost"])
        XCTAssertTrue(constructed.patch.diff.contains("+  explicit Window(content::WebContents* contents) : content::WebContentsObserver(contents) {\n+  ObserveWindowHostReceivers();\n+}\n"), constructed.patch.diff)

        // Nothing observes, and one constructor is defaulted: no WebContents for a member set.
        let defaulted = source.replacingOccurrences(of: "Window::Window(int id) {\n  Init(Create(id));\n}\n", with: "Window::Window(int id) = default;\n")
            .replacingOccurrences(of: "  Observe(contents);\n", with: "")
        let listed = try migrateWindow(["content/browser/window.cc": defaulted])
        XCTAssertEqual(listed.patch.registeredInPatch, [])
        let reason = listed.patch.outcomes.first { $0.kind == .message && $0.message == "WindowHostMsg_UpdateRegions" }?.reason ?? ""
        XCTAssertTrue(reason.hasSuffix("a constructor of Window gives its WebContentsObserver base no WebContents, and no Observe(...) statement of the class gives it one; create the receiver set once it observes the WebContents whose frames call it, by hand"), reason)

        // Observing in a function defined in the class is listed: those bodies are not read.
        let observingInClass = Self.window["content/browser/window.h"]!.replacingOccurrences(of: " private:\n", with: " private:\n  void Attach(content::WebContents* other) { Observe(other); }\n")
        let inClassObserve = try migrateWindow(["content/browser/window.h": observingInClass])
        XCTAssertEqual(inClassObserve.patch.registeredInPatch, [])

        // Another namespace's Window and a local class observe other objects: the set stays a member of the
        // constructed class, made after the one Observe of its own.
        let others = source + """

            namespace other {
            void Window::Attach(content::WebContents* contents) {
              Observe(contents);
            }
            }  // namespace other

            void Window::Watch(content::WebContents* contents) {
              struct Local : public content::WebContentsObserver {
                void Go(content::WebContents* contents) { Observe(contents); }
              };
            }

            void Window::Notify(int type) {
              Observe(type, 0, 0);
            }

            """
        // Nor is a NotificationObserver's Observe(type, source, details), declared in the class or called.
        let notified = Self.window["content/browser/window.h"]!.replacingOccurrences(of: " private:\n", with: " private:\n  void Observe(int type, int source, int details) override;\n")
        let own = try migrateWindow(["content/browser/window.cc": others, "content/browser/window.h": notified])
        XCTAssertEqual(own.patch.registeredInPatch, ["content.mojom.WindowHost"])
        XCTAssertEqual(own.patch.diff.components(separatedBy: "+  ObserveWindowHostReceivers();\n").count - 1, 2, own.patch.diff)
    }

    /// Classes of no kind the guide registers, passed their messages by observers that are (CEF's `CefFrameImpl`
    /// by its `CefRenderFrameObserver`, `CefFrameHostImpl` by its `CefBrowserContentsDelegate`).
    static let forwarded: [String: String] = [
        "content/common/frame_messages.h": """
            #include "ipc/ipc_message_macros.h"
            #define IPC_MESSAGE_START FrameMsgStart
            IPC_MESSAGE_ROUTED1(FrameMsg_Stop, int /* code */)
            IPC_MESSAGE_ROUTED1(FrameHostMsg_Attached, std::string /* name */)

            """,
        "content/renderer/frame_impl.h": """
            class FrameImpl {
             public:
              bool OnMessageReceived(const IPC::Message& message);

             private:
              void OnStop(int code);
            };

            """,
        "content/renderer/frame_impl.cc": "#include \"content/renderer/frame_impl.h\"\n#include \"content/common/frame_messages.h\"\n\n"
            + map("FrameImpl", "FrameMsg_Stop", "OnStop") + "void FrameImpl::OnStop(int code) {}\n",
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
              if (frame_) {
                return frame_->OnMessageReceived(message);
              }
              return false;
            }

            """,
        "content/browser/frame_host_impl.h": """
            class FrameHostImpl {
             public:
              bool OnMessageReceived(const IPC::Message& message);

             private:
              void OnAttached(const std::string& name);
            };

            """,
        "content/browser/frame_host_impl.cc": "#include \"content/browser/frame_host_impl.h\"\n#include \"content/common/frame_messages.h\"\n\n"
            + map("FrameHostImpl", "FrameHostMsg_Attached", "OnAttached") + "void FrameHostImpl::OnAttached(const std::string& name) {}\n",
        "content/browser/contents_delegate.h": """
            #include "content/public/browser/web_contents_observer.h"

            class ContentsDelegate : public content::WebContentsObserver {
             public:
              ContentsDelegate();
              void ObserveWebContents(content::WebContents* new_contents);
              bool OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* render_frame_host) override;
            };

            """,
        "content/browser/contents_delegate.cc": """
            #include "content/browser/contents_delegate.h"
            #include "content/browser/frame_host_impl.h"

            ContentsDelegate::ContentsDelegate() = default;

            void ContentsDelegate::ObserveWebContents(content::WebContents* new_contents) {
              WebContentsObserver::Observe(new_contents);
            }

            bool ContentsDelegate::OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* render_frame_host) {
              auto frame = GetFrameForHost(render_frame_host);
              if (frame) {
                return static_cast<FrameHostImpl*>(frame.get())->OnMessageReceived(message);
              }
              return false;
            }

            """,
    ]

    /// The observer registers the interface in its form and passes each call on as it passed the message; the
    /// class implements it in place, keeping its OnMessageReceived, which the observer still calls for the
    /// messages left, handling none.
    /// Electron's `WebContents` forwarded its zoom messages to a local helper adding the map's frame, and answered
    /// through delayed replies; its `GetZoomLevel` was bound to JavaScript by address.
    static let zoom = [
        "content/common/test_messages.h": """
            #define IPC_MESSAGE_START TestMsgStart
            IPC_SYNC_MESSAGE_ROUTED1_1(ZoomHostMsg_SetZoomLevel, double /* level */, double /* result */)
            IPC_SYNC_MESSAGE_ROUTED0_1(ZoomHostMsg_GetZoomLevel, double /* result */)

            """,
        "content/browser/zoom.h": """
            #include "content/public/browser/web_contents_observer.h"

            class Zoom : public content::WebContentsObserver {
             public:
              explicit Zoom(content::WebContents* web_contents);
              double GetZoomLevel() const;
              bool OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* frame_host) override;

             private:
              struct DispatchHelper;
              void OnSetZoomLevel(content::RenderFrameHost* frame_host, double level, IPC::Message* reply_msg);
              void OnGetZoomLevel(content::RenderFrameHost* frame_host, IPC::Message* reply_msg);
              double level_ = 0;
            };

            """,
        "content/browser/zoom.cc": """
            #include "content/browser/zoom.h"
            #include "content/common/test_messages.h"

            struct Zoom::DispatchHelper {
              Zoom* zoom;
              content::RenderFrameHost* rfh;

              bool Send(IPC::Message* msg) { return rfh->Send(msg); }

              void OnSetZoomLevel(double level, IPC::Message* reply_msg) {
                zoom->OnSetZoomLevel(rfh, level, reply_msg);
              }

              void OnGetZoomLevel(IPC::Message* reply_msg) {
                zoom->OnGetZoomLevel(rfh, reply_msg);
              }
            };

            Zoom::Zoom(content::WebContents* web_contents) : content::WebContentsObserver(web_contents) {}

            double Zoom::GetZoomLevel() const {
              return level_;
            }

            bool Zoom::OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* frame_host) {
              bool handled = true;
              DispatchHelper helper = {this, frame_host};
              IPC_BEGIN_MESSAGE_MAP_WITH_PARAM(Zoom, message, frame_host)
                IPC_MESSAGE_FORWARD_DELAY_REPLY(ZoomHostMsg_SetZoomLevel, &helper, DispatchHelper::OnSetZoomLevel)
                IPC_MESSAGE_FORWARD_DELAY_REPLY(ZoomHostMsg_GetZoomLevel, &helper,
                                                DispatchHelper::OnGetZoomLevel)
                IPC_MESSAGE_HANDLER(OtherMsg_Kept, OnKept)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }

            void Zoom::OnSetZoomLevel(content::RenderFrameHost* rfh, double level, IPC::Message* reply_msg) {
              level_ = level;
              Remember(rfh);
              ZoomHostMsg_SetZoomLevel::WriteReplyParams(reply_msg, level_);
              rfh->Send(reply_msg);
            }

            void Zoom::OnGetZoomLevel(content::RenderFrameHost* rfh, IPC::Message* reply_msg) {
              ZoomHostMsg_GetZoomLevel::WriteReplyParams(reply_msg, GetZoomLevel());
              rfh->Send(reply_msg);
            }

            void Zoom::BuildPrototype(Binder* binder) {
              binder->SetMethod("getZoomLevel", &Zoom::GetZoomLevel);
            }

            """,
    ]

    func testAMapsHelperIsSeenThroughAndANameTakenByAddressIsNotReused() throws {
        let scratch = try temporaryFolder()
        for (path, text) in Self.zoom { try scratch.write(path, text) }
        let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        XCTAssertNil(try MigrateTests.gitApplyCheck(result.patch.diff, on: scratch.path), result.patch.diff)
        let diff = result.patch.diff
        XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.ZoomHost"])
        // The helper's methods go with the entries, and its local with the last of them.
        XCTAssertTrue(diff.contains("""
               bool Send(IPC::Message* msg) { return rfh->Send(msg); }
             
            -  void OnSetZoomLevel(double level, IPC::Message* reply_msg) {
            -    zoom->OnSetZoomLevel(rfh, level, reply_msg);
            -  }
            -
            -  void OnGetZoomLevel(IPC::Message* reply_msg) {
            -    zoom->OnGetZoomLevel(rfh, reply_msg);
            -  }
             };
            """), diff)
        XCTAssertTrue(diff.contains("   bool handled = true;\n-  DispatchHelper helper = {this, frame_host};\n   IPC_BEGIN_MESSAGE_MAP_WITH_PARAM(Zoom, message, frame_host)\n"), diff)
        // The handlers take their callbacks; the frame the body still uses is the receiver set's.
        XCTAssertTrue(diff.contains("""
            +void Zoom::SetZoomLevel(double level, SetZoomLevelCallback callback) {
            +  content::RenderFrameHost* rfh = zoom_host_receivers_.GetCurrentTargetFrame();
               level_ = level;
               Remember(rfh);
            -  ZoomHostMsg_SetZoomLevel::WriteReplyParams(reply_msg, level_);
            -  rfh->Send(reply_msg);
            +  std::move(callback).Run(level_);
            """), diff)
        // `&Zoom::GetZoomLevel` would be ambiguous beside an overload: the method takes the rules' prefix.
        XCTAssertTrue(diff.contains("""
            +void Zoom::DoGetZoomLevel(DoGetZoomLevelCallback callback) {
            -  ZoomHostMsg_GetZoomLevel::WriteReplyParams(reply_msg, GetZoomLevel());
            -  rfh->Send(reply_msg);
            +  std::move(callback).Run(GetZoomLevel());
            """), diff)
        XCTAssertTrue(diff.contains("+  void DoGetZoomLevel(DoGetZoomLevelCallback callback) override;\n"), diff)
        XCTAssertEqual(result.patch.outcomes.filter { $0.kind == .reference }.map { $0.reason ?? "done" }, ["done", "done"])

        // The frame the reply's values use is declared too; a file starting with a brace is read like any.
        let again = try temporaryFolder()
        for (path, text) in Self.zoom {
            let changed = text.replacingOccurrences(of: "WriteReplyParams(reply_msg, GetZoomLevel())", with: "WriteReplyParams(reply_msg, LevelOf(rfh))")
            try again.write(path, path.hasSuffix(".cc") ? "{}\n" + changed : changed)
        }
        let framed = try MigrateTests.migrate(root: again.path, registry: .associated)
        XCTAssertTrue(framed.patch.diff.contains("""
            +void Zoom::DoGetZoomLevel(DoGetZoomLevelCallback callback) {
            +  content::RenderFrameHost* rfh = zoom_host_receivers_.GetCurrentTargetFrame();
            -  ZoomHostMsg_GetZoomLevel::WriteReplyParams(reply_msg, LevelOf(rfh));
            -  rfh->Send(reply_msg);
            +  std::move(callback).Run(LevelOf(rfh));
            """), framed.patch.diff)

        // generate names it so, and says why.
        let inventory = try IPCScanner.scan(ScanOptions(paths: [scratch.path]))
        let taken = MigrationPatch.takenMethodNames(inventory: inventory) { try? String(contentsOfFile: scratch.path + "/" + $0, encoding: .utf8) }
        XCTAssertEqual(taken["ZoomHostMsg_GetZoomLevel"], ["GetZoomLevel": "Zoom already has a member GetZoomLevel, whose address content/browser/zoom.cc:51 takes (&Zoom::GetZoomLevel)"])
        let plan = try ConversionPlan.make(inventory: inventory, rules: try Fixtures.rules(), takenMethodNames: taken)
        let method = try XCTUnwrap(plan.interfaces.flatMap(\.methods).first { $0.messages == ["ZoomHostMsg_GetZoomLevel"] })
        XCTAssertEqual(method.name, "DoGetZoomLevel")
        XCTAssertTrue(method.comments.contains("Named DoGetZoomLevel, not GetZoomLevel: Zoom already has a member GetZoomLevel, whose address content/browser/zoom.cc:51 takes (&Zoom::GetZoomLevel), which an overload would make ambiguous."), "\(method.comments)")
        // Without the address taken, the name stays: an overload is fine (CEF's LoadRequest).
        let unbound = try ConversionPlan.make(inventory: inventory, rules: try Fixtures.rules())
        XCTAssertTrue(unbound.interfaces.flatMap(\.methods).contains { $0.name == "GetZoomLevel" })
    }

    /// A helper doing more than passing the call on, or one not made of `this` and the map's frame, is another
    /// object: its messages are listed as forwarded to it.
    func testAHelperDoingMoreIsNotSeenThrough() throws {
        let variants = [
            ("    zoom->OnGetZoomLevel(rfh, reply_msg);\n", "    if (rfh)\n      zoom->OnGetZoomLevel(rfh, reply_msg);\n"),
            ("DispatchHelper helper = {this, frame_host};", "DispatchHelper helper = {other_, frame_host};"),
            ("    zoom->OnGetZoomLevel(rfh, reply_msg);\n", "    zoom->OnGetZoomLevel(reply_msg, rfh);\n"),
        ]
        // A constructor may initialise the fields otherwise than the aggregate's braces.
        let constructor = ("  content::RenderFrameHost* rfh;\n", "  content::RenderFrameHost* rfh;\n  DispatchHelper(Zoom* z, content::RenderFrameHost* frame) : zoom(z), rfh(frame->GetParent()) {}\n")
        for (original, changed) in variants + [constructor] {
            let scratch = try temporaryFolder()
            for (path, text) in Self.zoom { try scratch.write(path, text.replacingOccurrences(of: original, with: changed)) }
            let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
            XCTAssertTrue(result.reason("ZoomHostMsg_GetZoomLevel", .handler)?.hasPrefix("forwarded to &helper: that object implements it") == true, "\(changed): \(result.patch.outcomes)")
            XCTAssertFalse(result.patch.diff.contains("-  DispatchHelper helper"), result.patch.diff)
        }
    }

    func testAnObserverPassingItsMessagesOnRegistersTheInterface() throws {
        let scratch = try temporaryFolder()
        for (path, text) in Self.forwarded { try scratch.write(path, text) }
        let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        let diff = result.patch.diff
        XCTAssertNil(try MigrateTests.gitApplyCheck(diff, on: scratch.path), diff)
        XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.Frame", "content.mojom.FrameHost"], "\(result.patch.outcomes.filter { $0.kind == .registration })")
        XCTAssertTrue(diff.contains("+class FrameObserver : public content::RenderFrameObserver, public content::mojom::Frame {\n"), diff)
        XCTAssertTrue(diff.contains("""
            +void FrameObserver::Stop(int32_t code) {
            +  if (frame_) {
            +    static_cast<content::mojom::Frame*>(frame_)->Stop(code);
            +  }
            +}
            """), diff)
        XCTAssertTrue(diff.contains("+  render_frame->GetAssociatedInterfaceRegistry()->AddInterface(\n"), diff)
        // The WebContents observer observes outside its constructor: its set follows what it observes.
        XCTAssertTrue(diff.contains("""
               WebContentsObserver::Observe(new_contents);
            +  ObserveFrameHostReceivers();
            """), diff)
        XCTAssertTrue(diff.contains("""
            +void ContentsDelegate::Attached(const std::string& name) {
            +  auto frame = GetFrameForHost(frame_host_receivers_->GetCurrentTargetFrame());
            +  if (frame) {
            +    static_cast<content::mojom::FrameHost*>(static_cast<FrameHostImpl*>(frame.get()))->Attached(name);
            +  }
            +}
            """), diff)
        XCTAssertTrue(diff.contains("+class FrameHostImpl : public content::mojom::FrameHost {\n"), diff)
        XCTAssertTrue(diff.contains(" bool FrameImpl::OnMessageReceived(const IPC::Message& message) {\n-  bool handled = true;\n"), diff)
        let kept = result.patch.outcomes.first { $0.kind == .messageMap && $0.message == "FrameImpl::OnMessageReceived" }?.reason ?? ""
        XCTAssertTrue(kept.hasPrefix("kept, returning false: FrameImpl declares OnMessageReceived itself"), kept)
        // Under another registry, the observers register nothing: their callers' remotes would not reach them.
        let binders = try MigrateTests.migrate(root: scratch.path, registry: .binders)
        XCTAssertEqual(binders.patch.registeredInPatch, [])
    }

    /// An observer that does more with the message than pass it on whole to the class, or passes it to another
    /// object, or inside a lambda, is no forwarder: the class's interface is listed.
    func testOnlyAnObserverPassingTheMessageWholeToTheClassForwards() throws {
        let forwarding = "  if (frame_) {\n    return frame_->OnMessageReceived(message);\n  }\n  return false;\n"
        let bodies = [
            "used twice": "  if (message.type() == 0 && frame_) {\n    return frame_->OnMessageReceived(message);\n  }\n  return false;\n",
            "another object": "  return frame_->delegate()->OnMessageReceived(message);\n",
            "in a lambda": "  return Run([&] { return frame_->OnMessageReceived(message); });\n",
            "a frame the set cannot give": forwarding.replacingOccurrences(of: "frame_->", with: "static_cast<FrameImpl*>(Find(render_frame_host))->"),
        ]
        for (what, body) in bodies.sorted(by: { $0.key < $1.key }) {
            let scratch = try temporaryFolder()
            for (path, text) in Self.forwarded { try scratch.write(path, text.replacingOccurrences(of: forwarding, with: body)) }
            if what == "a frame the set cannot give" {
                try scratch.write("content/renderer/frame_observer.cc", Self.forwarded["content/renderer/frame_observer.cc"]!
                    .replacingOccurrences(of: "bool FrameObserver::OnMessageReceived(const IPC::Message& message) {\n", with: "bool FrameObserver::OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* render_frame_host) {\n")
                    .replacingOccurrences(of: forwarding, with: body))
            }
            let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
            XCTAssertEqual(result.patch.registeredInPatch, ["content.mojom.FrameHost"], what)
            let reason = result.patch.outcomes.first { $0.kind == .registration && $0.message == "content.mojom.Frame" }?.reason ?? ""
            XCTAssertTrue(reason.contains("no RenderFrameObserver or WebContentsObserver among the files read passes its messages to FrameImpl's OnMessageReceived"), "\(what): \(reason)")
        }
    }

    /// A member the class gains may overload one it has where the two cannot be one function: another number of
    /// parameters, or a `mojom::` type against none (CEF's `LoadRequest(CefRefPtr<CefRequest>)` beside the
    /// interface's `LoadRequest(mojom::LoadRequestParamsPtr)`, as its engineers wrote it).
    func testAnAddedMethodOverloadsOnlyWhereTheTypesDiffer() throws {
        let source = CppSource("class Frame {\n public:\n  void LoadRequest(CefRefPtr<CefRequest> request) override;\n  void Stop(int code);\n};\n")
        let declaration = try XCTUnwrap(CppClassDeclaration.all(named: "Frame", in: source.tokens).first)
        func method(_ name: String, _ type: String) -> CppMigration.Method {
            let argument = CppMigration.Argument(name: "value", type: type, valueType: type, isGeneratedStruct: false, needsConversion: false)
            return CppMigration.Method(name: name, messages: [], definitions: [], parameters: [argument], reply: nil, isSync: false, handler: nil,
                                       handlerProblem: nil, legacyOutputs: [], condition: nil, conditionProblem: nil)
        }
        XCTAssertTrue(CppRewriter.overloadsSafely(method("LoadRequest", "content::mojom::LoadRequestParamsPtr"), in: declaration))
        XCTAssertFalse(CppRewriter.overloadsSafely(method("Stop", "int32_t"), in: declaration), "int32_t may be int: one function")
        XCTAssertTrue(CppRewriter.overloadsSafely(method("Start", "int32_t"), in: declaration))
    }
}
