import Foundation
import MojifyCore
import MojifyLedger

/// The ledger a run checks against, with where each row sits in its file, so findings about a row point at it.
public struct LedgerReference: Sendable {
    public var ledger: Ledger
    /// The ledger file as findings name it: relative to the scanned root when inside it, else absolute.
    public var file: String
    private var rowLines: [String: Int]

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
        let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        rowLines = LedgerReference.rowLines(of: ledger, in: text)
    }

    public func location(of message: String) -> SourceLocation {
        SourceLocation(file: file, line: rowLines[message] ?? 1, column: 1)
    }

    /// Rows are in file order, so each row's line is the first line after the previous row's that holds the
    /// message name as a whole cell. (Quoted cells may span lines, so a row's index does not give its line.)
    static func rowLines(of ledger: Ledger, in text: String) -> [String: Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String: Int] = [:]
        var next = 1
        for row in ledger.rows {
            let match = lines.indices.dropFirst(next).first { index in
                lines[index].split(separator: ",", omittingEmptySubsequences: false).contains { cell in
                    cell.trimmingCharacters(in: CharacterSet(charactersIn: "\" \r")) == row.message
                }
            }
            guard let match else { continue }
            found[row.message] = match + 1
            next = match + 1
        }
        return found
    }
}
