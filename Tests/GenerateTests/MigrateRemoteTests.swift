import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
@testable import MojifyMigration
import MojifyCore
import MojifyTestSupport
import XCTest

/// The calling side of `mojify migrate`: the `Get<Interface>()` getter and remote member each class whose senders
/// were rewritten gains, bound through the frame or process the rules say (guide 2.4.5, 2.5.7).
final class MigrateRemoteTests: XCTestCase {
    static let messages = """
    #include "ipc/ipc_message_macros.h"
    #define IPC_MESSAGE_START TestMsgStart
    IPC_MESSAGE_ROUTED1(TestHostMsg_Bar, int /* count */)
    IPC_MESSAGE_CONTROL1(TestHostMsg_Ping, int /* value */)

    """

    static let observerHeader = """
    #ifndef CONTENT_RENDERER_TEST_SENDER_H_
    #define CONTENT_RENDERER_TEST_SENDER_H_

    #include "base/memory/weak_ptr.h"
    #include "content/public/renderer/render_frame_observer.h"

    namespace content {

    class TestSender;  // A forward declaration is not the class.

    // class TestSender { in a comment is not the class either.
    class CONTENT_EXPORT TestSender final : public RenderFrameObserver,
                                            public base::SupportsWeakPtr<TestSender> {
     public:
      void Go();

     private:
      int count_ = 0;
      // Must be last.
      base::WeakPtrFactory<TestSender> weak_factory_{this};
    };

    }  // namespace content

    #endif  // CONTENT_RENDERER_TEST_SENDER_H_

    """

    static let observerSource = """
    #include "content/renderer/test_sender.h"

    #include "content/common/test_messages.h"

    namespace content {

    void TestSender::Go() {
      Send(new TestHostMsg_Bar(routing_id(), count_));
      RenderThread::Get()->Send(new TestHostMsg_Ping(1));
    }

    }  // namespace content

    """

    func testARenderFrameObserverGetsAGetterAndARemoteBeforeItsWeakPtrFactory() throws {
        let (result, scratch) = try migrate(files: ["content/renderer/test_sender.h": Self.observerHeader, "content/renderer/test_sender.cc": Self.observerSource])
        let diff = result.patch.diff
        XCTAssertEqual(result.patch.outcomes.filter { $0.kind == .remote && $0.reason == nil }.count, 2, "\(result.patch.outcomes)")
        XCTAssertTrue(diff.contains("+  Get\(Self.frameInterface)()->Bar(count_);"), diff)
        // Routed: through the observer's frame (binders era); control: through the render thread.
        XCTAssertTrue(diff.contains("+    render_frame()->GetBrowserInterfaceBroker()->GetInterface(test_host_remote_.BindNewPipeAndPassReceiver());"), diff)
        XCTAssertTrue(diff.contains("+    content::RenderThread::Get()->BindHostReceiver(test_host_process_remote_.BindNewPipeAndPassReceiver());"), diff)
        // Declared in the header's private section, before the comment that keeps the factory last.
        let header = try XCTUnwrap(diff.components(separatedBy: "diff --git").first { $0.contains("test_sender.h b/") })
        let remote = try XCTUnwrap(header.range(of: "+  mojo::Remote<content::mojom::TestHost> test_host_remote_;"))
        let factory = try XCTUnwrap(header.range(of: "   // Must be last."))
        XCTAssertLessThan(remote.lowerBound, factory.lowerBound, header)
        XCTAssertFalse(header.contains("+ private:"), "the insertion point is already private:\n\(header)")
        XCTAssertTrue(header.contains("+#include \"mojo/public/cpp/bindings/remote.h\""), header)
        XCTAssertTrue(header.contains("+#include \"content/common/test.mojom.h\""), header)
        // Defined after the sending function, in the namespace it is in, so unqualified by it.
        XCTAssertTrue(diff.contains("+content::mojom::TestHost* TestSender::GetTestHost() {"), diff)
        XCTAssertNil(try MigrateTests.gitApplyCheck(diff, on: scratch.path))
    }

    static let frameInterface = "TestHost"

