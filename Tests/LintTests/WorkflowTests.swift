import Foundation
import MojifyTestSupport
import XCTest
import Yams

/// The GitHub Actions workflow in Examples/ that the README points CI users to.
final class WorkflowTests: XCTestCase {
    func testWorkflowLintsAndUploadsTheSARIFItWrites() throws {
        let path = repositoryRoot + "/Examples/.github/workflows/mojify-lint.yml"
        let workflow = try XCTUnwrap(try Yams.load(yaml: String(contentsOfFile: path, encoding: .utf8)) as? [String: Any])
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: Any])
        let steps = try XCTUnwrap((jobs["lint"] as? [String: Any])?["steps"] as? [[String: Any]])
        let commands = steps.compactMap { $0["run"] as? String }.filter { $0.contains("mojify lint") }
        let sarifRun = try XCTUnwrap(commands.first { $0.contains("--format sarif") })
        let words = sarifRun.split(whereSeparator: \.isWhitespace).map(String.init)
        let output = try XCTUnwrap(words.firstIndex(of: "--output").map { words[$0 + 1] })
        let upload = try XCTUnwrap(steps.first { ($0["uses"] as? String)?.hasPrefix("github/codeql-action/upload-sarif@") == true })
        XCTAssertEqual((upload["with"] as? [String: Any])?["sarif_file"] as? String, output)
        XCTAssertTrue(commands.contains { $0.contains("--files -") && $0.contains("--format github") }, "pull requests get the fast annotated check")
        let sarifFile = try temporaryFolder().path + "/workflow.sarif"
        for command in commands {
            // Every option the workflow passes must exist: run it on Examples with the test ledger instead.
            let line = command.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
                .replacingOccurrences(of: "\\ ", with: "")
            let arguments = try XCTUnwrap(line.components(separatedBy: "mojify ").last).split(separator: " ").map { String($0).replacingOccurrences(of: "'", with: "") }
                .map { $0 == "." ? "Examples" : $0 == "ipc-ledger.csv" ? ExamplesLintTests.ledger : $0 }
                .map { $0 == output ? sarifFile : $0 }
            let result = try MojifyBinary.run(arguments, input: "content/renderer/render_frame_impl.cc\n")
            XCTAssertNotEqual(result.status, 2, "\(arguments): \(result.stderr)")
        }
    }
}
