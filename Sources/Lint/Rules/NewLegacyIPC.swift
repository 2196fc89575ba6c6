import MojifyCore
import MojifyLedger

/// Stops new legacy IPC: every message definition must already be known to the migration.
enum NewLegacyIPC: LintRule {
    static let id = "new-legacy-ipc"
    static let defaultSeverity = Diagnostic.Severity.error
    static let scope = RuleScope.file
    static let summary = "A legacy IPC message definition that the ledger does not list."
    static let documentation = """
        A migration to Mojo only finishes if no one adds legacy IPC while others remove it. This rule reports every \
        IPC_MESSAGE_* / IPC_SYNC_MESSAGE_* definition that the ledger (--ledger) does not list; without a ledger it \
        reports every definition. Definitions in `#if 0` code are ignored. Fix it by adding a method to a Mojo \
        interface instead of a legacy message; a message that predates the ledger belongs in the ledger.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            1️⃣IPC_MESSAGE_CONTROL1(FooMsg_Ping, int /* sequence */)
            """], findings: [FindingSpec(message: "legacy IPC message 'FooMsg_Ping' (IPC_MESSAGE_CONTROL1) is defined; new messages must be Mojo interface methods")]),
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, int /* sequence */)
            1️⃣IPC_MESSAGE_CONTROL0(FooMsg_Added)
            """], ledger: RuleExample.ledgerCSV([("FooMsg_Ping", .unclaimed)]),
            findings: [FindingSpec(message: "legacy IPC message 'FooMsg_Added' (IPC_MESSAGE_CONTROL0) is not in the ledger")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, int /* sequence */)
            """], ledger: RuleExample.ledgerCSV([("FooMsg_Ping", .inProgress)])),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            #if 0
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, int /* sequence */)
            #endif
            """]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        let ledger = context.ledger
        return context.inventory.messages.filter { !$0.conditions.disabled && ledger?.row(for: $0.name) == nil }.map { message in
            let reason = ledger == nil ? "is defined" : "is not in the ledger"
            return finding(location: message.location,
                           message: "legacy IPC message '\(message.name)' (\(message.macro)) \(reason); new messages must be Mojo interface methods",
                           messageName: message.name)
        }
    }
}
