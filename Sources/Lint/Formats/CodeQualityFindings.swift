import MojifyCore

/// GitLab Code Quality: a JSON array of Code Climate issues, which GitLab shows in the merge request and on the
/// diff. GitLab keeps one issue per fingerprint, so each finding's (unique) fingerprint is given as it is; paths are
/// from the current folder, as GitLab wants them from the repository's root where the job runs.
public enum CodeQualityFindings: FindingsRenderer {
    struct Issue: Encodable {
        var type = "issue"
        var checkName: String
        var description: String
        var categories = ["Compatibility"]
        var severity: String
        var fingerprint: String
        var location: Location

        enum CodingKeys: String, CodingKey {
            case type, checkName = "check_name", description, categories, severity, fingerprint, location
        }
    }

    struct Location: Encodable {
        var path: String
        var lines: Lines
    }

    struct Lines: Encodable {
        var begin: Int
    }

    public static func render(_ findings: [Finding], context: FindingsContext) throws -> String {
        try findings.map { finding in
            Issue(checkName: finding.ruleID, description: finding.message, severity: severity(finding.severity),
                  fingerprint: finding.fingerprint,
                  location: Location(path: context.displayPath(finding.location.file), lines: Lines(begin: max(finding.location.line, 1))))
        }.stableJSON()
    }

    /// Code Climate's scale (info, minor, major, critical, blocker), as linters' GitLab formats commonly map to it.
    static func severity(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "major"
        case .warning: "minor"
        case .note: "info"
        }
    }
}
