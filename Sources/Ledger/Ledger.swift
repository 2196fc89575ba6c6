import Foundation
import MojifyCore

/// The claim ledger: one row per legacy IPC message, with who converts it and how far they got.
/// Stored as a CSV file in the repository (see the README for the schema).
public struct Ledger: Equatable, Sendable {
    /// The header in file order: every standard column, plus user columns wherever users put them.
    public var columns: [String]
    /// In the ledger's order (see `LedgerRow.precedes`) once `sort()` has run; `load` keeps the file's order.
    public var rows: [LedgerRow]
    /// The line each row starts on in the file it was loaded from (a quoted cell may span lines); empty for a
    /// ledger made in memory. Not part of what the ledger says, so equality leaves it out.
    public private(set) var fileLines: [String: Int] = [:]

    public init(columns: [String] = LedgerColumn.standardHeader, rows: [LedgerRow] = []) {
        self.columns = columns
        self.rows = rows
    }

    public static func == (left: Ledger, right: Ledger) -> Bool {
        left.columns == right.columns && left.rows == right.rows
    }

    /// User columns, in file order.
    public var extraColumns: [String] {
        columns.filter { LedgerColumn(rawValue: $0) == nil }
    }

    public func row(for message: String) -> LedgerRow? {
        rows.first { $0.message == message }
    }

    public mutating func sort() {
        rows.sort(by: LedgerRow.precedes)
    }

    /// Reads and validates the ledger at `path`; any problem is an error naming the line and what to do.
    public static func load(path: String) throws -> Ledger {
        // Only a name that leads to nothing is "no ledger" (a link to a ledger still to be made included); a link
        // loop or a folder is an error to read, in its own words.
        var info = stat()
        if stat(path, &info) != 0 && errno == ENOENT { throw LedgerError.notFound(path: path) }
        return try parse(CSVTable.text(atPath: path), path: path)
    }

    /// Validates `text` as a ledger; `path` only names the file in errors.
    public static func parse(_ text: String, path: String) throws -> Ledger {
        let records = try CSVTable.records(of: text, path: path, startsRecord: startsRow)
        guard let header = records.first?.cells else { throw LedgerError.empty(path: path) }
        var seenColumns = Set<String>()
        for column in header where !seenColumns.insert(column).inserted {
            throw LedgerError.duplicateColumn(path: path, column: column)
        }
        for column in LedgerColumn.allCases where !seenColumns.contains(column.rawValue) {
            throw LedgerError.missingColumn(path: path, column: column.rawValue)
        }
        var rows: [LedgerRow] = []
        var firstLine: [String: Int] = [:]
        for record in records.dropFirst() {
            guard record.cells.count == header.count else {
                throw LedgerError.wrongColumnCount(path: path, line: record.line, found: record.cells.count, expected: header.count)
            }
            let cells = Dictionary(uniqueKeysWithValues: zip(header, record.cells))
            let row = try LedgerRow(cells: cells, path: path, line: record.line)
            if let first = firstLine[row.message] {
                throw LedgerError.duplicateMessage(path: path, line: record.line, message: row.message, firstLine: first)
            }
            firstLine[row.message] = record.line
            rows.append(row)
        }
        var ledger = Ledger(columns: header, rows: rows)
        ledger.fileLines = firstLine
        return ledger
    }

    /// Whether the leading cells of a line read as the start of a ledger row: a message name, and at least two of
    /// the checked columns (kind, sync, line, status) among them, each with a value a row would hold. A note's
    /// line that merely starts with a message name is still text.
    private static func startsRow(_ cells: [String], header: [String]) -> Bool {
        let row = Dictionary(zip(header, cells)) { first, _ in first }
        guard let message = row[LedgerColumn.message.rawValue]?.unicodeScalars, let first = message.first else { return false }
        let isNameCharacter = { (scalar: Unicode.Scalar) in
            scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        guard !("0"..."9").contains(first), message.allSatisfy(isNameCharacter) else { return false }
        let checks: [(LedgerColumn, (String) -> Bool)] = [
            (.kind, { RoutingKind(rawValue: $0) != nil }),
            (.sync, { $0 == "yes" || $0 == "no" }),
            (.line, { Int($0) != nil }),
            (.status, { LedgerStatus(rawValue: $0) != nil }),
        ]
        let present = checks.filter { row[$0.0.rawValue] != nil }
        return present.count >= 2 && present.allSatisfy { column, isValid in isValid(row[column.rawValue]!) }
    }

    /// The ledger as CSV text: header, then one record per row in the current row order.
    public func csvText() throws -> String {
        try CSVTable.render([columns] + rows.map { row in columns.map(row.cell) })
    }
}

extension LedgerRow {
    /// Builds a row from one record's cells by column name, checking the cells mojify interprets.
    init(cells: [String: String], path: String, line: Int) throws {
        func cell(_ column: LedgerColumn) -> String { cells[column.rawValue] ?? "" }
        func invalid(_ column: LedgerColumn, _ expected: String) -> LedgerError {
            .invalidCell(path: path, line: line, column: column.rawValue, value: cell(column), expected: expected)
        }
        guard !cell(.message).isEmpty else { throw LedgerError.emptyMessage(path: path, line: line) }
        guard let status = LedgerStatus(rawValue: cell(.status)) else {
            throw LedgerError.unknownStatus(path: path, line: line, value: cell(.status))
        }
        guard let kind = RoutingKind(rawValue: cell(.kind)) else {
            throw invalid(.kind, RoutingKind.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or "))
        }
        let sync: Bool
        switch cell(.sync) {
        case "yes": sync = true
        case "no": sync = false
        default: throw invalid(.sync, "'yes' or 'no'")
        }
        guard let lineNumber = Int(cell(.line)), lineNumber > 0 else { throw invalid(.line, "a line number") }
        var extra: [String: String] = [:]
        for (column, value) in cells where LedgerColumn(rawValue: column) == nil {
            extra[column] = value
        }
        self.init(
            message: cell(.message), messageClass: cell(.messageClass), kind: kind, sync: sync,
            file: cell(.file), line: lineNumber, status: status, owner: cell(.owner), bug: cell(.bug),
            notes: cell(.notes), claimedOn: cell(.claimedOn), updatedOn: cell(.updatedOn),
            proposedInterface: cell(.proposedInterface), proposedMethod: cell(.proposedMethod), extra: extra
        )
    }
}
