import MojifyCore

/// Stable identities for findings, so code scanning tracks one finding across commits even as lines move: a hash
/// of the rule id, the message name and the finding's line text with whitespace collapsed, and an occurrence
/// number among findings with the same hash. Line numbers and file names are left out on purpose.
enum Fingerprint {
    /// The most of a line a fingerprint hashes, in UTF-8 bytes. A longer line (generated code, thousands of
    /// messages on one line) is hashed from the finding's column on, so each finding costs at most this much
    /// rather than the length of its line, and the findings on one long line still tell apart.
    static let longestHashedText = 512

    static func assign(to findings: [Finding], lines: SourceLines) -> [Finding] {
        var occurrences: [String: Int] = [:]
        return findings.map { finding in
            let text = hashedText(of: lines.line(finding.location.line, of: finding.location.file), column: finding.location.column)
            let hash = StableHash.fnv1a("\(finding.ruleID)\u{0}\(finding.messageName ?? "")\u{0}\(text)")
            let occurrence = occurrences[hash, default: 0] + 1
            occurrences[hash] = occurrence
            var stamped = finding
            stamped.fingerprint = "\(hash):\(occurrence)"
            return stamped
        }
    }

    /// The part of the finding's line that goes into its fingerprint, whitespace collapsed: the whole line, or
    /// `longestHashedText` bytes from the 1-based `column` when the line is longer.
    static func hashedText(of line: Substring, column: Int) -> String {
        var text = line
        if line.utf8.count > longestHashedText {
            let bytes = line.utf8.dropFirst(max(0, column - 1)).prefix(longestHashedText)
            text = Substring(String(decoding: bytes, as: UTF8.self))
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
