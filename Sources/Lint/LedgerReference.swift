import CSV
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
        rowLines = LedgerReference.rowLines(in: text)
    }

    public func location(of message: String) -> SourceLocation {
        SourceLocation(file: file, line: rowLines[message] ?? 1, column: 1)
    }

    /// The line each message's row starts on: a quoted cell may span lines, so a row's index does not tell.
    static func rowLines(in text: String) -> [String: Int] {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        guard let reader = try? CSVReader(string: text, hasHeaderRow: true) else { return [:] }
        var found: [String: Int] = [:]
        var line = 2
        while let cells = reader.next() {
            if let message = reader[LedgerColumn.message.rawValue], !message.isEmpty, found[message] == nil {
                found[message] = line
            }
            line += 1 + cells.reduce(0) { $0 + $1.filter { $0 == "\n" }.count }
        }
        return found
    }
}
