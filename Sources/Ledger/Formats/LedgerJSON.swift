import Foundation
import MojifyCore

/// Pretty, key-sorted JSON: rows as objects keyed by column name, with `line` a number and `sync` a boolean.
enum LedgerJSON: LedgerRenderer {
    static func render(rows: [LedgerRow], columns: [String]) throws -> String {
        String(decoding: try StableJSON.encode(rows.map { RowObject(row: $0, columns: columns) }), as: UTF8.self)
    }

    static func render(stats: LedgerStats) throws -> String {
        String(decoding: try StableJSON.encode(stats), as: UTF8.self)
    }

    /// A row as an object of the chosen columns; `line` and `sync` come last, so they win over columns so named.
    private struct RowObject: Encodable {
        var row: LedgerRow
        var columns: [String]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }

            init(stringValue: String) {
                self.stringValue = stringValue
            }

            init?(intValue: Int) {
                nil
            }
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for column in columns {
                try container.encode(row.cell(column), forKey: Key(stringValue: column))
            }
            try container.encode(row.line, forKey: Key(stringValue: LedgerColumn.line.rawValue))
            try container.encode(row.sync, forKey: Key(stringValue: LedgerColumn.sync.rawValue))
        }
    }
}
