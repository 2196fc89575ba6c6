import Foundation
@testable import MojifyMigration
import MojifyTestSupport
import XCTest

/// Every other use of a converted message's class goes with its definition, or the message is left whole: the
/// thread-override labels and delayed replies a fork's patch left naming removed definitions.
extension MigrateTests {
    static let filterSource = """
    #include "content/common/test_messages.h"
    void Filter::OverrideThreadForMessage(const IPC::Message& message, BrowserThread::ID* thread) {
      switch (message.type()) {
        case TestHostMsg_Bar::ID:
          *thread = BrowserThread::UI;
          break;
        case OtherMsg_Kept::ID:
        case TestHostMsg_Ping::ID:
          *thread = BrowserThread::FILE;
          break;
      }
    }
    bool Filter::OnMessageReceived(const IPC::Message& message) {
      bool handled = true;
      IPC_BEGIN_MESSAGE_MAP(Filter, message)
        IPC_MESSAGE_HANDLER(TestHostMsg_Bar, OnBar)
        IPC_MESSAGE_HANDLER(TestHostMsg_Ping, OnPing)
        IPC_MESSAGE_HANDLER_DELAY_REPLY(TestHostMsg_Fetch, OnFetch)
        IPC_MESSAGE_UNHANDLED(handled = false)
      IPC_END_MESSAGE_MAP()
      return handled;
    }
    void Filter::OnFetch(int key, IPC::Message* reply_msg) {
      TestHostMsg_Fetch::WriteReplyParams(reply_msg, Lookup(key));
      Send(reply_msg);
    }

    """

    func testCaseLabelsOfConvertedMessagesGoAndADelayedReplyKeepsItsMessage() throws {
        let (result, scratch) = try migrate(header: Self.header, source: Self.filterSource)
        let diff = result.patch.diff
        // A label with its own statements goes with them; a label sharing them goes alone.
        XCTAssertTrue(diff.contains("   switch (message.type()) {\n-    case TestHostMsg_Bar::ID:\n-      *thread = BrowserThread::UI;\n-      break;\n     case OtherMsg_Kept::ID:\n-    case TestHostMsg_Ping::ID:\n       *thread = BrowserThread::FILE;\n"), diff)
        XCTAssertTrue(result.isRewritten("TestHostMsg_Bar", .reference))
        XCTAssertTrue(result.isRewritten("TestHostMsg_Bar", .message))
        // The delayed reply names the definition: the message stays whole, its map entry and definition too.
        XCTAssertEqual(result.reason("TestHostMsg_Fetch", .reference), "TestHostMsg_Fetch::WriteReplyParams writes a delayed reply in Filter::OnFetch that its handler's conversion did not make the reply callback's Run (see its handler entry)")
        // Its handler could take the callback were it declared in Filter, which would implement the interface.
        XCTAssertEqual(result.reason("TestHostMsg_Fetch", .handler), "OnFetch answers through the reply message (IPC_MESSAGE_HANDLER_DELAY_REPLY), which only Filter can make the reply callback, implementing the interface itself, which it cannot: OnFetch is not declared in class Filter in content/renderer/test_sender.h (inherited, or written through a macro)")
        XCTAssertTrue(result.reason("TestHostMsg_Fetch", .message)?.contains("reference at content/renderer/test_sender.cc:24:3: TestHostMsg_Fetch::WriteReplyParams writes a delayed reply") == true, "\(result.patch.outcomes)")
        XCTAssertFalse(diff.contains("-    IPC_MESSAGE_HANDLER_DELAY_REPLY(TestHostMsg_Fetch"), diff)
        XCTAssertFalse(diff.contains("-IPC_SYNC_MESSAGE_ROUTED1_1(TestHostMsg_Fetch"), diff)
        XCTAssertNil(try Self.gitApplyCheck(diff, on: scratch.path))
    }

