import Foundation
import MojifyCore
@testable import MojifyLint
import MojifyLedger
import MojifyScanner
import XCTest

/// Every rule's examples, through the real scanner: each must fire on its examples and stay quiet on the others.
final class RuleExampleTests: XCTestCase {
    func testEveryRuleFiresOnItsExamplesAndStaysQuietOnItsNonExamples() throws {
        for rule in LintRules.all {
            XCTAssertTrue(rule.examples.contains { $0.fires }, "\(rule.id) has no example it fires on")
            XCTAssertTrue(rule.examples.contains { !$0.fires }, "\(rule.id) has no example it stays quiet on")
            for (index, example) in rule.examples.enumerated() {
                let findings = try lint(example).filter { $0.ruleID == rule.id }
                if example.fires {
                    XCTAssertFalse(findings.isEmpty, "\(rule.id) example \(index + 1) should fire:\n\(example.files)")
                } else {
                    XCTAssertEqual(findings, [], "\(rule.id) example \(index + 1) should stay quiet:\n\(example.files)")
                }
            }
        }
    }

    func testRuleIDsAreUniqueKebabCaseAndDocumented() throws {
        let ids = LintRules.all.map { $0.id }
        XCTAssertEqual(Set(ids).count, ids.count)
        for rule in LintRules.all {
            XCTAssertNotNil(rule.id.range(of: #"^[a-z]+(-[a-z]+)*$"#, options: .regularExpression), rule.id)
            XCTAssertFalse(rule.summary.isEmpty, rule.id)
            XCTAssertGreaterThan(rule.documentation.count, 100, "\(rule.id) needs documentation that says what to do")
        }
    }

    func testShippedSettingsListEveryRuleWithItsDefaultSeverity() throws {
        let path = try RulesDirectory.file("lint-rules.yaml")
        let settings = try RuleSettings.load(path: path)
        for rule in LintRules.all {
            XCTAssertEqual(settings.severities[rule.id], rule.defaultSeverity, "\(path) should list \(rule.id) with its default severity")
            XCTAssertTrue(settings.isEnabled(rule))
        }
    }

    /// The README's rule table is generated from the rules: every rule, in `LintRules.all` order, with its default
    /// severity and its summary, so the documentation cannot drift from the code. `MOJIFY_UPDATE_GOLDEN=1`
    /// rewrites the table.
    func testTheReadmeRuleTableIsTheRules() throws {
        let path = Mojify.repositoryRoot + "/README.md"
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let header = "| Rule | Default | Reports |\n| --- | --- | --- |\n"
        let start = try XCTUnwrap(readme.range(of: header), "README.md has no rule table")
        let rows = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("|") }
        let expected = LintRules.all.map { "| `\($0.id)` | \($0.defaultSeverity.rawValue) | \($0.summary) |" }
        if ProcessInfo.processInfo.environment["MOJIFY_UPDATE_GOLDEN"] == "1" {
            let end = readme.index(start.upperBound, offsetBy: rows.reduce(0) { $0 + $1.count + 1 })
            try FileOutput.writeAtomically(readme.replacingCharacters(in: start.upperBound ..< end, with: expected.map { $0 + "\n" }.joined()), to: path)
            return
        }
        XCTAssertEqual(rows.map(String.init), expected, "the README's rule table differs from the rules; MOJIFY_UPDATE_GOLDEN=1 rewrites it")
    }

    /// Writes the example into a temporary tree, scans it, and lints it with the shipped rules.
    private func lint(_ example: RuleExample) throws -> [Finding] {
        let folder = NSTemporaryDirectory() + "mojify-lint-example-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let root = folder + "/tree"
        for (path, text) in example.files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: full))
        }
        var ledger: LedgerReference?
        if let text = example.ledger {
            let path = folder + "/ledger.csv"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            ledger = LedgerReference(ledger: try Ledger.load(path: path), path: path, root: root)
        }
        let inventory = try IPCScanner.scan(ScanOptions(paths: [root]))
        return try Linter.lint(inventory: inventory, ledger: ledger, options: try LintOptions.standard(root: root))
    }
}
