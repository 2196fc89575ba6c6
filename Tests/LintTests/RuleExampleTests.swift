import Foundation
import MojifyCore
@testable import MojifyLint
import MojifyLedger
import MojifyScanner
import MojifyTestSupport
import XCTest

/// Every rule's examples, through the real scanner: each must fire on its examples and stay quiet on the others.
final class RuleExampleTests: XCTestCase {
    /// A rule cannot be dead code: each file of `Sources/Lint/Rules/` defines one rule, named like its file, and
    /// `LintRules.all` lists every one of them, once.
    func testLintRulesListsEveryRuleFileOnce() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/Lint/Rules").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertFalse(files.isEmpty, folder.path)
        var ids: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let typeName = String(file.dropLast(".swift".count))
            XCTAssertTrue(text.contains("enum \(typeName): LintRule"), "\(file) defines no rule named \(typeName)")
            let declared = text.components(separatedBy: "static let id = \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            XCTAssertEqual(declared.count, 1, "\(file) declares \(declared.count) rule ids")
            ids += declared
            XCTAssertTrue(LintRules.all.contains { String(describing: $0) == typeName }, "LintRules.all does not list \(typeName)")
        }
        XCTAssertEqual(LintRules.all.map { $0.id }.sorted(), ids.sorted(), "LintRules.all lists a rule that has no file of its own, or one twice")
    }

    /// Each finding of an example is where its marker stands and says what the example expects; there are no
    /// others, and an example the rule stays quiet on has none.
    func testEveryRuleReportsItsExamplesWhereMarkedAndStaysQuietOnItsNonExamples() throws {
        for rule in LintRules.all {
            XCTAssertTrue(rule.examples.contains { $0.fires }, "\(rule.id) has no example it fires on")
            XCTAssertTrue(rule.examples.contains { !$0.fires }, "\(rule.id) has no example it stays quiet on")
            for (index, example) in rule.examples.enumerated() {
                let name = "\(rule.id) example \(index + 1)"
                let (findings, ledgerFile) = try lint(example)
                let found = findings.filter { $0.ruleID == rule.id }
                var markers: [String: SourceLocation] = [:]
                let marked = example.markedFiles.map { ($0.key, $0.value) } + (example.markedLedger.map { [(ledgerFile, $0)] } ?? [])
                for (file, text) in marked {
                    for (marker, position) in MarkedText(text).markers {
                        XCTAssertNil(markers[marker], "\(name): \(marker) is used twice")
                        markers[marker] = SourceLocation(file: file, line: position.line, column: position.column)
                    }
                }
                // A marker before a link's name stands for a finding about the link itself.
                for link in example.markedLinks.keys {
                    let marked = MarkedText(link)
                    for marker in marked.markers.keys {
                        XCTAssertNil(markers[marker], "\(name): \(marker) is used twice")
                        markers[marker] = SourceLocation(file: marked.text, line: 0, column: 0)
                    }
                }
                XCTAssertEqual(Set(markers.keys), Set(example.findings.map(\.marker)), "\(name): each marker needs one expected finding")
                for spec in example.findings {
                    guard let location = markers[spec.marker] else { continue }
                    let here = found.filter { $0.location == location }
                    XCTAssertEqual(here.count, 1, "\(name): one finding at \(spec.marker) (\(location.file):\(location.line):\(location.column)); found \(found.map { "\($0.location.file):\($0.location.line):\($0.location.column)" })")
                    for finding in here {
                        XCTAssertTrue(finding.message.contains(spec.message), "\(name) at \(spec.marker): expected '\(spec.message)' in '\(finding.message)'")
                    }
                }
                XCTAssertEqual(found.count, example.findings.count, "\(name): \(found.map(\.message))")
            }
        }
    }

    func testMarkersAreFoundByLineAndByteColumnAndStripped() {
        let marked = MarkedText("a1️⃣b\n\u{e9}2️⃣c3️⃣")
        XCTAssertEqual(marked.text, "ab\n\u{e9}c")
        XCTAssertEqual(marked.markers["1️⃣"]?.line, 1)
        XCTAssertEqual(marked.markers["1️⃣"]?.column, 2)
        XCTAssertEqual(marked.markers["2️⃣"]?.line, 2)
        XCTAssertEqual(marked.markers["2️⃣"]?.column, 3, "columns count UTF-8 bytes, as the scanner's do")
        XCTAssertEqual(marked.markers["3️⃣"]?.column, 4)
    }

    /// SARIF's rule help shows the examples: as they are scanned, without markers.
    func testRuleHelpShowsExamplesWithoutMarkers() {
        for rule in LintRules.all {
            let help = SARIFFindings.helpMarkdown(rule)
            XCTAssertFalse(help.unicodeScalars.contains("\u{20E3}"), rule.id)
            let fires = rule.examples.first { $0.fires }
            for text in (fires?.files.values).map(Array.init) ?? [] {
                XCTAssertTrue(help.contains(text), "\(rule.id): the help shows the example it fires on")
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
        let path = repositoryRoot + "/README.md"
        let readme = try String(contentsOfFile: path, encoding: .utf8)
        let header = "| Rule | Default | Reports |\n| --- | --- | --- |\n"
        let start = try XCTUnwrap(readme.range(of: header), "README.md has no rule table")
        let rows = readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix("|") }
        let expected = LintRules.all.map { "| `\($0.id)` | \($0.defaultSeverity.rawValue) | \($0.summary) |" }
        if Golden.isUpdating {
            let end = readme.index(start.upperBound, offsetBy: rows.reduce(0) { $0 + $1.count + 1 })
            try FileOutput.writeAtomically(readme.replacingCharacters(in: start.upperBound ..< end, with: expected.map { $0 + "\n" }.joined()), to: path)
            return
        }
        XCTAssertEqual(rows.map(String.init), expected, "the README's rule table differs from the rules; MOJIFY_UPDATE_GOLDEN=1 rewrites it")
    }

    /// Writes the example into a temporary tree, scans it, and lints it with the shipped rules; also returns the
    /// ledger file as findings name it.
    private func lint(_ example: RuleExample) throws -> (findings: [Finding], ledgerFile: String) {
        let folder = try TemporaryFolder()
        let root = folder.path + "/tree"
        for (path, text) in example.files {
            try folder.write("tree/" + path, text + "\n")
        }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (link, target) in example.links {
            try FileManager.default.createSymbolicLink(atPath: root + "/" + link, withDestinationPath: target)
        }
        var ledger: LedgerReference?
        if let text = example.ledger {
            let path = try folder.write("ledger.csv", text)
            ledger = LedgerReference(ledger: try Ledger.load(path: path), path: path, root: root)
        }
        let inventory = try IPCScanner.scan(ScanOptions(paths: [root]))
        let findings = try Linter.lint(inventory: inventory, ledger: ledger, options: try LintOptions.standard(root: root))
        return (findings, ledger?.file ?? "")
    }
}
