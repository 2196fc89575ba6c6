import Foundation
import MojifyCore
import MojifyLedger

/// The ledger a run checks against, with where each row sits in its file, so findings about a row point at it.
public struct LedgerReference: Sendable {
    public var ledger: Ledger
    /// The ledger file as findings name it: relative to the scanned root when inside it, else absolute.
    public var file: String
    private var rowLines: [String: Int]
    /// The rows by message: rules ask for one row per message of the tree, and a tree may have 50,000.
    private var rowsByMessage: [String: LedgerRow]

    /// `path` is the ledger file as the user gave it; `root` the folder inventory paths are relative to.
    public init(ledger: Ledger, path: String, root: String?) {
        self.ledger = ledger
        let absolute = URL(fileURLWithPath: path).standardized.path
        let absoluteRoot = root.map { URL(fileURLWithPath: $0).standardized.path + "/" }
        if let absoluteRoot, absolute.hasPrefix(absoluteRoot) {
            file = String(absolute.dropFirst(absoluteRoot.count))
        } else {
            file = absolute
        }
        rowLines = ledger.fileLines
        rowsByMessage = Dictionary(ledger.rows.map { ($0.message, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The ledger's row for `message`, the first when it has several.
    public func row(for message: String) -> LedgerRow? {
        rowsByMessage[message]
    }

    public func location(of message: String) -> SourceLocation {
        SourceLocation(file: file, line: rowLines[message] ?? 1, column: 1)
    }
}
