import MojifyCore
import MojifyLedger

/// Builds the inventory part of a `ReportModel`; the ledger, conversion and lint parts are merged in afterwards.
public enum ReportModelBuilder {
    /// One entry per message name with its definitions, handlers and senders, sorted by name.
    public static func messages(from inventory: Inventory) -> [MessageEntry] {
        let definitions = Dictionary(grouping: inventory.messages, by: \.name)
        var handlers: [String: [CodeSite]] = [:]
        for map in inventory.messageMaps {
            for handler in map.handlers {
                guard let message = handler.message else { continue }
                var remarks: [String] = []
                if let wrapper = handler.wrapper { remarks.append("via \(wrapper)") }
                if handler.delayReply { remarks.append("delay reply") }
                if let target = handler.target { remarks.append("forwarded to \(target)") }
                remarks += conditionRemarks(handler.conditions)
                let method = handler.method.map { $0.contains("::") ? $0 : "\(map.handlerClass)::\($0)" }
                handlers[message, default: []].append(CodeSite(location: handler.location, function: method, remarks: remarks))
            }
        }
        var senders: [String: [CodeSite]] = [:]
        for sender in inventory.senders where definitions[sender.message] != nil {
            senders[sender.message, default: []].append(
                CodeSite(location: sender.location, function: sender.function, remarks: conditionRemarks(sender.conditions))
            )
        }
        return definitions.keys.sorted().map { name in
            let found = definitions[name]!.sorted { $0.location < $1.location }
            return MessageEntry(
                name: name,
                messageClass: found[0].messageClass,
                direction: direction(of: name),
                definitions: found,
                handlers: (handlers[name] ?? []).sorted { $0.location < $1.location },
                senders: (senders[name] ?? []).sorted { $0.location < $1.location }
            )
        }
    }

    /// Joins the ledger's rows to the scanned messages by name. Rows of messages that left the tree (converted,
    /// usually) become entries without definitions, so they still count. Returns the entries sorted by name and
    /// the names the ledger does not list yet.
    public static func attach(_ ledger: Ledger, to messages: [MessageEntry]) -> (messages: [MessageEntry], notInLedger: [String]) {
        let rows = Dictionary(ledger.rows.map { ($0.message, $0) }, uniquingKeysWith: { first, _ in first })
        var notInLedger: [String] = []
        var joined = messages.map { message in
            var message = message
            message.ledger = rows[message.name]
            if message.ledger == nil { notInLedger.append(message.name) }
            return message
        }
        let scanned = Set(messages.map(\.name))
        for row in rows.values where !scanned.contains(row.message) {
            joined.append(MessageEntry(name: row.message, messageClass: row.messageClass, direction: direction(of: row.message), definitions: [], ledger: row))
        }
        return (joined.sorted { $0.name < $1.name }, notInLedger)
    }

    /// The ledger history as chart points.
    public static func snapshots(_ history: LedgerHistory) -> [StatusSnapshot] {
        history.entries.map { StatusSnapshot(date: $0.date, counts: StatusCounts($0.counts)) }
    }

    /// Scanner diagnostics of warning level and above, which make the inventory incomplete.
    public static func scanFindings(from inventory: Inventory) -> [FindingEntry] {
        inventory.diagnostics.filter { $0.severity >= .warning }.map { diagnostic in
            let text = diagnostic.hint.map { "\(diagnostic.message) (\($0))" } ?? diagnostic.message
            return FindingEntry(severity: diagnostic.severity == .error ? .error : .warning, rule: "scan", message: text, location: diagnostic.location)
        }
    }

    /// Chromium's naming convention: `FrameHostMsg_` goes to the browser, `FrameMsg_` to the child process.
    static func direction(of name: String) -> MessageDirection {
        guard let range = name.range(of: "Msg_") else { return .unknown }
        return name[..<range.lowerBound].hasSuffix("Host") ? .toBrowser : .toChild
    }

    static func conditionRemarks(_ conditions: Conditions) -> [String] {
        conditions.disabled ? conditions.stack + ["never compiled"] : conditions.stack
    }
}
