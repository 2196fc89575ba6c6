import MojifyCore

/// GitHub Actions workflow commands (`::error file=...,line=...::message`), which become annotations on the pull
/// request. GitHub shows at most 10 annotations of each kind per step, so the rest are printed as plain compiler-
/// style lines, and a summary line says how many there were.
public enum GitHubFindings: FindingsRenderer {
    public static let annotationsPerSeverity = 10

    public static func render(_ findings: [Finding], context: FindingsContext) throws -> String {
        var annotated: [Diagnostic.Severity: Int] = [:]
        var lines: [String] = []
        var plain: [String] = []
        for finding in findings.sorted(by: { ($1.severity, $0) < ($0.severity, $1) }) {
            guard annotated[finding.severity, default: 0] < annotationsPerSeverity else {
                plain.append(TextFindings.line(for: finding, context: context))
                continue
            }
            annotated[finding.severity, default: 0] += 1
            let command = switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            var properties = ["file=\(property(context.displayPath(finding.location.file)))"]
            if finding.location.line > 0 { properties.append("line=\(finding.location.line)") }
            if finding.location.column > 0 { properties.append("col=\(finding.location.column)") }
            properties.append("title=\(property("mojify \(finding.ruleID)"))")
            lines.append("::\(command) \(properties.joined(separator: ","))::\(data(finding.message))")
        }
        var summary = "mojify lint: \(findings.countsSummary)"
        if !plain.isEmpty {
            summary += "; \(plain.count) not annotated (GitHub shows \(annotationsPerSeverity) per kind and step), listed above"
        }
        return (lines + plain + [summary]).joined(separator: "\n") + "\n"
    }

    /// Workflow command data: `%`, CR and LF must be percent-encoded or the command ends early; other control
    /// characters (terminal escapes in a file name) are then shown escaped, as in the text format.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
            .escapingControlCharacters
    }

    /// Property values additionally escape `:` and `,`, which separate properties.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
