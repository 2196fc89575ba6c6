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
        let data = try readInput(path, what: "a CSV file")
        guard let text = String(data: data, encoding: .utf8) else {
            // A UTF-8 sequence never spans a line feed, so the first line that does not decode holds the bad byte.
            let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
            let line = (lines.firstIndex { String(data: Data($0), encoding: .utf8) == nil } ?? 0) + 1
            throw LedgerError.notUTF8(path: path, line: line)
        }
        return text
    }

    /// Every non-blank record of `text`, cells restored from their neutralised form.
    /// Refuses text with merge-conflict markers, which would otherwise parse as rows, and NUL bytes, which no text
    /// ledger has. A leading byte-order mark, which spreadsheet programs add, is dropped.
    /// A quoted cell missing its closing quote takes in the lines after it, rows included, which a rewrite would
    /// then drop; so a quoted cell running to the end of the text, or over a line whose leading cells
    /// `startsRecord` accepts (the unquoted cells before the line's first quote, and the header), is refused at the
    /// line where it opens. Only the leading cells count because the swallowed row's own quoted cell (a note) is
    /// where the runaway cell usually ends. And only a cell holding a stray quote (one neither doubled nor closing
    /// it) counts: a runaway cell ends at a quote the author meant to open another cell, which is stray inside it,
    /// while a cell any CSV writer made, mojify's included, doubles every quote in it. So a note holding a pasted
    /// ledger row, which mojify writes as a quoted multi-line cell, reads back.
    static func records(
        of text: String, path: String, startsRecord: ((_ leadingCells: [String], _ header: [String]) -> Bool)? = nil
    ) throws -> [Record] {
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        let quotedLines = try checkLines(of: text, path: path)
        let reader = try CSVReader(string: text)
        var records: [Record] = []
        var line = 1
        while let cells = reader.next() {
            // A record spans one line plus one per line break inside its quoted cells.
            let breaks = cells.reduce(0) { $0 + $1.unicodeScalars.filter { $0 == "\n" }.count }
            if cells != [""] {
                records.append(Record(line: line, cells: cells.map(FormulaGuard.restore)))
            }
            line += 1 + breaks
        }
        if let startsRecord, let header = records.first?.cells {
            for quoted in quotedLines {
                let beforeQuote = quoted.text.prefix { $0 != "\"" }
                var cells = beforeQuote.split(separator: ",", omittingEmptySubsequences: false).map { FormulaGuard.restore(String($0)) }
                // The cell a quote starts in is not complete.
                if beforeQuote.count < quoted.text.count { cells.removeLast() }
                if startsRecord(cells, header) {
                    throw LedgerError.unclosedQuote(path: path, line: quoted.openedOn, runsOver: quoted.line)
                }
            }
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

    /// A line that begins inside a quoted cell with a stray quote, and the line where that cell opened.
    private struct QuotedLine {
        var line: Int
        var openedOn: Int
        var text: Substring
    }

    /// Refuses NUL bytes, and the lines git writes around a conflict (`<<<<<<< ours`, `=======`, `||||||| base`,
    /// `>>>>>>> theirs`) where a record could start. Inside a quoted cell such a line may be a user's text (a
    /// Markdown heading rule, a pasted diff), so there only a whole `<<<<<<<`, `=======`, `>>>>>>>` sequence counts:
    /// git writes all three lines even when the conflict falls inside a multi-line note. Then refuses a quoted cell
    /// still open at the end of the text, and returns the lines that begin inside a quoted cell.
    private static func checkLines(of text: String, path: String) throws -> [QuotedLine] {
        var quoted = false
        var openedOn = 0
        var fieldStart = true
        var markersInCells: [(line: Int, marker: String)] = []
        var quotedLines: [QuotedLine] = []
        // The lines the open cell has run over, and whether it holds a stray quote.
        var cellLines: [QuotedLine] = []
        var stray = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.unicodeScalars.contains("\0") { throw LedgerError.nulByte(path: path, line: index + 1) }
            if let marker = conflictMarker(line) {
                guard quoted else { throw LedgerError.mergeConflict(path: path, line: index + 1) }
                markersInCells.append((index + 1, marker))
            }
            if quoted { cellLines.append(QuotedLine(line: index + 1, openedOn: openedOn, text: line)) }
            // As the CSV reader reads it: a quote opens a quoted cell only at the start of a cell; inside one, "" is a
            // quote, and a quote ends the cell only before a comma or the end of the line (elsewhere it is text).
            var scalars = line.unicodeScalars.makeIterator()
            var pending = scalars.next()
            while let scalar = pending {
                pending = scalars.next()
                if quoted {
                    if scalar == "\"" {
                        if pending == "\"" {
                            pending = scalars.next()
                        } else if pending == nil || pending == "," || pending == "\r" {
                            quoted = false
                            if stray { quotedLines += cellLines }
                            cellLines = []
                        } else {
                            stray = true
                        }
                    }
                } else if scalar == "\"" && fieldStart {
                    quoted = true
                    stray = false
                    openedOn = index + 1
                } else {
                    fieldStart = scalar == ","
                    continue
                }
                fieldStart = false
            }
            if !quoted { fieldStart = true }
        }
        var expected = ["<<<<<<<", "=======", ">>>>>>>"][...]
        var start = 0
        for (line, marker) in markersInCells where marker == expected.first {
            if marker == "<<<<<<<" { start = line }
            expected = expected.dropFirst()
            if expected.isEmpty { throw LedgerError.mergeConflict(path: path, line: start) }
        }
        if quoted { throw LedgerError.unclosedQuote(path: path, line: openedOn, runsOver: nil) }
        return quotedLines
    }

    /// The marker a line is (`<<<<<<<`, `=======`, `|||||||` or `>>>>>>>`, the first three with an optional label),
    /// or `nil`.
    private static func conflictMarker(_ line: Substring) -> String? {
        let line = line.hasSuffix("\r") ? line.dropLast() : line
        if line == "=======" { return "=======" }
        return ["<<<<<<<", ">>>>>>>", "|||||||"].first { marker in
            line.hasPrefix(marker) && (line.count == marker.count || line.dropFirst(marker.count).first == " ")
        }
    }
}