    /// Where the getter binds through `render_frame()` and the broker, the file includes what declares them (the
    /// tree's headers), after its last include outside an `#if` block, so that no platform hides them.
    func testTheObjectsAndProvidersHeadersAreIncludedOutsideIfBlocks() throws {
        let source = Self.observerSource.replacingOccurrences(of: "#include \"content/common/test_messages.h\"\n", with: """
            #include "content/common/test_messages.h"
            #if defined(OS_WIN)
            #include "content/renderer/test_sender_win.h"
            #endif

            """)
        let (result, _) = try migrate(files: [
            "content/renderer/test_sender.h": Self.observerHeader, "content/renderer/test_sender.cc": source,
            "content/public/renderer/render_frame.h": "class RenderFrame;\n",
            "third_party/blink/public/common/browser_interface_broker_proxy.h": "class BrowserInterfaceBrokerProxy;\n",
        ])
        let cc = try XCTUnwrap(result.patch.diff.components(separatedBy: "diff --git").first { $0.contains("test_sender.cc b/") })
        XCTAssertTrue(cc.contains("""
            +#include "content/common/test.mojom.h"
            +#include "content/public/renderer/render_frame.h"
            +#include "third_party/blink/public/common/browser_interface_broker_proxy.h"
             #if defined(OS_WIN)
            """), cc)
        XCTAssertTrue(cc.contains(" #include \"content/renderer/test_sender_win.h\"\n #endif\n"), cc)
    }

    func testAClassSendingFromPlatformFilesGetsOneGetterInItsMainFile() throws {
        let linux = """
        #include "content/common/test_messages.h"
        namespace content {
        void TestSender::GoLinux() {
          Send(new TestHostMsg_Bar(routing_id(), 2));
        }
        }  // namespace content

        """
        let (result, scratch) = try migrate(files: [
            "content/renderer/test_sender.h": Self.observerHeader, "content/renderer/test_sender.cc": Self.observerSource,
            "content/renderer/test_sender_linux.cc": linux,
        ])
        let diff = result.patch.diff
        XCTAssertEqual(diff.components(separatedBy: "TestSender::GetTestHost() {").count, 2, diff)
        XCTAssertEqual(diff.components(separatedBy: "test_host_remote_;").count, 2, diff)
        let linuxPart = try XCTUnwrap(diff.components(separatedBy: "diff --git").first { $0.contains("test_sender_linux.cc b/") })
        XCTAssertFalse(linuxPart.contains("GetTestHost() {"), linuxPart)
        XCTAssertNil(try MigrateTests.gitApplyCheck(diff, on: scratch.path))
    }

    func testTheAssociatedRegistryBindsAssociatedRemotes() throws {
        let (result, _) = try migrate(
            files: ["content/renderer/test_sender.h": Self.observerHeader, "content/renderer/test_sender.cc": Self.observerSource], registry: .associated
        )
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+    render_frame()->GetRemoteAssociatedInterfaces()->GetInterface(&test_host_remote_);"), diff)
        XCTAssertTrue(diff.contains("+  mojo::AssociatedRemote<content::mojom::TestHost> test_host_remote_;"), diff)
        XCTAssertTrue(diff.contains("+    content::RenderThread::Get()->GetChannel()->GetRemoteAssociatedInterface(&test_host_process_remote_);"), diff)
    }

