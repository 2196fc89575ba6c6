import MojifyCore
import MojifyLedger

/// Keeps the ledger honest: a message it calls converted must be gone from the code.
enum ConvertedStillPresent: LintRule {
    static let id = "converted-still-present"
    static let defaultSeverity = Diagnostic.Severity.error
    static let scope = RuleScope.file
    static let needsLedger = true
    static let summary = "The ledger marks a message converted, but it is still defined, handled, sent or named."
    static let documentation = """
        A message is converted when its legacy definition, handlers, senders and every other use of its class are \
        gone. This rule reports each place, including `#if 0` code, where a message that the ledger marks \
        `converted` is still defined, handled, sent or named (`case FooMsg_Bar::ID:` in a thread override, \
        `FooMsg_Bar::WriteReplyParams(...)`, `DispatchSimpleEvent<FooMsg_Bar>`): either the conversion is \
        unfinished, or the legacy message came back. Fix it by removing the leftover, or by setting the row back \
        to in-progress (mojify ledger set-status) until it is done.
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
        .fires(["foo/foo_message_filter.cc": """
            void FooMessageFilter::OverrideThreadForMessage(const IPC::Message& message, BrowserThread::ID* thread) {
              switch (message.type()) {
                case 1️⃣FooHostMsg_Ping::ID:
                  *thread = BrowserThread::UI;
                  break;
              }
            }
            """], ledger: RuleExample.ledgerCSV([("FooHostMsg_Ping", .converted)]),
            findings: [FindingSpec(message: "'FooHostMsg_Ping' is marked converted in the ledger but is still named (FooHostMsg_Ping::ID) here")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """], ledger: RuleExample.ledgerCSV([("FooMsg_Ping", .inProgress)])),
        .quiet(["foo/foo_message_filter.cc": """
            void FooMessageFilter::OverrideThreadForMessage(const IPC::Message& message, BrowserThread::ID* thread) {
              switch (message.type()) {
                case FooHostMsg_Ping::ID:
                  *thread = BrowserThread::UI;
                  break;
              }
            }
            """], ledger: RuleExample.ledgerCSV([("FooHostMsg_Ping", .inProgress)])),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        guard let ledger = context.ledger?.ledger else { return [] }
        let converted = Set(ledger.rows.filter { $0.status == .converted }.map(\.message))
        guard !converted.isEmpty else { return [] }
        let inventory = context.inventory
        let definitions = inventory.messages.filter { converted.contains($0.name) }.map { ($0.name, $0.location, "defined here") }
        let handlers = inventory.messageMaps.flatMap(\.handlers).compactMap { handler in
            handler.message.flatMap { converted.contains($0) ? ($0, handler.location, "handled here") : nil }
        }
        let senders = inventory.senders.filter { converted.contains($0.message) }.map { ($0.message, $0.location, "sent here") }
        let references = (inventory.references ?? []).filter { converted.contains($0.message) }.map { ($0.message, $0.location, $0.namedUse + " here") }
        return (definitions + handlers + senders + references).map { name, location, use in
            finding(location: location,
                    message: "'\(name)' is marked converted in the ledger but is still \(use); remove the legacy code or set the row back to in-progress",
                    messageName: name)
        }
    }
}