    /// A comment naming a converted message names the method it became (emblink's "ideally ViewMsg_WasShown would
    /// take a size"); one naming a message left whole, or a longer name, is left as written.
    func testCommentsNamingAConvertedMessageNameItsMethod() throws {
        let (result, scratch) = try migrate(header: Self.header, source: """
        void Sender::Go() {
          // Ideally |TestHostMsg_Bar| would carry a size; TestHostMsg_Bar_Params and TestHostMsg_Fetch stay.
          Send(new TestHostMsg_Bar(routing_id(), 1, "x"));  /* TestHostMsg_Bar goes to the browser. */
        }
        void Sender::Fetch(std::string* value) {
          Send(new TestHostMsg_Fetch(routing_id(), 1, value));
          TestHostMsg_Fetch::ID;
        }

        """)
        let diff = result.patch.diff
        XCTAssertTrue(result.isRewritten("TestHostMsg_Bar", .message))
        XCTAssertFalse(result.isRewritten("TestHostMsg_Fetch", .message))
        XCTAssertTrue(diff.contains("+  // Ideally |content::mojom::TestHost::Bar| would carry a size; TestHostMsg_Bar_Params and TestHostMsg_Fetch stay.\n"), diff)
        XCTAssertTrue(diff.contains("+  GetTestHost()->Bar(1, \"x\");  /* content::mojom::TestHost::Bar goes to the browser. */\n"), diff)
        XCTAssertNil(try Self.gitApplyCheck(diff, on: scratch.path))
    }

    func testAnIDUsedOutsideACaseLabelOrAFallThroughKeepsTheMessage() throws {
        let (result, _) = try migrate(header: Self.header, source: """
        bool Filter::IsBar(const IPC::Message& message) {
          return message.type() == TestHostMsg_Bar::ID;
        }
        void Filter::Post() {
          DispatchSimpleEvent<TestHostMsg_Fetch>(TestHostMsg_Fetch(1, nullptr));
        }
        void Filter::Pick(const IPC::Message& message, int* thread) {
          switch (message.type()) {
            case OtherMsg_Kept::ID:
              Note();
            case TestHostMsg_Ping::ID:
              *thread = 1;
              break;
          }
        }

        """)
        XCTAssertEqual(result.reason("TestHostMsg_Bar", .reference), "TestHostMsg_Bar::ID is used outside a case label in Filter::IsBar (a type test or forwarding); rewrite it by hand")
        XCTAssertEqual(result.reason("TestHostMsg_Ping", .reference), "the case before `case TestHostMsg_Ping::ID:` may fall through into its statements; remove it by hand")
        XCTAssertFalse(result.isRewritten("TestHostMsg_Ping", .message))
        XCTAssertEqual(result.reason("TestHostMsg_Fetch", .reference), "TestHostMsg_Fetch is named here in Filter::Post (a template argument, or a message built without new); rewrite it by hand")
        XCTAssertEqual(result.patch.outcomes.filter { $0.kind == .definition && $0.reason == nil }.map(\.message), [])
    }

    /// The fork's patch dropped the messages header from files still naming what it defines: an IPC struct stays
    /// named after the rewrite, so the include stays beside the mojom one.
    func testTheIncludeStaysWhileTheFileNamesAStructOfTheHeader() throws {
        let (result, _) = try migrate(header: Self.header + "IPC_STRUCT_BEGIN(TestHostMsg_Bar_Params)\n  IPC_STRUCT_MEMBER(int, count)\nIPC_STRUCT_END()\n", source: """
        #include "content/common/test_messages.h"
        void Sender::Go() {
          TestHostMsg_Bar_Params params;
          Send(new TestHostMsg_Ping(params.count));
        }

        """)
        XCTAssertTrue(result.isRewritten("TestHostMsg_Ping"))
        XCTAssertTrue(result.patch.diff.contains(" #include \"content/common/test_messages.h\"\n+#include \"content/common/test.mojom.h\"\n"), result.patch.diff)
    }
}
