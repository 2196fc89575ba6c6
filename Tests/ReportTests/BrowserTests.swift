import Foundation
import MojifyApplication
import MojifyCore
import MojifyLedger
@testable import MojifyReport
import MojifyScanner
import MojifyTestSupport
import XCTest

/// Opens real reports in headless Chromium and checks the DOM after the page's script ran.
final class BrowserTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The report says nothing on a terminal that these tests would check.
    static let silent = Console(standardOutput: { _ in }, standardError: { _ in })

    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder().url
    }

    /// The report of Examples/ with the example ledger, through the same entry point as `mojify report`.
    private func examplesReport() throws -> URL {
        let output = folder.appendingPathComponent("report.html")
        let options = ReportOptions(
            input: InventoryInput(scan: ScanOptions(paths: [repositoryRoot + "/Examples"])),
            ledgerPath: Self.fixtures.appendingPathComponent("examples-ledger.csv").path,
            outputPath: output.path, title: "Example tree: IPC to Mojo migration", timestamp: .fixed("2025-03-03 09:00 UTC")
        )
        XCTAssertEqual(try ReportFlow.execute(options: options, console: Self.silent, environment: [:]), 0)
        return output
    }

    func testTablesSortAndFilterTheDrillDownOpensAndTheChartIsDrawn() throws {
        let chromium = try Chromium.locate()
        let page = try chromium.load(try withDriver(examplesReport()))
        XCTAssertEqual(page.console, [], "the page must not log anything, errors included")
        XCTAssertEqual(PageParts.elementNames(page.dom).subtracting(PageParts.ownElements), [], "PageParts.ownElements lists every element the page uses")
        let results = try driverResults(page.dom)

        XCTAssertEqual(results["sortButtons"] as? Int, 8, "every column of the class table but the bar sorts")
        let ascending = try XCTUnwrap(results["classAscending"] as? [Int])
        XCTAssertEqual(ascending, ascending.sorted())
        XCTAssertEqual(results["classDescending"] as? [Int], ascending.sorted(by: >))
        XCTAssertEqual(results["ariaSort"] as? String, "descending")
        let names = try XCTUnwrap(results["namesDescending"] as? [String])
        XCTAssertEqual(names.count, 59)
        XCTAssertEqual(names, names.sorted { $0.lowercased() > $1.lowercased() })

        XCTAssertEqual(results["filtered"] as? [String], ["PrintHostMsg_DidGetPreviewPageCount", "PrintHostMsg_GetPrinterCapabilities", "PrintHostMsg_RecordPrintJobMetrics"].sorted(by: >))
        XCTAssertEqual(results["shown"] as? String, "3 of 59 rows")
        XCTAssertEqual(Set(results["blocked"] as? [String] ?? []), ["FrameHostMsg_DidCommitProvisionalLoad", "PrintHostMsg_GetPrinterCapabilities"])
        XCTAssertEqual(results["ownerFilter"] as? [String], ["alice"])

        XCTAssertEqual(results["detailOpen"] as? Bool, true)
        XCTAssertEqual(results["detailTitle"] as? String, "FrameHostMsg_DidCommitProvisionalLoad Blocked")
        let detail = try XCTUnwrap(results["detailText"] as? String)
        for expected in ["content/common/frame_messages.h:", "IPC_MESSAGE_ROUTED", "to browser", "routed (to a frame, view or widget)", "dave",
                         "crbug.com/40004", "waits for the navigation <commit> params split; see \"go/nav-mojo\" & crbug.com/40011",
                         "Handlers (1)", "RenderFrameHostImpl::", "Senders ("] {
            XCTAssertTrue(detail.contains(expected), "drill-down lacks \(expected): \(detail)")
        }
        XCTAssertEqual(results["focusInDetail"] as? Bool, true, "the opened drill-down has the focus")
        XCTAssertEqual(results["pageBehindInert"] as? Bool, true, "the modal drill-down keeps Tab and clicks off the page behind it")
        XCTAssertEqual(results["detailClosed"] as? Bool, true, "Escape closes the drill-down")
        XCTAssertEqual(results["pageInertAfterClose"] as? Bool, false)
        XCTAssertEqual(results["focusReturnedTo"] as? String, "FrameHostMsg_DidCommitProvisionalLoad", "closing returns the focus to the link")
        XCTAssertEqual(results["hashAfterClose"] as? String, "")
        XCTAssertEqual(results["convertedDetail"] as? String, "Not in the scanned tree any more; the ledger last saw it at content/common/widget_messages.h:4.")

        XCTAssertEqual(results["chartDots"] as? Int, 9, "one point per history entry")
        XCTAssertEqual((results["chartLine"] as? String)?.split(separator: " ").count, 9)
        XCTAssertEqual(results["theme"] as? String, "light")
    }

    func testDeepLinkOpensTheDrillDownAndPageReadsWithoutJavaScript() throws {
        let chromium = try Chromium.locate()
        let report = try examplesReport()
        let linked = try chromium.load(report, fragment: "m=PrintHostMsg_GetPrinterCapabilities")
        XCTAssertEqual(linked.console, [])
        XCTAssertTrue(linked.dom.contains("<div id=\"detail\" class=\"detail\"><div class=\"panel\""), "the dialog is shown (no hidden attribute)")
        XCTAssertTrue(linked.dom.contains("needs the printing::mojom::PrinterCapabilities struct first"))

        // A viewer that blocks scripts (as CI artifact servers often do with a policy like this one).
        var html = try String(contentsOf: report, encoding: .utf8)
        html = html.replacingOccurrences(of: "script-src 'sha256-", with: "script-src 'none' 'sha256-none-")
        let blocked = folder.appendingPathComponent("no-script.html")
        try html.write(to: blocked, atomically: true, encoding: .utf8)
        let plain = try chromium.load(blocked)
        XCTAssertFalse(plain.dom.contains("class=\"sort\""), "no script ran")
        XCTAssertTrue(plain.dom.contains("<td>PrintHostMsg_GetPrinterCapabilities</td>"), "the message table is plain HTML")
        XCTAssertTrue(plain.dom.contains("<td>FrameMsgStart</td><td class=\"n\">"), "the class table is plain HTML")
        XCTAssertTrue(plain.dom.contains("<td>alice</td><td class=\"n\">16</td>"), "the owner table is plain HTML")
        XCTAssertTrue(plain.dom.contains("<polyline class=\"line-remaining\""), "the chart is SVG in the page")
    }

    /// Payloads through a comment, a parameter type, a ledger note and the title, on the real path: scan, ledger
    /// file, render. Nothing may run (the console would show it, as an error or a policy refusal) or add elements.
    func testInjectedPayloadsDoNotExecuteOrBreakThePage() throws {
        let chromium = try Chromium.locate()
        let payload = "</script><img src=x onerror=alert(1)>"
        let tree = folder.appendingPathComponent("tree/payload")
        try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
        try """
        #define IPC_MESSAGE_START PayloadMsgStart
        IPC_MESSAGE_ROUTED2(PayloadHostMsg_Comment,
                            int /* \(payload) */,
                            std::string /* "><svg onload=alert(2)> */)
        IPC_MESSAGE_CONTROL1(PayloadMsg_Type, std::vector<int>\(payload))

        """.write(to: tree.appendingPathComponent("payload_messages.h"), atomically: true, encoding: .utf8)
        var row = LedgerRow(message: "PayloadHostMsg_Comment", messageClass: "PayloadMsgStart", kind: .routed, sync: false,
                            file: "payload/payload_messages.h", line: 2, status: .blocked, owner: "<b>mallory</b>", notes: payload + " & \u{2028}")
        let ledger = folder.appendingPathComponent("ledger.csv")
        try Ledger(rows: [row]).csvText().write(to: ledger, atomically: true, encoding: .utf8)
        row.notes = ""
        let output = folder.appendingPathComponent("payload.html")
        let options = ReportOptions(input: InventoryInput(scan: ScanOptions(paths: [folder.appendingPathComponent("tree").path])), ledgerPath: ledger.path,
                                    outputPath: output.path, title: "\(payload)\"><script>alert(4)</script>", timestamp: .omitted)
        XCTAssertEqual(try ReportFlow.execute(options: options, console: Self.silent, environment: [:]), 0)

        for fragment in ["m=PayloadHostMsg_Comment", "m=PayloadMsg_Type"] {
            let page = try chromium.load(output, fragment: fragment)
            XCTAssertEqual(page.console, [], "a payload ran or the page broke")
            XCTAssertEqual(PageParts.elementNames(page.dom).subtracting(PageParts.ownElements), [], "a payload became an element")
            XCTAssertFalse(page.dom.contains("<!--"), "a payload became a comment")
            XCTAssertTrue(page.dom.contains("<title>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;\"&gt;&lt;script&gt;alert(4)&lt;/script&gt;</title>"))
            XCTAssertTrue(page.dom.contains("<div id=\"detail\" class=\"detail\"><div class=\"panel\""), "the drill-down still opens")
        }
        let comment = try chromium.load(output, fragment: "m=PayloadHostMsg_Comment").dom
        XCTAssertTrue(comment.contains("int /* &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; */"), "the comment shows as text")
        XCTAssertTrue(comment.contains("<dd>&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &amp; \u{2028}</dd>"), "the ledger note shows as text")
        XCTAssertTrue(comment.contains("<dd>&lt;b&gt;mallory&lt;/b&gt;</dd>"))
        let type = try chromium.load(output, fragment: "m=PayloadMsg_Type").dom
        XCTAssertTrue(type.contains("<code>std::vector&lt;int&gt;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</code>"), "the type shows as text")
    }

    /// Every field of the model carries the payloads, including parameter names and lint findings.
    func testPayloadsInEveryModelFieldStayText() throws {
        let chromium = try Chromium.locate()
        for payload in EscapingTests.payloads {
            let file = folder.appendingPathComponent("model.html")
            try ReportPage.render(EscapingTests.model(payload: payload)).write(to: file, atomically: true, encoding: .utf8)
            let page = try chromium.load(file, fragment: "m=FooHostMsg_Bar")
            XCTAssertEqual(page.console, [], payload)
            XCTAssertEqual(PageParts.elementNames(page.dom).subtracting(PageParts.ownElements), [], "\(payload) became an element")
            XCTAssertFalse(page.dom.contains("<!--"), "\(payload) became a comment")
            XCTAssertTrue(page.dom.contains("<div id=\"detail\" class=\"detail\"><div class=\"panel\""), payload)
        }
    }

    func testScreenshotOfTheExamplesReport() throws {
        let chromium = try Chromium.locate()
        let report = try examplesReport()
        for dark in [false, true] {
            let png = folder.appendingPathComponent(dark ? "dark.png" : "light.png")
            try chromium.screenshot(report, to: png, dark: dark)
            let data = try Data(contentsOf: png)
            XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
            // Width and height sit in the IHDR chunk, big-endian, at bytes 16 and 20.
            func bigEndian(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            XCTAssertEqual(bigEndian(16), 1440)
            XCTAssertEqual(bigEndian(20), 900)
            if !dark, Golden.isUpdating {
                let docs = URL(fileURLWithPath: repositoryRoot + "/Docs/report-screenshot.png")
                try FileManager.default.createDirectory(at: docs.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: docs)
            }
        }
    }

    // MARK: - The test driver

    /// A copy of `report` with the driver script added after the page's own, and allowed by the page's policy.
    private func withDriver(_ report: URL) throws -> URL {
        var html = try String(contentsOf: report, encoding: .utf8)
        let hash = Data(SHA256.digest(Array(Self.driver.utf8))).base64EncodedString()
        html = html.replacingOccurrences(of: "script-src 'sha256-", with: "script-src 'sha256-\(hash)' 'sha256-")
        html = html.replacingOccurrences(of: "</body>", with: "<script>\(Self.driver)</script>\n</body>")
        let copy = folder.appendingPathComponent("driven.html")
        try html.write(to: copy, atomically: true, encoding: .utf8)
        return copy
    }

    private func driverResults(_ dom: String) throws -> [String: Any] {
        guard let start = dom.range(of: "<pre id=\"test-results\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            XCTFail("the driver wrote no results; the page's script probably failed")
            return [:]
        }
        let text = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    /// Uses the page as a person would: clicks headings, types into filters, follows a message link, presses Escape.
    static let driver = #"""
(function () {
  var results = {};
  function visible(tableId, column) {
    return Array.prototype.slice.call(document.getElementById(tableId).tBodies[0].rows)
      .filter(function (row) { return !row.hidden; })
      .map(function (row) { return row.cells[column].textContent; });
  }
  var classHeadings = document.getElementById("by-class-table").tHead.rows[0].cells;
  results.sortButtons = document.querySelectorAll("#by-class-table th button.sort").length;
  classHeadings[1].querySelector("button").click();
  results.classAscending = visible("by-class-table", 1).map(Number);
  classHeadings[1].querySelector("button").click();
  results.classDescending = visible("by-class-table", 1).map(Number);
  results.ariaSort = classHeadings[1].getAttribute("aria-sort");

  var nameHeading = document.getElementById("messages-table").tHead.rows[0].cells[0];
  nameHeading.querySelector("button").click();
  nameHeading.querySelector("button").click();
  results.namesDescending = visible("messages-table", 0);

  var filter = document.querySelector("input.filter[data-table='messages-table']");
  filter.value = "PrintHost";
  filter.dispatchEvent(new Event("input"));
  results.filtered = visible("messages-table", 0);
  results.shown = document.querySelector("#messages .shown").textContent;
  filter.value = "";
  filter.dispatchEvent(new Event("input"));
  var status = document.querySelector("select.status-filter");
  status.value = "2";
  status.dispatchEvent(new Event("change"));
  results.blocked = visible("messages-table", 0);
  status.value = "";
  status.dispatchEvent(new Event("change"));
  var ownerFilter = document.querySelector("input.filter[data-table='by-owner-table']");
  ownerFilter.value = "ALI";
  ownerFilter.dispatchEvent(new Event("input"));
  results.ownerFilter = visible("by-owner-table", 0);

  var dots = document.querySelectorAll("svg.chart circle.dot-remaining");
  results.chartDots = dots.length;
  results.chartLine = document.querySelector("svg.chart polyline.line-remaining").getAttribute("points");
  document.getElementById("theme-toggle").click();
  results.theme = document.documentElement.getAttribute("data-theme");

  var dialog = document.getElementById("detail");
  var steps = [
    function () {
      Array.prototype.filter.call(document.querySelectorAll("#messages-table a"), function (link) {
        return link.textContent === "FrameHostMsg_DidCommitProvisionalLoad";
      })[0].click();
    },
    function () {
      results.detailOpen = !dialog.hidden;
      results.detailTitle = dialog.querySelector("h2").textContent;
      results.detailText = dialog.textContent;
      results.focusInDetail = dialog.contains(document.activeElement);
      results.pageBehindInert = document.querySelector("main").inert && document.querySelector("header").inert;
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
      results.detailClosed = dialog.hidden;
      results.pageInertAfterClose = document.querySelector("main").inert;
      results.focusReturnedTo = document.activeElement.textContent;
      results.hashAfterClose = window.location.hash;
      window.location.hash = "#m=WidgetMsg_WasShown";
    },
    function () {
      results.convertedDetail = Array.prototype.filter.call(dialog.querySelectorAll("p.muted"), function (paragraph) {
        return paragraph.textContent.indexOf("Not in the scanned tree") === 0;
      })[0].textContent;
      var output = document.createElement("pre");
      output.id = "test-results";
      output.textContent = JSON.stringify(results);
      document.body.appendChild(output);
    }
  ];
  function next() { steps.shift()(); if (steps.length) { setTimeout(next, 50); } }
  next();
}());
"""#
}
