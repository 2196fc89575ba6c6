@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import XCTest

/// Which process implements an interface (handlers first, then the name), and interface names that stay apart
/// in one module.
final class ProcessAndModuleTests: XCTestCase {
    func map(_ handlerClass: String, file: String, handling messages: [String]) -> MessageMap {
        MessageMap(
            macro: "IPC_BEGIN_MESSAGE_MAP", handlerClass: handlerClass, function: "\(handlerClass)::OnMessageReceived",
            handlers: messages.enumerated().map { index, message in
                MessageHandler(macro: "IPC_MESSAGE_HANDLER", wrapper: nil, message: message, method: "On" + (message.split(separator: "_").last.map(String.init) ?? message), target: nil, delayReply: false,
                               conditions: Conditions(), location: SourceLocation(file: file, line: 10 + index, column: 5))
            },
            conditions: Conditions(), location: SourceLocation(file: file, line: 9, column: 1)
        )
    }

    func interface(_ name: String, in plan: ConversionPlan) throws -> MojomInterface {
        try XCTUnwrap(plan.interfaces.first { $0.name == name }, "\(plan.interfaces.map(\.name))")
    }

    /// Electron's ChromeUtilityMsg_* were said to be implemented in the renderer, and exposed to it.
    func testUtilityMessagesAreImplementedInTheUtilityProcess() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("ChromeUtilityMsg_ParseJSON", kind: .control, line: 1, file: "chromium_src/chrome/common/chrome_utility_messages.h"),
            Fixtures.message("ChromeUtilityHostMsg_ProcessStarted", kind: .control, line: 2, file: "chromium_src/chrome/common/chrome_utility_messages.h"),
        ]) { inventory in
            inventory.messageMaps = [
                self.map("ChromeContentUtilityClient", file: "chromium_src/chrome/utility/chrome_content_utility_client.cc", handling: ["ChromeUtilityMsg_ParseJSON"]),
                self.map("UtilityProcessHostClient", file: "atom/browser/api/atom_api_utility.cc", handling: ["ChromeUtilityHostMsg_ProcessStarted"]),
            ]
            inventory.senders = [
                Sender(message: "ChromeUtilityHostMsg_ProcessStarted", function: "chrome::ChromeContentUtilityClient::Start", conditions: Conditions(),
                       location: SourceLocation(file: "chromium_src/chrome/utility/chrome_content_utility_client.cc", line: 40, column: 3)),
            ]
        }
        let utility = try interface("ChromeUtility", in: plan)
        XCTAssertEqual(utility.process, "utility")
        // Where to register and reach it is the registry format's part of the comment.
        let utilityRegistration = ManifestOverlayEmitter.registration(of: utility, rules: try Fixtures.rules())
        XCTAssertTrue(utilityRegistration.contains("UtilityProcessHost::GetRemoteInterfaces()"), utilityRegistration)
        let host = try interface("ChromeUtilityHost", in: plan)
        XCTAssertEqual(host.process, "browser")
        XCTAssertEqual(host.caller, "utility", "its only sender is in a utility/ folder")
        let hostRegistration = ManifestOverlayEmitter.registration(of: host, rules: try Fixtures.rules())
        XCTAssertTrue(hostRegistration.contains("the utility gets a remote from UtilityThread::GetRemoteInterfaces()"), hostRegistration)
        // From 2017 the utility thread bound through its connector.
        let connectorRegistration = ManifestOverlayEmitter.registration(of: host, rules: try Fixtures.rules().inEra(.connector))
        XCTAssertTrue(connectorRegistration.contains("the utility gets a remote from UtilityThread::GetConnector()"), connectorRegistration)
        XCTAssertTrue(host.comments.contains("Called from the utility process: the tree sends its messages only there."), "\(host.comments)")
        XCTAssertEqual(plan.files.map(\.module), ["chrome.mojom"], "chromium_src/ is an overlay folder, not a module")
        let manifests = try ManifestOverlayEmitter.emit(plan, rules: Fixtures.rules())
        let utilityManifest = try XCTUnwrap(manifests["manifests/content_utility_manifest_overlay.json"], "\(manifests.keys.sorted())")
        XCTAssertTrue(utilityManifest.contains("\"browser\"") && utilityManifest.contains("ChromeUtility"), utilityManifest)
        XCTAssertFalse(manifests.values.contains { $0.contains("content_renderer") && $0.contains("ChromeUtility\"") })
        let browserManifest = try XCTUnwrap(manifests["manifests/content_browser_manifest_overlay.json"])
        XCTAssertTrue(browserManifest.contains("\"utility\": [\n          \"chrome.mojom.ChromeUtilityHost\""), browserManifest)
    }

    /// Handlers decide before the name; a sync message handled in the renderer is implemented there; when the
    /// name and the handlers disagree, the comments say so.
    func testHandlersDecideBeforeTheName() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("XWalkViewMsg_CapturePictureSync", sync: true, line: 1, file: "runtime/common/xwalk_render_view_messages.h"),
            Fixtures.message("XWalkViewMsg_ZoomIn", line: 2, file: "runtime/common/xwalk_render_view_messages.h"),
            Fixtures.message("ShellMsg_Quit", kind: .control, line: 3, file: "shell/common/shell_messages.h"),
            Fixtures.message("TwoMsg_Both", kind: .control, line: 4, file: "two/common/two_messages.h"),
        ]) { inventory in
            inventory.messageMaps = [
                // A class the rules list as a renderer base, in a folder that says nothing.
                self.map("XWalkRenderViewObserver", file: "runtime/android/xwalk_render_view_ext.cc", handling: ["XWalkViewMsg_CapturePictureSync", "XWalkViewMsg_ZoomIn"]),
                self.map("ShellQuitFilter", file: "shell/browser/quit_filter.cc", handling: ["ShellMsg_Quit"]),
                self.map("TwoBrowserMessageFilter", file: "two/common/two_filter.cc", handling: ["TwoMsg_Both"]),
                self.map("TwoObserver", file: "two/renderer/two_observer.cc", handling: ["TwoMsg_Both"]),
            ]
        }
        let view = try interface("XWalkView", in: plan)
        XCTAssertEqual(view.process, "renderer")
        XCTAssertEqual(view.methods.map(\.name), ["CapturePictureSync", "ZoomIn"], "the sync one stays with the others")
        XCTAssertTrue(view.methods[0].comments.contains { $0.contains("handled in the renderer process (XWalkRenderViewObserver in runtime/android/xwalk_render_view_ext.cc:10)") && $0.contains("blocks on the renderer") }, "\(view.methods[0].comments)")

        let shell = try interface("Shell", in: plan)
        XCTAssertEqual(shell.process, "browser")
        XCTAssertTrue(shell.comments.contains { $0.contains("The name (ShellMsg_*) says the renderer process, but its handlers are in the browser process: ShellQuitFilter in shell/browser/quit_filter.cc:10") }, "\(shell.comments)")

        let two = try XCTUnwrap(plan.interfaces.first { $0.methods.contains { $0.messages == ["TwoMsg_Both"] } })
        XCTAssertEqual(two.process, "renderer", "handlers in two processes leave the name's choice")
        XCTAssertTrue(two.methods[0].comments.contains { $0.contains("Handled in the browser and renderer processes") }, "\(two.methods[0].comments)")
    }

    /// Two headers of one folder gave `interface ChromeUtility` twice in `module chromium_src.mojom`.
    /// With no handler in the tree, a sync message whose comment says the browser blocks on the renderer is
    /// implemented in the renderer (Crosswalk's XWalkViewMsg_CapturePictureSync), not by the sync rule's default.
    func testASyncMessageCommentSayingWhoBlocksDecidesItsProcess() throws {
        var capture = Fixtures.message("XWalkViewMsg_CapturePictureSync", sync: true, line: 1)
        capture.comment = "Requests a new picture with the latest renderer contents synchronously. This message blocks the browser process on the renderer until complete."
        var plain = Fixtures.message("XWalkViewHostMsg_GetValue", sync: true, line: 2)
        plain.comment = "Returns a value."
        let plan = try Fixtures.plan([capture, plain])
        let interface = try XCTUnwrap(plan.interfaces.first { $0.methods.contains { $0.messages == ["XWalkViewMsg_CapturePictureSync"] } })
        XCTAssertEqual(interface.process, "renderer")
        XCTAssertEqual(interface.name, "XWalkView")
        let method = try XCTUnwrap(interface.methods.first)
        XCTAssertTrue(method.comments.contains { $0.contains("as the header's comment says (\"blocks the browser process on the renderer\")") }, "\(method.comments)")
        XCTAssertEqual(plan.interfaces.first { $0.methods.contains { $0.messages == ["XWalkViewHostMsg_GetValue"] } }?.process, "browser")
        XCTAssertThrowsError(try Fixtures.rules(overriding: "sync_comment_directions: [\"blocks the (\\\\w+)\"]\n")) { error in
            XCTAssertTrue("\(error)".contains("must be a regular expression with a named group (?<implementer>...)"), "\(error)")
        }
    }

    func testOneInterfaceNamePerModule() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("ChromeUtilityMsg_ParseJSON", messageClass: "ChromeUtilityMsgStart", kind: .control, line: 1, file: "chromium_src/chrome/common/chrome_utility_messages.h"),
            Fixtures.message("ChromeUtilityHostMsg_ProcessStarted", messageClass: "ChromeUtilityMsgStart", kind: .control, line: 2, file: "chromium_src/chrome/common/chrome_utility_messages.h"),
            Fixtures.message("ChromeUtilityMsg_RenderPDF", messageClass: "ChromeUtilityPrintingMsgStart", kind: .control, line: 1, file: "chromium_src/chrome/common/chrome_utility_printing_messages.h"),
            Fixtures.message("ChromeUtilityHostMsg_RenderPDF_Failed", messageClass: "ChromeUtilityPrintingMsgStart", kind: .control, line: 2, file: "chromium_src/chrome/common/chrome_utility_printing_messages.h"),
        ])
        XCTAssertEqual(plan.files.map(\.module), ["chrome.mojom", "chrome.mojom"])
        XCTAssertEqual(plan.files.map { $0.interfaces.map(\.name) }, [["ChromeUtility", "ChromeUtilityHost"], ["ChromeUtilityPrinting", "ChromeUtilityPrintingHost"]])
        XCTAssertEqual(plan.warnings.filter { $0.description.contains("also defines interface") }.count, 2, "\(plan.warnings)")
        XCTAssertTrue(plan.files[1].interfaces[0].comments.contains { $0.contains("named ChromeUtilityPrinting, not ChromeUtility") })
        XCTAssertEqual(FileLayout.module(forPath: "src/components/pdf/common/pdf.mojom", skipping: try Fixtures.rules().moduleSkipFolders, reserved: []), "pdf.mojom")
        XCTAssertEqual(FileLayout.module(forPath: "chromium_src/x.mojom", skipping: try Fixtures.rules().moduleSkipFolders, reserved: []), "chromium_src.mojom", "the last folder stays")
    }

    /// Drafts, mocks and binder registrations are named by the interface alone: a name stays one interface's
    /// across modules too.
    func testOneInterfaceNamePerTree() throws {
        let rules = try Fixtures.rules(overriding: "classes:\n  ChromeUtilityPrintingMsgStart: {module: printing.mojom}\n")
        let plan = try Fixtures.plan([
            Fixtures.message("ChromeUtilityMsg_ParseJSON", messageClass: "ChromeUtilityMsgStart", kind: .control, line: 1, file: "chrome/common/chrome_utility_messages.h"),
            Fixtures.message("ChromeUtilityMsg_RenderPDF", messageClass: "ChromeUtilityPrintingMsgStart", kind: .control, line: 1, file: "chrome/common/chrome_utility_printing_messages.h"),
        ], rules: rules)
        XCTAssertEqual(plan.files.map(\.module), ["chrome.mojom", "printing.mojom"])
        XCTAssertEqual(plan.files.map { $0.interfaces.map(\.name) }, [["ChromeUtility"], ["ChromeUtilityPrinting"]])
        XCTAssertEqual(plan.warnings.filter { $0.description.contains("also defines interface ChromeUtility in module chrome.mojom (drafts and registrations go by the interface's name alone)") }.count, 1,
                       "\(plan.warnings)")
    }
}
