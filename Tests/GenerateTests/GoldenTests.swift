import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import MojifyTestSupport
import XCTest

/// The complete output for Examples/, checked against golden files, Chromium's mojom grammar and `gn format`.
final class GoldenTests: XCTestCase {
    static let goldenRoot = repositoryRoot + "/Tests/GenerateTests/Golden/examples"

    func generated(registry: OutputFormat) throws -> [String: String] {
        let rules = try Fixtures.rules()
        let plan = try ConversionPlan.make(inventory: try Fixtures.examples.get(), rules: rules)
        return try OutputFormat.render(plan, rules: rules, registry: registry)
    }

    /// What `mojify generate Examples/` writes (Examples/ is of the binder map era, whose binder maps register), and
    /// the manifest overlays of the service manager eras.
    func testGoldenOutputForExamples() throws {
        var files = try generated(registry: .binders)
        for (path, text) in try generated(registry: .manifest) where path.hasPrefix("manifests/") { files[path] = text }
        try Golden.assertMatches(folder: files, path: Self.goldenRoot)
        // Every message class of the examples has a mojom file, and every compiled message is in an interface.
        let inventory = try Fixtures.examples.get()
        let rules = try Fixtures.rules()
        let plan = try ConversionPlan.make(inventory: inventory, rules: rules)
        XCTAssertEqual(Set(plan.files.flatMap(\.messageClasses)), Set(inventory.messageClasses))
        for message in inventory.messages where !message.conditions.disabled {
            XCTAssertNotNil(plan.proposals[message.name]?.declaration, message.name)
        }
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
        let scratch = try temporaryFolder()
        let builds = try generated(registry: .manifest).filter { $0.key.hasSuffix("BUILD.gn") }
        XCTAssertEqual(builds.count, 4)
        for (path, text) in builds {
            try scratch.write(path, text)
            let format = try RunningProcess(URL(fileURLWithPath: binary), ["format", "--dry-run", scratch.path + "/" + path]).finish()
            XCTAssertEqual(format.status, 0, "gn format would change \(path):\n\(text)")
        }
    }

    func testOutputIsDeterministic() throws {
        XCTAssertEqual(try generated(registry: .manifest), try generated(registry: .manifest))
        XCTAssertEqual(try generated(registry: .binders), try generated(registry: .binders))
    }
}
