import MojifyCore

/// Addresses sent to another process: a pointer, or an integer wide enough to hold one.
enum PointerOverIPC: LintRule {
    static let id = "pointer-over-ipc"
    static let defaultSeverity = Diagnostic.Severity.error
    static let scope = RuleScope.file
    static let summary = "A message parameter, IPC struct member or traits member that is a pointer or a pointer-sized integer."
    static let documentation = """
        An address means nothing in another process, and an integer made to hold one (intptr_t, uintptr_t) changes \
        size between 32- and 64-bit processes; code that sends one usually passes a handle or an object's identity \
        that should be an ID, a token or a Mojo handle. The pointer-sized integers are listed under `pointer_sized` \
        in Rules/banned-types.yaml; any type written with `*` is a pointer. The rule checks message parameters, \
        IPC_STRUCT members and the fields IPC_STRUCT_TRAITS_MEMBER names (read from the C++ definition). Fix it by \
        sending what the address stood for.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            1️⃣IPC_MESSAGE_CONTROL2(FooMsg_Hello, intptr_t /* window */, int32_t /* id */)
            """], findings: [FindingSpec(message: "parameter 1 'window' of 'FooMsg_Hello' has type 'intptr_t', a pointer-sized integer: it is pointer-sized")]),
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            1️⃣IPC_SYNC_MESSAGE_CONTROL0_1(FooMsg_Name, const char* /* name */)
            """], findings: [FindingSpec(message: "reply parameter 1 'name' of 'FooMsg_Name' has type 'const char*', a pointer: an address means nothing in another process")]),
        .fires(["foo/foo_messages.h": """
            #include "foo/foo_data.h"
            #define IPC_MESSAGE_START FooMsgStart
            IPC_STRUCT_TRAITS_BEGIN(foo::Data)
              IPC_STRUCT_TRAITS_MEMBER(id)
              1️⃣IPC_STRUCT_TRAITS_MEMBER(cookie)
            IPC_STRUCT_TRAITS_END()
            """, "foo/foo_data.h": """
            #include <stdint.h>
            namespace foo {
            struct Data {
              int32_t id;
              uintptr_t cookie;
            };
            }
            """], findings: [FindingSpec(message: "member 'cookie' of 'foo::Data' (IPC_STRUCT_TRAITS_MEMBER) has type 'uintptr_t', a pointer-sized integer")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_MESSAGE_CONTROL2(FooMsg_Hello, int64_t /* window_id */, std::string /* name */)
            """]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        let parameters = context.inventory.messages.filter { !$0.conditions.disabled }.flatMap { message in
            (message.inputs + message.outputs).enumerated().flatMap { index, parameter in
                let role = index < message.inputs.count ? "parameter \(index + 1)" : "reply parameter \(index - message.inputs.count + 1)"
                let named = parameter.name.map { " '\($0)'" } ?? ""
                return findings(type: parameter.type, banned: context.bannedTypes, what: "\(role)\(named) of '\(message.name)'",
                                at: message.location, messageName: message.name)
            }
        }
        let members = context.inventory.structs.filter { !$0.conditions.disabled }.flatMap { value in
            value.members.flatMap { member in
                findings(type: member.type, banned: context.bannedTypes, what: "member '\(member.name)' of IPC struct '\(value.name)'",
                         at: member.location, messageName: nil)
            }
        }
        let definitions = context.inventory.typeDefinitions
        let traitsMembers = context.inventory.structTraits.filter { !$0.conditions.disabled }.flatMap { traits -> [Finding] in
            // The definition the scan read for the traits' type, named in full or from inside its namespace.
            guard let definition = definitions.first(where: { $0.name == traits.type || $0.name.hasSuffix("::" + traits.type) }) else { return [] }
            return traits.members.enumerated().flatMap { index, name in
                definition.fields.filter { $0.name == name }.flatMap { field in
                    findings(type: field.type, banned: context.bannedTypes, what: "member '\(name)' of '\(definition.name)' (IPC_STRUCT_TRAITS_MEMBER)",
                             at: traits.location(ofMember: index), messageName: nil)
                }
            }
        }
        return parameters + members + traitsMembers
    }

    private static func findings(type: String, banned: BannedTypes, what: String, at location: SourceLocation, messageName: String?) -> [Finding] {
        var found = banned.pointerSized(in: type).map { entry in
            finding(location: location, message: "\(what) has type '\(type)', a pointer-sized integer: \(entry.why)", messageName: messageName)
        }
        if type.contains("*") {
            found.append(finding(location: location, message: "\(what) has type '\(type)', a pointer: an address means nothing in another process; send what it points to, or an ID", messageName: messageName))
        }
        return found
    }
}
