import MojifyCore

/// A suppression must say why, or it does not count.
enum SuppressionWithoutReason: LintRule {
    static let id = "suppression-without-reason"
    static let defaultSeverity = Diagnostic.Severity.warning
    static let scope = RuleScope.suppressions
    static let summary = "A // mojify:ignore[rule-id] comment that gives no reason, and so silences nothing."
    static let documentation = """
        A suppression is a decision someone will have to revisit; the reason after the rule list tells them what \
        was decided. Without one the comment silences nothing: the finding it meant to hide is still reported. Fix \
        it by writing the reason after the bracket: `// mojify:ignore[banned-ipc-type] size fits in 32 bits, see bug 123`.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // 1️⃣mojify:ignore[new-legacy-ipc]
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """], findings: [FindingSpec(message: "suppression of new-legacy-ipc gives no reason, so it silences nothing")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // mojify:ignore[new-legacy-ipc] converted in the next release, tracked in bug 42
            IPC_MESSAGE_CONTROL0(FooMsg_Ping)
            """]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        context.suppressions.filter { $0.suppression.reason.isEmpty && !$0.suppression.ruleIDs.isEmpty }.map { outcome in
            let ids = outcome.suppression.ruleIDs.joined(separator: ", ")
            return finding(location: outcome.suppression.location,
                           message: "suppression of \(ids) gives no reason, so it silences nothing; write why after the ']'")
        }
    }
}
