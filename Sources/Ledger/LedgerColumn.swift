/// The columns mojify reads and writes; the raw value is the header name. Any other column in a ledger is a
/// user column: mojify keeps its values and its place but never interprets it.
public enum LedgerColumn: String, CaseIterable, Sendable {
    case message
    case messageClass = "class"
    case kind
    case sync
    case file
    case line
    case status
    case owner
    case bug
    case notes
    case claimedOn = "claimed_on"
    case updatedOn = "updated_on"
    case proposedInterface = "proposed_interface"
    case proposedMethod = "proposed_method"

    /// The header of a new ledger, in this order.
    public static let standardHeader: [String] = allCases.map(\.rawValue)
}