    func testAClassNoRuleReachesGetsATodoNamingThePlace() throws {
        let header = Self.observerHeader.replacingOccurrences(of: "public RenderFrameObserver,", with: "public SomethingElse,")
        let (result, _) = try migrate(files: ["content/renderer/test_sender.h": header, "content/renderer/test_sender.cc": Self.observerSource])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("// TODO(mojify): bind test_host_remote_ through"), diff)
        XCTAssertTrue(diff.contains("RenderFrame::GetBrowserInterfaceBroker() of the RenderFrame"), diff)
        XCTAssertFalse(diff.contains("render_frame()->"), diff)
    }

    func testAClassThatAlreadyHasTheGetterOrNoFoundDefinitionIsListed() throws {
        let existing = Self.observerHeader.replacingOccurrences(of: "  void Go();", with: "  void Go();\n  mojom::TestHost* GetTestHost();")
        var (result, _) = try migrate(files: ["content/renderer/test_sender.h": existing, "content/renderer/test_sender.cc": Self.observerSource])
        XCTAssertTrue(result.reason("content.mojom.TestHost", .remote)?.contains("already declares GetTestHost") == true, "\(result.patch.outcomes)")
        (result, _) = try migrate(files: ["content/renderer/test_sender.cc": Self.observerSource])
        // Without the getter a rewritten sender would call nothing: the message is left whole, with the reason.
        XCTAssertTrue(result.reason("TestHostMsg_Bar", .message)?.contains("no GetTestHost() can be added: the definition of class TestSender was not found") == true, "\(result.patch.outcomes)")
        XCTAssertFalse(result.isRewritten("TestHostMsg_Bar"))
    }

    /// RenderWidgetHostImpl declares `GetView()` returning its widget view: calls of the `View` interface's getter
    /// would reach that view instead, so nothing of the messages changes. A getter of the interface is kept.
    func testAMemberOfTheGettersNameThatIsNotTheRemoteLeavesTheMessagesWhole() throws {
        let clash = Self.observerHeader.replacingOccurrences(of: "  void Go();", with: "  void Go();\n  RenderWidgetHostViewBase* GetTestHost() const override;")
        let (result, _) = try migrate(files: ["content/renderer/test_sender.h": clash, "content/renderer/test_sender.cc": Self.observerSource])
        XCTAssertFalse(result.isRewritten("TestHostMsg_Bar"))
        XCTAssertTrue(result.reason("TestHostMsg_Bar", .message)?.contains("TestSender already declares GetTestHost for something else") == true, "\(result.patch.outcomes)")
        XCTAssertFalse(result.patch.diff.contains("GetTestHost()->Bar"), result.patch.diff)

        let remote = Self.observerHeader.replacingOccurrences(of: "  void Go();", with: "  void Go();\n  mojo::Remote<mojom::TestHost> test_host_remote_;")
        let (kept, _) = try migrate(files: ["content/renderer/test_sender.h": remote, "content/renderer/test_sender.cc": Self.observerSource])
        XCTAssertTrue(kept.isRewritten("TestHostMsg_Bar"), "\(kept.patch.outcomes)")
    }

    /// Electron's `tts_message_filter.cc` sends what `chromium_src/chrome/common/tts_messages.h` defines without
    /// including it (its header does, as `chrome/common/tts_messages.h`): the bindings are included as the tree
    /// includes the legacy header, never by a second spelling.
    func testABindingsIncludeIsSpeltAsTheTreeSpellsTheLegacyHeader() throws {
        let scratch = try temporaryFolder()
        try scratch.write("vendor_src/content/common/test_messages.h", Self.messages)
        try scratch.write("content/renderer/test_sender.h", Self.observerHeader.replacingOccurrences(
            of: "#include \"base/memory/weak_ptr.h\"", with: "#include \"base/memory/weak_ptr.h\"\n#include \"content/common/test_messages.h\""))
        try scratch.write("content/renderer/test_sender.cc", Self.observerSource.replacingOccurrences(of: "#include \"content/common/test_messages.h\"\n", with: ""))
        let result = try MigrateTests.migrate(root: scratch.path)
        XCTAssertTrue(result.isRewritten("TestHostMsg_Bar"), "\(result.patch.outcomes)")
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+#include \"content/common/test.mojom.h\""), diff)
        XCTAssertFalse(diff.contains("vendor_src/content/common/test.mojom.h\""), diff)
    }

    /// A struct's converters, added beside the mojom under the overlay folder, are included as the legacy header is
    /// (`content/common/test_type_converters.h`, not `vendor_src/...`), by the sender and by the converters' own
    /// source, which includes the bindings the same way.
    func testTheConvertersIncludeIsSpeltAsTheTreeSpellsTheLegacyHeader() throws {
        let scratch = try temporaryFolder()
        try scratch.write("vendor_src/content/common/test_messages.h", """
            #include "ipc/ipc_message_macros.h"
            #define IPC_MESSAGE_START TestMsgStart
            IPC_STRUCT_BEGIN(TestRegion)
              IPC_STRUCT_MEMBER(int, x)
            IPC_STRUCT_END()
            IPC_MESSAGE_ROUTED1(TestHostMsg_Bar, TestRegion /* region */)

            """)
        try scratch.write("content/renderer/test_sender.h", Self.observerHeader)
        try scratch.write("content/renderer/test_sender.cc", Self.observerSource
            .replacingOccurrences(of: "Send(new TestHostMsg_Bar(routing_id(), count_));", with: "Send(new TestHostMsg_Bar(routing_id(), region_));")
            .replacingOccurrences(of: "  RenderThread::Get()->Send(new TestHostMsg_Ping(1));\n", with: ""))
        let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        XCTAssertTrue(result.isRewritten("TestHostMsg_Bar"), "\(result.patch.outcomes)")
        XCTAssertEqual(result.patch.addedFiles, ["vendor_src/content/common/test_type_converters.cc", "vendor_src/content/common/test_type_converters.h"])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+#include \"content/common/test_type_converters.h\""), diff)
        XCTAssertFalse(diff.contains("#include \"vendor_src/"), diff)
        let source = try XCTUnwrap(result.patch.rewritten["vendor_src/content/common/test_type_converters.cc"])
        XCTAssertTrue(source.hasPrefix("#include \"content/common/test_type_converters.h\"\n"), source)
        XCTAssertTrue(try XCTUnwrap(result.patch.rewritten["vendor_src/content/common/test_type_converters.h"]).contains("#include \"content/common/test.mojom.h\"\n"))
    }

    /// A struct the messages header gives traits for is defined in a header the tree includes relative to an include
    /// folder (Qt WebEngine's `common/user_script_data.h` for `src/core/common/user_script_data.h`): the converters
    /// include it so.
    func testTheConvertersIncludeTheStructsHeaderAsTheTreeDoes() throws {
        let scratch = try temporaryFolder(files: [
            "src/core/common/user_script_data.h": "#include <string>\n#include \"ipc/ipc_message_utils.h\"\n\nstruct UserScriptData {\n  std::string source;\n  bool world;\n};\n",
            "src/core/common/qt_messages.h": """
                #include "ipc/ipc_message_macros.h"
                #include "user_script_data.h"
                #define IPC_MESSAGE_START QtMsgStart
                IPC_STRUCT_TRAITS_BEGIN(UserScriptData)
                  IPC_STRUCT_TRAITS_MEMBER(source)
                  IPC_STRUCT_TRAITS_MEMBER(world)
                IPC_STRUCT_TRAITS_END()
                IPC_MESSAGE_CONTROL1(ControllerMsg_AddScript, UserScriptData /* script */)

                """,
            "src/core/renderer_host/host.cc": "#include \"common/qt_messages.h\"\n#include \"common/user_script_data.h\"\n\nvoid Host::Add(content::RenderProcessHost* process, const UserScriptData& data) {\n  process->Send(new ControllerMsg_AddScript(data));\n}\n",
        ])
        let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        let header = try XCTUnwrap(result.patch.rewritten["src/core/common/qt_type_converters.h"], "\(result.patch.addedFiles)")
        XCTAssertTrue(header.contains("#include \"common/user_script_data.h\"\n"), header)
        XCTAssertFalse(header.contains("#include \"src/core/"), header)
    }

    /// `Send(new ViewHostMsg_ShowFullscreenWidget(opener_id_, routing_id()))` goes to the opener's view, not to the
    /// sender's own frame: the class's remote would call the wrong peer, so the sender is listed.
    func testARoutedMessageBuiltWithAnotherObjectsRoutingIDIsListed() throws {
        for (written, converts) in [("opener_id_", false), ("params.routing_id", false), ("this->routing_id()", true), ("GetRoutingID( )", true)] {
            let source = Self.observerSource.replacingOccurrences(of: "TestHostMsg_Bar(routing_id(), count_)", with: "TestHostMsg_Bar(\(written), count_)")
            let (result, _) = try migrate(files: ["content/renderer/test_sender.h": Self.observerHeader, "content/renderer/test_sender.cc": source])
            XCTAssertEqual(result.isRewritten("TestHostMsg_Bar"), converts, written)
            if !converts {
                XCTAssertTrue(result.reason("TestHostMsg_Bar", .message)?.contains("routed to \(written), not to this object's own routing ID") == true, "\(result.patch.outcomes)")
            }
        }
    }

    /// Sent through an object no rule names, a routed message goes to the frame its routing ID is taken from: one
    /// the function declares, or one the rules' `object_accessors` return (Qt WebEngine sent its frames' messages
    /// through `contents->GetRenderViewHost()`, routed to `contents->GetMainFrame()`). Any other routing ID lists it.
    func testARoutedMessageSentThroughAnotherObjectGoesToTheFrameItsRoutingIDNames() throws {
        let messages = "#include \"ipc/ipc_message_macros.h\"\n#define IPC_MESSAGE_START TestMsgStart\nIPC_MESSAGE_ROUTED1(TestMsg_AddScript, int /* id */)\n"
        let source = """
            #include "content/common/test_messages.h"

            void ScriptHost::Add(content::WebContents* contents, content::RenderFrameHost* frame, int id) {
              contents->GetRenderViewHost()->Send(
                  new TestMsg_AddScript(contents->GetRenderViewHost()->GetMainFrame()->GetRoutingID(), id));
              contents->GetRenderViewHost()->Send(new TestMsg_AddScript(frame->GetRoutingID(), id));
            }

            """
        let scratch = try temporaryFolder(files: ["content/common/test_messages.h": messages, "content/browser/script_host.cc": source])
        let result = try MigrateTests.migrate(root: scratch.path, registry: .associated)
        XCTAssertTrue(result.isRewritten("TestMsg_AddScript", .message), "\(result.patch.outcomes)")
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+    contents->GetRenderViewHost()->GetMainFrame()->GetRemoteAssociatedInterfaces()->GetInterface(&test_remote);\n+    test_remote->AddScript(id);\n"), diff)
        XCTAssertTrue(diff.contains("+    frame->GetRemoteAssociatedInterfaces()->GetInterface(&test_remote);\n"), diff)

        let other = try temporaryFolder(files: [
            "content/common/test_messages.h": messages,
            "content/browser/script_host.cc": source.replacingOccurrences(of: "(frame->GetRoutingID(), id)", with: "(view_routing_id_, id)"),
        ])
        let listed = try MigrateTests.migrate(root: other.path, registry: .associated)
        XCTAssertTrue(listed.reason("TestMsg_AddScript", .message)?.contains("sent through contents->GetRenderViewHost()'s Send, which is no frame or frame host the rules' remote_holders name") == true, "\(listed.patch.outcomes)")
    }

    func testAControlMessageSentThroughAProcessHostOrTheRenderThreadTakesItsRemoteThere() throws {
        let source = """
        #include "content/renderer/test_sender.h"
        #include "content/common/test_messages.h"
        namespace content {
        void TestSender::Go(RenderProcessHost* rph) {
          rph->Send(new TestHostMsg_Ping(1));
          RenderThread::Get()->Send(new TestHostMsg_Ping(2));
        }
        void TestSender::Stop(Channel* channel) {
          channel->Send(new TestHostMsg_Ping(3));
        }
        }  // namespace content

        """
        let (result, _) = try migrate(files: ["content/renderer/test_sender.h": Self.observerHeader, "content/renderer/test_sender.cc": source])
        let outcomes = result.patch.outcomes.filter { $0.kind == .sender }
        // The renderer reaches the browser through its render thread, not through a process host.
        XCTAssertEqual(outcomes[0].reason, "sent through rph, a RenderProcessHost, but the caller's remotes of TestHostProcess come from RenderThread::BindHostReceiver(): bind one by hand", "\(outcomes)")
        XCTAssertEqual(outcomes[1].reason, "left as it is: TestHostMsg_Ping is left whole", "\(outcomes)")
        // An object no rule names.
        XCTAssertTrue(outcomes[2].reason?.hasPrefix("sent through channel's Send, which is no process the rules' remote_holders name") == true, "\(outcomes)")
        XCTAssertFalse(result.isRewritten("TestHostMsg_Ping", .message))
    }

    /// Chromium's walk over every renderer process (CEF's cross-origin whitelist): the iterator's current value is
    /// the process host, and each gets a remote of its own.
    func testAMessageSentToEveryProcessThroughTheirIteratorTakesEachOnesRemote() throws {
        let messages = "#include \"ipc/ipc_message_macros.h\"\n#define IPC_MESSAGE_START TestMsgStart\nIPC_MESSAGE_CONTROL1(TestMsg_SetMode, int /* mode */)\n"
        let source = """
        #include "content/browser/broadcaster.h"
        #include "content/common/test_messages.h"
        void Broadcaster::Go(int mode) {
          for (content::RenderProcessHost::iterator it(content::RenderProcessHost::AllHostsIterator()); !it.IsAtEnd(); it.Advance()) {
            it.GetCurrentValue()->Send(new TestMsg_SetMode(mode));
          }
        }
        void Broadcaster::Stop(Walker walker) {
          walker.GetCurrentValue()->Send(new TestMsg_SetMode(0));
        }

        """
        let header = "class Broadcaster {\n public:\n  void Go(int mode);\n  void Stop(Walker walker);\n};\n"
        func run(_ source: String) throws -> MigrateTests.Result {
            try migrate(files: ["content/common/test_messages.h": messages, "content/browser/broadcaster.h": header, "content/browser/broadcaster.cc": source], registry: .associated).0
        }
        // Something else's current value is no process a rule names: the message stays whole.
        let both = try run(source).patch.outcomes.filter { $0.kind == .sender }
        XCTAssertTrue(both.last?.reason?.hasPrefix("sent through walker.GetCurrentValue()'s Send, which is no process") == true, "\(both)")
        let result = try run(source.replacingOccurrences(of: "  walker.GetCurrentValue()->Send(new TestMsg_SetMode(0));\n", with: ""))
        XCTAssertTrue(result.isRewritten("TestMsg_SetMode"), "\(result.patch.outcomes)")
        let patched = try XCTUnwrap(result.patch.rewritten["content/browser/broadcaster.cc"])
        XCTAssertTrue(patched.contains("it.GetCurrentValue()->GetChannel()->GetRemoteAssociatedInterface(&"), patched)
        // A function its class defines inline (CEF's static SendClearCrossOriginWhitelist) declares its iterator too.
        let inline = """
            class Broadcaster {
             public:
              static void Go(int mode) {
                content::RenderProcessHost::iterator i(content::RenderProcessHost::AllHostsIterator());
                for (; !i.IsAtEnd(); i.Advance())
                  i.GetCurrentValue()->Send(new TestMsg_SetMode(mode));
              }
            };

            """
        let inClass = try migrate(files: ["content/common/test_messages.h": messages, "content/browser/broadcaster.h": "#include \"content/common/test_messages.h\"\n" + inline], registry: .associated).0
        XCTAssertTrue(inClass.isRewritten("TestMsg_SetMode"), "\(inClass.patch.outcomes)")
    }

    func testAClassNoRuleNamesBindsThroughTheFrameItKeeps() throws {
        // CEF's CefFrameImpl: a sender of its own that keeps its frame.
        let header = """
        class FrameImpl : public Frame {
         public:
          void Ping();
          void Pong();
          bool Send(IPC::Message* message);

         private:
          int routing_id_;
          content::RenderFrameHost* render_frame_host_ = nullptr;
          content::RenderFrame* render_frame_ = nullptr;
        };

        """
        let source = """
        #include "content/renderer/frame_impl.h"
        #include "content/common/test_messages.h"
        void FrameImpl::Ping() {
          Send(new TestHostMsg_Bar(routing_id_, 1));
        }
        // CEF's Send routes what it sends to its frame, so its messages are built with MSG_ROUTING_NONE.
        void FrameImpl::Pong() {
          Send(new TestHostMsg_Bar(MSG_ROUTING_NONE, 2));
        }

        """
        let (result, _) = try migrate(files: ["content/renderer/frame_impl.h": header, "content/renderer/frame_impl.cc": source], registry: .manifest, api: .legacy, era: .interfaceRegistry)
        XCTAssertTrue(result.isRewritten("TestHostMsg_Bar", .message), "\(result.patch.outcomes)")
        XCTAssertTrue(result.patch.diff.contains("""
        +  if (!test_host_remote_) {
        +    // TODO(mojify): render_frame_ is the RenderFrame FrameImpl keeps; check
        +    // that the legacy messages went to it.
        +    render_frame_->GetRemoteInterfaces()->GetInterface(&test_host_remote_);
        +  }
        """), result.patch.diff)
        XCTAssertTrue(result.patch.diff.contains("+  GetTestHost()->Bar(2);\n"), result.patch.diff)
    }

    /// CEF 91's CefFrameImpl keeps a blink frame, and its own Send reaches the RenderFrame from it: the remote is
    /// bound through that same expression. A Send whose object comes from the message is no such way.
    func testAClassBindsThroughTheObjectItsOwnSendReaches() throws {
        let header = """
        class FrameImpl : public Frame {
         public:
          void Ping();
          void Send(IPC::Message* message);

         private:
          blink::WebLocalFrame* frame_;
        };

        """
        let source = """
        #include "content/renderer/frame_impl.h"
        #include "content/common/test_messages.h"
        void FrameImpl::Ping() {
          Send(new TestHostMsg_Bar(MSG_ROUTING_NONE, 1));
        }
        void FrameImpl::Send(IPC::Message* message) {
          auto render_frame = content::RenderFrame::FromWebFrame(frame_);
          message->set_routing_id(render_frame->GetRoutingID());
          render_frame->Send(message);
        }

        """
        let (result, _) = try migrate(files: ["content/renderer/frame_impl.h": header, "content/renderer/frame_impl.cc": source], registry: .associated)
        XCTAssertTrue(result.isRewritten("TestHostMsg_Bar", .message), "\(result.patch.outcomes)")
        XCTAssertTrue(result.patch.diff.contains("""
        +  if (!test_host_remote_) {
        +    // TODO(mojify): FrameImpl::Send reached the RenderFrame as
        +    // content::RenderFrame::FromWebFrame(frame_); it may have checked that for
        +    // null, which this does not.
        +    content::RenderFrame::FromWebFrame(frame_)->GetRemoteAssociatedInterfaces()->GetInterface(&test_host_remote_);
        +  }
        """), result.patch.diff)
        // A local of Send's own body is no name the getter has.
        let throughLocal = source.replacingOccurrences(of: "  auto render_frame = content::RenderFrame::FromWebFrame(frame_);",
                                                       with: "  auto* web_frame = frame_->ToWebLocalFrame();\n  auto render_frame = content::RenderFrame::FromWebFrame(web_frame);")
        let (viaLocal, _) = try migrate(files: ["content/renderer/frame_impl.h": header, "content/renderer/frame_impl.cc": throughLocal], registry: .associated)
        XCTAssertFalse(viaLocal.patch.diff.contains("FromWebFrame(web_frame)->"), viaLocal.patch.diff)
        let fromMessage = source.replacingOccurrences(of: "FromWebFrame(frame_)", with: "FromRoutingID(message->routing_id())")
        let (listed, _) = try migrate(files: ["content/renderer/frame_impl.h": header, "content/renderer/frame_impl.cc": fromMessage], registry: .associated)
        XCTAssertTrue(listed.patch.diff.contains("TODO(mojify): bind test_host_remote_"), listed.patch.diff)
    }

    func testAClassDefinedInTwoIfBranchesLeavesItsMessagesWhole() throws {
        let twice = Self.observerHeader.replacingOccurrences(of: "class TestSender;  // A forward declaration is not the class.", with: "#if defined(OS_ANDROID)\nclass TestSender : public RenderFrameObserver {\n};\n#endif")
        let (result, _) = try migrate(files: ["content/renderer/test_sender.h": twice, "content/renderer/test_sender.cc": Self.observerSource])
        // A call of a getter no branch declares would not compile: the messages are left whole, saying why.
        XCTAssertFalse(result.isRewritten("TestHostMsg_Bar"))
        XCTAssertTrue(result.reason("TestHostMsg_Bar", .message)?.contains("no GetTestHost() can be added: content/renderer/test_sender.h defines class TestSender 2 times") == true, "\(result.patch.outcomes)")
        XCTAssertEqual(result.patch.diff, "")
    }

    func testAFreeFunctionSenderLeavesItsMessageWhole() throws {
        let source = """
        #include "content/common/test_messages.h"
        void Ping() {
          content::RenderThread::Get()->Send(new TestHostMsg_Ping(2));
        }

        """
        let (result, _) = try migrate(files: ["content/renderer/ping.cc": source])
        // `GetTestHostProcess()` would name nothing there: the message is left whole rather than not compile.
        XCTAssertFalse(result.isRewritten("TestHostMsg_Ping"))
        XCTAssertTrue(result.reason("TestHostMsg_Ping", .message)?.contains("no GetTestHostProcess() can be added: sent from the free function Ping") == true, "\(result.patch.outcomes)")
        XCTAssertFalse(result.patch.diff.contains("GetTestHostProcess()"), result.patch.diff)
    }

    /// A class local to a .cc file (as in IPC tests) defines its methods in its body: there is no place after the
    /// sending function, outside the class, to define the getter, so the class defines it inline. Nothing in that
    /// file names a RenderThread, so the getter binds nothing and says where to bind instead of naming one.
    func testASenderDefinedInItsClassBodyGetsTheGetterInTheClass() throws {
        let source = """
        #include "content/common/test_messages.h"

        namespace content {
        namespace {

        class LocalSender : public Worker {
         public:
          void Run() override {
            Send(new TestHostMsg_Ping(1));
          }

         private:
          int count_ = 0;
        };

        }  // namespace
        }  // namespace content

        """
        let (result, scratch) = try migrate(files: ["content/renderer/local_sender.cc": source])
        XCTAssertTrue(result.isRewritten("TestHostMsg_Ping"), "\(result.patch.outcomes)")
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+    GetTestHostProcess()->Ping(1);"), diff)
        XCTAssertTrue(diff.contains("""
        +  content::mojom::TestHostProcess* GetTestHostProcess() {
        +    if (!test_host_process_remote_) {
        +      // TODO(mojify): bind test_host_process_remote_ through
        """), diff)
        XCTAssertTrue(diff.contains("never name RenderThread)."), diff)
        XCTAssertTrue(diff.contains("+    return test_host_process_remote_.get();\n+  }\n+  mojo::Remote<content::mojom::TestHostProcess> test_host_process_remote_;\n };"), diff)
        XCTAssertFalse(diff.contains("LocalSender::GetTestHostProcess()"), diff)
        XCTAssertFalse(diff.contains("content::RenderThread::Get()"), diff)
        XCTAssertNil(try MigrateTests.gitApplyCheck(diff, on: scratch.path))

        // Where the file uses a RenderThread, the rule for any class binds through it.
        let named = source.replacingOccurrences(of: "  int count_ = 0;", with: "  RenderThread* thread_ = nullptr;")
        let (bound, _) = try migrate(files: ["content/renderer/local_sender.cc": named])
        XCTAssertTrue(bound.patch.diff.contains("+      content::RenderThread::Get()->BindHostReceiver(test_host_process_remote_.BindNewPipeAndPassReceiver());"), bound.patch.diff)
    }

    // MARK: - Class definitions

    func find(_ name: String, in text: String) -> (declaration: CppClassDeclaration, insertion: CppClassDeclaration.MemberInsertion)? {
        let source = CppSource(text)
        guard let found = CppClassDeclaration.all(named: name, in: source.tokens).first, let insertion = found.memberInsertion(in: source) else { return nil }
        return (found, insertion)
    }

    func testClassDefinitionsAreFoundPastCommentsStringsAndLookalikes() throws {
        let text = """
        class Foo;
        enum class Foo { kA };
        template <class Foo> void f();
        const char* s = "class Foo {";
        /* class Foo { */
        struct Outer { friend class Foo; };
        #define DECLARE class Foo {
        class EXPORT Foo : public ns::Base<int, Other>, private virtual Mixin {
         public:
          void Bar();
        };

        """
        let found = try XCTUnwrap(find("Foo", in: text))
        XCTAssertEqual(found.declaration.baseNames, ["Base", "Mixin"])
        XCTAssertEqual(found.declaration.baseSpecifiers, ["public ns::Base < int , Other >", "private virtual Mixin"])
        XCTAssertFalse(found.insertion.isPrivate, "the last section is public")
        XCTAssertEqual(found.insertion.indent, "  ")
        XCTAssertTrue(found.declaration.mentions("Bar"))
        XCTAssertEqual(String(decoding: Array(text.utf8)[found.insertion.offset...].prefix(2), as: UTF8.self), "};")
    }

    func testAStructIsPublicAndAOneLineBodyIsNotEdited() {
        XCTAssertEqual(find("S", in: "struct S {\n  int a;\n};\n")?.insertion.isPrivate, false)
        XCTAssertNil(find("S", in: "struct S { int a; };\n"), "a body closing on a member's line gives no whole line to insert before")
        XCTAssertNil(find("Missing", in: "class Other {\n};\n"))
    }

    func testTheHandlerSideNeedsOneDefinitionAndReadsItsMembersBasesAndNamespaces() throws {
        let text = """
        namespace xwalk::extensions {
        #if defined(OS_ANDROID)
        class Host final : public IPC::Listener {
         public:
          bool OnMessageReceived(const IPC::Message& message) override;
          struct Nested { void OnMessageReceived(); };
        };
        #else
        class Host {
        };
        #endif
        }

        """
        let source = CppSource(text)
        guard case .failure(let problem) = CppClassDeclaration.only(named: "xwalk::extensions::Host", in: source, file: "host.h") else {
            return XCTFail("two definitions in #if branches are not one")
        }
        XCTAssertEqual(problem.reason, "host.h defines class Host 2 times (#if branches?); convert by hand")
        let found = CppClassDeclaration.all(named: "Host", in: source.tokens)
        XCTAssertEqual(found[0].baseSpecifiers, ["public IPC::Listener"])
        XCTAssertEqual(found[0].members(named: "OnMessageReceived").count, 1, "the nested struct's method is not the class's")
        XCTAssertEqual(found[0].qualified("extensions::mojom::Host"), "::extensions::mojom::Host", "xwalk::extensions would capture it")
        XCTAssertEqual(found[0].qualified("content::mojom::Host"), "content::mojom::Host")
        XCTAssertEqual(found[1].addingBases(["a::B"]).replacement, " : public a::B")
        XCTAssertEqual(found[0].addingBases(["a::B"]).replacement, ", public a::B")
    }

    // MARK: - Rules

    func testARemoteHolderWhoseCallIsNotACallChainIsRefused() throws {
        let yaml = "remote_holders:\n  - { object: RenderFrame, via: \"render_frame(); system(\\\"x\\\")\" }\n"
        XCTAssertThrowsError(try ConversionRules(yaml: yaml, path: "rules.yaml", base: try Fixtures.rules())) { error in
            XCTAssertTrue("\(error)".contains("remote_holders[0]: via"), "\(error)")
        }
        let good = try ConversionRules(yaml: "remote_holders:\n  - { object: RenderFrame, class: MyHelper, via: \"owner()->frame()\" }\n", path: "rules.yaml", base: try Fixtures.rules())
        XCTAssertEqual(good.remoteHolders.first, .init(object: "RenderFrame", className: "MyHelper", via: "owner()->frame()", note: nil), "a user's holder comes first")
    }

    // MARK: - Diff

    func testAnInsertionAtTheEndOfAFileEndingInALineBreakJoinsItsLastLine() {
        let source = CppSource("a\nb\n")
        let diff = UnifiedDiff.diff(path: "f.cc", source: source, edits: [.init(range: 4..<4, replacement: "x\n")])
        XCTAssertEqual(diff, "diff --git a/f.cc b/f.cc\n--- a/f.cc\n+++ b/f.cc\n@@ -1,2 +1,3 @@\n a\n b\n+x\n")
        XCTAssertEqual(UnifiedDiff.apply([.init(range: 4..<4, replacement: "x\n")], to: source), "a\nb\nx\n")
    }

    func testAnInsertionAtALineStartShowsNoRemovedLine() {
        let source = CppSource("a\nb\nc\n")
        let diff = UnifiedDiff.diff(path: "f.cc", source: source, edits: [.init(range: 2..<2, replacement: "x\n")])
        XCTAssertEqual(diff, "diff --git a/f.cc b/f.cc\n--- a/f.cc\n+++ b/f.cc\n@@ -1,3 +1,4 @@\n a\n+x\n b\n c\n")
    }
}

extension XCTestCase {
    /// Migrates a tree of `files` beside MigrateRemoteTests' messages header.
    func migrate(files: [String: String], registry: OutputFormat = .binders, api: MojoAPI = .current, era: MojoEra? = nil) throws -> (MigrateTests.Result, TemporaryFolder) {
        let scratch = try temporaryFolder()
        try scratch.write("content/common/test_messages.h", MigrateRemoteTests.messages)
        for (path, text) in files { try scratch.write(path, text) }
        return (try MigrateTests.migrate(root: scratch.path, registry: registry, api: api, era: era), scratch)
    }
}
