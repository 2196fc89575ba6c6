import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// Patches in the tree: what they add is theirs, what they remove is said, their context is the patched file's.
final class PatchTests: XCTestCase {
    func testOnlyAddedLinesAreThePatchsMessagesAndRemovedLinesAreMessagesItRemoves() throws {
        let tree = try temporaryFolder()
        try tree.write("content/common/foo_messages.h", """
        #define IPC_MESSAGE_START FooMsgStart
        IPC_MESSAGE_ROUTED0(FooMsg_Existing)
        IPC_MESSAGE_ROUTED0(FooMsg_Next)
        """)
        try tree.write("patches/add_bar.patch", """
        From 1234 Mon Sep 17 00:00:00 2001
        Subject: Add FooHostMsg_Bar

        diff --git a/content/common/foo_messages.h b/content/common/foo_messages.h
        --- a/content/common/foo_messages.h
        +++ b/content/common/foo_messages.h
        @@ -1,3 +1,5 @@
         #define IPC_MESSAGE_START FooMsgStart
         IPC_MESSAGE_ROUTED0(FooMsg_Existing)
        +IPC_MESSAGE_ROUTED1(FooHostMsg_Bar,
        +                    int /* bar_id */)
        -IPC_MESSAGE_ROUTED0(FooMsg_Removed)
         IPC_MESSAGE_ROUTED0(FooMsg_Next)
        diff --git a/content/renderer/foo.cc b/content/renderer/foo.cc
        --- a/content/renderer/foo.cc
        +++ b/content/renderer/foo.cc
        @@ -10,3 +10,4 @@
         void Foo::Existing() {
           Send(new FooMsg_Existing(routing_id_));
        +  Send(new FooHostMsg_Bar(routing_id_, 1));
         }
        diff --git a/BUILD.gn b/BUILD.gn
        --- a/BUILD.gn
        +++ b/BUILD.gn
        @@ -1,1 +1,2 @@
         # IPC_MESSAGE_ROUTED0(NotCxx)
        +# IPC_MESSAGE_ROUTED0(NotCxxEither)
        """)
        let inventory = try tree.scan()
        let fromPatch = inventory.messages.filter { $0.patch != nil }
        XCTAssertEqual(fromPatch.map(\.name), ["FooHostMsg_Bar"], "context lines are the patched file's, not the patch's")
        let bar = try XCTUnwrap(fromPatch.first)
        XCTAssertEqual(bar.location, SourceLocation(file: "patches/add_bar.patch", line: 10, column: 2))
        XCTAssertEqual(bar.patch, PatchOrigin(targetFile: "content/common/foo_messages.h", targetLine: 3, change: .added))
        XCTAssertEqual(bar.inputs.map(\.type), ["int"])
        XCTAssertEqual(bar.messageClass, "FooMsgStart")

        let removed = try XCTUnwrap(inventory.removedMessages)
        XCTAssertEqual(removed.map(\.name), ["FooMsg_Removed"])
        XCTAssertEqual(removed.first?.location, SourceLocation(file: "patches/add_bar.patch", line: 12, column: 2))
        XCTAssertEqual(removed.first?.patch, PatchOrigin(targetFile: "content/common/foo_messages.h", targetLine: 3, change: .removed))
        XCTAssertFalse(inventory.messages.contains { $0.name == "FooMsg_Removed" || $0.name.hasPrefix("NotCxx") })

        let patchSenders = inventory.senders.filter { $0.patch != nil }
        XCTAssertEqual(patchSenders.map(\.message), ["FooHostMsg_Bar"], "the send on a context line is the patched file's")
        XCTAssertEqual(inventory.diagnostics, [])
    }

    /// A patch that changes a message removes and adds it: the patched tree still has it.
    func testAChangedMessageIsNotARemovedOne() throws {
        let tree = try temporaryFolder()
        try tree.write("patches/change.patch", """
        --- a/content/common/foo_messages.h
        +++ b/content/common/foo_messages.h
        @@ -5,2 +5,3 @@
        -IPC_MESSAGE_ROUTED1(FooMsg_Changed, int)
        +IPC_MESSAGE_ROUTED2(FooMsg_Changed, int, bool)
         IPC_MESSAGE_ROUTED0(FooMsg_Context)
        +IPC_MESSAGE_ROUTED0(FooMsg_Added)
        """)
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.messages.map(\.name), ["FooMsg_Changed", "FooMsg_Added"])
        XCTAssertEqual(inventory.messages.first?.inputs.count, 2)
        XCTAssertNil(inventory.removedMessages)
    }

    /// The text after a hunk header's second `@@` is the line above the hunk, often the start of a message: a
    /// label, never code, also when the hunk before it promised more lines than it had.
    func testHunkHeadersAreNotDefinitions() throws {
        let tree = try temporaryFolder()
        try tree.write("patches/labels.patch", """
        --- a/content/common/foo_messages.h
        +++ b/content/common/foo_messages.h
        @@ -1,7 +1,9 @@ IPC_MESSAGE_ROUTED5(FooMsg_Label,
         int /* a */)
        +IPC_MESSAGE_ROUTED0(FooMsg_First)
        @@ -40,2 +42,3 @@ IPC_MESSAGE_ROUTED1(FooMsg_OtherLabel,
         IPC_MESSAGE_ROUTED0(FooMsg_Context)
        +IPC_MESSAGE_ROUTED0(FooMsg_Second)
        """)
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.messages.map(\.name), ["FooMsg_First", "FooMsg_Second"])
        XCTAssertEqual(inventory.messages.map { $0.patch?.targetLine }, [2, 43])
        XCTAssertEqual(inventory.diagnostics, [])
    }

    /// An added message that the hunk ends inside is still the patch's message: it is listed with the arguments the
    /// hunk shows, and a warning says the hunk cut it. The next hunk does not close it.
    func testAnAddedMessageTheHunkCutsOffIsListedWithAWarning() throws {
        let tree = try temporaryFolder()
        try tree.write("patches/cut.patch", """
        --- a/content/common/frame_messages.h
        +++ b/content/common/frame_messages.h
        @@ -10,4 +10,5 @@
        -IPC_SYNC_MESSAGE_CONTROL2_1(FrameHostMsg_GetInfo,
        +IPC_SYNC_MESSAGE_CONTROL3_1(FrameHostMsg_GetInfo,
                                     int /* render_frame_id */,
        +                            bool /* is_main_frame */,
                                     GURL /* url */,
        @@ -30,2 +31,3 @@
         IPC_MESSAGE_ROUTED0(FrameMsg_Context))
        +IPC_MESSAGE_ROUTED0(FrameMsg_After)
        """)
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.messages.map(\.name), ["FrameHostMsg_GetInfo", "FrameMsg_After"])
        let cut = try XCTUnwrap(inventory.messages.first)
        XCTAssertEqual(cut.inputs.map(\.type), ["int", "bool", "GURL"], "the arguments a comma completed")
        XCTAssertEqual(cut.outputs, [])
        XCTAssertTrue(cut.isSync)
        XCTAssertEqual(cut.patch?.change, .added)
        let warning = try XCTUnwrap(inventory.diagnostics.first { $0.location.line == 5 })
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertTrue(warning.message.contains("the hunk ends inside the macro, so it shows only 3 of 4 arguments of 'FrameHostMsg_GetInfo'"), warning.message)
        XCTAssertFalse(inventory.diagnostics.contains { $0.message.contains("end of the file") }, "\(inventory.diagnostics)")
        XCTAssertNil(inventory.removedMessages, "the old definition is changed, not removed")
    }
}
