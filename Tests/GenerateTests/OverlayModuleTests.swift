@testable import MojifyConversion
import MojifyCore
import MojifyScanner
import MojifyTestSupport
import XCTest

/// A header under an overlay folder takes its module from the code: the upstream path it mirrors, or the namespace
/// of its declarations; the overlay folder's name is never a module.
final class OverlayModuleTests: XCTestCase {
    func testOverlayHeadersTakeTheUpstreamPathsComponentOrTheirDeclarationsNamespace() throws {
        let folder = try temporaryFolder(files: [
            "chromium_src/chrome/common/speech_messages.h": """
                #define IPC_MESSAGE_START SpeechMsgStart
                IPC_STRUCT_TRAITS_BEGIN(SpeechVoice)
                  IPC_STRUCT_TRAITS_MEMBER(name)
                IPC_STRUCT_TRAITS_END()
                IPC_MESSAGE_CONTROL1(SpeechMsg_SetVoice, SpeechVoice)
                """,
            "chromium_src/chrome/common/paper_messages.h": """
                #define IPC_MESSAGE_START PaperMsgStart
                IPC_STRUCT_TRAITS_BEGIN(printing::PageRange)
                  IPC_STRUCT_TRAITS_MEMBER(from)
                IPC_STRUCT_TRAITS_END()
                IPC_ENUM_TRAITS_MAX_VALUE(printing::MarginType, printing::MARGIN_LAST)
                IPC_ENUM_TRAITS_MAX_VALUE(blink::Scaling, blink::SCALING_LAST)
                IPC_ENUM_TRAITS_MAX_VALUE(PaperQuality, PAPER_QUALITY_LAST)
                IPC_ENUM_TRAITS_MAX_VALUE(PaperSide, PAPER_SIDE_LAST)
                IPC_MESSAGE_ROUTED1(PaperHostMsg_Printed, printing::PageRange)
                """,
            "chromium_src/chrome/browser/speech_filter.cc": """
                #include "chrome/common/paper_messages.h"
                #include "chrome/common/speech_messages.h"
                #include "chrome/browser/profiles/profile.h"
                void SpeechFilter::Set() { Send(new SpeechMsg_SetVoice(SpeechVoice())); }
                void PaperHost::Done() { Send(new PaperHostMsg_Printed(1, printing::PageRange())); }
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
            // An ordinary header keeps the module of its place, whatever namespace its declarations live in.
            "chrome/common/tabs_messages.h": """
                #define IPC_MESSAGE_START TabsMsgStart
                IPC_ENUM_TRAITS_MAX_VALUE(extensions::TabState, extensions::TAB_STATE_LAST)
                IPC_MESSAGE_ROUTED1(TabsHostMsg_Changed, extensions::TabState)
                """,
            "chrome/browser/tabs_host.cc": """
                #include "chrome/common/tabs_messages.h"
                void TabsHost::Change() { Send(new TabsHostMsg_Changed(1, extensions::TabState())); }
                """,
        ])
        let inventory = try IPCScanner.scan(ScanOptions(paths: [folder.path]))
        let plan = try ConversionPlan.make(inventory: inventory, rules: try Fixtures.rules(overriding: "module_skip_folders: [components, third_party]\n"))
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: plan.files.map { ($0.path, $0.module) }), [
            "acme_src/content/common/shell.mojom": "content.mojom",
            "chromium_src/chrome/common/speech.mojom": "chrome.mojom",
            "chromium_src/chrome/common/paper.mojom": "printing.mojom",
            "chrome/common/tabs.mojom": "chrome.mojom",
        ], "chromium_src/ left out of the rules' folders: the code says it is an overlay")
    }

    /// Most of the namespaced declarations must share a namespace; otherwise the upstream path decides.
    func testNoNamespaceOfMostDeclarationsLeavesTheUpstreamPath() throws {
        let rules = try Fixtures.rules()
        func module(_ namespaces: [String]) -> String {
            FileLayout.module(forOverlayHeader: "components/paper/common/paper_messages.h", namespaces: namespaces,
                              skipping: rules.moduleSkipFolders, reserved: rules.reservedWords)
        }
        XCTAssertEqual(module([]), "paper.mojom")
        XCTAssertEqual(module(["printing", "blink"]), "paper.mojom")
        XCTAssertEqual(module(["printing", "blink", "printing"]), "printing.mojom")
        XCTAssertEqual(module(["interface"]), "m_interface.mojom", "a reserved word is no module name")
    }
}
