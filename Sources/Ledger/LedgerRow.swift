import MojifyCore

/// One message of the ledger: where it is, who converts it and how far they got.
public struct LedgerRow: Equatable, Sendable {
    public var message: String
    /// The `IPC_MESSAGE_START` value, e.g. `FrameMsgStart`; empty when the file defines none.
    public var messageClass: String
    public var kind: RoutingKind
    public var sync: Bool
    /// Where the message was last seen, relative to the scanned root; kept after it vanishes.
    public var file: String
    public var line: Int
    public var status: LedgerStatus
    public var owner: String
    public var bug: String
    public var notes: String
    /// `YYYY-MM-DD` of the current claim, empty when unclaimed.
    public var claimedOn: String
    /// `YYYY-MM-DD` of the last change of status, owner, bug or notes.
    public var updatedOn: String
    /// The Mojo interface and method the generator proposes; empty until it has proposed one.
    public var proposedInterface: String
    public var proposedMethod: String
    /// Values of user columns by header name; a missing key reads as empty.
    public var extra: [String: String]

    public init(
        message: String, messageClass: String, kind: RoutingKind, sync: Bool, file: String, line: Int,
        status: LedgerStatus = .unclaimed, owner: String = "", bug: String = "", notes: String = "",
        claimedOn: String = "", updatedOn: String = "", proposedInterface: String = "", proposedMethod: String = "",
        extra: [String: String] = [:]
    ) {
        self.message = message
        self.messageClass = messageClass
        self.kind = kind
        self.sync = sync
        self.file = file
        self.line = line
        self.status = status
        self.owner = owner
        self.bug = bug
        self.notes = notes
        self.claimedOn = claimedOn
        self.updatedOn = updatedOn
        self.proposedInterface = proposedInterface
        self.proposedMethod = proposedMethod
        self.extra = extra
    }

    /// The ledger's order: by file, then line, then message, so a sync moves only rows whose position changed.
    public static func precedes(_ lhs: LedgerRow, _ rhs: LedgerRow) -> Bool {
        (lhs.file, lhs.line, lhs.message) < (rhs.file, rhs.line, rhs.message)
    }

    /// The cell of `column` as the CSV file holds it (before formula neutralisation).
    public func cell(_ column: String) -> String {
        guard let standard = LedgerColumn(rawValue: column) else { return extra[column] ?? "" }
        switch standard {
        case .message: return message
        case .messageClass: return messageClass
        case .kind: return kind.rawValue
        case .sync: return sync ? "yes" : "no"
        case .file: return file
        case .line: return String(line)
        case .status: return status.rawValue
        case .owner: return owner
        case .bug: return bug
        case .notes: return notes
        case .claimedOn: return claimedOn
        case .updatedOn: return updatedOn
        case .proposedInterface: return proposedInterface
        case .proposedMethod: return proposedMethod
        }
    }
}
