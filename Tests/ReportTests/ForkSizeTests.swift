import Foundation
import MojifyCore
import MojifyLedger
import MojifyLint
@testable import MojifyReport
import MojifyTestSupport
import XCTest

/// A report at the size of a real fork: 2,000 messages, 157 unmapped types, lint errors on converted messages.
/// The attention lists lead with counts and keep the long lists behind toggles; the table keeps every column
/// readable at a laptop's and at a phone's width.
final class ForkSizeTests: XCTestCase {
    static func forkModel() -> ReportModel {
        var messages = Synthetic.messages(count: 2_000)
        // Converted in the ledger but still in the tree: lint's converted-still-present errors.
        for index in messages.indices where messages[index].status == .converted && index % 4 == 0 {
            messages[index].findings.append(Finding(
                ruleID: "converted-still-present", severity: .error,
                message: "'\(messages[index].name)' is marked converted in the ledger but its definition is still here; remove it or set the status back",
                location: messages[index].definitions[0].location, messageName: messages[index].name
            ))
        }
        let namespaces = ["gfx", "gpu", "content", "blink::mojom", "cc", "viz", "ui"]
        let problems = (0..<157).map { index in
            TypeProblem(
                kind: .unmapped, type: "\(namespaces[index % namespaces.count])::SomeRatherLongTypeNameThatEngineersWrote\(index)",
                users: [messages[index * 7 % messages.count].name, "FrameHostMsg_DidCommitProvisionalLoad_Params.a_very_long_member_name_\(index)"]
            )
        }
        return ReportModel(title: "A 2017 fork", messages: messages, history: Synthetic.history(days: 30), typeProblems: problems)
    }

    func testAttentionListsLeadWithCountsAndCollapseAtForkSize() throws {
        let html = try ReportPage.render(Self.forkModel())
        let attention = try XCTUnwrap(html.components(separatedBy: "<section id=\"attention\"").dropFirst().first?.components(separatedBy: "</section>").first)
        // Converted messages are not open, but lint's errors about them still need someone.
        XCTAssertTrue(attention.contains("converted-still-present"), "lint errors of converted messages are listed")
        XCTAssertTrue(attention.contains("<summary>Lint errors <span class=\"count\">"))
        // Long lists are closed, with counts per group in front.
        XCTAssertFalse(attention.contains("<details open><summary>Unmapped types"), "157 types are behind a toggle")
        XCTAssertTrue(attention.contains("<summary>Unmapped types <span class=\"count\">157</span>"))
        XCTAssertTrue(attention.contains("<code>gfx::</code> <span class=\"count\">23</span>"), "types grouped by namespace, counts first")
        XCTAssertTrue(attention.contains("<details><summary>Lint errors <span class=\"count\">143</span>"), "one rule: one closed list")
    }

    func testScreenshotsAtLaptopAndPhoneWidth() throws {
        let chromium = try Chromium.locate()
        let keep = ProcessInfo.processInfo.environment["MOJIFY_KEEP_SCREENSHOTS"]
        let folder = try temporaryFolder(keep: keep != nil).url
        let report = folder.appendingPathComponent("fork.html")
        try ReportPage.render(Self.forkModel()).write(to: report, atomically: true, encoding: .utf8)
        for width in [1400, 390] {
            let png = folder.appendingPathComponent("fork-\(width).png")
            try chromium.screenshot(report, to: png, width: width, height: 2400)
            let data = try Data(contentsOf: png)
            func bigEndian(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            XCTAssertEqual(bigEndian(16), width)
        }
        if let keep { print("screenshots kept in \(folder.path) (\(keep))") }
    }
}
