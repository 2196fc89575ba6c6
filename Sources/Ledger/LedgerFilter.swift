import MojifyCore

/// Narrows `mojify ledger show` to some rows; every filter given must match.
public struct LedgerFilter: Equatable, Sendable {
    public var owner: String?
    public var status: LedgerStatus?
    /// A message class, globs allowed.
    public var messageClass: String?

    public init(owner: String? = nil, status: LedgerStatus? = nil, messageClass: String? = nil) {
        self.owner = owner
        self.status = status
        self.messageClass = messageClass
    }

    public func matches(_ row: LedgerRow) -> Bool {
        (owner.map { $0 == row.owner } ?? true)
            && (status.map { $0 == row.status } ?? true)
            && (messageClass.map { Glob($0).matches(row.messageClass) } ?? true)
    }
}
