import MojifyCore

/// Senders left behind when a message definition was removed.
enum OrphanSender: LintRule {
    static let id = "orphan-sender"
    static let defaultSeverity = Diagnostic.Severity.warning
    static let scope = RuleScope.definitions
    static let summary = "Code that constructs a message which no longer has a definition."
    static let documentation = """
        A `new FooMsg_Bar(...)` or `std::make_unique<FooMsg_Bar>(...)` for a message whose definition is gone is \
        left over from a conversion or a removal; it no longer compiles, or hides under an #if that no build \
        enables. Senders in `#if 0` code are ignored. Fix it by sending through the Mojo interface that replaced the \
        message, or by removing the call.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_client.cc": """
            void FooClient::Ping() {
              Send(new FooHostMsg_Gone(routing_id_));
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

    static func check(_ context: LintContext) -> [Violation] {
        context.inventory.senders.filter { sender in
            !sender.conditions.disabled && !context.definedMessages.contains(sender.message) && !context.isMarkedConverted(sender.message)
        }.map { sender in
            let function = sender.function.map { " in \($0)" } ?? ""
            return Violation(location: sender.location,
                             message: "'\(sender.message)' is sent\(function) but no longer defined; send through its Mojo replacement or remove the call",
                             messageName: sender.message)
        }
    }
}
