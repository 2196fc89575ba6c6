import MojifyCore

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
