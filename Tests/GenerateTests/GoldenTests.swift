import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import XCTest

/// The complete output for Examples/, checked against golden files, Chromium's mojom grammar and `gn format`.
final class GoldenTests: XCTestCase {
    static let goldenRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/examples").path

    func generated(registry: OutputFormat) throws -> [String: String] {
        let rules = try Fixtures.rules()
        let plan = try ConversionPlan.make(inventory: try Fixtures.examples.get(), rules: rules)
        return try OutputFormat.render(plan, rules: rules, registry: registry)
    }

    func testGoldenOutputForExamples() throws {
        var files = try generated(registry: .manifest)
        for (path, text) in try generated(registry: .binders) where path.hasPrefix("binders/") { files[path] = text }
        let update = ProcessInfo.processInfo.environment["MOJIFY_UPDATE_GOLDEN"] == "1"
        if update {
            try? FileManager.default.removeItem(atPath: Self.goldenRoot)
            for (path, text) in files {
                let full = Self.goldenRoot + "/" + path
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: full, atomically: true, encoding: .utf8)
            }
        }
        let enumerator = FileManager.default.enumerator(atPath: Self.goldenRoot)
        let goldenPaths = Set((enumerator?.allObjects as? [String] ?? []).filter { !$0.hasSuffix("/") && FileManager.default.fileExists(atPath: Self.goldenRoot + "/" + $0) && !isFolder(Self.goldenRoot + "/" + $0) })
        XCTAssertEqual(goldenPaths, Set(files.keys), "the generated file set differs from Golden/examples; rerun with MOJIFY_UPDATE_GOLDEN=1 if intended")
        for path in files.keys.sorted() {
            let golden = (try? String(contentsOfFile: Self.goldenRoot + "/" + path, encoding: .utf8)) ?? ""
            if golden != files[path] {
                XCTFail("\(path) differs from its golden file (MOJIFY_UPDATE_GOLDEN=1 regenerates it):\n\(lineDiff(golden, files[path]!))")
            }
        }
        // Every message class of the examples has a mojom file, and every compiled message is in an interface.
        let inventory = try Fixtures.examples.get()
        let rules = try Fixtures.rules()
        let plan = try ConversionPlan.make(inventory: inventory, rules: rules)
        XCTAssertEqual(Set(plan.files.flatMap(\.messageClasses)), Set(inventory.messageClasses))
        for message in inventory.messages where !message.conditions.disabled {
            XCTAssertNotNil(plan.proposals[message.name]?.declaration, message.name)
        }
    }

    func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    func lineDiff(_ expected: String, _ actual: String) -> String {
        let left = expected.components(separatedBy: "\n")
        let right = actual.components(separatedBy: "\n")
        var lines: [String] = []
        for index in 0 ..< max(left.count, right.count) where (index < left.count ? left[index] : nil) != (index < right.count ? right[index] : nil) {
            lines.append("line \(index + 1):\n  - \(index < left.count ? left[index] : "<none>")\n  + \(index < right.count ? right[index] : "<none>")")
            if lines.count == 10 { break }
        }
        return lines.joined(separator: "\n")
    }

    func testEveryGeneratedMojomMatchesChromiumsGrammar() throws {
        let mojoms = try generated(registry: .manifest).filter { $0.key.hasSuffix(".mojom") }
        XCTAssertEqual(mojoms.count, 5)
        for (path, text) in mojoms {
            XCTAssertNoThrow(try MojomSyntaxChecker.check(text), path)
        }
    }

    func testEveryBuildFileIsAsGnFormatLeavesIt() throws {
        let gn = ["/usr/bin/gn", "/usr/local/bin/gn"].first { FileManager.default.isExecutableFile(atPath: $0) }
        // CI installs gn (.ci/setup, package generate-ninja); a missing gn is a failure, not a skip.
        let binary = try XCTUnwrap(gn, "gn is not installed; run .ci/setup (Debian package generate-ninja)")
        let scratch = try ScratchFolder()
        let builds = try generated(registry: .manifest).filter { $0.key.hasSuffix("BUILD.gn") }
        XCTAssertEqual(builds.count, 4)
        for (path, text) in builds {
            try scratch.write(path, text)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["format", "--dry-run", scratch.path + "/" + path]
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, "gn format would change \(path):\n\(text)")
        }
    }

    func testOutputIsDeterministic() throws {
        XCTAssertEqual(try generated(registry: .manifest), try generated(registry: .manifest))
        XCTAssertEqual(try generated(registry: .binders), try generated(registry: .binders))
    }
}
