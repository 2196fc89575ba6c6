/// Where the conversion of one message stands. The raw value is what the ledger's `status` column holds.
public enum LedgerStatus: String, CaseIterable, Codable, Sendable, Comparable {
    /// Nobody has claimed it yet.
    case unclaimed
    /// Its owner is converting it.
    case inProgress = "in-progress"
    /// Its owner cannot go on until something else lands; the notes say what.
    case blocked
    /// The message is gone from the code (set by `sync` when it vanishes, or by hand).
    case converted
    /// It will not be converted (e.g. the feature is being deleted); counts as done.
    case wontfix

    /// Converted and won't-fix messages need no more work: claims skip them and the burndown counts them as done.
    public var isDone: Bool { self == .converted || self == .wontfix }

    public static func < (lhs: LedgerStatus, rhs: LedgerStatus) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
