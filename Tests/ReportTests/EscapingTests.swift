import Foundation
import MojifyConversion
import MojifyCore
import MojifyLedger
import MojifyLint
@testable import MojifyReport
import XCTest

final class EscapingTests: XCTestCase {
    static let payloads = [
        "</script><img src=x onerror=alert(1)>",
        "\"><svg onload=alert(2)>",
        "'><iframe srcdoc='<script>alert(3)</script>'>",
        "<!--",
        "]]><![CDATA[",
        "\u{2028}\u{2029}&amp;\u{0}\u{7}",
    ]

    func testEscapeCoversMarkupAndQuotes() {
        XCTAssertEqual(HTMLText.escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;")
        XCTAssertEqual(HTMLText.escape("tab\tline\nok"), "tab\tline\nok")
        XCTAssertEqual(HTMLText.escape("nul\u{0}bell\u{7}del\u{7F}"), "nul\u{FFFD}bell\u{FFFD}del\u{FFFD}")
        XCTAssertEqual(HTMLText.escape("über\u{2028}"), "über\u{2028}")
    }

    func testMessageFragmentsAreSafeAndDistinct() {
        XCTAssertEqual(HTMLText.messageFragment("FrameHostMsg_Close"), "m=FrameHostMsg_Close")
        XCTAssertEqual(HTMLText.messageFragment("a\"><b ü"), "m=a%22%3E%3Cb%20%C3%BC")
        XCTAssertNotEqual(HTMLText.messageFragment("a%41"), HTMLText.messageFragment("aA"))
    }

    /// Every untrusted string of the model, carrying every payload, must come out as text: the page's own
    /// markup is the only markup, so the element and script counts equal those of a harmless model.
    func testPayloadsInEveryFieldStayText() throws {
        for payload in Self.payloads {
            let html = try ReportPage.render(Self.model(payload: payload))
            let harmless = try ReportPage.render(Self.model(payload: "harmless"))
            for tag in ["<script", "</script", "<img", "<svg", "<iframe", "<!--", "<title", "<a ", "<pre", "<code"] {
                XCTAssertEqual(html.components(separatedBy: tag).count, harmless.components(separatedBy: tag).count, "\(tag) count changed by \(payload)")
            }
            XCTAssertFalse(html.contains("\u{0}"))
            XCTAssertTrue(html.contains(HTMLText.escape(payload)), "the payload should be shown, escaped")
        }
    }

    /// The drill-down data sits inside `<script>`: it must hold no character that could end or alter the element,
    /// and still decode to the very strings the model had.
    func testDataBlockCannotLeaveItsScriptElementAndDecodesBack() throws {
        for payload in Self.payloads {
            let data = try XCTUnwrap(PageParts.dataBlock(try ReportPage.render(Self.model(payload: payload))))
            for character in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
                XCTAssertFalse(data.contains(character), "\(character) in the data block for \(payload)")
            }
            let decoded = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
            let messages = try XCTUnwrap(decoded["messages"] as? [[String: Any]])
            XCTAssertEqual(messages[0]["o"] as? String, payload)
            XCTAssertEqual(messages[0]["t"] as? String, payload)
            XCTAssertEqual(decoded["files"] as? [String], ["dir \(payload)/x_messages.h"])
        }
    }

    /// A model where every free-text field holds `payload`.
    static func model(payload: String) -> ReportModel {
        let location = SourceLocation(file: "dir \(payload)/x_messages.h", line: 3, column: 1)
        let definition = MessageDefinition(
            name: "FooHostMsg_Bar", messageClass: "Foo\(payload)MsgStart", kind: .routed, isSync: true,
            inputs: [Parameter(type: "std::vector<\(payload)>", name: payload, resolvedType: payload)],
            outputs: [Parameter(type: payload)], macro: "IPC_SYNC_MESSAGE_ROUTED1_1", exportMacro: payload,
            conditions: Conditions(stack: ["#if \(payload)"]), location: location,
            source: "IPC_SYNC_MESSAGE_ROUTED1_1(FooHostMsg_Bar, int /* \(payload) */)",
            patch: PatchOrigin(targetFile: payload, targetLine: 1, change: .added)
        )
        let site = CodeSite(location: location, function: payload, remarks: [payload])
        let finding = Finding(ruleID: payload, severity: .error, message: payload, location: location, messageName: nil)
        let message = MessageEntry(
            name: "FooHostMsg_Bar", messageClass: definition.messageClass, definitions: [definition],
            handlers: [site], senders: [site],
            ledger: LedgerRow(message: "FooHostMsg_Bar", messageClass: payload, kind: .routed, sync: true, file: payload, line: 1, status: .blocked,
                              owner: payload, bug: payload, notes: payload, claimedOn: payload, updatedOn: payload),
            proposal: Proposal(interface: payload, process: payload, declaration: payload), skipReason: payload,
            unmappedTypes: [payload], bannedTypes: [payload], findings: [finding]
        )
        let odd = MessageEntry(name: payload, messageClass: "", definitions: [],
                               ledger: LedgerRow(message: payload, messageClass: payload, kind: .control, sync: false, file: payload, line: 2, owner: payload))
        return ReportModel(
            title: payload, generatedAt: payload, toolVersion: payload, messages: [message, odd],
            history: [StatusSnapshot(date: payload, counts: StatusCounts([.unclaimed: 2])), StatusSnapshot(date: "2024-01-02", counts: StatusCounts([.blocked: 1, .unclaimed: 1]))],
            generalFindings: [finding],
            typeProblems: [TypeProblem(kind: .unmapped, type: payload, users: ["FooHostMsg_Bar", payload]), TypeProblem(kind: .banned, type: payload, why: payload, users: [payload])],
            notes: [payload]
        )
    }
}
