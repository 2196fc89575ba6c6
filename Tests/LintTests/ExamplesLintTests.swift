import Foundation
import MojifyCore
import MojifyTestSupport
import XCTest

/// `mojify lint Examples --ledger <fixture>`: the expected findings, in every output format.
final class ExamplesLintTests: XCTestCase {
    static let ledger = "Tests/LintTests/Fixtures/examples-ledger.csv"

    /// Machine-specific parts of the output (the checkout's path, the version) replaced by placeholders.
    private func normalised(_ text: String) -> String {
        text.replacingOccurrences(of: repositoryRoot, with: "{ROOT}")
            .replacingOccurrences(of: "\"\(MojifyVersion.current)\"", with: "\"{VERSION}\"")
    }

    func testEveryFormatMatchesItsGoldenFile() throws {
        for (format, golden) in [("text", "examples.txt"), ("json", "examples.json"), ("sarif", "examples.sarif"), ("github", "examples.github.txt"),
                                ("junit", "examples.junit.xml"), ("codequality", "examples.codequality.json"), ("markdown", "examples.md")] {
            let result = try MojifyBinary.run(["lint", "Examples", "--ledger", Self.ledger, "--format", format])
            XCTAssertEqual(result.status, 1, "\(format): errors are found, so the status is 1\n\(result.stderr)")
            try Golden.assertMatches(normalised(result.stdout), path: repositoryRoot + "/Tests/LintTests/Golden/" + golden)
        }
    }

    func testExpectedFindingsWithTheLedger() throws {
        let result = try MojifyBinary.run(["lint", "Examples", "--ledger", Self.ledger, "--format", "json"])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        func messages(_ rule: String) -> [String] {
            findings.filter { $0["ruleId"] as? String == rule }.compactMap { $0["messageName"] as? String }.sorted()
        }
        // The fixture is the ledger of Examples with these edits: ExtensionHostMsg_ReportStorageUsage left out,
        // FrameMsg_Stop and FrameHostMsg_DidBlockFramebust marked converted, rows added for two messages that are gone.
        XCTAssertEqual(messages("new-legacy-ipc"), ["ExtensionHostMsg_ReportStorageUsage"])
        XCTAssertEqual(messages("converted-still-present"), ["FrameHostMsg_DidBlockFramebust", "FrameMsg_Stop", "FrameMsg_Stop", "FrameMsg_Stop"])
        XCTAssertEqual(messages("stale-ledger-row"), ["FrameHostMsg_Removed", "PrintHostMsg_ShowLegacyDialog"])
        XCTAssertEqual(messages("banned-ipc-type"), ["ChromeViewHostMsg_RecordNetworkUsage", "ChromeViewHostMsg_RecordNetworkUsage", "ChromeViewMsg_SetPrefetchBudget"])
        XCTAssertEqual(messages("orphan-handler"), ["FrameHostMsg_Removed"])
        XCTAssertEqual(messages("unmapped-type"), ["FrameHostMsg_UpdateLinkPreloads"])
        // The orphan sender's message is marked converted: converted-still-present reports it, not orphan-sender too.
        XCTAssertEqual(messages("orphan-sender"), [])
        // Stale rows point at their line in the ledger, found even though earlier rows have notes spanning lines.
        let stale = try XCTUnwrap(findings.first { $0["messageName"] as? String == "FrameHostMsg_Removed" && $0["ruleId"] as? String == "stale-ledger-row" })
        let location = try XCTUnwrap(stale["location"] as? [String: Any])
        let ledgerLines = try String(contentsOfFile: repositoryRoot + "/" + Self.ledger, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try XCTUnwrap(location["line"] as? Int)
        XCTAssertTrue(ledgerLines[line - 1].hasPrefix("FrameHostMsg_Removed,"), "line \(line): \(ledgerLines[line - 1])")
    }

    func testWithoutALedgerEveryActiveDefinitionIsNew() throws {
        let scan = try MojifyBinary.run(["scan", "Examples", "--format", "json"])
        let inventory = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(scan.stdout.utf8)) as? [String: Any])
        let active = try XCTUnwrap(inventory["messages"] as? [[String: Any]]).filter { message in
            (message["conditions"] as? [String: Any])?["disabled"] as? Bool != true
        }
        let result = try MojifyBinary.run(["lint", "Examples", "--format", "json"])
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(document["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.filter { $0["ruleId"] as? String == "new-legacy-ipc" }.count, active.count)
        XCTAssertFalse(findings.contains { ["stale-ledger-row", "converted-still-present"].contains($0["ruleId"] as? String) })
        XCTAssertEqual(findings.filter { $0["ruleId"] as? String == "orphan-sender" }.compactMap { $0["messageName"] as? String }, ["FrameHostMsg_DidBlockFramebust"])
    }

    func testOutputIsByteIdenticalOnRerunAndOutputFileMatchesStandardOutput() throws {
        let output = try temporaryFolder().path + "/lint.sarif"
        let first = try MojifyBinary.run(["lint", "Examples", "--ledger", Self.ledger, "--format", "sarif"])
        let second = try MojifyBinary.run(["lint", "Examples", "--ledger", Self.ledger, "--format", "sarif", "--output", output])
        XCTAssertEqual(second.stdout, "")
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8), first.stdout)
    }
}
