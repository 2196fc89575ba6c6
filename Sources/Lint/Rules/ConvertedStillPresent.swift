import MojifyCore
import MojifyLedger

/// Keeps the ledger honest: a message it calls converted must be gone from the code.
enum ConvertedStillPresent: LintRule {
    static let id = "converted-still-present"
    static let defaultSeverity = Diagnostic.Severity.error
    static let scope = RuleScope.file
    static let needsLedger = true
    static let summary = "The ledger marks a message converted, but it is still defined, handled or sent."
    static let documentation = """
        A message is converted when its legacy definition, handlers and senders are gone. This rule reports each \
        place, including `#if 0` code, where a message that the ledger marks `converted` is still defined, handled \
        or sent: either the conversion is unfinished, or the legacy message came back. Fix it by removing the \
        leftover, or by setting the row back to in-progress (mojify ledger set-status) until it is done.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            1️⃣IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """], ledger: RuleExample.ledgerCSV([("FooMsg_Ping", .converted)]),
            findings: [FindingSpec(message: "'FooMsg_Ping' is marked converted in the ledger but is still defined here")]),
        .fires(["foo/foo_client.cc": """
            void FooClient::Ping() {
              Send(new 1️⃣FooMsg_Ping());
            }
            """], ledger: RuleExample.ledgerCSV([("FooMsg_Ping", .converted)]),
            findings: [FindingSpec(message: "'FooMsg_Ping' is marked converted in the ledger but is still sent here")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """], ledger: RuleExample.ledgerCSV([("FooMsg_Ping", .inProgress)])),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        guard let ledger = context.ledger?.ledger else { return [] }
        let converted = Set(ledger.rows.filter { $0.status == .converted }.map(\.message))
        guard !converted.isEmpty else { return [] }
        let inventory = context.inventory
        let definitions = inventory.messages.filter { converted.contains($0.name) }.map { ($0.name, $0.location, "defined") }
        let handlers = inventory.messageMaps.flatMap(\.handlers).compactMap { handler in
            handler.message.flatMap { converted.contains($0) ? ($0, handler.location, "handled") : nil }
        }
        let senders = inventory.senders.filter { converted.contains($0.message) }.map { ($0.message, $0.location, "sent") }
        return (definitions + handlers + senders).map { name, location, use in
            finding(location: location,
                    message: "'\(name)' is marked converted in the ledger but is still \(use) here; remove the legacy code or set the row back to in-progress",
                    messageName: name)
        }
    }
}
