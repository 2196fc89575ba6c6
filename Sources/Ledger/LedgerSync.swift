import MojifyCore

/// What a sync changed, for the command's one-line report.
public struct LedgerSyncSummary: Equatable, Sendable {
    /// New messages, added as unclaimed.
    public var added: [String] = []
    /// Messages gone from the code, now marked converted.
    public var vanished: [String] = []
    /// Messages whose file or line changed.
    public var moved: [String] = []
    /// Messages marked converted that are still in the code (left as they are; `mojify lint` reports them).
    public var convertedButPresent: [String] = []
    /// Messages not found whose row names a file the scan could not read, or one in a folder it did not list in
    /// full or did not enter: left as they were, since the scan never saw whether they are gone.
    public var keptUnread: [String] = []

    public init() {}
}

/// What the ledger records of a message's conversion plan: its interface and its method on one line.
public struct ProposedMethod: Sendable, Equatable {
    /// Qualified, e.g. `content.mojom.FrameHost`.
    public var interface: String
    public var declaration: String

    public init(interface: String, declaration: String) {
        self.interface = interface
        self.declaration = declaration
    }
}

extension Ledger {
    /// Brings the ledger in line with `inventory`: new messages are added as unclaimed, vanished ones marked
    /// converted on `today` (unless their row names a file the scan did not see), and positions, class, kind and
    /// sync refreshed. Claims, owners, notes and user columns
    /// are kept. `proposals` fills the proposed interface and method; where it has none the cells are left alone.
    public mutating func sync(
        with inventory: Inventory, today: String, proposals: (MessageDefinition) -> ProposedMethod?
    ) -> LedgerSyncSummary {
        var summary = LedgerSyncSummary()
        // A name defined twice (in `#if` branches) is one message; the inventory's first definition places it.
        var definitions: [String: MessageDefinition] = [:]
        var order: [String] = []
        for definition in inventory.messages.sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) })
        where definitions[definition.name] == nil {
            definitions[definition.name] = definition
            order.append(definition.name)
        }
        var known = Set<String>()
        let unseen = inventory.unseen
        for index in rows.indices {
            let message = rows[index].message
            known.insert(message)
            if let definition = definitions[message] {
                let before = (rows[index].file, rows[index].line)
                rows[index].refresh(from: definition, proposal: proposals(definition))
                if before != (rows[index].file, rows[index].line) { summary.moved.append(message) }
                if rows[index].status == .converted { summary.convertedButPresent.append(message) }
            } else if unseen.contains(rows[index].file) {
                summary.keptUnread.append(message)
            } else if !rows[index].status.isDone {
                rows[index].status = .converted
                rows[index].updatedOn = today
                summary.vanished.append(message)
            }
        }
        for message in order where !known.contains(message) {
            let definition = definitions[message]!
            var row = LedgerRow(
                message: message, messageClass: definition.messageClass, kind: definition.kind, sync: definition.isSync,
                file: definition.location.file, line: definition.location.line, updatedOn: today
            )
            row.refresh(from: definition, proposal: proposals(definition))
            rows.append(row)
            summary.added.append(message)
        }
        sort()
        return summary
    }

    /// Today's counts per status, for the history file.
    public func historyEntry(date: String) -> LedgerHistory.Entry {
        LedgerHistory.Entry(date: date, counts: StatusCounts(statuses: rows.map(\.status)))
    }
}

extension LedgerRow {
    /// Copies what the code says about the message; leaves everything people wrote untouched.
    mutating func refresh(from definition: MessageDefinition, proposal: ProposedMethod?) {
        messageClass = definition.messageClass
        kind = definition.kind
        sync = definition.isSync
        file = definition.location.file
        line = definition.location.line
        if let proposal {
            proposedInterface = proposal.interface
            proposedMethod = proposal.declaration
        }
    }
}
