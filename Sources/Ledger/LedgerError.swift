/// Everything that can go wrong with a ledger, worded so the user knows which line to fix and how.
public enum LedgerError: Error, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case notUTF8(path: String, line: Int)
    case nulByte(path: String, line: Int)
    case empty(path: String)
    case mergeConflict(path: String, line: Int)
    /// A quoted cell opening on `line` that never closes (`runsOver` is nil) or takes in the whole row on `runsOver`.
    case unclosedQuote(path: String, line: Int, runsOver: Int?)
    case missingColumn(path: String, column: String)
    case duplicateColumn(path: String, column: String)
    case wrongColumnCount(path: String, line: Int, found: Int, expected: Int)
    case emptyMessage(path: String, line: Int)
    case duplicateMessage(path: String, line: Int, message: String, firstLine: Int)
    case unknownStatus(path: String, line: Int, value: String)
    case invalidCell(path: String, line: Int, column: String, value: String, expected: String)
    case malformedHistory(path: String, line: Int, reason: String)
    case invalidDate(value: String)
    case noMatch(selector: String)
    case emptySelection
    case claimedByOthers(claims: [Claim])
    case alreadyDone(message: String, status: LedgerStatus)
    case lockFailed(path: String, reason: String)
    case massConversion(path: String, vanishing: Int, open: Int, scanned: [String])

    /// A message someone else owns, named in `claimedByOthers`.
    public struct Claim: Equatable, Sendable {
        public var message: String
        public var owner: String

        public init(message: String, owner: String) {
            self.message = message
            self.owner = owner
        }
    }

    public var description: String {
        switch self {
        case let .notFound(path):
            return "\(path): no ledger there; create it with 'mojify ledger sync PATH... --ledger \(path)'"
        case let .notUTF8(path, line):
            return "\(path):\(line): not UTF-8 text; save it from your spreadsheet as 'CSV UTF-8'"
        case let .nulByte(path, line):
            return "\(path):\(line): a NUL byte, which no text ledger holds; the file is damaged or not a ledger: restore it with git"
        case let .empty(path):
            return "\(path): empty, not even a header row; delete it and run 'mojify ledger sync' to recreate it"
        case let .mergeConflict(path, line):
            return "\(path):\(line): merge-conflict marker; resolve the conflict (keep one version of each row, remove the <<<<<<< ======= >>>>>>> lines), then run the command again"
        case let .unclosedQuote(path, line, runsOver):
            let extent = runsOver.map { "runs over line \($0), a whole row of its own" } ?? "runs to the end of the file"
            return "\(path):\(line): the quoted cell that opens on this line \(extent): its closing quote is missing; end the cell's text with \" (write a quote inside a cell as \"\"), then run the command again; nothing was written"
        case let .missingColumn(path, column):
            return "\(path):1: the header has no '\(column)' column; add it back (mojify needs every column of its schema, see the README)"
        case let .duplicateColumn(path, column):
            return "\(path):1: the header names column '\(column)' twice; rename or remove one of them"
        case let .wrongColumnCount(path, line, found, expected):
            return "\(path):\(line): \(found) cells where the header has \(expected); a cell with a comma, quote or line break must be in double quotes (\"a, b\"), with quotes doubled (\"\")"
        case let .emptyMessage(path, line):
            return "\(path):\(line): the 'message' cell is empty; fill in the message name or delete the row"
        case let .duplicateMessage(path, line, message, firstLine):
            return "\(path):\(line): \(message) already has a row at line \(firstLine); merge the two rows into one and delete the other"
        case let .unknownStatus(path, line, value):
            return "\(path):\(line): unknown status '\(value)'; use one of \(LedgerStatus.allCases.map(\.rawValue).joined(separator: ", "))"
        case let .invalidCell(path, line, column, value, expected):
            return "\(path):\(line): '\(value)' in column '\(column)' is not \(expected); fix the cell or run 'mojify ledger sync' to refill it"
        case let .malformedHistory(path, line, reason):
            return "\(path):\(line): \(reason); fix the line or delete it (the next 'mojify ledger sync' appends today's counts again)"
        case let .invalidDate(value):
            return "'\(value)' is not a date; write it as YYYY-MM-DD (in --today or MOJIFY_TODAY)"
        case let .noMatch(selector):
            return "no message in the ledger matches \(selector); check the name with 'mojify ledger show', or run 'mojify ledger sync' if it is new"
        case .emptySelection:
            return "name the messages to change: message names, globs such as 'FrameHostMsg_*', or --class FrameMsgStart"
        case let .claimedByOthers(claims):
            let list = claims.map { "\($0.message) (owned by \($0.owner))" }.joined(separator: ", ")
            return "already claimed by someone else: \(list); ask the owner, or pass --steal to take them over; nothing was changed"
        case let .alreadyDone(message, status):
            return "\(message) is \(status.rawValue); reopen it with 'mojify ledger set-status \(message) --status in-progress' first; nothing was changed"
        case let .lockFailed(path, reason):
            return "\(path): cannot lock: \(reason); check that the folder is writable"
        case let .massConversion(path, vanishing, open, scanned):
            return "\(path): this sync would mark \(vanishing) of the \(open) messages still to do converted, as the scan of \(scanned.joined(separator: " ")) does not find them; check that it is the tree the ledger's 'file' column is relative to. If they really are gone, run it again with --allow-mass-conversion; nothing was written"
        }
    }
}
