import Foundation
import MojifyCore

/// The burndown data: one line of counts per day a `sync` ran, in a CSV file next to the ledger.
public struct LedgerHistory: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        /// `YYYY-MM-DD`.
        public var date: String
        public var counts: StatusCounts

        public init(date: String, counts: StatusCounts) {
            self.date = date
            self.counts = counts
        }
    }

    public static let header = ["date", "total"] + LedgerStatus.allCases.map(\.rawValue)

    /// Oldest first.
    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// `ledger.csv` keeps its history in `ledger.history.csv`; other names get `.history.csv` appended. A linked
    /// ledger's history sits beside the file the link points to, so everyone linking one shared ledger shares it.
    public static func path(forLedger linkedPath: String) -> String {
        // A link cycle names no file; loading the ledger itself reports it.
        let ledgerPath = (try? FileOutput.resolvingLinks(linkedPath)) ?? linkedPath
        let base = ledgerPath.hasSuffix(".csv") ? String(ledgerPath.dropLast(".csv".count)) : ledgerPath
        return base + ".history.csv"
    }

    /// Reads the history at `path`; a missing file is an empty history (no sync has run yet).
    public static func load(path: String) throws -> LedgerHistory {
        guard FileManager.default.fileExists(atPath: path) else { return LedgerHistory() }
        let records = try CSVTable.records(of: CSVTable.text(atPath: path), path: path)
        guard let header = records.first else { return LedgerHistory() }
        guard Set(header.cells) == Set(Self.header), header.cells.count == Self.header.count else {
            throw LedgerError.malformedHistory(path: path, line: header.line, reason: "the header must be \(Self.header.joined(separator: ","))")
        }
        var entries: [Entry] = []
        for record in records.dropFirst() {
            guard record.cells.count == header.cells.count else {
                throw LedgerError.malformedHistory(path: path, line: record.line, reason: "\(record.cells.count) cells where the header has \(header.cells.count)")
            }
            let cells = Dictionary(uniqueKeysWithValues: zip(header.cells, record.cells))
            let date = cells["date"] ?? ""
            guard LedgerDate.isValid(date) else {
                throw LedgerError.malformedHistory(path: path, line: record.line, reason: "'\(date)' is not a YYYY-MM-DD date")
            }
            var counts = StatusCounts()
            for status in LedgerStatus.allCases {
                guard let count = Int(cells[status.rawValue] ?? ""), count >= 0 else {
                    throw LedgerError.malformedHistory(path: path, line: record.line, reason: "the '\(status.rawValue)' count is not a number")
                }
                counts[status] = count
            }
            entries.append(Entry(date: date, counts: counts))
        }
        return LedgerHistory(entries: entries)
    }

    /// Records `entry`, replacing an entry of the same day so that re-running a sync leaves one point per day.
    public mutating func record(_ entry: Entry) {
        if entries.last?.date == entry.date { entries.removeLast() }
        entries.append(entry)
    }

    public func csvText() throws -> String {
        try CSVTable.render([Self.header] + entries.map { entry in
            [entry.date, String(entry.counts.total)] + LedgerStatus.allCases.map { String(entry.counts[$0]) }
        })
    }
}
