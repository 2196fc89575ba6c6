import Foundation
import MojifyCore

/// Aligned tables for a terminal. Cells come from the ledger, which anyone can edit, so control characters
/// are shown escaped rather than sent to the terminal.
enum LedgerText: LedgerRenderer {
    static func render(rows: [LedgerRow], columns: [String]) -> String {
        let header = ["message", "class", "status", "owner", "bug", "position"]
        let body = rows.map { row in
            [row.message, row.messageClass, row.status.rawValue, row.owner, row.bug, "\(row.file):\(row.line)"]
        }
        return table([header] + body) + "\(rows.count) message\(rows.count == 1 ? "" : "s")\n"
    }

    static func render(stats: LedgerStats) -> String {
        let statusHeader = LedgerStatus.allCases.map(\.rawValue)
        func line(_ tally: LedgerStats.Tally, name: String) -> [String] {
            [name, String(tally.counts.total)] + LedgerStatus.allCases.map { String(tally.counts[$0]) }
        }
        var text = "converted: \(stats.overall.counts[.converted]) of \(stats.overall.counts.total) (\(stats.percentConverted)%); "
        text += "done, with won't-fix: \(stats.overall.counts.done) (\(stats.percentDone)%)\n\n"
        text += table([["class", "total"] + statusHeader] + stats.byClass.map { line($0, name: $0.name.isEmpty ? "(none)" : $0.name) }
            + [line(stats.overall, name: "total")])
        text += "\n"
        text += table([["owner", "total"] + statusHeader] + stats.byOwner.map { line($0, name: $0.name.isEmpty ? "(nobody)" : $0.name) })
        return text
    }

    /// Left-aligned first column, right-aligned numbers elsewhere when the whole column is numeric.
    private static func table(_ lines: [[String]]) -> String {
        let cells = lines.map { $0.map(\.escapingControlCharacters) }
        let widths = cells[0].indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        let numeric = cells[0].indices.map { column in cells.dropFirst().allSatisfy { Int($0[column]) != nil } }
        return cells.map { line in
            line.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - line[column].count)
                return numeric[column] && column > 0 ? padding + line[column] : line[column] + padding
            }.joined(separator: "  ").trimmingTrailingSpaces() + "\n"
        }.joined()
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
