import MojifyCore

/// Senders, and other code naming a message's class, left behind when a message definition was removed.
enum OrphanSender: LintRule {
    static let id = "orphan-sender"
    static let defaultSeverity = Diagnostic.Severity.warning
    static let scope = RuleScope.definitions
    static let summary = "Code that constructs or names a message which was defined in this tree and no longer is."
    static let documentation = """
        A `new FooMsg_Bar(...)` or `std::make_unique<FooMsg_Bar>(...)` for a message whose definition is gone is \
        left over from a conversion or a removal, and so is any other use of its class (`case FooMsg_Bar::ID:`, \
        `FooMsg_Bar::WriteReplyParams(...)`); it no longer compiles, or hides under an #if that no build \
        enables. Code in `#if 0` is ignored, and so are IPC structs (`new FooMsg_Bar_Params`). As for \
        orphan-handler, a message the tree does not define is an orphan only when a patch removes it, the ledger \
        lists it, or (without a ledger) the tree defines its message class; messages defined upstream never are. Fix it by sending \
        through the Mojo interface that replaced the message, or by removing the code.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_client.cc": """
            void FooClient::Ping() {
              Send(new 1️⃣FooHostMsg_Gone(routing_id_));
            }
            """], ledger: RuleExample.ledgerCSV([("FooHostMsg_Gone", .unclaimed)]),
            findings: [FindingSpec(message: "'FooHostMsg_Gone' is sent in FooClient::Ping but no longer defined: the ledger has a row for it at line 2, so it was defined in this tree")]),
        .fires(["foo/foo_message_filter.cc": """
            void FooMessageFilter::OverrideThreadForMessage(const IPC::Message& message, BrowserThread::ID* thread) {
              if (message.type() == 1️⃣FooHostMsg_Gone::ID)
                *thread = BrowserThread::UI;
            }
            """], ledger: RuleExample.ledgerCSV([("FooHostMsg_Gone", .inProgress)]),
            findings: [FindingSpec(message: "'FooHostMsg_Gone' is named (FooHostMsg_Gone::ID) in FooMessageFilter::OverrideThreadForMessage but no longer defined: the ledger has a row for it at line 2")]),
        .fires([
            "foo/foo_messages.h": """
                #define IPC_MESSAGE_START FooMsgStart
                IPC_MESSAGE_ROUTED0(FooHostMsg_Here)
                """,
            "foo/foo_client.cc": """
                void FooClient::Ping() {
                  Send(new 1️⃣FooMsg_Gone(routing_id_));
                }
                """,
        ], findings: [FindingSpec(message: "'FooMsg_Gone' is sent in FooClient::Ping but no longer defined: this tree defines its message class FooMsgStart ('FooHostMsg_Here' in foo/foo_messages.h)")]),
        .quiet(["foo/foo_client.cc": """
            void FooClient::Print() {
              Send(new PrintHostMsg_DefinedUpstream(routing_id_));
              auto* params = new PrintMsg_PrintPages_Params(settings_);
            }
            """]),
        .quiet([
            "foo/foo_messages.h": """
                #define IPC_MESSAGE_START FooMsgStart
                IPC_MESSAGE_ROUTED0(FooHostMsg_Here)
                """,
            "foo/foo_client.cc": """
                void FooClient::Ping() {
                  Send(new FooHostMsg_Here(routing_id_));
                }
                """,
        ]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        let sends = context.inventory.senders.map { ($0.message, $0.function, $0.conditions, $0.location, "is sent") }
        let names = (context.inventory.references ?? []).map { ($0.message, $0.function, $0.conditions, $0.location, "is " + $0.namedUse) }
        return (sends + names).compactMap { message, function, conditions, location, use in
            guard !conditions.disabled, !context.definedMessages.contains(message), !context.isMarkedConverted(message),
                  !context.upstream.structs.contains(message), let evidence = context.orphanEvidence(for: message) else { return nil }
            return finding(location: location,
                           message: "'\(message)' \(use)\(function.map { " in \($0)" } ?? "") but no longer defined: \(evidence); send through its Mojo replacement or remove the code",
                           messageName: message)
        }
    }
}
