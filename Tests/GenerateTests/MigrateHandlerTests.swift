import Foundation
@testable import MojifyEmitters
@testable import MojifyMigration
import MojifyTestSupport
import XCTest

/// The handler side of `mojify migrate`'s patch: handlers made interface methods, empty `OnMessageReceived`
/// shells removed, definitions leaving `*_messages.h`, and BUILD.gn dependencies.
final class MigrateHandlerTests: XCTestCase {
    static let messages = """
    #include "ipc/ipc_message_macros.h"
    #define IPC_MESSAGE_START TestMsgStart

    // Tells the host about a bar.
    IPC_MESSAGE_ROUTED2(TestHostMsg_Bar,
                        int /* count */,
                        std::string /* name */)
    IPC_MESSAGE_ROUTED0(TestHostMsg_Baz)
    IPC_MESSAGE_ROUTED1(TestHostMsg_Qux, int /* value */)

    """

    static let map = """
    bool Host::OnMessageReceived(const IPC::Message& message) {
      bool handled = true;
      IPC_BEGIN_MESSAGE_MAP(Host, message)
        IPC_MESSAGE_HANDLER(TestHostMsg_Bar, OnBar)
        IPC_MESSAGE_HANDLER(TestHostMsg_Baz, OnBaz)
        IPC_MESSAGE_HANDLER(TestHostMsg_Qux, OnQux)
        IPC_MESSAGE_UNHANDLED(handled = false)
      IPC_END_MESSAGE_MAP()
      return handled;
    }

    """

    static let definitions = """
    void Host::OnBar(int count,
                     const std::string& label) {
      Use(count, label);
    }

    void Host::OnBaz() const {
    }

    #if defined(OS_ANDROID)
    void Host::OnQux(int /* unused */) {
    }
    #endif

    """

    /// A tree holding `files` plus the messages header; migrated, with the patch checked by `git apply`.
    func migrate(_ files: [String: String], only: [String] = []) throws -> (MigrateTests.Result, TemporaryFolder) {
        let scratch = try temporaryFolder()
        try scratch.write("content/common/test_messages.h", files["content/common/test_messages.h"] ?? Self.messages)
        for (path, text) in files where path != "content/common/test_messages.h" { try scratch.write(path, text) }
        try MigrateTests.declareClasses(of: files, in: scratch)
        let result = try MigrateTests.migrate(root: scratch.path, only: only)
        XCTAssertNil(try MigrateTests.gitApplyCheck(result.patch.diff, on: scratch.path), result.patch.diff)
        return (result, scratch)
    }

    func reasons(_ result: MigrateTests.Result, _ kind: MigrationPatch.Kind) -> [String] {
        result.patch.outcomes.filter { $0.kind == kind }.map { "\($0.message): \($0.reason ?? "done")" }
    }

    // MARK: - Handlers become interface methods

