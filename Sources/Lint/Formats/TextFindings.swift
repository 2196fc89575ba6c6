import MojifyCore

/// Compiler-style lines (`file:line:col: error: message [rule-id]`) that editors and CI logs turn into links,
/// then a count line.
public enum TextFindings: FindingsRenderer {
    public static func render(_ findings: [Finding], context: FindingsContext) throws -> String {
        let lines = findings.map { line(for: $0, context: context) }
        return (lines + ["mojify lint: \(findings.countsSummary)"]).joined(separator: "\n") + "\n"
    }

    static func line(for finding: Finding, context: FindingsContext) -> String {
        // Paths and messages carry file names and ledger cells: control characters in them are shown, not obeyed.
        let location = finding.location
        return ("\(context.displayPath(location.file)):\(max(location.line, 1)):\(max(location.column, 1)): "
            + "\(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]").escapingControlCharacters
    }
}
