/// One output format of `mojify ledger show` and `mojify ledger stats`.
public protocol LedgerRenderer {
    /// `rows` with the ledger's `columns` (standard and user columns, in file order).
    static func render(rows: [LedgerRow], columns: [String]) throws -> String
    static func render(stats: LedgerStats) throws -> String
}

/// The formats `--format` accepts; the raw value is the CLI name.
public enum LedgerFormat: String, CaseIterable, Sendable {
    case text
    case csv
    case json

    public var renderer: LedgerRenderer.Type {
        switch self {
        case .text: LedgerText.self
        case .csv: LedgerCSV.self
        case .json: LedgerJSON.self
        }
    }
}
