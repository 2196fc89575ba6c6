import Foundation
import MojifyConversion
import MojifyCore
import MojifyLedger
import MojifyLint
@testable import MojifyReport
import XCTest

final class ModelTests: XCTestCase {
    func testMessagesGroupDefinitionsHandlersAndSendersByName() {
        func at(_ file: String, _ line: Int) -> SourceLocation { SourceLocation(file: file, line: line, column: 1) }
        func definition(_ name: String, _ line: Int, _ stack: [String]) -> MessageDefinition {
            MessageDefinition(name: name, messageClass: "FrameMsgStart", kind: .routed, isSync: false, inputs: [], outputs: [],
                              macro: "IPC_MESSAGE_ROUTED0", exportMacro: nil, conditions: Conditions(stack: stack),
                              location: at("content/common/frame_messages.h", line), source: "IPC_MESSAGE_ROUTED0(\(name))")
        }
        let handler = MessageHandler(macro: "IPC_MESSAGE_HANDLER", wrapper: "MY_HANDLER", message: "FrameHostMsg_Close", method: "OnClose",
                                     target: nil, delayReply: true, conditions: Conditions(stack: ["#if X"]), location: at("b.cc", 9))
        let unhandled = MessageHandler(macro: "IPC_MESSAGE_UNHANDLED", wrapper: nil, message: nil, method: nil, target: nil,
                                       delayReply: false, conditions: Conditions(), location: at("b.cc", 10))
        let inventory = Inventory(
            messages: [definition("FrameMsg_Stop", 5, []), definition("FrameHostMsg_Close", 9, ["#else (of #if A)"]), definition("FrameHostMsg_Close", 7, ["#if A"])],
            messageMaps: [MessageMap(macro: "IPC_BEGIN_MESSAGE_MAP", handlerClass: "Host", function: nil, handlers: [handler, unhandled],
                                     conditions: Conditions(), location: at("b.cc", 8))],
            senders: [Sender(message: "FrameMsg_Stop", function: "Host::Stop", conditions: Conditions(), location: at("b.cc", 30)),
                      Sender(message: "FrameMsg_Gone", function: nil, conditions: Conditions(), location: at("b.cc", 31))]
        )
        let messages = ReportModelBuilder.messages(from: inventory)
        XCTAssertEqual(messages.map(\.name), ["FrameHostMsg_Close", "FrameMsg_Stop"], "one entry per name; senders of unknown messages add none")
        XCTAssertEqual(messages[0].definitions.map(\.location.line), [7, 9])
        XCTAssertEqual(messages[0].handlers, [CodeSite(location: at("b.cc", 9), function: "Host::OnClose", remarks: ["via MY_HANDLER", "delay reply", "#if X"])])
        XCTAssertEqual(messages[1].senders.map(\.function), ["Host::Stop"])
        XCTAssertEqual(messages[0].directory, "content/common")
        XCTAssertTrue(messages[0].isConditional)
        XCTAssertFalse(messages[1].isConditional)
    }

    func testWontFixCountsAsDoneLikeLedgerStats() {
        let counts = StatusCounts([.converted: 3, .wontfix: 2, .unclaimed: 4, .blocked: 1, .inProgress: 1])
        XCTAssertEqual(counts.total, 11)
        XCTAssertEqual(counts.remaining, 6)
        XCTAssertEqual(counts.done, 5)
        XCTAssertEqual(counts.percentDone, 45.5)
        XCTAssertEqual(StatusCounts().percentDone, 0)
    }

    func testRenderingIsDeterministicAndSmallForAChromiumSizeTree() throws {
        let model = ReportModel(title: "big", messages: Synthetic.messages(count: 5_000), history: Synthetic.history(days: 120))
        let first = try ReportPage.render(model)
        XCTAssertEqual(first, try ReportPage.render(model))
        let megabytes = Double(first.utf8.count) / 1_000_000
        XCTAssertLessThan(megabytes, 6, "a 5000-message report should stay a few MB; it is \(megabytes) MB")
        let data = try XCTUnwrap(PageParts.dataBlock(first))
        let decoded = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        XCTAssertEqual((decoded["messages"] as? [Any])?.count, 5_000)
    }
}

