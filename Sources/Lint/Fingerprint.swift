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
            let hash = hexFNV1a("\(finding.ruleID)\u{0}\(finding.messageName ?? "")\u{0}\(text)")
            let occurrence = occurrences[hash, default: 0] + 1
            occurrences[hash] = occurrence
            var stamped = finding
            stamped.fingerprint = "\(hash):\(occurrence)"
            return stamped
        }
    }

    /// 64-bit FNV-1a as 16 hex digits: stable across platforms and releases, unlike `Hasher`.
    static func hexFNV1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