    func testHandlersBecomeInterfaceMethodsReadingPastLinesCommentsDefaultsConstAndIf() throws {
        let (result, _) = try migrate([
            "content/renderer/host.h": """
            #include "content/public/renderer/render_frame_observer.h"

            namespace content {

            // Not a declaration: void OnBar(int a); and "void OnBaz();"
            class CONTENT_EXPORT Host : public RenderFrameObserver {
             public:
              // RenderFrameObserver:
              bool OnMessageReceived(const IPC::Message& message) override;

             private:
              virtual void /* legacy */ OnBar(int count,
                                              const std::string& name = "none");
              void OnBaz() const;
            #if defined(OS_ANDROID)
              void OnQux(int value);
            #endif
              const char* label_ = "OnBar(";
            };

            }  // namespace content

            """,
            "content/renderer/host.cc": "#include \"content/renderer/host.h\"\n\nnamespace content {\n\n" + Self.map + Self.definitions + "}  // namespace content\n",
        ])
        XCTAssertEqual(reasons(result, .method), ["TestHostMsg_Bar: done", "TestHostMsg_Baz: done", "TestHostMsg_Qux: done"])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+class CONTENT_EXPORT Host : public RenderFrameObserver, public content::mojom::TestHost {\n"), diff)
        XCTAssertTrue(diff.contains("+  void Bar(int32_t count, const std::string& label) override;\n"), diff)
        XCTAssertTrue(diff.contains("+  void Baz() override;\n"), diff)
        XCTAssertTrue(diff.contains("+  void Qux(int32_t value) override;\n"), diff)
        XCTAssertTrue(diff.contains("+#include \"content/common/test.mojom.h\"\n"), diff)
        XCTAssertTrue(diff.contains("+void Host::Bar(int32_t count, const std::string& label) {\n"), diff)
        XCTAssertTrue(diff.contains("+void Host::Baz() {\n"), diff)
        // An unnamed parameter stays unnamed in the definition; the declaration keeps the name it had.
        XCTAssertTrue(diff.contains("+void Host::Qux(int32_t) {\n"), diff)
        // The class implements the interface itself: no forwarding class, only the Bind function its registration
        // names, saying where to bind; the mock stays.
        XCTAssertEqual(result.patch.convertedInPlace, ["content.mojom.TestHost"])
        let binding = try XCTUnwrap(result.drafts["content/renderer/test_host_impl.cc"])
        XCTAssertFalse(binding.contains("TestHostImpl::"), binding)
        XCTAssertTrue(binding.contains("void BindTestHost(mojo::PendingReceiver<mojom::TestHost> receiver) {\n  // TODO(mojify): bind the receiver to the Host this connection belongs to"), binding)
        XCTAssertFalse(try XCTUnwrap(result.drafts["content/renderer/test_host_impl.h"]).contains("class TestHostImpl"))
        XCTAssertNotNil(result.drafts["content/common/test_host_mock.h"])
        // The shell is gone, with its declaration and heading comment.
        XCTAssertEqual(reasons(result, .messageMap), ["Host::OnMessageReceived: done"])
        XCTAssertTrue(diff.contains("-bool Host::OnMessageReceived(const IPC::Message& message) {\n-  bool handled = true;\n"), diff)
        XCTAssertTrue(diff.contains("-  // RenderFrameObserver:\n-  bool OnMessageReceived(const IPC::Message& message) override;\n-\n"), diff)
    }

    /// A sync handler writing its outputs through pointers, and one taking a legacy enum whose mojom enum has its
    /// values, stay as they are: the class gets the interface methods calling them (adapters).
    func testSyncAndConvertedHandlersGetAdaptersInTheClass() throws {
        let (result, _) = try migrate([
            "content/common/test_messages.h": """
            #define IPC_MESSAGE_START TestMsgStart
            enum Mode { MODE_A, MODE_B = 4 };
            IPC_ENUM_TRAITS_MAX_VALUE(Mode, MODE_B)
            IPC_SYNC_MESSAGE_ROUTED1_1(TestHostMsg_Fetch, int /* key */, std::string /* value */)
            IPC_MESSAGE_ROUTED1(TestHostMsg_SetMode, Mode /* mode */)

            """,
            "content/renderer/host.h": """
            class Host : public RenderFrameObserver {
             public:
              bool OnMessageReceived(const IPC::Message& message) override;

             private:
              void OnFetch(int key, std::string* value);
              void OnSetMode(Mode mode);
            };

            """,
            "content/renderer/host.cc": """
            #include "content/renderer/host.h"

            bool Host::OnMessageReceived(const IPC::Message& message) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(Host, message)
                IPC_MESSAGE_HANDLER(TestHostMsg_Fetch, OnFetch)
                IPC_MESSAGE_HANDLER(TestHostMsg_SetMode, OnSetMode)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }

            void Host::OnFetch(int key, std::string* value) {
              *value = "v";
            }

            void Host::OnSetMode(Mode mode) {}

            """,
        ])
        XCTAssertEqual(reasons(result, .method), ["TestHostMsg_Fetch: done", "TestHostMsg_SetMode: done"])
        XCTAssertEqual(result.patch.convertedInPlace, ["content.mojom.TestHost"])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+class Host : public RenderFrameObserver, public content::mojom::TestHost {\n"), diff)
        XCTAssertTrue(diff.contains("   void OnFetch(int key, std::string* value);\n+  void Fetch(int32_t key, FetchCallback callback) override;\n"), diff)
        XCTAssertTrue(diff.contains("""
        +void Host::Fetch(int32_t key, FetchCallback callback) {
        +  std::string value;
        +  OnFetch(key, &value);
        +  std::move(callback).Run(value);
        +}
        """), diff)
        XCTAssertTrue(diff.contains("+void Host::SetMode(content::mojom::Mode mode) {\n+  OnSetMode(static_cast<Mode>(mode));\n+}\n"), diff)
    }

    /// A message left whole leaves its handler a stub, which converts nothing: the class's file does not include
    /// struct converters the patch then does not add (Electron 53f6cbcc's UpdateDraggableRegions).
    func testAStubIncludesNoConvertersOfTheMessageLeftWhole() throws {
        let (result, _) = try migrate([
            "content/common/test_messages.h": """
            #define IPC_MESSAGE_START TestMsgStart
            IPC_STRUCT_BEGIN(TestRegion)
              IPC_STRUCT_MEMBER(int, x)
            IPC_STRUCT_END()
            IPC_MESSAGE_ROUTED1(TestHostMsg_SetMode, int /* mode */)
            IPC_MESSAGE_ROUTED1(TestHostMsg_Regions, TestRegion /* region */)

            """,
            "content/renderer/host.h": """
            class Host : public RenderFrameObserver {
             public:
              bool OnMessageReceived(const IPC::Message& message) override;
              void Report(int frame_id, const TestRegion& region);

             private:
              void OnSetMode(int mode);
              void OnRegions(const TestRegion& region);
            };

            """,
            "content/renderer/host.cc": """
            #include "content/renderer/host.h"

            bool Host::OnMessageReceived(const IPC::Message& message) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(Host, message)
                IPC_MESSAGE_HANDLER(TestHostMsg_SetMode, OnSetMode)
                IPC_MESSAGE_HANDLER(TestHostMsg_Regions, OnRegions)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }

            void Host::Report(int frame_id, const TestRegion& region) {
              Send(new TestHostMsg_Regions(frame_id, region));
            }

            void Host::OnSetMode(int mode) {}

            void Host::OnRegions(const TestRegion& region) {}

            """,
        ])
        XCTAssertEqual(result.patch.convertedInPlace, ["content.mojom.TestHost"])
        XCTAssertFalse(result.isRewritten("TestHostMsg_Regions", .message), "\(result.patch.outcomes)")
        XCTAssertEqual(result.patch.addedFiles, [])
        XCTAssertTrue(result.patch.diff.contains("+void Host::Regions("), result.patch.diff)
        XCTAssertFalse(result.patch.diff.contains("type_converters.h"), result.patch.diff)
    }

    func testAByValueParameterTheHandlerChangesKeepsTheSkeleton() throws {
        let header = "class Host : public RenderFrameObserver {\n public:\n  bool OnMessageReceived(const IPC::Message& message) override;\n  void OnBar(int count, std::string name);\n  void OnBaz() const;\n  void OnQux(int value);\n};\n"
        let bodies = [
            ("  name += \"!\";\n", false), ("  Use(std::move(name));\n", false), ("  name.clear();\n", false), ("  Fill(&name);\n", false),
            ("  if (name == \"x\" || other.name = 1) Use(name);\n", true),
        ]
        for (body, converted) in bodies {
            let source = "#include \"content/renderer/host.h\"\n" + Self.map
                + "void Host::OnBar(int count, std::string name) {\n\(body)}\n\nvoid Host::OnBaz() const {\n}\n\nvoid Host::OnQux(int value) {\n}\n"
            let (result, _) = try migrate(["content/renderer/host.h": header, "content/renderer/host.cc": source])
            let bar = reasons(result, .method).first { $0.hasPrefix("TestHostMsg_Bar:") }
            if converted {
                XCTAssertEqual(bar, "TestHostMsg_Bar: done", body)
            } else {
                XCTAssertEqual(bar, "TestHostMsg_Bar: OnBar changes its parameter name, which Bar takes as const std::string&; convert by hand; TestHostImpl forwards to it", body)
            }
        }
    }

    func testOverloadsMissingDeclarationsAndNameClashesKeepTheSkeleton() throws {
        let header = { (members: String) in
            "class Host : public RenderFrameObserver {\n public:\n  bool OnMessageReceived(const IPC::Message& message) override;\n\(members)};\n"
        }
        let cases: [(members: String, reason: String)] = [
            ("  void OnBar(int count, const std::string& name);\n  void OnBar(int count);\n  void OnBaz() const;\n  void OnQux(int value);\n",
             "TestHostMsg_Bar: OnBar is declared 2 times in content/renderer/host.h (overloads or #if branches); convert by hand; TestHostImpl forwards to it"),
            ("  void OnBaz() const;\n  void OnQux(int value);\n",
             "TestHostMsg_Bar: OnBar is not declared in class Host in content/renderer/host.h (inherited, or written through a macro); TestHostImpl forwards to it"),
            ("  void OnBar(int count, const std::string& name);\n  void Bar();\n  void OnBaz() const;\n  void OnQux(int value);\n",
             "TestHostMsg_Bar: Host already has a member named Bar; TestHostImpl forwards to it"),
            ("  void OnBar(int count, const std::string& name) override;\n  void OnBaz() const;\n  void OnQux(int value);\n",
             "TestHostMsg_Bar: OnBar overrides a base class method; convert by hand; TestHostImpl forwards to it"),
            ("  static void OnBar(int count, const std::string& name);\n  void OnBaz() const;\n  void OnQux(int value);\n",
             "TestHostMsg_Bar: OnBar is declared `static void OnBar(...)`, not a plain `void` member; TestHostImpl forwards to it"),
        ]
        for (members, reason) in cases {
            let (result, _) = try migrate(["content/renderer/host.h": header(members), "content/renderer/host.cc": Self.map + Self.definitions])
            let methods = reasons(result, .method)
            XCTAssertTrue(methods.contains(reason), "\(methods)")
            XCTAssertTrue(methods.contains("TestHostMsg_Baz: TestHost.Bar cannot become an interface method, so TestHostImpl keeps forwarding to this handler"), "\(methods)")
            XCTAssertTrue(result.patch.convertedInPlace.isEmpty)
            XCTAssertTrue(result.drafts["content/renderer/test_host_impl.cc"]?.contains("TestHostImpl::TestHostImpl(Host* host)") ?? false)
            XCTAssertFalse(result.patch.diff.contains("mojom::TestHost"), result.patch.diff)
        }
    }

    /// A message defined under an `#if` (Electron's `OS_WIN` printing messages) has its method only there: the
    /// handler, the class's whatever the build, stays, and the method calling it is declared and defined under the
    /// same `#if`.
    func testAHandlerOfAMessageUnderIfIsCalledFromAMethodUnderIt() throws {
        let messages = Self.messages.replacingOccurrences(of: "IPC_MESSAGE_ROUTED0(TestHostMsg_Baz)\n", with: "#if defined(OS_WIN)\nIPC_MESSAGE_ROUTED0(TestHostMsg_Baz)\n#endif\n")
        let (result, _) = try migrate([
            "content/common/test_messages.h": messages,
            "content/renderer/host.h": "class Host {\n public:\n  bool OnMessageReceived(const IPC::Message& message);\n\n private:\n  void OnBar(int count, const std::string& name);\n  void OnBaz();\n  void OnQux(int value);\n};\n",
            "content/renderer/host.cc": Self.map + "void Host::OnBar(int count, const std::string& name) {}\n\nvoid Host::OnBaz() {\n}\n\nvoid Host::OnQux(int value) {}\n",
        ])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("   void OnBaz();\n+#if defined(OS_WIN)\n+  void Baz() override;\n+#endif\n"), diff)
        XCTAssertTrue(diff.contains(" void Host::OnBaz() {\n }\n+\n+#if defined(OS_WIN)\n+void Host::Baz() {\n+  OnBaz();\n+}\n+#endif\n"), diff)
        // The others become the methods themselves.
        XCTAssertTrue(diff.contains("+void Host::Qux(int32_t value) {}\n"), diff)
    }

    func testDelayReplySyncAndStructHandlersAreListed() throws {
        let (result, _) = try migrate([
            "content/common/test_messages.h": """
            #define IPC_MESSAGE_START TestMsgStart
            IPC_STRUCT_BEGIN(TestRegion)
              IPC_STRUCT_MEMBER(int, x)
            IPC_STRUCT_END()
            IPC_STRUCT_BEGIN(TestOpaque)
              IPC_STRUCT_MEMBER(skia::Opaque, pixels)
            IPC_STRUCT_END()
            IPC_SYNC_MESSAGE_ROUTED1_1(TestHostMsg_Fetch, int /* key */, std::string /* value */)
            IPC_SYNC_MESSAGE_ROUTED1_1(TestHostMsg_Later, int /* key */, std::string /* value */)
            IPC_MESSAGE_ROUTED1(TestHostMsg_Region, TestRegion /* region */)
            IPC_MESSAGE_ROUTED1(TestHostMsg_Opaque, TestOpaque /* opaque */)

            """,
            "content/renderer/host.h": "class Host {\n  void OnFetch(int key, std::string* value);\n  void OnLater(int key, IPC::Message* reply);\n  void OnRegion(const TestRegion& region);\n  void OnOpaque(const TestOpaque& opaque);\n};\n",
            "content/renderer/host.cc": """
            void Host::Dispatch(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(Host, message)
                IPC_MESSAGE_HANDLER(TestHostMsg_Fetch, OnFetch)
                IPC_MESSAGE_HANDLER_DELAY_REPLY(TestHostMsg_Later, OnLater)
                IPC_MESSAGE_HANDLER(TestHostMsg_Region, OnRegion)
                IPC_MESSAGE_HANDLER(TestHostMsg_Opaque, OnOpaque)
              IPC_END_MESSAGE_MAP()
            }

            """,
        ])
        let methods = reasons(result, .method)
        // Later's handler, defined in no file read, cannot take its callback: the message is left whole. One method
        // that cannot move (Opaque) keeps the rest of the interface on its skeleton.
        XCTAssertTrue(reasons(result, .message).contains { $0.hasPrefix("TestHostMsg_Later: left whole") && $0.contains("which it cannot: no definition `void Host::OnLater(...) {` in content/renderer/host.cc") }, "\(reasons(result, .message))")
        XCTAssertTrue(methods.contains("TestHostMsg_Later: TestHost.Later is left whole (see its message): its legacy handler OnLater stays"), "\(methods)")
        XCTAssertTrue(methods.contains("TestHostMsg_Fetch: TestHost.Opaque cannot become an interface method, so TestHostImpl keeps forwarding to this handler"), "\(methods)")
        // A struct whose TypeConverter is drafted is converted like any value (an adapter would call OnRegion); one
        // with a field nothing converts is listed.
        XCTAssertTrue(methods.contains("TestHostMsg_Region: TestHost.Opaque cannot become an interface method, so TestHostImpl keeps forwarding to this handler"), "\(methods)")
        XCTAssertTrue(methods.contains { $0.hasPrefix("TestHostMsg_Opaque: parameter opaque is content::mojom::TestOpaquePtr in the bindings, where OnOpaque takes the legacy C++ type") }, "\(methods)")
        // A map in a function that is not bool OnMessageReceived stays.
        XCTAssertEqual(reasons(result, .messageMap), ["Host::Dispatch: kept with the 1 entry left in it"])
    }

    func testMapInAFunctionNotReturningBoolStays() throws {
        let (result, _) = try migrate([
            "content/renderer/host.h": "class Host {\n  void OnBaz();\n};\n",
            "content/renderer/host.cc": "void Host::Dispatch(const IPC::Message& message) {\n  IPC_BEGIN_MESSAGE_MAP(Host, message)\n    IPC_MESSAGE_HANDLER(TestHostMsg_Baz, OnBaz)\n  IPC_END_MESSAGE_MAP()\n}\n\nvoid Host::OnBaz() {}\n",
        ], only: ["TestHostMsg_Baz"])
        XCTAssertEqual(reasons(result, .messageMap), ["Host::Dispatch: Dispatch does not return bool; remove it by hand"])
    }

    static let delayedReplyMessages = """
        #define IPC_MESSAGE_START TestMsgStart
        IPC_SYNC_MESSAGE_ROUTED1_1(TestHostMsg_Fetch, int /* key */, std::string /* value */)
        IPC_SYNC_MESSAGE_ROUTED0_2(TestHostMsg_Later, int /* a */, bool /* b */)

        """

    static let delayedReplyMap = """
        bool Host::OnMessageReceived(const IPC::Message& message) {
          bool handled = true;
          IPC_BEGIN_MESSAGE_MAP(Host, message)
            IPC_MESSAGE_HANDLER_DELAY_REPLY(TestHostMsg_Fetch, OnFetch)
            IPC_MESSAGE_HANDLER_DELAY_REPLY(TestHostMsg_Later, OnLater)
            IPC_MESSAGE_UNHANDLED(handled = false)
          IPC_END_MESSAGE_MAP()
          return handled;
        }


        """

    func testDelayedReplyBecomesTheCallbackWhereverItIsPassedOn() throws {
        let (result, _) = try migrate([
            "content/common/test_messages.h": Self.delayedReplyMessages,
            "content/renderer/host.h": "class Host {\n  void OnFetch(int key, IPC::Message* reply_msg);\n  void OnLater(IPC::Message* reply_msg);\n  void OnLaterReply(int a, IPC::Message*);\n};\n",
            "content/renderer/host.cc": Self.delayedReplyMap + """
            void Host::OnFetch(int key, IPC::Message* reply_msg) {
              std::string value = Lookup(key);
              TestHostMsg_Fetch::WriteReplyParams(reply_msg,
                                                  value);
              Send(reply_msg);
            }

            void Host::OnLater(IPC::Message* reply_msg) {
              if (ready_) {
                OnLaterReply(1, reply_msg);
                return;
              }
              store_->Load(base::BindOnce(&Host::OnLaterReply, base::Unretained(this), 2, reply_msg));
            }

            void Host::OnLaterReply(int a, IPC::Message* reply) {
              int callback = a;
              TestHostMsg_Later::WriteReplyParams(reply, callback, true);
              frame()->Send(reply);
            }

            """,
        ])
        let diff = result.patch.diff
        for declaration in ["Fetch(int32_t key, FetchCallback callback) override", "Later(LaterCallback callback) override", "OnLaterReply(int a, LaterCallback reply_callback)"] {
            XCTAssertTrue(diff.contains("+  void \(declaration);\n"), diff)
        }
        XCTAssertTrue(diff.contains("+void Host::Fetch(int32_t key, FetchCallback callback) {\n   std::string value = Lookup(key);\n-  TestHostMsg_Fetch::WriteReplyParams(reply_msg,\n-                                      value);\n-  Send(reply_msg);\n+  std::move(callback).Run(value);\n"), diff)
        XCTAssertTrue(diff.contains("+    OnLaterReply(1, std::move(callback));\n"), diff)
        XCTAssertTrue(diff.contains("+  store_->Load(base::BindOnce(&Host::OnLaterReply, base::Unretained(this), 2, std::move(callback)));\n"), diff)
        // The member passed on to takes the callback under a name its body does not use.
        XCTAssertTrue(diff.contains("+void Host::OnLaterReply(int a, LaterCallback reply_callback) {\n   int callback = a;\n-  TestHostMsg_Later::WriteReplyParams(reply, callback, true);\n-  frame()->Send(reply);\n+  std::move(reply_callback).Run(callback, true);\n"), diff)
        XCTAssertEqual(reasons(result, .reference), ["TestHostMsg_Fetch: done", "TestHostMsg_Later: done"])
        XCTAssertEqual(reasons(result, .method), ["TestHostMsg_Fetch: done", "TestHostMsg_Later: done"])
    }

    func testAReplyWithoutValuesIsSentAndAMemberMayBeNamedWithItsClass() throws {
        let (result, _) = try migrate([
            "content/common/test_messages.h": "#define IPC_MESSAGE_START TestMsgStart\nIPC_SYNC_MESSAGE_ROUTED1_0(TestHostMsg_Done, int /* a */)\n",
            "content/renderer/host.h": "class Host {\n  void OnDone(int a, IPC::Message* reply_msg);\n  void Finish(IPC::Message* reply_msg);\n};\n",
            "content/renderer/host.cc": Self.delayedReplyMap.replacingOccurrences(of: "    IPC_MESSAGE_HANDLER_DELAY_REPLY(TestHostMsg_Fetch, OnFetch)\n    IPC_MESSAGE_HANDLER_DELAY_REPLY(TestHostMsg_Later, OnLater)\n", with: "    IPC_MESSAGE_HANDLER_DELAY_REPLY(TestHostMsg_Done, OnDone)\n")
                + "void Host::OnDone(int a, IPC::Message* reply_msg) {\n  a_ = a;\n  Host::Finish(reply_msg);\n}\n\nvoid Host::Finish(IPC::Message* reply_msg) {\n  this->Send(reply_msg);\n}\n",
        ])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("+void Host::Done(int32_t a, DoneCallback callback) {\n   a_ = a;\n-  Host::Finish(reply_msg);\n+  Host::Finish(std::move(callback));\n"), diff)
        XCTAssertTrue(diff.contains("+void Host::Finish(DoneCallback callback) {\n-  this->Send(reply_msg);\n+  std::move(callback).Run();\n"), diff)
        XCTAssertEqual(reasons(result, .message), ["TestHostMsg_Done: done"])
    }

