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
