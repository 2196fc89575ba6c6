import Foundation

/// The human summary: a table per message class, then handlers, senders and diagnostics counts.
public enum TextSummary: InventoryRenderer {
    public static func render(_ inventory: Inventory, context: RenderContext) throws -> String {
        struct Row {
            var messageClass: String
            var messages = 0, sync = 0, routed = 0, control = 0, structs = 0, enums = 0, disabled = 0
            var cells: [String] {
                [messageClass, "\(messages)", "\(sync)", "\(routed)", "\(control)", "\(structs)", "\(enums)", "\(disabled)"]
            }
        }
        var rows: [String: Row] = [:]
        func count(_ messageClass: String, _ update: (inout Row) -> Void) {
            let key = messageClass.isEmpty ? "(no IPC_MESSAGE_START)" : messageClass.escapingControlCharacters
            update(&rows[key, default: Row(messageClass: key)])
        }
        for message in inventory.messages {
            count(message.messageClass) { entry in
                entry.messages += 1
                if message.isSync { entry.sync += 1 }
                if message.kind == .routed { entry.routed += 1 } else { entry.control += 1 }
                if message.conditions.disabled { entry.disabled += 1 }
            }
        }
        // Structs count IPC_STRUCT and struct traits; enums count enum traits.
        for messageClass in inventory.structs.map(\.messageClass) + inventory.structTraits.map(\.messageClass) {
            count(messageClass) { $0.structs += 1 }
        }
        for messageClass in inventory.enumTraits.map(\.messageClass) {
            count(messageClass) { $0.enums += 1 }
        }
        let header = ["message class", "messages", "sync", "routed", "control", "structs", "enums", "disabled"]
        var table = rows.values.sorted { $0.messageClass < $1.messageClass }.map(\.cells)
        var total = Row(messageClass: "total")
        for entry in rows.values {
            total.messages += entry.messages
            total.sync += entry.sync
            total.routed += entry.routed
            total.control += entry.control
            total.structs += entry.structs
            total.enums += entry.enums
            total.disabled += entry.disabled
        }
        table.append(total.cells)
        var lines = format(table: [header] + table)
        let handlers = inventory.messageMaps.reduce(0) { $0 + $1.handlers.filter { $0.message != nil }.count }
        let defined = Set(inventory.messages.map(\.name))
        let orphanSenders = inventory.senders.filter { !defined.contains($0.message) }.count
        lines.append("")
        lines.append("traits: \(inventory.structTraits.count) struct, \(inventory.enumTraits.count) enum; \(inventory.typeDefinitions.count) of their C++ definitions found")
        lines.append("message maps: \(inventory.messageMaps.count) with \(handlers) handlers")
        lines.append("senders: \(inventory.senders.count)" + (orphanSenders > 0 ? " (\(orphanSenders) for messages not defined in the tree)" : ""))
        let patched = inventory.messages.filter { $0.patch != nil }.count
        if patched > 0 { lines.append("from patches: \(patched) message\(patched == 1 ? "" : "s")") }
        var files = "files: \(inventory.stats.filesVisited) visited, \(inventory.stats.filesParsed) parsed"
        if inventory.stats.filesSkipped > 0 { files += ", \(inventory.stats.filesSkipped) skipped" }
        if let seconds = context.elapsedSeconds { files += String(format: " in %.2fs", seconds) }
        lines.append(files)
        let counts = Dictionary(grouping: inventory.diagnostics, by: \.severity).mapValues(\.count)
        if !inventory.diagnostics.isEmpty {
            lines.append("diagnostics: " + [Diagnostic.Severity.error, .warning, .note].compactMap { severity in
                counts[severity].map { "\($0) \(severity.rawValue)\($0 == 1 ? "" : "s")" }
            }.joined(separator: ", "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Left-aligned first column, right-aligned numbers.
    static func format(table: [[String]]) -> [String] {
        guard let columns = table.first?.count else { return [] }
        let widths = (0..<columns).map { column in table.map { $0[column].count }.max() ?? 0 }
        return table.map { row in
            row.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
    }
}
