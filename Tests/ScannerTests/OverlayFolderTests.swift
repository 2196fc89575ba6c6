import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// Overlay folders are told from the code's includes, never from their names.
final class OverlayFolderTests: XCTestCase {
    /// An overlay of Chromium folders under any name, a checkout's own include root, and ordinary headers.
    static let tree = [
        "chromium_src/chrome/common/speech_messages.h": """
            #define IPC_MESSAGE_START SpeechMsgStart
            IPC_MESSAGE_CONTROL0(SpeechMsg_Stop)
            """,
        "chromium_src/chrome/browser/speech_filter.cc": """
            #include "chrome/common/speech_messages.h"
            #include "chrome/browser/profiles/profile.h"
            void SpeechFilter::Stop() { Send(new SpeechMsg_Stop()); }
            """,
        "acme_src/content/common/shell_messages.h": """
            #define IPC_MESSAGE_START ShellMsgStart
            IPC_MESSAGE_ROUTED0(ShellHostMsg_Ready)
            """,
        "acme_src/content/browser/shell_host.cc": """
            #include "content/common/shell_messages.h"
            #include "content/public/browser/web_contents.h"
            void ShellHost::Ready() { Send(new ShellHostMsg_Ready(1)); }
            """,
        "embed/libembed/common/embed_messages.h": """
            #define IPC_MESSAGE_START EmbedMsgStart
            IPC_MESSAGE_CONTROL0(EmbedMsg_Load)
            """,
        "embed/libembed/browser/embed_host.h": "class EmbedHost {};\n",
        "embed/libembed/browser/embed_host.cc": """
            #include "libembed/browser/embed_host.h"
            #include "libembed/common/embed_messages.h"
            void EmbedHost::Load() { Send(new EmbedMsg_Load()); }
            """,
        "foo/common/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """,
        "foo/browser/foo_host.cc": """
            #include "foo/common/foo_messages.h"
            #include "common/foo_messages.h"
            #include "chrome/browser/profiles/profile.h"
            void FooHost::Ping() { Send(new FooMsg_Ping()); }
            """,
    ]

    func testHeadersIncludedByTheUpstreamPathOfFoldersTheOverlayHoldsInPartAreMirrored() throws {
        let folder = try temporaryFolder(files: Self.tree)
        let inventory = try IPCScanner.scan(ScanOptions(paths: [folder.path]))
        // `embed/` is the include root of a checkout whose `libembed/` is all there; `foo/...` is included by its
        // place in the tree (an include from a deeper folder does not change that).
        XCTAssertEqual(inventory.overlayHeaders, [
            "acme_src/content/common/shell_messages.h": "content/common/shell_messages.h",
            "chromium_src/chrome/common/speech_messages.h": "chrome/common/speech_messages.h",
        ])
    }

    func testAnIncludeBesideTheIncludingFileSaysNothing() {
        let headers: Set = ["chromium_src/chrome/common/a_messages.h"]
        let beside = OverlayFolders.mirroredPaths(
            of: headers, includers: [.init(path: "chromium_src/x.cc", includes: ["chrome/common/a_messages.h", "chrome/browser/b.h"])],
            treeFiles: { [] }
        )
        XCTAssertEqual(beside, [:])
        let fromElsewhere = OverlayFolders.mirroredPaths(
            of: headers, includers: [.init(path: "chromium_src/chrome/browser/x.cc", includes: ["chrome/common/a_messages.h", "chrome/browser/b.h"])],
            treeFiles: { ["chromium_src/chrome/common/a_messages.h"] }
        )
        XCTAssertEqual(fromElsewhere, ["chromium_src/chrome/common/a_messages.h": "chrome/common/a_messages.h"])
        let upstreamAllHere = OverlayFolders.mirroredPaths(
            of: headers, includers: [.init(path: "chromium_src/chrome/browser/x.cc", includes: ["chrome/common/a_messages.h", "chrome/browser/b.h"])],
            treeFiles: { ["chromium_src/chrome/common/a_messages.h", "chromium_src/chrome/browser/b.h"] }
        )
        XCTAssertEqual(upstreamAllHere, [:], "every chrome/ include resolves inside chromium_src/: its own include root")
    }
}
