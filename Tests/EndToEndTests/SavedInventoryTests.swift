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

    /// A saved inventory is input like any other: out-of-range numbers, paths outside the tree, a folder or a pipe
    /// given as the file, and an inventory used with the wrong folder each get mojify's own words and exit 2 (a pipe
    /// is read), never a crash or a silent misreading.
    func testHostileOrMisplacedInventoriesAreRefusedInWords() throws {
        let scratch = try temporaryFolder().path
        let inventory = scratch + "/inventory.json"
        XCTAssertEqual(try mojify(["scan", "Examples/", "--format", "json", "-o", inventory, "--no-cache"]).status, 0)
        let good = try read(inventory)
        let column = try XCTUnwrap(good.range(of: #""column" : [0-9]+"#, options: .regularExpression))
        let file = try XCTUnwrap(good.range(of: #""file" : "[^"]+""#, options: .regularExpression))
        let cases: [(String, String, String)] = [
            ("Int.max column", good.replacingCharacters(in: column, with: #""column" : 9223372036854775807"#),
             "is not a column number (0 to 2147483647)"),
            ("beyond Int", good.replacingCharacters(in: column, with: #""column" : 92233720368547758070"#), "the number 92233720368547758070 is too large for a whole number"),
            ("negative", good.replacingCharacters(in: column, with: #""column" : -1"#), "is not a column number"),
            ("outside the tree", good.replacingCharacters(in: file, with: #""file" : "../../etc/passwd""#),
             "it names '../../etc/passwd', which is not a path inside the scanned folder"),
            ("absolute", good.replacingCharacters(in: file, with: #""file" : "/etc/passwd""#), "which is not a path inside the scanned folder"),
        ]
        for (name, text, expected) in cases {
            let path = scratch + "/\(name).json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            for command in [["lint"], ["migrate", "--out", scratch + "/out"]] {
                let result = try mojify(command + ["--inventory", path, "Examples/"])
                XCTAssertEqual(result.status, 2, "\(name) \(command): \(result.stdout)")
                XCTAssertTrue(result.stderr.contains(expected), "\(name) \(command): \(result.stderr)")
            }
        }
        let folder = try mojify(["lint", "--inventory", scratch, "Examples/"])
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.contains("it is a folder; give the inventory file"), folder.stderr)
        XCTAssertFalse(folder.stderr.contains("NSCocoaErrorDomain"), folder.stderr)

        // Used from another folder, the paths would name other files, or none: refused rather than misread.
        let elsewhere = try MojifyBinary.run(["lint", "--inventory", inventory], in: scratch)
        XCTAssertEqual(elsewhere.status, 2)
        XCTAssertTrue(elsewhere.stderr.contains("which is not in .; give the folder the inventory was scanned from"), elsewhere.stderr)

        let pipe = scratch + "/inventory.fifo"
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let writer = Thread { try? good.write(toFile: pipe, atomically: false, encoding: .utf8) }
        writer.start()
        let fromPipe = try mojify(["lint", "--inventory", pipe, "Examples/"])
        let fromFile = try mojify(["lint", "--inventory", inventory, "Examples/"])
        XCTAssertEqual(fromPipe.stdout, fromFile.stdout, fromPipe.stderr)
    }
}

