import MojifyCore

/// Stable identities for findings, so code scanning tracks one finding across commits even as lines move: a hash
/// of the rule id, the message name and the finding's line text with whitespace collapsed, and an occurrence
/// number among findings with the same hash. Line numbers and file names are left out on purpose.
enum Fingerprint {
    static func assign(to findings: [Finding], lines: SourceLines) -> [Finding] {
        var occurrences: [String: Int] = [:]
        return findings.map { finding in
            let text = lines.line(finding.location.line, of: finding.location.file)
                .split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
            let hash = StableHash.fnv1a("\(finding.ruleID)\u{0}\(finding.messageName ?? "")\u{0}\(text)")
            let occurrence = occurrences[hash, default: 0] + 1
            occurrences[hash] = occurrence
            var stamped = finding
            stamped.fingerprint = "\(hash):\(occurrence)"
            return stamped
        }
    }
}
