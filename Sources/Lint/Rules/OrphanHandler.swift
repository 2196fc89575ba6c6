import MojifyCore

/// Handlers left behind when a message definition was removed.
enum OrphanHandler: LintRule {
    static let id = "orphan-handler"
    static let defaultSeverity = Diagnostic.Severity.warning
    static let scope = RuleScope.definitions
    static let summary = "A message map handler for a message that was defined in this tree and no longer is."
    static let documentation = """
        When a legacy message is converted or removed, its IPC_MESSAGE_HANDLER (or _FORWARD, _DELAY_REPLY, project \
        wrapper) entries must go too; one left behind no longer compiles, or hides under an #if that no build \
        enables. Handlers in `#if 0` code are ignored. A message the tree does not define is an orphan only when \
        something shows it belonged here: a patch removes its definition, the ledger lists it, or (without a \
        ledger) the tree's own files define its message class (the ledger row's, else `FooMsgStart` for `FooMsg_`/`FooHostMsg_`, by \
        Chromium's convention); the finding says which. Messages \
        defined upstream (`--upstream`, or `upstream:` in the rules file) never are. Fix it by removing the handler \
        and its method, or by restoring the definition if it was removed by mistake.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_host.cc": """
            bool FooHost::OnMessageReceived(const IPC::Message& message) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(FooHost, message)
                1️⃣IPC_MESSAGE_HANDLER(FooHostMsg_Gone, OnGone)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }
            """], ledger: RuleExample.ledgerCSV([("FooHostMsg_Gone", .inProgress)]),
            findings: [FindingSpec(message: "handler (OnGone) for 'FooHostMsg_Gone', which is no longer defined: the ledger has a row for it at line 2, so it was defined in this tree")]),
        .fires([
            "foo/foo_messages.h": """
                #define IPC_MESSAGE_START FooMsgStart
                IPC_MESSAGE_ROUTED0(FooHostMsg_Here)
                """,
            "foo/foo_host.cc": """
                bool FooHost::OnMessageReceived(const IPC::Message& message) {
                  bool handled = true;
                  IPC_BEGIN_MESSAGE_MAP(FooHost, message)
                    IPC_MESSAGE_HANDLER(FooHostMsg_Here, OnHere)
                    1️⃣IPC_MESSAGE_HANDLER(FooMsg_Gone, OnGone)
                    IPC_MESSAGE_UNHANDLED(handled = false)
                  IPC_END_MESSAGE_MAP()
                  return handled;
                }
                """,
        ], findings: [FindingSpec(message: "handler (OnGone) for 'FooMsg_Gone', which is no longer defined: this tree defines its message class FooMsgStart ('FooHostMsg_Here' in foo/foo_messages.h)")]),
        .quiet(["foo/foo_host.cc": """
            bool FooHost::OnMessageReceived(const IPC::Message& message) {
              bool handled = true;
              IPC_BEGIN_MESSAGE_MAP(FooHost, message)
                IPC_MESSAGE_HANDLER(ViewHostMsg_DefinedUpstream, OnUpstream)
                IPC_MESSAGE_UNHANDLED(handled = false)
              IPC_END_MESSAGE_MAP()
              return handled;
            }
            """]),
        .quiet([
            "foo/foo_messages.h": """
                #define IPC_MESSAGE_START FooMsgStart
                IPC_MESSAGE_ROUTED0(FooHostMsg_Here)
                """,
            "foo/foo_host.cc": """
                bool FooHost::OnMessageReceived(const IPC::Message& message) {
                  bool handled = true;
                  IPC_BEGIN_MESSAGE_MAP(FooHost, message)
                    IPC_MESSAGE_HANDLER(FooHostMsg_Here, OnHere)
                    IPC_MESSAGE_UNHANDLED(handled = false)
                  IPC_END_MESSAGE_MAP()
                  return handled;
                }
                """,
        ]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        context.inventory.activeHandlers.compactMap { handler in
            guard let name = handler.message, !context.definedMessages.contains(name), !context.isMarkedConverted(name),
                  let evidence = context.orphanEvidence(for: name) else { return nil }
            let method = handler.method.map { " (\($0))" } ?? ""
            return finding(location: handler.location,
                           message: "handler\(method) for '\(name)', which is no longer defined: \(evidence); remove the handler or restore the definition",
                           messageName: name)
        }
    }
}
