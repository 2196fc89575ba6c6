import MojifyCore

/// Suppressions outlive the findings they were written for.
enum UnusedSuppression: LintRule {
    static let id = "unused-suppression"
    static let defaultSeverity = Diagnostic.Severity.warning
    static let scope = RuleScope.suppressions
    static let summary = "A // mojify:ignore comment that silences no finding, or names no rule."
    static let documentation = """
        A suppression that silences nothing is left over (the message was converted, the type fixed) or misplaced \
        (it must be on the finding's line or the line above), and would hide a new finding there later. Comments \
        are read from files that hold legacy IPC constructs or findings. Fix it by removing the comment, or by \
        moving it next to the finding and naming the rule id that the finding shows in brackets.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // 1️⃣mojify:ignore[banned-ipc-type] kept for the old protocol
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, int32_t /* sequence */)
            """], findings: [FindingSpec(message: "suppression of banned-ipc-type silences nothing on this line or the next; remove it")]),
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            // 1️⃣mojify:ignore[no-such-rule] a typo in the id
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, int32_t /* sequence */)
            """], findings: [FindingSpec(message: "suppression names no rule called 'no-such-rule'; the rules are ")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL1(FooMsg_Ping, size_t /* count */)  // mojify:ignore[banned-ipc-type] both ends are 64-bit
            """]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        context.suppressions.compactMap { outcome in
            let suppression = outcome.suppression
            let message: String
            if suppression.ruleIDs.isEmpty {
                message = "'\(Suppression.marker)' names no rule; write // \(Suppression.marker)[rule-id] reason"
            } else if !outcome.unknownRuleIDs.isEmpty {
                message = "suppression names no rule called \(outcome.unknownRuleIDs.map { "'\($0)'" }.joined(separator: ", ")); the rules are \(LintRules.all.map { $0.id }.joined(separator: ", "))"
            } else if outcome.silenced == 0 && outcome.judgeable && !suppression.reason.isEmpty {
                message = "suppression of \(suppression.ruleIDs.joined(separator: ", ")) silences nothing on this line or the next; remove it"
            } else {
                return nil
            }
            return finding(location: suppression.location, message: message)
        }
    }
}
