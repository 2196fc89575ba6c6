import MojifyConversion
import MojifyCore
import MojifyLedger
import MojifyLint

/// Builds the inventory part of a `ReportModel`; the ledger, conversion and lint parts are merged in afterwards.
public enum ReportModelBuilder {
    /// One entry per message name with its definitions, handlers, senders and references, sorted by name.
    public static func messages(from inventory: Inventory) -> [MessageEntry] {
        let definitions = Dictionary(grouping: inventory.messages, by: \.name)
        let uses = sites(from: inventory)
        return definitions.keys.sorted().map { name in
            let found = definitions[name]!.sorted { $0.location < $1.location }
            return uses.attach(to: MessageEntry(name: name, messageClass: found[0].messageClass, definitions: found))
        }
    }

    /// The uses of messages in the tree, by message name.
    struct Sites {
        var handlers: [String: [CodeSite]]
        var senders: [String: [CodeSite]]
        var references: [String: [CodeSite]]

        func attach(to message: MessageEntry) -> MessageEntry {
            var message = message
            message.handlers = handlers[message.name] ?? []
            message.senders = senders[message.name] ?? []
            message.references = references[message.name] ?? []
            return message
        }
    }

    /// Every handler, sender and reference in the tree by message name, sorted by place, whether or not the message
    /// is defined here: lint names the uses of messages that left the tree too.
    static func sites(from inventory: Inventory) -> Sites {
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
        for sender in inventory.senders {
            senders[sender.message, default: []].append(
                CodeSite(location: sender.location, function: sender.function, remarks: conditionRemarks(sender.conditions))
            )
        }
        var references: [String: [CodeSite]] = [:]
        for reference in inventory.references ?? [] {
            let member = reference.member.map { ["::" + $0] } ?? []
            references[reference.message, default: []].append(
                CodeSite(location: reference.location, function: reference.function, remarks: member + conditionRemarks(reference.conditions))
            )
        }
        let byPlace: ([CodeSite]) -> [CodeSite] = { $0.sorted { $0.location < $1.location } }
        return Sites(handlers: handlers.mapValues(byPlace), senders: senders.mapValues(byPlace), references: references.mapValues(byPlace))
    }

    /// Gives the entries of messages that are no longer defined (ledger rows) the handlers, senders and references
    /// still in the tree, the ones lint reports (`converted-still-present`, `orphan-handler`, `orphan-sender`).
    public static func attachSites(from inventory: Inventory, to messages: [MessageEntry]) -> [MessageEntry] {
        let uses = sites(from: inventory)
        return messages.map { $0.definitions.isEmpty ? uses.attach(to: $0) : $0 }
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
            // What the message became is in the ledger once it left the tree (the plan only sees the tree).
            let proposal = row.proposedMethod.isEmpty ? nil : Proposal(interface: row.proposedInterface, process: nil, declaration: row.proposedMethod)
            joined.append(MessageEntry(name: row.message, messageClass: row.messageClass, definitions: [], ledger: row, proposal: proposal))
        }
        return (joined.sorted { $0.name < $1.name }, notInLedger)
    }

    /// Adds what `mojify generate` proposes: interface, process and method (as the `.mojom` file has it, with its
    /// comments), why it skips a message, unmapped types.
    public static func attach(_ plan: ConversionPlan, to messages: [MessageEntry]) -> [MessageEntry] {
        let proposals = plan.proposals
        let skipped = Dictionary(plan.skippedMessages.map { ($0.message, $0.reason) }, uniquingKeysWith: { first, _ in first })
        var unmapped: [String: Set<String>] = [:]
        for type in plan.unmappedTypes {
            for use in type.uses { unmapped[use.user, default: []].insert(type.cppType) }
        }
        return messages.map { message in
            var message = message
            message.proposal = proposals[message.name] ?? message.proposal
            message.skipReason = skipped[message.name]
            message.unmappedTypes = (unmapped[message.name] ?? []).sorted()
            return message
        }
    }

    /// Unmapped types of the plan with every user (messages and struct members).
    public static func unmappedTypeProblems(_ plan: ConversionPlan) -> [TypeProblem] {
        plan.unmappedTypes.map { type in
            TypeProblem(kind: .unmapped, type: type.cppType, users: Array(Set(type.uses.map(\.user))).sorted())
        }.sorted { $0.type < $1.type }
    }

    /// Banned types in message parameters (as written or behind a typedef) and IPC struct members, per type, and
    /// each message's list of them. Code under `#if 0` is left out, as the lint rule does.
    public static func bannedTypes(in inventory: Inventory, banned: BannedTypes) -> (problems: [TypeProblem], byMessage: [String: [String]]) {
        var users: [String: (why: String, users: Set<String>)] = [:]
        func note(_ type: String?, user: String) -> [String] {
            guard let type else { return [] }
            return banned.banned(in: type).map { entry in
                users[entry.type, default: (entry.why, [])].users.insert(user)
                return entry.type
            }
        }
        var byMessage: [String: Set<String>] = [:]
        for message in inventory.messages where !message.conditions.disabled {
            for parameter in message.inputs + message.outputs {
                byMessage[message.name, default: []].formUnion(note(parameter.type, user: message.name) + note(parameter.resolvedType, user: message.name))
            }
        }
        for value in inventory.structs where !value.conditions.disabled {
            for member in value.members { _ = note(member.type, user: "\(value.name).\(member.name)") }
        }
        let problems = users.keys.sorted().map { TypeProblem(kind: .banned, type: $0, why: users[$0]!.why, users: users[$0]!.users.sorted()) }
        return (problems, byMessage.filter { !$0.value.isEmpty }.mapValues { $0.sorted() })
    }

    /// Lint findings about a message go to that message; the rest are returned for the page's general list.
    public static func attach(_ findings: [Finding], to messages: [MessageEntry]) -> (messages: [MessageEntry], general: [Finding]) {
        let names = Set(messages.map(\.name))
        var byMessage: [String: [Finding]] = [:]
        var general: [Finding] = []
        for finding in findings {
            if let name = finding.messageName, names.contains(name) {
                byMessage[name, default: []].append(finding)
            } else {
                general.append(finding)
            }
        }
        return (messages.map { message in
            var message = message
            message.findings += byMessage[message.name] ?? []
            return message
        }, general)
    }

    /// The ledger history as chart points.
    public static func snapshots(_ history: LedgerHistory) -> [StatusSnapshot] {
        history.entries.map { StatusSnapshot(date: $0.date, counts: $0.counts) }
    }

    /// Scanner diagnostics of warning level and above, which make the inventory incomplete.
    public static func scanFindings(from inventory: Inventory) -> [Finding] {
        inventory.diagnostics.filter { $0.severity >= .warning }.map { diagnostic in
            let text = diagnostic.hint.map { "\(diagnostic.message) (\($0))" } ?? diagnostic.message
            return Finding(ruleID: "scan", severity: diagnostic.severity, message: text, location: diagnostic.location, messageName: nil)
        }
    }

    static func conditionRemarks(_ conditions: Conditions) -> [String] {
        conditions.disabled ? conditions.stack + ["never compiled"] : conditions.stack
    }
}
