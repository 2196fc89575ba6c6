/// The ledger's own CSV form (formula cells neutralised), so a filtered `show` opens in a spreadsheet.
enum LedgerCSV: LedgerRenderer {
    static func render(rows: [LedgerRow], columns: [String]) throws -> String {
        try Ledger(columns: columns, rows: rows).csvText()
    }

    static func render(stats: LedgerStats) throws -> String {
        func line(_ group: String, _ tally: LedgerStats.Tally) -> [String] {
            [group, tally.name, String(tally.counts.total)] + LedgerStatus.allCases.map { String(tally.counts[$0]) }
        }
        return try CSVTable.render(
            [["group", "name", "total"] + LedgerStatus.allCases.map(\.rawValue), line("all", stats.overall)]
                + stats.byClass.map { line("class", $0) } + stats.byOwner.map { line("owner", $0) }
        )
    }
}