/// A made-up Chromium-size migration: realistic name, path, parameter and call-site lengths.
enum Synthetic {
    static let statuses: [LedgerStatus] = [.unclaimed, .unclaimed, .inProgress, .converted, .converted, .blocked, .wontfix]

    static func messages(count: Int) -> [MessageEntry] {
        (0..<count).map { index in
            let area = ["content/common", "chrome/common/extensions", "components/printing/common", "third_party/blink/public/common/frame"][index % 4]
            let prefix = ["FrameHostMsg", "FrameMsg", "ChromeViewHostMsg", "PrintMsg", "ExtensionHostMsg"][index % 5]
            let name = "\(prefix)_DidUpdateSomethingImportant\(index)"
            let file = "\(area)/module\(index % 40)_messages.h"
            let inputs = [Parameter(type: "int32_t", name: "request_id"), Parameter(type: "std::vector<content::FaviconURL>", name: "candidates"),
                          Parameter(type: "base::flat_map<std::string, std::u16string>", name: "labels")].prefix(index % 4)
            let source = "IPC_MESSAGE_ROUTED\(inputs.count)(\(name)" + inputs.map { ",\n                    \($0.type) /* \($0.name!) */" }.joined() + ")"
            let definition = MessageDefinition(
                name: name, messageClass: "\(prefix.replacingOccurrences(of: "Host", with: ""))Start", kind: index % 3 == 0 ? .control : .routed,
                isSync: index % 9 == 0, inputs: Array(inputs), outputs: [], macro: "IPC_MESSAGE_ROUTED\(inputs.count)", exportMacro: "CONTENT_EXPORT",
                conditions: Conditions(stack: index % 11 == 0 ? ["#if BUILDFLAG(ENABLE_PLUGINS)"] : []),
                location: SourceLocation(file: file, line: 40 + index % 300, column: 1), source: source
            )
            let handler = CodeSite(location: SourceLocation(file: "content/browser/renderer_host/render_frame_host_impl.cc", line: 1_000 + index, column: 5),
                                   function: "RenderFrameHostImpl::OnDidUpdateSomethingImportant\(index)")
            let sender = CodeSite(location: SourceLocation(file: "content/renderer/render_frame_impl.cc", line: 2_000 + index, column: 3),
                                  function: "RenderFrameImpl::UpdateSomethingImportant")
            return MessageEntry(
                name: name, messageClass: definition.messageClass, definitions: [definition], handlers: [handler], senders: index % 2 == 0 ? [sender, sender] : [sender],
                ledger: LedgerRow(
                    message: name, messageClass: definition.messageClass, kind: definition.kind, sync: definition.isSync, file: file,
                    line: definition.location.line, status: statuses[index % statuses.count], owner: index % 3 == 0 ? "" : "engineer\(index % 25)@chromium.org",
                    bug: index % 3 == 0 ? "" : "crbug.com/\(100_000 + index)", notes: index % 10 == 0 ? "waiting for the frame interface split" : "",
                    claimedOn: index % 3 == 0 ? "" : "2024-02-03", updatedOn: "2024-03-04"
                ),
                proposal: Proposal(
                    interface: "content.mojom.\(prefix.replacingOccurrences(of: "Msg", with: ""))", process: prefix.hasSuffix("HostMsg") ? "browser" : "renderer",
                    // As the .mojom file has it: a comment naming the message, then the declaration.
                    declaration: "// From \(name) (\(file):\(definition.location.line):1).\n"
                        + "DidUpdateSomethingImportant\(index)(" + inputs.map { "\($0.type) \($0.name!)" }.joined(separator: ", ") + ");"
                ),
                unmappedTypes: index % 13 == 0 ? ["content::FaviconURL"] : [],
                findings: index % 17 == 0 ? [Finding(ruleID: "sync-message", severity: .warning, message: "sync IPC should become an async method with a reply", location: definition.location, messageName: name)] : []
            )
        }
    }

    static func history(days: Int) -> [StatusSnapshot] {
        (0..<days).map { day in
            let converted = day * 20
            return StatusSnapshot(date: String(format: "2024-%02d-%02d", 1 + day / 28, 1 + day % 28),
                                  counts: StatusCounts([.converted: converted, .unclaimed: 5_000 - converted]))
        }
    }
}
