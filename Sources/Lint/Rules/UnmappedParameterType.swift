import MojifyConversion
import MojifyCore

/// Types the conversion cannot map yet: not wrong, but work the migration still has to plan for.
enum UnmappedParameterType: LintRule {
    static let id = "unmapped-type"
    static let defaultSeverity = Diagnostic.Severity.note
    static let scope = RuleScope.tree
    static let summary = "A parameter or IPC struct member type that the mojom type table cannot map yet."
    static let documentation = """
        `mojify generate` maps C++ types to mojom with the table in Rules/type-mappings.yaml and with the structs \
        and enums the tree's IPC_STRUCT and traits macros define; a type it cannot map becomes a placeholder that \
        someone must replace by hand. The note appears at each use. It needs every definition in the tree to know \
        which types the conversion defines, so it does not run with --files. Fix it by adding the type to \
        Rules/type-mappings.yaml (or a project override), or by giving it IPC traits so the conversion defines it.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            1️⃣IPC_MESSAGE_CONTROL1(FooMsg_Draw, SkUnknownCanvasThing /* canvas */)
            """], findings: [FindingSpec(message: "'SkUnknownCanvasThing' in 'FooMsg_Draw' has no mojom mapping yet")]),
        .quiet(["foo/foo_messages.h": """
            #define IPC_MESSAGE_START FooMsgStart
            IPC_STRUCT_BEGIN(FooParams)
              IPC_STRUCT_MEMBER(int32_t, width)
            IPC_STRUCT_END()
            IPC_MESSAGE_CONTROL3(FooMsg_Draw, std::string /* name */, std::vector<int32_t> /* sizes */, FooParams)
            """]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        context.unmappedTypes.flatMap { type in
            type.uses.map { use in
                let isMessage = !use.user.contains(".")
                return finding(location: use.location,
                               message: "'\(type.cppType)' in \(isMessage ? "'\(use.user)'" : "member '\(use.user)'") has no mojom mapping yet; add it to Rules/type-mappings.yaml or give it IPC traits",
                               messageName: isMessage ? use.user : nil)
            }
        }
    }
}
