import CSV
import Foundation
import MojifyCore

/// RFC 4180 reading and writing shared by the ledger and its history, with formula neutralisation and
/// the physical line number of every record, so errors can point at the line a user sees in an editor.
enum CSVTable {
    struct Record {
        /// 1-based line where the record starts.
        var line: Int
        var cells: [String]
    }

    /// The file at `path` as UTF-8 text.
    static func text(atPath path: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CoreError.unreadableFile(path: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw LedgerError.notUTF8(path: path) }
        return text
    }

    /// Every non-blank record of `text`, cells restored from their neutralised form.
    /// Refuses text with merge-conflict markers, which would otherwise parse as rows. A leading byte-order mark,
    /// which spreadsheet programs add, is dropped.
    static func records(of text: String, path: String) throws -> [Record] {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if isConflictMarker(line) { throw LedgerError.mergeConflict(path: path, line: lineNumber) }
        }
        let reader = try CSVReader(string: text)
        var records: [Record] = []
        var line = 1
        while let cells = reader.next() {
            // The separator line of a conflict; a cell that really is `=======` would have been written `'=======`.
            if cells == ["======="] { throw LedgerError.mergeConflict(path: path, line: line) }
            // A record spans one line plus one per line break inside its quoted cells.
            let breaks = cells.reduce(0) { $0 + $1.unicodeScalars.filter { $0 == "\n" }.count }
            if cells != [""] {
                records.append(Record(line: line, cells: cells.map(FormulaGuard.restore)))
            }
            line += 1 + breaks
        }
        return records
    }

    /// `rows` as RFC 4180 CSV: cells with commas, quotes or line breaks quoted, formula cells neutralised,
    /// each record ending in a line feed (the line ending git and diff tools handle best).
    static func render(_ rows: [[String]]) throws -> String {
        let stream = OutputStream(toMemory: ())
        let writer = try CSVWriter(stream: stream)
        for row in rows {
            try writer.write(row: row.map(FormulaGuard.neutralise))
        }
        guard let data = stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data else { return "" }
        return String(decoding: data, as: UTF8.self) + (rows.isEmpty ? "" : "\n")
    }

    /// The lines git writes around a conflict: `<<<<<<< ours`, `||||||| base`, `>>>>>>> theirs`, wherever they are.
    /// (`=======` is only a marker where a record starts: inside a quoted note it may be a Markdown heading rule.)
    private static func isConflictMarker(_ line: Substring) -> Bool {
        let line = line.hasSuffix("\r") ? line.dropLast() : line
        return ["<<<<<<<", ">>>>>>>", "|||||||"].contains { marker in
            line.hasPrefix(marker) && (line.count == marker.count || line.dropFirst(marker.count).first == " ")
        }
    }
}
