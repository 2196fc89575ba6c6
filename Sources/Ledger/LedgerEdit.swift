import MojifyCore

/// Which messages a `claim`, `release` or `set-status` acts on: exact names, globs over names, and message classes.
public struct LedgerSelection: Equatable, Sendable {
    /// Message names or globs such as `FrameHostMsg_*`.
    public var messages: [String]
    /// Message classes (`FrameMsgStart`), globs allowed.
    public var classes: [String]

    public init(messages: [String] = [], classes: [String] = []) {
        self.messages = messages
        self.classes = classes
    }

    /// Indices of the selected rows, in row order, and the exactly named ones among them.
    /// Globs and classes select only messages still to do; naming a done message exactly selects it too.
    func resolve(in rows: [LedgerRow]) throws -> (indices: [Int], named: Set<String>) {
        guard !messages.isEmpty || !classes.isEmpty else { throw LedgerError.emptySelection }
        var selected = Set<Int>()
        var named = Set<String>()
        func select(_ selector: String, byClass: Bool) throws {
            let glob = Glob(selector)
            let matching = rows.indices.filter { glob.matches(byClass ? rows[$0].messageClass : rows[$0].message) }
            guard !matching.isEmpty else { throw LedgerError.noMatch(selector: byClass ? "--class '\(selector)'" : "'\(selector)'") }
            if byClass || glob.hasWildcards {
                selected.formUnion(matching.filter { !rows[$0].status.isDone })
            } else {
                selected.formUnion(matching)
                named.formUnion(matching.map { rows[$0].message })
            }
        }
        for selector in messages {
            try select(selector, byClass: false)
        }
        for selector in classes {
            try select(selector, byClass: true)
        }
        return (selected.sorted(), named)
    }
}

/// What a `claim`, `release` or `set-status` does to each selected row.
public enum LedgerAction: Equatable, Sendable {
    /// Takes ownership; an unclaimed message becomes in-progress.
    case claim
    /// Gives ownership up; an in-progress or blocked message becomes unclaimed again.
    case release
    /// Sets the status; an unowned message becomes the editor's. Setting `unclaimed` is a release.
    case setStatus(LedgerStatus)
}

/// One user's change to the ledger.
public struct LedgerEdit: Equatable, Sendable {
    public var action: LedgerAction
    public var selection: LedgerSelection
    /// Who makes the change; rows owned by anyone else are refused unless `steal` is set.
    public var owner: String
    public var steal: Bool
    /// Replaces the bug cell when given.
    public var bug: String?
    /// Replaces the notes cell when given.
    public var note: String?
    public var today: String

    public init(
        action: LedgerAction, selection: LedgerSelection, owner: String, steal: Bool = false,
        bug: String? = nil, note: String? = nil, today: String
    ) {
        self.action = action
        self.selection = selection
        self.owner = owner
        self.steal = steal
        self.bug = bug
        self.note = note
        self.today = today
    }
}

/// What an edit did, for the command's report.
public struct LedgerEditResult: Equatable, Sendable {
    /// The rows that changed, as they are now.
    public var changed: [LedgerRow] = []
    /// Selected rows that already were as asked.
    public var unchanged: [String] = []

    public init() {}
}

extension Ledger {
    /// Applies `edit` to every selected row, or to none: a conflict with another owner or a done message named
    /// for a claim or release throws before anything changes.
    public mutating func apply(_ edit: LedgerEdit) throws -> LedgerEditResult {
        let (indices, named) = try edit.selection.resolve(in: rows)
        // Claiming or releasing a done message is a mistake; setting its status is how it is reopened.
        let setsStatus: Bool
        if case .setStatus = edit.action { setsStatus = true } else { setsStatus = false }
        if !setsStatus,
           let done = indices.first(where: { rows[$0].status.isDone && named.contains(rows[$0].message) }) {
            throw LedgerError.alreadyDone(message: rows[done].message, status: rows[done].status)
        }
        let conflicts = indices.filter { !rows[$0].owner.isEmpty && rows[$0].owner != edit.owner }
        if !edit.steal && !conflicts.isEmpty {
            throw LedgerError.claimedByOthers(claims: conflicts.map { .init(message: rows[$0].message, owner: rows[$0].owner) })
        }
        var result = LedgerEditResult()
        for index in indices {
            let before = rows[index]
            rows[index].apply(edit)
            if rows[index] == before {
                result.unchanged.append(before.message)
            } else {
                rows[index].updatedOn = edit.today
                result.changed.append(rows[index])
            }
        }
        return result
    }
}

extension LedgerRow {
    mutating func apply(_ edit: LedgerEdit) {
        func take() {
            if owner != edit.owner {
                owner = edit.owner
                claimedOn = edit.today
            }
        }
        switch edit.action {
        case .claim:
            take()
            if status == .unclaimed { status = .inProgress }
        case .release, .setStatus(.unclaimed):
            owner = ""
            claimedOn = ""
            status = .unclaimed
        case let .setStatus(newStatus):
            take()
            status = newStatus
        }
        if let bug = edit.bug { self.bug = bug }
        if let note = edit.note { notes = note }
    }
}