    func testDelayedReplyUsedOtherwiseIsListedWithTheLine() throws {
        // A message that converts whatever the others do gives each run a patch.
        let header = "class Host {\n  void OnFetch(int key, IPC::Message* reply_msg);\n  void OnLater(IPC::Message* reply_msg);\n  void OnLaterReply(int a, IPC::Message* reply_msg);\n  void OnPing();\n};\n"
        let messages = Self.delayedReplyMessages + "IPC_MESSAGE_ROUTED0(TestHostMsg_Ping)\n"
        let map = Self.delayedReplyMap.replacingOccurrences(of: "OnLater)\n", with: "OnLater)\n    IPC_MESSAGE_HANDLER(TestHostMsg_Ping, OnPing)\n") + "void Host::OnPing() {}\n\n"
        func listed(_ fetch: String, _ later: String) throws -> [String] {
            let (result, _) = try migrate([
                "content/common/test_messages.h": messages,
                "content/renderer/host.h": later.contains("Virtual") ? header.replacingOccurrences(of: "  void OnLaterReply", with: "  virtual void OnLaterReply") : header,
                "content/renderer/host.cc": map + fetch + "\n" + later + """

                void Host::OnLaterReply(int a, IPC::Message* reply_msg) {
                  TestHostMsg_Later::WriteReplyParams(reply_msg, a, false);
                  Send(reply_msg);
                }

                """,
            ])
            return reasons(result, .message).filter { !$0.hasSuffix(": done") }
        }
        let sendLater = "void Host::OnLater(IPC::Message* reply_msg) {\n  OnLaterReply(1, reply_msg);\n}\n"
        let fetch = "void Host::OnFetch(int key, IPC::Message* reply_msg) {\n  TestHostMsg_Fetch::WriteReplyParams(reply_msg, \"\");\n  Send(reply_msg);\n}\n"
        let cases: [(fetch: String, later: String, reason: String)] = [
            // Per-message state read from the reply.
            ("void Host::OnFetch(int key, IPC::Message* reply_msg) {\n  Remember(reply_msg->routing_id());\n  TestHostMsg_Fetch::WriteReplyParams(reply_msg, \"\");\n  Send(reply_msg);\n}\n", sendLater,
             "TestHostMsg_Fetch: left whole, so that it is never sent or handled half-way: handler at content/renderer/host.cc:4:5: OnFetch answers through the reply message (IPC_MESSAGE_HANDLER_DELAY_REPLY), which only Host can make the reply callback, implementing the interface itself, which it cannot: OnFetch uses reply_msg at content/renderer/host.cc:15 other than to write the reply and send it, or pass it to a member of Host; make it a FetchCallback by hand; reference at content/renderer/host.cc:16:3: TestHostMsg_Fetch::WriteReplyParams writes a delayed reply in Host::OnFetch that its handler's conversion did not make the reply callback's Run (see its handler entry)"),
            // Kept in a member, to answer later.
            ("void Host::OnFetch(int key, IPC::Message* reply_msg) {\n  pending_ = reply_msg;\n}\n", sendLater,
             "OnFetch uses reply_msg at content/renderer/host.cc:15 other than to write the reply and send it, or pass it to a member of Host; make it a FetchCallback by hand"),
            // Passed in a brace list.
            ("void Host::OnFetch(int key, IPC::Message* reply_msg) {\n  Keep(Holder{key, reply_msg, 0});\n}\n", sendLater,
             "OnFetch uses reply_msg at content/renderer/host.cc:15 as an argument of something other than a call; make it a FetchCallback by hand"),
            // Written, but sent after something else.
            ("void Host::OnFetch(int key, IPC::Message* reply_msg) {\n  TestHostMsg_Fetch::WriteReplyParams(reply_msg, \"\");\n  Log();\n  Send(reply_msg);\n}\n", sendLater,
             "at content/renderer/host.cc:15, the reply written is not sent by the next statement (`Send(reply_msg);`)"),
            // Bound with base::Bind, which cannot hold a move-only callback.
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  Post(base::Bind(&Host::OnLaterReply, this, 1, reply_msg));\n}\n",
             "OnLater uses reply_msg at content/renderer/host.cc:20 bound with base::Bind, which cannot hold the reply callback (it is move-only: base::BindOnce can); make it a LaterCallback by hand"),
            // Run in a lambda, which copies what it captures, or in a loop.
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  Load([=](int a) { TestHostMsg_Later::WriteReplyParams(reply_msg, a, true); Send(reply_msg); });\n}\n",
             "OnLater uses reply_msg at content/renderer/host.cc:20 inside a lambda; make it a LaterCallback by hand"),
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  for (int i = 0; i < 1; ++i) {\n    TestHostMsg_Later::WriteReplyParams(reply_msg, i, true);\n    Send(reply_msg);\n  }\n}\n",
             "OnLater uses reply_msg at content/renderer/host.cc:21 inside a loop; make it a LaterCallback by hand"),
            // Used again after the callback would be moved into a member.
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  OnLaterReply(1, reply_msg);\n  Log(reply_msg);\n}\n",
             "OnLater uses reply_msg at content/renderer/host.cc:21 after passing it to OnLaterReply at content/renderer/host.cc:20, where the callback would be moved; make it a LaterCallback by hand"),
            // The reply's values read the message, or hold a preprocessor line (joined onto one line, it would break).
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  TestHostMsg_Later::WriteReplyParams(reply_msg, reply_msg->routing_id(), true);\n  Send(reply_msg);\n}\n",
             "at content/renderer/host.cc:20, the reply's values use reply_msg itself"),
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  TestHostMsg_Later::WriteReplyParams(reply_msg,\n#if defined(OS_WIN)\n      1,\n#else\n      2,\n#endif\n      true);\n  Send(reply_msg);\n}\n",
             "at content/renderer/host.cc:20, a preprocessor line is among the reply's values"),
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  TestHostMsg_Later::WriteReplyParams(reply_msg, 1, true);\n#if defined(OS_WIN)\n  Send(reply_msg);\n#endif\n}\n",
             "at content/renderer/host.cc:20, a preprocessor line stands between the reply's write and its Send"),
            // A task posted to another thread would run the callback off its receiver's sequence.
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  task_runner_->PostTask(FROM_HERE, base::BindOnce(&Host::OnLaterReply, this, 1, reply_msg));\n}\n",
             "OnLater uses reply_msg at content/renderer/host.cc:20 bound into a task PostTask posts, which would run the reply callback off the sequence its receiver is bound on"),
            // Passed to a macro, or to a virtual member whose overrides the files read do not show.
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  DCHECK(reply_msg);\n  OnLaterReply(1, reply_msg);\n}\n",
             "OnLater passes reply_msg to DCHECK at content/renderer/host.cc:20, which content/renderer/host.cc defines as no member of Host (a macro, or another class's function)"),
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  // Virtual\n  OnLaterReply(1, reply_msg);\n}\n",
             "OnLaterReply, which the reply is passed to, is virtual: its overrides would still take the reply message; convert by hand"),
            // A member passed the reply that something else calls too.
            (fetch, "void Host::OnLater(IPC::Message* reply_msg) {\n  OnLaterReply(1, reply_msg);\n}\n\nvoid Host::Other(IPC::Message* m) {\n  OnLaterReply(2, m);\n}\n",
             "OnLaterReply, which OnLater passes the reply to, is named elsewhere in content/renderer/host.cc or content/renderer/host.h too; it would take LaterCallback there as well: convert by hand"),
        ]
        for (fetch, later, reason) in cases {
            let found = try listed(fetch, later)
            // One method that cannot take its callback keeps both on the skeleton, which cannot pass a reply message.
            XCTAssertEqual(found.count, 2, "\(found)")
            XCTAssertTrue(found.contains { $0.contains(reason) }, "\(found)")
            XCTAssertTrue(found.contains { $0.contains("implementing the interface itself, which it cannot: TestHost.") }, "\(found)")
        }
    }

    func testListenerBaseGoesWithTheShellAndAFilterKeepsIt() throws {
        let cc = Self.map + Self.definitions.replacingOccurrences(of: "#if defined(OS_ANDROID)\n", with: "").replacingOccurrences(of: "#endif\n", with: "")
        let members = "  bool OnMessageReceived(const IPC::Message& message) override;\n  void OnBar(int count, const std::string& name);\n  void OnBaz() const;\n  void OnQux(int value);\n"
        let (listener, _) = try migrate([
            "content/renderer/host.h": "namespace other {\nnamespace content {\n\nclass Host : public IPC::Listener {\n\(members)};\n\n}\n}\n",
            "content/renderer/host.cc": cc,
        ])
        let diff = listener.patch.diff
        XCTAssertTrue(diff.contains("+// TODO(mojify): no longer an IPC::Listener; remove the AddRoute/RemoveRoute calls that registered it.\n+class Host : public ::content::mojom::TestHost {\n"), diff)
        XCTAssertEqual(reasons(listener, .messageMap), ["Host::OnMessageReceived: done"])

        let (filter, _) = try migrate([
            "content/renderer/host.h": "class Host : public content::BrowserMessageFilter {\n\(members)};\n",
            "content/renderer/host.cc": cc,
        ])
        XCTAssertTrue(filter.patch.diff.contains("+class Host : public content::BrowserMessageFilter, public content::mojom::TestHost {\n"), filter.patch.diff)
        XCTAssertEqual(reasons(filter, .messageMap), ["Host::OnMessageReceived: Host derives from content::BrowserMessageFilter, whose OnMessageReceived is pure virtual: remove the filter and the AddFilter call that installs it by hand"])
    }

    func testShellDoingMoreThanDispatchOrWithEntriesLeftStays() throws {
        let (result, _) = try migrate([
            "content/renderer/host.cc": """
            bool Host::OnMessageReceived(const IPC::Message& message) {
              ++nesting_;
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(Host, message)
                IPC_MESSAGE_HANDLER(TestHostMsg_Bar, OnBar)
              IPC_END_MESSAGE_MAP()
              return handled;
            }

            bool Other::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(Other, message)
                IPC_MESSAGE_HANDLER(TestHostMsg_Baz, OnBaz)
                IPC_MESSAGE_HANDLER(TestHostMsg_Qux, OnQux)
              IPC_END_MESSAGE_MAP()
              return false;
            }

            """,
        ], only: ["TestHostMsg_Bar", "TestHostMsg_Baz"])
        XCTAssertEqual(reasons(result, .messageMap), [
            "Host::OnMessageReceived: OnMessageReceived does more than dispatch (`+` at line 2); remove the map by hand",
            "Other::OnMessageReceived: kept with the 1 entry left in it",
        ])
    }

    // MARK: - Definitions

    func testDefinitionsLeaveTheHeaderWhichIsDeletedWithItsClassAndIncludes() throws {
        let (result, scratch) = try migrate([
            "ipc/ipc_message_start.h": "enum IPCMessageStart {\n  FrameMsgStart,\n  TestMsgStart,\n  LastIPCMsgStart\n};\n",
            "content/common/content_message_generator.h": "// Multiply-included.\n#include \"content/common/frame_messages.h\"\n#include \"content/common/test_messages.h\"\n",
            "content/renderer/sender.cc": """
            #include "content/common/test_messages.h"

            void Sender::Go() {
              Send(new TestHostMsg_Bar(routing_id(), 1, "a"));
              Send(new TestHostMsg_Baz(routing_id()));
              Send(new TestHostMsg_Qux(routing_id(), 2));
            }

            """,
        ])
        XCTAssertEqual(reasons(result, .definition), ["TestHostMsg_Bar: done", "TestHostMsg_Baz: done", "TestHostMsg_Qux: done", "TestMsgStart: done"])
        XCTAssertEqual(result.patch.deletedFiles, ["content/common/test_messages.h"])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("diff --git a/content/common/test_messages.h b/content/common/test_messages.h\ndeleted file mode 100644\n--- a/content/common/test_messages.h\n+++ /dev/null\n@@ -1,9 +0,0 @@\n"), diff)
        XCTAssertTrue(diff.contains("   FrameMsgStart,\n-  TestMsgStart,\n   LastIPCMsgStart\n"), diff)
        XCTAssertTrue(diff.contains(" #include \"content/common/frame_messages.h\"\n-#include \"content/common/test_messages.h\"\n"), diff)
        XCTAssertTrue(diff.contains("-#include \"content/common/test_messages.h\"\n+#include \"content/common/test.mojom.h\"\n"), diff)
        XCTAssertTrue(FileManager.default.fileExists(atPath: scratch.path + "/content/common/test_messages.h"), "the tree was changed")
    }

    func testDefinitionsStillUsedOrBesideOtherCodeStay() throws {
        let (result, _) = try migrate([
            "content/common/test_messages.h": Self.messages + "IPC_ENUM_TRAITS(TestEnum)\n",
            "content/renderer/sender.cc": "void Sender::Go() {\n  Send(new TestHostMsg_Bar(routing_id(), 1, \"a\"));\n  IPC::Message* kept = new TestHostMsg_Baz(routing_id());\n}\n",
        ])
        let definitions = reasons(result, .definition)
        XCTAssertTrue(definitions.contains("TestHostMsg_Bar: done"), "\(definitions)")
        // A message some sender still builds is left whole: its definition stays, and the message says why.
        XCTAssertFalse(definitions.contains { $0.hasPrefix("TestHostMsg_Baz") }, "\(definitions)")
        XCTAssertEqual(result.reason("TestHostMsg_Baz", .message), "left whole, so that it is never sent or handled half-way: sender at content/renderer/sender.cc:3:28: the message is built here and sent elsewhere (stored or passed on); rewrite by hand")
        XCTAssertTrue(result.patch.diff.contains(" IPC_MESSAGE_ROUTED0(TestHostMsg_Baz)\n") || !result.patch.diff.contains("TestHostMsg_Baz"), result.patch.diff)
        XCTAssertTrue(result.patch.diff.contains("-// Tells the host about a bar.\n-IPC_MESSAGE_ROUTED2(TestHostMsg_Bar,\n-                    int /* count */,\n-                    std::string /* name */)\n"), result.patch.diff)
        XCTAssertTrue(result.patch.deletedFiles.isEmpty)
    }

    func testAnIfBlockLeftEmptyGoesAndOneWithAnElseOrACommentStays() throws {
        let header = """
        #include "ipc/ipc_message_macros.h"
        #define IPC_MESSAGE_START TestMsgStart

        IPC_MESSAGE_ROUTED0(TestHostMsg_Baz)

        #if defined(OS_ANDROID)
        #if BUILDFLAG(ENABLE_QUX)
        // Shown on Android.
        IPC_MESSAGE_ROUTED1(TestHostMsg_Qux, int /* value */)

        #endif
        #endif

        #if defined(OS_MAC)
        IPC_MESSAGE_ROUTED1(TestHostMsg_Mac, int /* value */)
        #else
        IPC_MESSAGE_ROUTED1(TestHostMsg_Other, int /* value */)
        #endif

        #if defined(OS_WIN)
        // Windows messages follow.

        IPC_MESSAGE_ROUTED1(TestHostMsg_Win, int /* value */)
        #endif

        """
        let (result, _) = try migrate(["content/common/test_messages.h": header], only: ["TestHostMsg_Qux", "TestHostMsg_Mac", "TestHostMsg_Win"])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains(" IPC_MESSAGE_ROUTED0(TestHostMsg_Baz)\n \n-#if defined(OS_ANDROID)\n-#if BUILDFLAG(ENABLE_QUX)\n-// Shown on Android.\n-IPC_MESSAGE_ROUTED1(TestHostMsg_Qux, int /* value */)\n-\n-#endif\n-#endif\n-\n #if defined(OS_MAC)\n"), diff)
        XCTAssertTrue(diff.contains(" #if defined(OS_MAC)\n-IPC_MESSAGE_ROUTED1(TestHostMsg_Mac, int /* value */)\n #else\n"), diff)
        // A comment apart from the definition (a blank line between) keeps its block.
        XCTAssertTrue(diff.contains(" #if defined(OS_WIN)\n // Windows messages follow.\n \n-IPC_MESSAGE_ROUTED1(TestHostMsg_Win, int /* value */)\n #endif\n"), diff)
    }

    // MARK: - BUILD.gn

    func testTheTargetListingAChangedFileGainsTheMojomDependency() throws {
        let sender = "void Sender::Go() {\n  Send(new TestHostMsg_Bar(routing_id(), 1, \"a\"));\n}\n"
        let (result, _) = try migrate([
            "content/renderer/sender.cc": sender,
            "content/renderer/other.cc": sender,
            "content/lonely/alone.cc": sender,
            // The parent folder's BUILD.gn lists the file with its subfolder; the comment and the if block are skipped.
            "content/BUILD.gn": """
            # "renderer/sender.cc" in a comment is not a source.
            source_set("renderer") {
              sources = [
                "renderer/sender.cc",
              ]
              if (is_android) {
                deps = [ "//android" ]
              }
              deps = [
                "//base",
              ]
            }

            """,
            "content/renderer/BUILD.gn": "component(\"other\") {\n  sources = [ \"other.cc\" ]\n}\n",
        ])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("     \"//base\",\n+    \"//content/common:test_mojom\",\n   ]\n"), diff)
        XCTAssertTrue(diff.contains("   sources = [ \"other.cc\" ]\n+  deps = [ \"//content/common:test_mojom\" ]\n }\n"), diff)
        XCTAssertEqual(reasons(result, .build), [
            "content/lonely/alone.cc: no BUILD.gn above it lists it in sources; add //content/common:test_mojom to its target's deps by hand",
            "content/renderer/sender.cc: done",
            "content/renderer/other.cc: done",
        ])
    }

    func testSourcesAddedWithPlusEqualsAndInIfBlocksOfATargetOfAComputedTypeAreFound() throws {
        let sender = "void Sender::Go() {\n  Send(new TestHostMsg_Bar(routing_id(), 1, \"a\"));\n}\n"
        let (result, _) = try migrate([
            "content/renderer/sender.cc": sender,
            "content/renderer/other.cc": sender,
            "content/renderer/third.cc": sender,
            "content/lonely/alone.cc": sender,
            // As Chromium's content/renderer: the target's type is a variable, its sources come in several statements.
            "content/renderer/BUILD.gn": """
            if (is_component_build) {
              link_target_type = "source_set"
            } else {
              link_target_type = "static_library"
            }
            target(link_target_type, "renderer") {
              sources = [
                "other.cc",
              ]
              sources += [ "sender.cc" ]
              if (is_android) {
                sources += [
                  "third.cc",
                ]
              }
              deps = [
                "//base",
              ]
            }

            """,
            // Taken out of the sources is not listed.
            "content/lonely/BUILD.gn": "source_set(\"lonely\") {\n  sources -= [ \"alone.cc\" ]\n}\n",
        ])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("     \"//base\",\n+    \"//content/common:test_mojom\",\n   ]\n }\n"), diff)
        XCTAssertEqual(reasons(result, .build), [
            "content/lonely/alone.cc: no BUILD.gn above it lists it in sources; add //content/common:test_mojom to its target's deps by hand",
            "content/renderer/other.cc: done",
            "content/renderer/sender.cc: done",
            "content/renderer/third.cc: done",
        ])
    }

    func testAFileInAListATargetsSourcesUseGetsTheDependencyFromItsBUILDOrAnImportedGni() throws {
        let sender = "void Sender::Go() {\n  Send(new TestHostMsg_Bar(routing_id(), 1, \"a\"));\n}\n"
        let (result, _) = try migrate([
            "content/browser/host.cc": sender,
            "content/browser/renderer_host/sub.cc": sender,
            "content/browser/browser.gni": "# The browser's sources.\ncontent_browser_sources = [\n  \"host.cc\",\n  \"host.h\",\n]\n",
            "content/browser/BUILD.gn": """
            import("//content/browser/browser.gni")

            extra_sources = [ "renderer_host/sub.cc" ]

            source_set("browser") {
              sources = content_browser_sources
              deps = [ "//base" ]
            }

            component("extra") {
              sources = []
              sources += extra_sources
            }

            """,
        ])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains("-  deps = [ \"//base\" ]\n+  deps = [ \"//base\", \"//content/common:test_mojom\" ]\n"), diff)
        XCTAssertTrue(diff.contains("   sources += extra_sources\n+  deps = [ \"//content/common:test_mojom\" ]\n }\n"), diff)
        XCTAssertEqual(reasons(result, .build), ["content/browser/host.cc: done", "content/browser/renderer_host/sub.cc: done"])
    }

    func testADeletedHeaderLeavesEveryGeneratorAndListThatNamesIt() throws {
        var files = [
            "content/renderer/sender.cc": """
            #include "content/common/test_messages.h"

            void Sender::Go() {
              Send(new TestHostMsg_Bar(routing_id(), 1, "a"));
              Send(new TestHostMsg_Baz(routing_id()));
              Send(new TestHostMsg_Qux(routing_id(), 2));
            }

            """,
            // Generators of other names than `*message_generator.h`.
            "content/common/message_generator_content.h": "#include \"content/common/frame_messages.h\"\n#include \"content/common/test_messages.h\"\n",
            "content/common/content_messages_generator.h": "#include \"content/common/test_messages.h\"\n",
            "content/common/common.gni": "content_common_sources = [\n  \"//content/common/test_messages.h\",\n  \"other.cc\",\n]\n",
            "content/common/BUILD.gn": """
            import("//content/common/common.gni")

            source_set("common") {
              sources = content_common_sources
              sources += [
                "frame_messages.h",
                "test_messages.h",  # Test messages.
              ]
              public = [ "test_messages.h", "other.h" ]
            }

            """,
            "content/BUILD.gn": "group(\"content\") {\n  inputs = [ \"common/frame_messages.h\", \"common/test_messages.h\" ]\n  data = [ \"common/test_messages.h\" ]\n}\n",
            "BUILD.gn": "group(\"root\") {\n  header = \"content/common/test_messages.h\"\n}\n",
        ]
        let (result, _) = try migrate(files)
        files["content/common/test_messages.h"] = Self.messages
        XCTAssertEqual(result.patch.deletedFiles, ["content/common/test_messages.h"])
        let diff = result.patch.diff
        XCTAssertTrue(diff.contains(" #include \"content/common/frame_messages.h\"\n-#include \"content/common/test_messages.h\"\n"), diff)
        XCTAssertTrue(diff.contains("--- a/content/common/content_messages_generator.h\n+++ b/content/common/content_messages_generator.h\n@@ -1 +0,0 @@\n-#include \"content/common/test_messages.h\"\n"), diff)
        XCTAssertTrue(diff.contains(" content_common_sources = [\n-  \"//content/common/test_messages.h\",\n   \"other.cc\",\n"), diff)
        XCTAssertTrue(diff.contains("     \"frame_messages.h\",\n-    \"test_messages.h\",  # Test messages.\n   ]\n"), diff)
        XCTAssertTrue(diff.contains("-  public = [ \"test_messages.h\", \"other.h\" ]\n+  public = [ \"other.h\" ]\n"), diff)
        XCTAssertTrue(diff.contains("+  inputs = [ \"common/frame_messages.h\" ]\n-  data = [ \"common/test_messages.h\" ]\n+  data = []\n"), diff)
        // A mention outside a list is listed; every other file the patch read names the deleted header no more.
        XCTAssertEqual(reasons(result, .definition).filter { $0.hasPrefix("content/common/test_messages.h") }, [
            "content/common/test_messages.h: BUILD.gn names the deleted file outside a list; remove it by hand",
        ])
        for (path, text) in files where path != "content/common/test_messages.h" && path != "BUILD.gn" {
            XCTAssertFalse((result.patch.rewritten[path] ?? text).contains("test_messages.h"), "\(path) still names the deleted header")
        }
    }
}

