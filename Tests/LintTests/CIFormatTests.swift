import Foundation
import MojifyCore
@testable import MojifyLint
import MojifyTestSupport
import XCTest

/// `--format junit`, `codequality` and `markdown` as their consumers read them, offline: the JUnit XML against
/// the XSD of Jenkins' xUnit plugin with `xmllint`, and parsed with `junitparser`; the Code Climate issues against
/// the schema GitLab filters them with, with `jsonschema`; the Markdown through the CommonMark parser
/// `markdown-it-py`. The schemas are in Fixtures/schemas (see its README for their sources); `.ci/setup` installs
/// the tools. A missing tool fails the test rather than skipping it, so CI cannot pass without the check.
final class CIFormatTests: XCTestCase {
    static let schemas = repositoryRoot + "/Tests/LintTests/Fixtures/schemas/"

    /// Findings in a file whose name and messages hold what XML, JSON and Markdown must escape.
    static let hostile = [
        "odd & <dir>/a\"b`c_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL1(FooMsg_Pointer, std::vector<Foo*>)
            IPC_MESSAGE_CONTROL1(FooMsg_Long, long)
            """,
    ]

    private func lint(_ root: String, _ format: String, _ extra: [String] = [], in directory: String = repositoryRoot) throws -> String {
        let result = try MojifyBinary.run(["lint", root, "--format", format] + extra, in: directory)
        XCTAssertLessThan(result.status, 2, result.stderr)
        return result.stdout
    }

    private func python(_ script: String, _ arguments: [String]) throws -> ProcessOutput {
        try RunningProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments).finish()
    }

    // MARK: JUnit

    /// xmllint against the XSD; then junitparser's view: suites, cases, failures, and each failure's message.
    static let junitCheck = """
        import json, subprocess, sys
        check = subprocess.run(["xmllint", "--noout", "--schema", sys.argv[1], sys.argv[2]], capture_output=True, text=True)
        if check.returncode != 0:
            print("xmllint:", check.returncode, check.stderr)
            sys.exit(1)
        try:
            from junitparser import JUnitXml, Failure
        except ImportError as error:
            print(f"junitparser is not installed ({error}); run: bash .ci/setup")
            sys.exit(3)
        xml = JUnitXml.fromfile(sys.argv[2])
        suites = [{"name": suite.name, "tests": suite.tests, "failures": suite.failures,
                   "cases": [{"name": case.name, "classname": case.classname,
                              "failures": [result.message for result in case.result if isinstance(result, Failure)]}
                             for case in suite]} for suite in xml]
        print(json.dumps(suites))
        """

    struct Suite: Decodable {
        struct Case: Decodable {
            var name: String
            var classname: String
            var failures: [String]
        }

        var name: String
        var tests: Int
        var failures: Int
        var cases: [Case]
    }

    private func junitSuites(_ xml: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Suite] {
        let path = try temporaryFolder().write("report.xml", xml)
        let check = try python(Self.junitCheck, [Self.schemas + "junit-10.xsd", path])
        XCTAssertEqual(check.status, 0, "the JUnit report is refused:\n\(check.stdout)\(check.stderr)\n\(xml)", file: file, line: line)
        return try JSONDecoder().decode([Suite].self, from: Data(check.stdout.utf8))
    }

    func testJUnitValidatesAndFailsTheFindingsAtOrAboveFailOn() throws {
        let ledger = ExamplesLintTests.ledger
        let suites = try junitSuites(lint("Examples", "junit", ["--ledger", ledger]))
        // Every enabled rule is a suite; each suite's count is its cases'.
        XCTAssertTrue(suites.contains { $0.name == "new-legacy-ipc" } && suites.contains { $0.name == "unreadable-file" })
        for suite in suites {
            XCTAssertEqual(suite.tests, suite.cases.count, suite.name)
            XCTAssertEqual(suite.failures, suite.cases.filter { !$0.failures.isEmpty }.count, suite.name)
        }
        let failed = suites.flatMap(\.cases).filter { !$0.failures.isEmpty }
        XCTAssertEqual(failed.count, 5, "the five errors fail; warnings and notes pass by default")
        let new = try XCTUnwrap(suites.first { $0.name == "new-legacy-ipc" }?.cases.first)
        XCTAssertEqual(new.classname, "mojify.new-legacy-ipc")
        XCTAssertEqual(new.name, "Examples/extensions/common/extension_messages.h:35:1 ExtensionHostMsg_ReportStorageUsage")
        XCTAssertTrue(new.failures[0].hasPrefix("legacy IPC message 'ExtensionHostMsg_ReportStorageUsage'"), new.failures[0])
        XCTAssertEqual(suites.first { $0.name == "unreadable-file" }?.cases.map(\.name), ["no findings"])

        let strict = try junitSuites(lint("Examples", "junit", ["--ledger", ledger, "--fail-on", "warning"]))
        XCTAssertEqual(strict.flatMap(\.cases).filter { !$0.failures.isEmpty }.count, 11, "errors and warnings fail with --fail-on warning")
    }

    func testJUnitOfACleanTreeAndOfHostileNamesValidates() throws {
        let clean = try temporaryFolder(files: ["base/plain.h": "int Add(int a, int b);\n"])
        let passing = try junitSuites(lint(clean.path, "junit"))
        XCTAssertFalse(passing.isEmpty)
        XCTAssertTrue(passing.allSatisfy { $0.failures == 0 && $0.cases.map(\.name) == ["no findings"] })

        let odd = try temporaryFolder(files: Self.hostile)
        try odd.write("ctl\u{1B}[31m_messages.h", "#define IPC_MESSAGE_START BarMsgStart\nIPC_MESSAGE_CONTROL0(BarMsg_Ping)\n")
        let suites = try junitSuites(lint(odd.path, "junit"))
        let names = suites.flatMap(\.cases).map(\.name)
        XCTAssertTrue(names.contains { $0.contains("odd & <dir>/a\"b`c_messages.h:2:1") }, "\(names)")
        XCTAssertTrue(names.contains { $0.contains("ctl\\u{1B}[31m_messages.h") }, "control characters are shown escaped: \(names)")
    }

    // MARK: Code Quality

    /// Each issue against GitLab's schema; then what GitLab relies on beyond it: one issue per fingerprint, a
    /// severity of its scale.
    static let codeQualityCheck = """
        import json, sys
        try:
            import jsonschema
        except ImportError as error:
            print(f"jsonschema is not installed ({error}); run: bash .ci/setup")
            sys.exit(3)
        schema = json.load(open(sys.argv[1]))
        issues = json.load(open(sys.argv[2]))
        assert isinstance(issues, list), "not an array"
        validator = jsonschema.Draft7Validator(schema)
        problems = [f"{index}: {error.message}" for index, issue in enumerate(issues) for error in validator.iter_errors(issue)]
        fingerprints = [issue["fingerprint"] for issue in issues]
        if len(set(fingerprints)) != len(fingerprints):
            problems.append("fingerprints repeat, and GitLab keeps one issue per fingerprint")
        problems += [f"severity {issue['severity']}" for issue in issues if issue["severity"] not in ("info", "minor", "major", "critical", "blocker")]
        for problem in problems:
            print(problem)
        sys.exit(1 if problems else 0)
        """

    private func codeQualityIssues(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        let path = try temporaryFolder().write("gl-code-quality-report.json", json)
        let check = try python(Self.codeQualityCheck, [Self.schemas + "codeclimate.json", path])
        XCTAssertEqual(check.status, 0, "GitLab would drop issues:\n\(check.stdout)\(check.stderr)", file: file, line: line)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    }

    func testCodeQualityValidatesWithPathsFromTheRepositoryRoot() throws {
        let issues = try codeQualityIssues(lint("Examples", "codequality", ["--ledger", ExamplesLintTests.ledger]))
        XCTAssertEqual(issues.count, 12)
        for issue in issues {
            let location = try XCTUnwrap(issue["location"] as? [String: Any])
            let path = try XCTUnwrap(location["path"] as? String)
            XCTAssertTrue(FileManager.default.fileExists(atPath: repositoryRoot + "/" + path), path)
            XCTAssertGreaterThan(try XCTUnwrap((location["lines"] as? [String: Any])?["begin"] as? Int), 0)
        }
        XCTAssertEqual(Set(issues.compactMap { $0["severity"] as? String }), ["major", "minor", "info"])

        let clean = try temporaryFolder(files: ["base/plain.h": "int Add(int a, int b);\n"])
        XCTAssertTrue(try codeQualityIssues(lint(clean.path, "codequality")).isEmpty)
        let odd = try temporaryFolder(files: Self.hostile)
        XCTAssertEqual(try codeQualityIssues(lint(".", "codequality", in: odd.path)).count, 5)
    }

    // MARK: Markdown

    /// The CommonMark parse: the bullet items' text (inline code as `code`), and whether any raw HTML got through.
    static let markdownCheck = """
        import json, sys
        try:
            from markdown_it import MarkdownIt
        except ImportError as error:
            print(f"markdown-it-py is not installed ({error}); run: bash .ci/setup")
            sys.exit(3)
        tokens = MarkdownIt("commonmark").parse(open(sys.argv[1]).read())
        items, html, depth = [], False, 0
        for token in tokens:
            html = html or token.type == "html_block"
            depth += {"list_item_open": 1, "list_item_close": -1}.get(token.type, 0)
            if token.type == "inline":
                html = html or any(child.type in ("html_inline", "link_open", "image", "em_open") for child in token.children)
                text = "".join(f"`{child.content}`" if child.type == "code_inline" else child.content for child in token.children)
                if depth > 0:
                    items.append(text)
        print(json.dumps({"items": items, "markup": html}))
        """

    private func markdownItems(_ markdown: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let path = try temporaryFolder().write("summary.md", markdown)
        let check = try python(Self.markdownCheck, [path])
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr, file: file, line: line)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(parsed["markup"] as? Bool, false, "text from the tree became markup:\n\(markdown)", file: file, line: line)
        return try XCTUnwrap(parsed["items"] as? [String])
    }

    func testMarkdownCountsByRuleThenListsFindingsAsCommonMarkReadsThem() throws {
        let items = try markdownItems(lint("Examples", "markdown", ["--ledger", ExamplesLintTests.ledger]))
        XCTAssertEqual(Array(items.prefix(6)), [
            "`converted-still-present` (error): 4", "`new-legacy-ipc` (error): 1", "`banned-ipc-type` (warning): 3",
            "`stale-ledger-row` (warning): 2", "`orphan-handler` (warning): 1", "`unmapped-type` (note): 1",
        ])
        XCTAssertEqual(items.count, 6 + 12)
        XCTAssertTrue(items.last!.hasPrefix("note `Examples/content/common/frame_messages.h:137:1`: 'std::pair<std::string, GURL>' in"), items.last!)

        let odd = try temporaryFolder(files: Self.hostile)
        let hostile = try markdownItems(lint(".", "markdown", in: odd.path))
        XCTAssertTrue(hostile.contains { $0.contains("`odd & <dir>/a\"b`c_messages.h:2:1`: parameter 1 of 'FooMsg_Pointer' has type 'std::vector<Foo*>', a pointer") },
                      "names and places read back as written:\n\(hostile.joined(separator: "\n"))")

        // Ledger cells and comments reach messages too: every kind of markup stays text.
        let message = "'A_b' *em* _em_ __strong__ [link](https://x) ![image](y) <b>tag</b> &amp; `code` # ~~del~~ | \\ \u{1B}[31m"
        let finding = Finding(ruleID: "stale-ledger-row", severity: .warning, message: message,
                              location: SourceLocation(file: "a`b.csv", line: 3, column: 1), messageName: nil)
        let context = FindingsContext(displayRoot: nil, rootURI: "file:///src/", workingDirectory: nil, settings: RuleSettings())
        let crafted = try markdownItems(MarkdownFindings.render([finding], context: context))
        XCTAssertEqual(crafted.last, "warning `a`b.csv:3:1`: " + message.escapingControlCharacters + " (`stale-ledger-row`)")
    }

    func testMarkdownListsTheFirstFindingsOnly() throws {
        let many = (0..<25).map { "IPC_MESSAGE_CONTROL0(FooMsg_M\($0))" }.joined(separator: "\n")
        let tree = try temporaryFolder(files: ["foo/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\n" + many + "\n"])
        let markdown = try lint(".", "markdown", in: tree.path)
        let items = try markdownItems(markdown)
        XCTAssertEqual(items.count, 1 + 20)
        XCTAssertTrue(markdown.hasSuffix("and 5 more; `mojify lint` lists them all.\n"), markdown)
    }
}
