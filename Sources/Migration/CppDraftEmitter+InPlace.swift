import MojifyCore
import MojifyConversion

/// The drafts of an interface whose handler class implements it itself once the patch is applied (its handlers
/// became the interface methods): no forwarding class, only the `Bind<Interface>` its registration line names.
extension CppDraftEmitter {
    static func bindingHeader(_ interface: CppMigration.Interface, path: String, associated: Bool, api: MojoAPI) -> String {
        let guardName = includeGuard(path)
        let owner = interface.handlerClasses.first?.className ?? "The handler class"
        var lines = [banner, "", "#ifndef \(guardName)", "#define \(guardName)", ""]
        lines += includes([interface.mojomHeader, api.pendingReceiverHeader(associated: associated)])
        lines += ["", "namespace \(interface.implementationNamespace) {", ""]
        lines += EmitterText.comment(
            "\(owner) implements \(interface.module).\(interface.name) itself once the patch is applied (its handlers became the interface methods), so there is no \(interface.name)Impl. Named by the interface's registration line (written beside these drafts).",
            indent: ""
        )
        lines += ["\(bindSignature(interface, associated: associated, api: api));", "", "}  // namespace \(interface.implementationNamespace)", "", "#endif  // \(guardName)"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func bindingSource(_ interface: CppMigration.Interface, header: String, era: String, associated: Bool, api: MojoAPI) -> String {
        let owner = interface.handlerClasses.first?.className ?? "handler class"
        let receiver = api.receiver(interface.typeInImplementation, associated: associated)
        var lines = [banner, ""]
        lines += includes([header, era == "base::Optional" ? "base/logging.h" : "base/notreached.h"])
        lines += ["", "namespace \(interface.implementationNamespace) {", ""]
        lines.append(bindSignature(interface, associated: associated, api: api) + " {")
        lines += EmitterText.comment(
            "TODO(mojify): bind the \(api.pendingReceiverName) to the \(owner) this connection belongs to (for a frame-scoped interface, the frame's; migration guide 2.5.7), e.g. through a \(receiver) member of it: \(api.receiverMember).Bind(std::move(\(api.pendingReceiverName))).",
            indent: "  "
        )
        lines += ["  NOTIMPLEMENTED();", "}", "", "}  // namespace \(interface.implementationNamespace)"]
        return lines.joined(separator: "\n") + "\n"
    }
}