/// Skeletons that compile: a forwarding implementation calls private handlers, from the handler class's namespace.
extension MigrateHandlerTests {
    func testTheImplementationIsAFriendOfItsPrivateHandlersInTheirNamespace() throws {
        let (result, _) = try migrate([
            "electron/browser/host.h": """
            namespace electron {

            class Host : public content::WebContentsObserver {
              public:
               Host();

              private:
               bool OnMessageReceived(const IPC::Message& message) override;
               void OnBar(int count, const std::string& name, int extra = 0);
            };

            }  // namespace electron

            """,
            "electron/browser/host.cc": """
            #include "electron/browser/host.h"
            #include "content/common/test_messages.h"
            namespace electron {
            bool Host::OnMessageReceived(const IPC::Message& message) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(Host, message)
                IPC_MESSAGE_HANDLER(TestHostMsg_Bar, OnBar)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }
            }  // namespace electron

            """,
        ], only: ["TestHostMsg_Bar"])
        XCTAssertEqual(reasons(result, .friend), ["content.mojom.TestHost: done"])
        XCTAssertTrue(result.patch.diff.contains(" class Host : public content::WebContentsObserver {\n+  friend class TestHostImpl;\n   public:\n"), result.patch.diff)
        let header = try XCTUnwrap(result.drafts.first { $0.key.hasSuffix("test_host_impl.h") }?.value)
        // In the class's namespace, not the module's `content`, where `Host` names nothing.
        XCTAssertTrue(header.contains("namespace electron {\n"), header)
        XCTAssertTrue(header.contains("  Host* const host_;"), header)
        // From `electron`, `mojom::TestHost` would be electron::mojom's (or nothing): the interface is qualified.
        XCTAssertTrue(header.contains("class TestHostImpl : public content::mojom::TestHost {"), header)
        XCTAssertTrue(header.contains("void BindTestHost(mojo::PendingReceiver<content::mojom::TestHost> receiver);"), header)
        let mock = try XCTUnwrap(result.drafts.first { $0.key.hasSuffix("test_host_mock.h") }?.value)
        XCTAssertTrue(mock.contains("class MockTestHost : public content::mojom::TestHost {"), mock)
        let test = try XCTUnwrap(result.drafts.first { $0.key.hasSuffix("test_host_mock_unittest.cc") }?.value)
        XCTAssertTrue(test.contains("  mojo::Remote<content::mojom::TestHost> remote_;"), test)
    }
}
