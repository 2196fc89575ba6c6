import MojifyCore

/// One problem `mojify lint` reports: which rule, how serious, where, and about which legacy message.
public struct Finding: Codable, Hashable, Sendable, Comparable {
    public var ruleID: String
    public var severity: Diagnostic.Severity
    public var message: String
    /// Relative to the scanned root, like every inventory location.
    public var location: SourceLocation
    /// The legacy message the finding is about, when there is one.
    public var messageName: String?
    /// Identifies the finding across commits, independent of its line number (see `Fingerprint`).
    public var fingerprint: String

    public init(ruleID: String, severity: Diagnostic.Severity, message: String, location: SourceLocation, messageName: String?, fingerprint: String = "") {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.messageName = messageName
        self.fingerprint = fingerprint
    }

    enum CodingKeys: String, CodingKey {
        case ruleID = "ruleId", severity, message, location, messageName, fingerprint
    }

    public static func < (lhs: Finding, rhs: Finding) -> Bool {
        (lhs.location, lhs.ruleID, lhs.message) < (rhs.location, rhs.ruleID, rhs.message)
    }
}

extension Collection where Element == Finding {
    /// "2 errors, 1 warning, 0 notes": the summary line every human format ends with.
    public var countsSummary: String {
        [Diagnostic.Severity.error, .warning, .note].map { severity in
            let count = filter { $0.severity == severity }.count
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }.joined(separator: ", ")
    }
}
