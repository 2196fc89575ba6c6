import MojifyCore

/// A short Markdown summary for `$GITHUB_STEP_SUMMARY` or a code review comment: the counts, the count of each
/// rule's findings, then the most severe findings with their places. Only bold, inline code and bullet lists are
/// used, which GitHub and Gerrit both render (Gerrit shows no tables or headings).
public enum MarkdownFindings: FindingsRenderer {
    /// The findings listed; a review comment should stay short (Gerrit refuses comments over 16 KiB by default).
    public static let listedFindings = 20

    public static func render(_ findings: [Finding], context: FindingsContext) throws -> String {
        var lines = ["**mojify lint**: \(findings.countsSummary)"]
        guard !findings.isEmpty else { return lines.joined(separator: "\n") + "\n" }
        let byRule = Dictionary(grouping: findings, by: \.ruleID).map { id, found in
            (id: id, severity: found.reduce(Diagnostic.Severity.note) { max($0, $1.severity) }, count: found.count)
        }.sorted { ($1.severity, $1.count, $0.id) < ($0.severity, $0.count, $1.id) }
        lines += ["", "By rule:", ""]
        lines += byRule.map { "- \(code($0.id)) (\($0.severity.rawValue)): \($0.count)" }
        let listed = findings.sorted { ($1.severity, $0) < ($0.severity, $1) }.prefix(listedFindings)
        lines += ["", listed.count == findings.count ? "Findings:" : "The first \(listed.count) findings, most severe first:", ""]
        lines += listed.map { finding in
            let location = finding.location
            let place = "\(context.displayPath(location.file)):\(max(location.line, 1)):\(max(location.column, 1))"
            return "- **\(finding.severity.rawValue)** \(code(place)): \(text(finding.message)) (\(code(finding.ruleID)))"
        }
        if listed.count < findings.count {
            lines += ["", "and \(findings.count - listed.count) more; `mojify lint` lists them all."]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Untrusted text (messages name files, types and ledger cells) as Markdown text: control characters shown
    /// escaped, and each character that could start markup or HTML backslash-escaped, as CommonMark allows for any
    /// ASCII punctuation; except `_` inside a word (`FooMsg_Bar`), which CommonMark never takes for emphasis.
    static func text(_ text: String) -> String {
        let scalars = Array(text.escapingControlCharacters.unicodeScalars)
        func isWordCharacter(_ index: Int) -> Bool {
            guard scalars.indices.contains(index) else { return false }
            return scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
        }
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            let inWord = scalar == "_" && isWordCharacter(index - 1) && isWordCharacter(index + 1)
            if "\\`*_[]<>#~&|!".unicodeScalars.contains(scalar) && !inWord { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// Text as an inline code span, its fence one backtick longer than any run of backticks in it (a file name
    /// may hold some), padded where it starts or ends with one.
    static func code(_ text: String) -> String {
        let text = text.escapingControlCharacters
        let longestRun = text.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0
        let fence = String(repeating: "`", count: longestRun + 1)
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text + padding + fence
    }
}
