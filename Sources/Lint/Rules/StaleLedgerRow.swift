import MojifyCore
import MojifyLedger

/// Keeps the ledger honest: a row for a message the code no longer has must say it is converted.
enum StaleLedgerRow: LintRule {
    static let id = "stale-ledger-row"
    static let defaultSeverity = Diagnostic.Severity.warning
    static let scope = RuleScope.tree
    static let needsLedger = true
    static let summary = "The ledger lists a message the code no longer has, and the row is not marked converted."
    static let documentation = """
        The ledger is the migration's burndown; a row for a message that is gone but still shows unclaimed, \
        in-progress, blocked or wontfix overstates the work left. The finding points at the row in the ledger file. \
        It needs the whole tree to know a message is gone, so it does not run with --files, and a row whose file \
        the scan could not read is left to `unreadable-file`. Fix it with \
        `mojify ledger sync`, which marks vanished messages converted, or set the status by hand.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """], ledger: RuleExample.ledgerCSV([("FooMsg_Ping", .unclaimed), ("1️⃣FooMsg_Gone", .inProgress)]),
            findings: [FindingSpec(message: "the ledger lists 'FooMsg_Gone' as in-progress, but the code no longer defines it")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """], ledger: RuleExample.ledgerCSV([("FooMsg_Ping", .unclaimed), ("FooMsg_Gone", .converted)])),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        guard let reference = context.ledger else { return [] }
        // Any definition, even in `#if 0` code, keeps a row alive: `mojify ledger sync` counts them the same way,
        // and also leaves alone a row whose file it could not read or whose folder it did not list or enter.
        let present = Set(context.inventory.messages.map(\.name))
        let unseen = context.inventory.unseen
        return reference.ledger.rows.filter { row in
            row.status != .converted && !present.contains(row.message) && !unseen.contains(row.file)
        }.map { row in
            finding(location: reference.location(of: row.message),
                    message: "the ledger lists '\(row.message)' as \(row.status.rawValue), but the code no longer defines it; run 'mojify ledger sync' or mark it converted",
                    messageName: row.message)
        }
    }
}
