import MojifyCore

/// Parameter types whose size or meaning differs between the processes at the two ends of a channel.
enum BannedIPCType: LintRule {
    static let id = "banned-ipc-type"
    static let defaultSeverity = Diagnostic.Severity.warning
    static let scope = RuleScope.file
    static let summary = "A message parameter or IPC struct member of a type Chromium's IPC checker rejected."
    static let documentation = """
        Chromium's IPC checker rejected types such as long, size_t and time_t in messages because their size differs \
        between 32- and 64-bit processes, which may sit at the two ends of one channel. The list lives in \
        Rules/banned-types.yaml. The rule looks inside templates (std::vector<size_t>) and through typedefs the scan \
        resolved, and also checks IPC_STRUCT members. Fix it by using a fixed-size type (uint32_t, int64_t, \
        base::Time); the Mojo conversion needs one anyway.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            1️⃣IPC_MESSAGE_CONTROL1(FooMsg_Sizes, std::vector<size_t> /* sizes */)
            """], findings: [FindingSpec(message: "parameter 1 'sizes' of 'FooMsg_Sizes' has type 'std::vector<size_t>', which uses banned type 'size_t': its size differs between 32- and 64-bit processes")]),
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_STRUCT_BEGIN(FooParams)
              1️⃣IPC_STRUCT_MEMBER(unsigned long int, flags)
            IPC_STRUCT_END()
            """], findings: [FindingSpec(message: "member 'flags' of IPC struct 'FooParams' has type 'unsigned long int', which uses banned type 'unsigned long': it is 32 bits on Windows")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL2(FooMsg_Sizes, std::vector<uint64_t> /* sizes */, int64_t /* long_name */)
            """]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        let parameters = context.inventory.messages.filter { !$0.conditions.disabled }.flatMap { message in
            (message.inputs + message.outputs).enumerated().flatMap { index, parameter in
                let role = index < message.inputs.count ? "parameter \(index + 1)" : "reply parameter \(index - message.inputs.count + 1)"
                let named = parameter.name.map { " '\($0)'" } ?? ""
                return findings(type: parameter.type, resolved: parameter.resolvedType, banned: context.bannedTypes,
                                what: "\(role)\(named) of '\(message.name)'", at: message.location, messageName: message.name)
            }
        }
        let members = context.inventory.structs.filter { !$0.conditions.disabled }.flatMap { value in
            value.members.flatMap { member in
                findings(type: member.type, resolved: nil, banned: context.bannedTypes,
                         what: "member '\(member.name)' of IPC struct '\(value.name)'", at: member.location, messageName: nil)
            }
        }
        return parameters + members
    }

    private static func findings(type: String, resolved: String?, banned: BannedTypes, what: String, at location: SourceLocation, messageName: String?) -> [Finding] {
        let direct = banned.banned(in: type)
        let throughAlias = resolved.map { banned.banned(in: $0).filter { !direct.contains($0) } } ?? []
        return (direct + throughAlias).map { entry in
            let spelled = direct.contains(entry) ? "'\(type)'" : "'\(type)' (an alias of '\(resolved ?? "")')"
            return finding(location: location, message: "\(what) has type \(spelled), which uses banned type '\(entry.type)': \(entry.why)",
                           messageName: messageName)
        }
    }
}
