import Foundation
import MojifyCore

/// Pretty, key-sorted JSON: rows as objects keyed by column name, with `line` a number and `sync` a boolean.
enum LedgerJSON: LedgerRenderer {
    static func render(rows: [LedgerRow], columns: [String]) throws -> String {
        let objects: [[String: Any]] = rows.map { row in
            var object: [String: Any] = [:]
            for column in columns { object[column] = row.cell(column) }
            object[LedgerColumn.line.rawValue] = row.line
            object[LedgerColumn.sync.rawValue] = row.sync
            return object
        }
        return try encoded(JSONSerialization.data(withJSONObject: objects, options: options))
    }

    static func render(stats: LedgerStats) throws -> String {
        String(decoding: try StableJSON.encode(stats), as: UTF8.self)
    }

    private static let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]

    private static func encoded(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self) + "\n"
    }
}
