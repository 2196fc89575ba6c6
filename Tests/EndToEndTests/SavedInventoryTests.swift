import Foundation
import MojifyTestSupport
import XCTest

/// Scan once, then lint, report, generate and sync the ledger from the saved inventory: each gives what it gives
/// when it scans the tree itself.
final class SavedInventoryTests: XCTestCase {
    func mojify(_ arguments: [String], environment: [String: String] = [:]) throws -> ProcessOutput {
        try MojifyBinary.run(arguments, in: repositoryRoot, environment: ["MOJIFY_TODAY": "2024-03-01"].merging(environment) { $1 })
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func testEveryCommandGivesFromASavedInventoryWhatItGivesFromTheTree() throws {
        let scratch = try temporaryFolder().path
        let inventory = scratch + "/inventory.json"
        XCTAssertEqual(try mojify(["scan", "Examples/", "--format", "json", "-o", inventory, "--no-cache"]).status, 0)
        let fromTree = ["Examples/"], fromInventory = ["--inventory", inventory, "Examples/"]

        for format in ["text", "json", "sarif"] {
            let scanned = try mojify(["lint"] + fromTree + ["--format", format])
            let saved = try mojify(["lint"] + fromInventory + ["--format", format])
            XCTAssertEqual(saved.status, scanned.status)
            XCTAssertEqual(saved.stdout, scanned.stdout, format)
            XCTAssertFalse(saved.stdout.isEmpty)
        }
        for (name, source) in [("tree", fromTree), ("saved", fromInventory)] {
            XCTAssertEqual(try mojify(["generate"] + source + ["--out", scratch + "/gen-" + name]).status, 0)
            XCTAssertEqual(try mojify(["ledger", "sync"] + source + ["--ledger", scratch + "/ledger-\(name).csv"]).status, 0)
            let report = try mojify(["report"] + source + ["--ledger", scratch + "/ledger-\(name).csv", "--out", scratch + "/report-\(name).html", "--no-timestamp"])
            XCTAssertEqual(report.status, 0, report.stderr)
        }
        XCTAssertEqual(try read(scratch + "/ledger-tree.csv"), try read(scratch + "/ledger-saved.csv"))
        XCTAssertEqual(try read(scratch + "/report-tree.html"), try read(scratch + "/report-saved.html"))
        let generated = try FileManager.default.subpathsOfDirectory(atPath: scratch + "/gen-tree").sorted()
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: scratch + "/gen-saved").sorted(), generated)
        for path in generated where !path.hasSuffix("/") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: scratch + "/gen-tree/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            XCTAssertEqual(try read(scratch + "/gen-saved/" + path), try read(scratch + "/gen-tree/" + path), path)
        }
    }

    func testInventoriesOfAnotherVersionOrScanOptionsWithAnInventoryAreRefused() throws {
        let scratch = try temporaryFolder().path
        let inventory = scratch + "/inventory.json"
        XCTAssertEqual(try mojify(["scan", "Examples/", "--format", "json", "-o", inventory, "--no-cache"]).status, 0)
        let text = try read(inventory)

        try text.replacingOccurrences(of: "\"toolVersion\" : \"", with: "\"toolVersion\" : \"0.0.0-").write(toFile: inventory, atomically: true, encoding: .utf8)
        let otherTool = try mojify(["lint", "--inventory", inventory, "Examples/"])
        XCTAssertEqual(otherTool.status, 2)
        XCTAssertTrue(otherTool.stderr.contains("the inventory was written by mojify 0.0.0-") && otherTool.stderr.contains("scan the tree again"), otherTool.stderr)

        try text.replacingOccurrences(of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 99").write(toFile: inventory, atomically: true, encoding: .utf8)
        let otherSchema = try mojify(["report", "--inventory", inventory, "--out", scratch + "/r.html"])
        XCTAssertEqual(otherSchema.status, 2)
        XCTAssertTrue(otherSchema.stderr.contains("inventory schema version 99 is not supported"), otherSchema.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch + "/r.html"))

        try text.write(toFile: inventory, atomically: true, encoding: .utf8)
        let shaping = try mojify(["generate", "--inventory", inventory, "Examples/", "--exclude", "x/**", "--no-cache", "--out", scratch + "/gen"])
        XCTAssertEqual(shaping.status, 2)
        XCTAssertTrue(shaping.stderr.contains("--exclude, --no-cache shape a scan, and --inventory reads one already made"), shaping.stderr)
        let nothing = try mojify(["lint"])
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stderr.contains("give the folders or files to scan, or --inventory FILE"), nothing.stderr)
    }
}
