import MojifyCore

/// JUnit XML, as Jenkins (junit and xUnit plugins), GitLab's unit test reports and Buildkite's test analytics read
/// it: one test suite per enabled rule, one test case per finding, failed when the finding is at or above
/// `--fail-on`. A rule without findings is one passing test case, so a clean run still shows every check (Jenkins
/// refuses a report without test cases) and a finding fixed turns a red test green rather than making it vanish.
public enum JUnitFindings: FindingsRenderer {
    public static func render(_ findings: [Finding], context: FindingsContext) throws -> String {
        let byRule = Dictionary(grouping: findings, by: \.ruleID)
        // Findings of a rule since disabled cannot be, but a finding is never dropped for want of a suite.
        let enabled = context.enabledRules.map { $0.id }
        let ruleIDs = enabled + byRule.keys.filter { !enabled.contains($0) }.sorted()
        let failures = findings.filter { $0.severity >= context.failOn }.count
        let total = ruleIDs.reduce(0) { $0 + max(byRule[$1]?.count ?? 0, 1) }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="mojify lint" tests="\#(total)" failures="\#(failures)" errors="0">"#,
        ]
        for id in ruleIDs {
            let ruleFindings = byRule[id] ?? []
            let ruleFailures = ruleFindings.filter { $0.severity >= context.failOn }.count
            lines.append(#"  <testsuite name="\#(xml(id))" tests="\#(max(ruleFindings.count, 1))" failures="\#(ruleFailures)" errors="0" skipped="0">"#)
            if ruleFindings.isEmpty {
                lines.append(#"    <testcase classname="mojify.\#(xml(id))" name="no findings"/>"#)
            }
            for finding in ruleFindings {
                lines += testCase(finding, context: context)
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A finding's test case: named by its place and message, so that Jenkins tells findings apart and keeps one
    /// finding's history across builds while it stays where it is.
    private static func testCase(_ finding: Finding, context: FindingsContext) -> [String] {
        let path = context.displayPath(finding.location.file)
        let place = "\(path):\(max(finding.location.line, 1)):\(max(finding.location.column, 1))"
        let name = finding.messageName.map { "\(place) \($0)" } ?? place
        var attributes = #"classname="mojify.\#(xml(finding.ruleID))" name="\#(xml(name))" file="\#(xml(path))""#
        if finding.location.line > 0 { attributes += #" line="\#(finding.location.line)""# }
        let detail = xml(TextFindings.line(for: finding, context: context))
        guard finding.severity >= context.failOn else {
            // Below the gate: reported, not failed.
            return [#"    <testcase \#(attributes)>"#, "      <system-out>\(detail)</system-out>", "    </testcase>"]
        }
        return [
            #"    <testcase \#(attributes)>"#,
            #"      <failure type="\#(finding.severity.rawValue)" message="\#(xml(finding.message))">\#(detail)</failure>"#,
            "    </testcase>",
        ]
    }

    /// Text as XML 1.0 character data or an attribute value. Control characters (which XML 1.0 cannot hold at all,
    /// not even as references) are shown escaped as in the text format; the two non-characters U+FFFE and U+FFFF
    /// likewise.
    static func xml(_ text: String) -> String {
        text.escapingControlCharacters.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "\u{FFFE}", "\u{FFFF}": scalar.escaped(asASCII: true)
            default: nil
            }
        }
    }
}
