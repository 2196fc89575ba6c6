import Foundation
import MojifyTestSupport
import XCTest

/// `mojify report` run as a user would: the built binary on Examples/ with the example ledger.
final class ReportCommandTests: XCTestCase {
    static let ledger = "Tests/ReportTests/Fixtures/examples-ledger.csv"

    func mojify(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutput {
        try MojifyBinary.run(arguments, in: repositoryRoot, environment: environment)
    }

    func testTheReportIsSelfContainedAndByteIdenticalOnRerun() throws {
        let scratch = try temporaryFolder().path
        var pages: [Data] = []
        for name in ["a.html", "b.html"] {
            let result = try mojify(["report", "Examples/", "--ledger", Self.ledger, "--out", scratch + "/" + name, "--no-timestamp"])
            XCTAssertEqual(result.status, 0, result.stderr)
            pages.append(try Data(contentsOf: URL(fileURLWithPath: scratch + "/" + name)))
        }
        XCTAssertEqual(pages[0], pages[1], "two reports of the same state must be byte-identical")
        let html = String(decoding: pages[0], as: UTF8.self)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>\n"))
        XCTAssertFalse(html.contains("generated 20"), "--no-timestamp leaves the time out")
        for reference in ["http://", "https://", "src=", "<link", "@import", "url("] {
            XCTAssertFalse(html.contains(reference), "the page must load nothing (found \(reference))")
        }
        XCTAssertTrue(html.contains("<span class=\"value\">59</span><span class=\"label\">messages</span>"), "43 scanned and 16 converted messages")
        XCTAssertTrue(html.contains("<td>WidgetMsgStart</td><td class=\"n\">16</td>"), "converted messages stay in the tables")
        XCTAssertTrue(html.contains("FrameHostMsg_UpdateLinkPreloads"))
    }

    func testTimestampComesFromTheOptionOrMOJIFY_NOW() throws {
        let scratch = try temporaryFolder().path
        let fixed = try mojify(["report", "Examples/", "--out", scratch + "/fixed.html", "--generated-at", "2025-03-03 09:00 UTC"])
        XCTAssertEqual(fixed.status, 0, fixed.stderr)
        XCTAssertTrue(try String(contentsOfFile: scratch + "/fixed.html", encoding: .utf8).contains("generated 2025-03-03 09:00 UTC"))
        let environment = try mojify(["report", "Examples/", "--out", scratch + "/env.html"], environment: ["MOJIFY_NOW": "2030-01-01T00:00:00Z"])
        XCTAssertEqual(environment.status, 0, environment.stderr)
        let page = try String(contentsOfFile: scratch + "/env.html", encoding: .utf8)
        XCTAssertTrue(page.contains("generated 2030-01-01T00:00:00Z"))
        XCTAssertTrue(page.contains("No ledger given"), "without --ledger the page says so")
    }

    /// `--rules` maps types as `generate --rules` does, and `--lint-rules` sets severities as `lint --rules` does.
    func testTheReportTakesTypeMappingsAndLintRules() throws {
        let scratch = try temporaryFolder()
        let plain = try mojify(["report", "Examples/", "--out", scratch.path + "/plain.html", "--no-timestamp"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        XCTAssertTrue(try scratch.read("plain.html").contains("std::pair&lt;std::string, GURL&gt;"), "unmapped without the rules file")

        let mappings = try scratch.write("mappings.yaml", "types:\n  \"std::pair<std::string, GURL>\": {mojom: LinkPreload}\n")
        let mapped = try mojify(["report", "Examples/", "--rules", mappings, "--out", scratch.path + "/mapped.html", "--no-timestamp"])
        XCTAssertEqual(mapped.status, 0, mapped.stderr)
        XCTAssertFalse(try scratch.read("mapped.html").contains("std::pair&lt;std::string, GURL&gt;"), "mapped by --rules")

        let broken = try scratch.write("lint-rules.yaml", "no-such-rule:\n  severity: error\n")
        let refused = try mojify(["report", "Examples/", "--lint-rules", broken, "--out", scratch.path + "/refused.html"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("no-such-rule"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path + "/refused.html"))
    }

    func testTheTitleIsEscaped() throws {
        let scratch = try temporaryFolder().path
        let title = "</title><script>alert(1)</script><img src=x onerror=alert(1)>"
        let result = try mojify(["report", "Examples/", "--out", scratch + "/t.html", "--title", title, "--no-timestamp"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = try String(contentsOfFile: scratch + "/t.html", encoding: .utf8)
        XCTAssertTrue(page.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</title>"))
        XCTAssertEqual(page.components(separatedBy: "<script").count - 1, 2, "only the page's data block and script")
        XCTAssertFalse(page.contains("<img"))
    }

    func testUsageAndInputErrorsExitWith2() throws {
        let scratch = try temporaryFolder().path
        let both = try mojify(["report", "Examples/", "--out", scratch + "/x.html", "--generated-at", "now", "--no-timestamp"])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.stderr.contains("exclude each other"), both.stderr)
        let noOut = try mojify(["report", "Examples/"])
        XCTAssertEqual(noOut.status, 2)
        XCTAssertTrue(noOut.stderr.contains("--out"), noOut.stderr)
        let missingLedger = try mojify(["report", "Examples/", "--ledger", scratch + "/none.csv", "--out", scratch + "/x.html"])
        XCTAssertEqual(missingLedger.status, 2)
        XCTAssertTrue(missingLedger.stderr.contains("none.csv"), missingLedger.stderr)
        let folder = try mojify(["report", "Examples/", "--out", scratch])
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.contains("is a folder"), folder.stderr)
        let emptyTitle = try mojify(["report", "Examples/", "--out", scratch + "/x.html", "--title", " "])
        XCTAssertEqual(emptyTitle.status, 2)
        XCTAssertTrue(emptyTitle.stderr.contains("--title is empty"), emptyTitle.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/x.html"), "nothing is written after an error")
    }
}
