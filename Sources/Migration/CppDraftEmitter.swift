import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters

/// The C++ files `mojify migrate` drafts per interface (migration guide 2.4.4 and 2.5.5): an implementation
/// (`foo_impl.h`/`.cc`) whose methods call the legacy handlers they replace (unless the patch makes the handler
/// class implement the interface itself), and a gmock class (`foo_mock.h`) with
/// a test showing a receiver bound to a remote. Methods of messages defined under `#if` are declared under the
/// same condition. Keyed by path relative to the output folder.
public enum CppDraftEmitter {
    /// `registry` is the form whose registration lines (written beside the drafts) name each `Bind<Interface>`.
    /// `convertedInPlace` (`module.Name`, from the patch) names the interfaces whose handler class implements them
    /// itself once the patch is applied: they get only the `Bind<Interface>` their registration line names.
    /// `api` is the Mojo C++ API the drafts are written in.
    /// `registeredInPatch` names those of them the patch also registers, which need no draft but the mock.
    public static func emit(_ migration: CppMigration, registry: OutputFormat = .binders, convertedInPlace: Set<String> = [], registeredInPatch: Set<String> = [],
                            api: MojoAPI = .current) -> [String: String] {
        let associated = registry == .associated
        var files: [String: String] = [:]
        for interface in migration.interfaces {
            let stem = Naming.words(interface.name).map { $0.lowercased() }.joined(separator: "_")
            let implementation = interface.implementationFolder + "/" + stem + "_impl"
            let mock = interface.mojomFolder + "/" + stem + "_mock"
            if registeredInPatch.contains(interface.module + "." + interface.name) {
                // Nothing to bind by hand: the class and its registration are in the patch.
            } else if convertedInPlace.contains(interface.module + "." + interface.name) {
                files[implementation + ".h"] = bindingHeader(interface, path: implementation + ".h", associated: associated, api: api)
                files[implementation + ".cc"] = bindingSource(interface, header: implementation + ".h", era: migration.optionalTemplate, associated: associated, api: api)
            } else {
                files[implementation + ".h"] = implementationHeader(interface, path: implementation + ".h", associated: associated, api: api)
                files[implementation + ".cc"] = implementationSource(interface, header: implementation + ".h", era: migration.optionalTemplate, associated: associated, api: api)
            }
            files[mock + ".h"] = mockHeader(interface, path: mock + ".h", api: api)
            files[mock + "_unittest.cc"] = mockTest(interface, header: mock + ".h", api: api)
        }
        return files
    }

    static let banner = "// Drafted by mojify migrate; review before use."

    // MARK: - Implementation

    static func implementationHeader(_ interface: CppMigration.Interface, path: String, associated: Bool, api: MojoAPI) -> String {
        let guardName = includeGuard(path)
        let handlers = interface.handlerClasses
        var lines = [banner, "", "#ifndef \(guardName)", "#define \(guardName)", ""]
        lines += includes([interface.mojomHeader, api.pendingReceiverHeader(associated: associated)] + handlers.map(\.header))
        lines += ["", "namespace \(interface.implementationNamespace) {", ""]
        lines += EmitterText.comment(
            "Implements \(interface.module).\(interface.name) by calling the legacy IPC handlers it replaces.", indent: ""
        )
        lines.append("class \(interface.name)Impl : public \(interface.typeInImplementation) {")
        lines.append(" public:")
        if handlers.isEmpty {
            lines.append("  \(interface.name)Impl();")
        } else {
            let parameters = handlers.map { "\($0.className)* \($0.member.dropLast())" }.joined(separator: ", ")
            lines.append("  \(handlers.count == 1 ? "explicit " : "")\(interface.name)Impl(\(parameters));")
        }
        lines += [
            "  \(interface.name)Impl(const \(interface.name)Impl&) = delete;",
            "  \(interface.name)Impl& operator=(const \(interface.name)Impl&) = delete;",
            "  ~\(interface.name)Impl() override;",
            "",
            "  // \(interface.typeInImplementation):",
        ]
        for method in interface.methods {
            lines += conditional(method, ["  void \(method.name)(\(parameterList(method))) override;"])
        }
        if !handlers.isEmpty {
            lines += ["", " private:"]
            lines += handlers.map { "  \($0.className)* const \($0.member);" }
        }
        lines += ["};", ""]
        lines += EmitterText.comment("Named by the interface's registration line (written beside these drafts); the connection owns the \(interface.name)Impl it makes.", indent: "")
        lines += ["\(bindSignature(interface, associated: associated, api: api));", ""]
        lines += ["}  // namespace \(interface.implementationNamespace)", "", "#endif  // \(guardName)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `void BindFrameHost(mojo::PendingReceiver<mojom::FrameHost> receiver)`: the function registration lines name.
    static func bindSignature(_ interface: CppMigration.Interface, associated: Bool, api: MojoAPI) -> String {
        "void Bind\(interface.name)(\(api.pendingReceiver(interface.typeInImplementation, associated: associated)) \(api.pendingReceiverName))"
    }

    /// The body of `Bind<Interface>`: a self-owned receiver around a new implementation (migration guide 2.4.4).
    static func bindFunction(_ interface: CppMigration.Interface, associated: Bool, api: MojoAPI) -> [String] {
        let handlers = interface.handlerClasses
        var lines = [bindSignature(interface, associated: associated, api: api) + " {"]
        if !handlers.isEmpty {
            lines += EmitterText.comment(
                "TODO(mojify): pass the \(handlers.map(\.className).joined(separator: " and ")) this connection belongs to (for a frame-scoped interface, the frame's; migration guide 2.5.7), e.g. from a binder that takes the RenderFrameHost or RenderFrame.",
                indent: "  "
            )
        }
        let arguments = handlers.map { _ in "nullptr" }.joined(separator: ", ")
        lines.append("  \(api.selfOwned(associated: associated))(std::make_unique<\(interface.name)Impl>(\(arguments)), std::move(\(api.pendingReceiverName)));")
        return lines + ["}"]
    }

    static func implementationSource(_ interface: CppMigration.Interface, header: String, era: String, associated: Bool, api: MojoAPI) -> String {
        let handlers = interface.handlerClasses
        let notImplemented = interface.methods.contains { $0.handler == nil }
        var lines = [banner, ""]
        lines += ["#include <memory>", "#include <utility>", ""]
        // The converters of the values the legacy handlers take as other types (a struct's, `base/values.h`).
        let converted = interface.methods.filter { $0.handler != nil }.flatMap(\.convertedForHandler)
        let conversions = converted.compactMap(\.conversionHeader) + converted.compactMap(\.legacyStructHeader)
        lines += includes([header, api.selfOwnedHeader(associated: associated)] + conversions + (notImplemented ? [era == "base::Optional" ? "base/logging.h" : "base/notreached.h"] : []))
        lines += ["", "namespace \(interface.implementationNamespace) {", ""]
        let name = interface.name + "Impl"
        if handlers.isEmpty {
            lines.append("\(name)::\(name)() = default;")
        } else {
            let parameters = handlers.map { "\($0.className)* \($0.member.dropLast())" }.joined(separator: ", ")
            lines.append("\(name)::\(name)(\(parameters))")
            lines.append("    : " + handlers.map { "\($0.member)(\($0.member.dropLast()))" }.joined(separator: ", ") + " {}")
        }
        lines += ["", "\(name)::~\(name)() = default;"]
        for method in interface.methods {
            lines.append("")
            lines += conditional(method, ["void \(name)::\(method.name)(\(parameterList(method))) {"] + body(method) + ["}"])
        }
        lines += [""] + bindFunction(interface, associated: associated, api: api)
        lines += ["", "}  // namespace \(interface.implementationNamespace)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The statements of one method: a call of the legacy handler (through its member, or on the class itself
    /// `inPlace`, through `base` when a base class declares it), or `NOTIMPLEMENTED()` with the reason. A handler
    /// taking its map's parameter is passed `mapArgument`, which only the class itself can give.
    static func body(_ method: CppMigration.Method, inPlace: Bool = false, base: String? = nil, mapArgument: String? = nil) -> [String] {
        guard let handler = method.handler else {
            return EmitterText.comment("TODO(mojify): \(method.handlerProblem ?? "no legacy handler found").", indent: "  ") + ["  NOTIMPLEMENTED();"]
        }
        if handler.takesMapParameter, mapArgument == nil {
            return EmitterText.comment("TODO(mojify): \(handler.method) takes its message map's parameter first (IPC_BEGIN_MESSAGE_MAP_WITH_PARAM); pass it what the map passed (for a WebContents observer, the frame this call came from: a WebContentsFrameReceiverSet's GetCurrentTargetFrame()).", indent: "  ") + ["  NOTIMPLEMENTED();"]
        }
        var lines: [String] = []
        let structs = method.parameters.filter { $0.needsConversion && $0.legacyConversion == nil }.map(\.name)
        if !structs.isEmpty {
            lines += EmitterText.comment("TODO(mojify): \(handler.method) takes the legacy C++ types; convert \(structs.joined(separator: ", ")) from the interface's types.", indent: "  ")
        }
        // The rules' `to` (or an enum's cast) makes the legacy type of the bindings' one.
        var arguments = (handler.takesMapParameter ? mapArgument.map { [$0] } ?? [] : []) + method.parameters.map { parameter in
            parameter.needsConversion ? parameter.legacyConversion?.replacingOccurrences(of: "$0", with: parameter.name) ?? parameter.name : parameter.name
        }
        let call = inPlace ? "  \(base.map { $0 + "::" } ?? "")\(handler.method)(" : "  \(handler.member)->\(handler.method)("
        guard let reply = method.reply else {
            return lines + [call + arguments.joined(separator: ", ") + ");"]
        }
        if method.isSync, !handler.delayReply {
            // The legacy sync handler wrote its outputs through pointers; the reply carries them.
            let convertible = outputsConvert(method)
            if !convertible {
                lines += EmitterText.comment("TODO(mojify): convert the handler's outputs to the reply's types.", indent: "  ")
            }
            let locals = replyLocals(method, reply)
            for (index, output) in reply.enumerated() {
                let type = convertible ? method.legacyOutputs[index] : output.valueType
                lines.append("  \(type) \(locals[index]);")
            }
            arguments += locals.map { "&" + $0 }
            lines.append(call + arguments.joined(separator: ", ") + ");")
            // An output the bindings give as another type (a struct the plan defines) goes through its conversion.
            let replied = zip(reply, locals).map { output, local in
                convertible && output.needsConversion ? output.conversion?.replacingOccurrences(of: "$0", with: local) ?? local : local
            }
            lines.append("  std::move(callback).Run(\(replied.joined(separator: ", ")));")
            return lines
        }
        let why = handler.delayReply
            ? "\(handler.method) took the reply message (IPC_MESSAGE_HANDLER_DELAY_REPLY)"
            : "the reply was the separate message \(method.messages.dropFirst().joined(separator: " / "))"
        lines += EmitterText.comment("TODO(mojify): \(why); make \(handler.method) take \(method.name)Callback and run it with std::move(callback).Run(...) where it replied.", indent: "  ")
        arguments.append("std::move(callback)")
        return lines + [call + arguments.joined(separator: ", ") + ");"]
    }

    /// Whether the legacy sync handler's outputs are the reply's types, or convert to them, so that its locals can
    /// be passed on.
    static func outputsConvert(_ method: CppMigration.Method) -> Bool {
        guard let reply = method.reply else { return true }
        return method.legacyOutputs.count == reply.count && !method.legacyOutputs.contains("") && !reply.contains { $0.needsConversion && $0.conversion == nil }
    }

    /// Whether `body(method)` calls the legacy handler with nothing left to a human: no reply message or
    /// callback to pass on, no value to convert by hand.
    static func forwardsCompletely(_ method: CppMigration.Method, mapArgument: String? = nil) -> Bool {
        guard let handler = method.handler, !handler.delayReply, !handler.takesMapParameter || mapArgument != nil else { return false }
        if method.reply != nil, !(method.isSync && outputsConvert(method)) { return false }
        return !method.parameters.contains { $0.needsConversion && $0.legacyConversion == nil }
    }

    /// The locals a sync handler writes the reply into: the reply's names, but a mojom method may name an output
    /// as it names an input (`Ping(string value) => (string value)`), and a local cannot redeclare a parameter.
    static func replyLocals(_ method: CppMigration.Method, _ reply: [CppMigration.Argument]) -> [String] {
        var taken = Set(method.parameters.map(\.name) + ["callback"])
        return reply.map { output in
            var name = output.name
            while taken.contains(name) || (name != output.name && reply.contains { $0.name == name }) {
                name = "reply_" + name
            }
            taken.insert(name)
            return name
        }
    }

    // MARK: - Mocks

    static func mockHeader(_ interface: CppMigration.Interface, path: String, api: MojoAPI) -> String {
        let guardName = includeGuard(path)
        var lines = [banner, "", "#ifndef \(guardName)", "#define \(guardName)", ""]
        lines += includes([interface.mojomHeader, "testing/gmock/include/gmock/gmock.h"])
        lines += ["", "namespace \(interface.implementationNamespace) {", ""]
        lines += EmitterText.comment("A gmock of \(interface.module).\(interface.name) for tests (migration guide 2.5.5).", indent: "")
        lines += [
            "class Mock\(interface.name) : public \(interface.typeInImplementation) {",
            " public:",
            "  Mock\(interface.name)() = default;",
            "  ~Mock\(interface.name)() override = default;",
            "",
        ]
        for method in interface.methods {
            lines += conditional(method, ["  " + api.mockMethod(method.name, types: signature(method).map(\.type))])
        }
        lines += ["};", "", "}  // namespace \(interface.implementationNamespace)", "", "#endif  // \(guardName)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A test that binds the mock to a remote and delivers a call with `RunUntilIdle()`: the pattern every test of
    /// a converted caller follows. It calls the first method without a reply, whose arguments can be defaults.
    static func mockTest(_ interface: CppMigration.Interface, header: String, api: MojoAPI) -> String {
        let connection = api.mockConnection(mock: "Mock" + interface.name, interface: interface.typeInImplementation)
        var lines = [banner, ""]
        lines += includes([header, "base/run_loop.h", "testing/gtest/include/gtest/gtest.h"] + connection.includes)
        lines += ["", "namespace \(interface.implementationNamespace) {", "", "class \(interface.name)MockTest : public testing::Test {", " protected:"]
        lines += connection.members + ["};", ""]
        if let method = interface.methods.first(where: { $0.reply == nil && $0.condition == nil && $0.conditionProblem == nil }) {
            let matchers = method.parameters.map { _ in "testing::_" }.joined(separator: ", ")
            let values = method.parameters.map { $0.isGeneratedStruct ? $0.valueType.dropLast("Ptr".count) + "::New()" : "{}" }
            lines += [
                "TEST_F(\(interface.name)MockTest, Delivers\(method.name)) {",
                "  EXPECT_CALL(mock_, \(method.name)(\(matchers)));",
                "  \(connection.remote)->\(method.name)(\(values.joined(separator: ", ")));",
                "  base::RunLoop().RunUntilIdle();",
                "}",
            ]
        } else {
            lines += [
                "TEST_F(\(interface.name)MockTest, Connects) {",
                "  base::RunLoop().RunUntilIdle();",
                "  " + connection.healthCheck,
                "}",
            ]
        }
        lines += ["", "}  // namespace \(interface.implementationNamespace)"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Shared

    /// `lines` under the `#if` the legacy message was defined under, as the bindings only declare the method there.
    static func conditional(_ method: CppMigration.Method, _ lines: [String]) -> [String] {
        if let condition = method.condition { return ["#if \(condition)"] + lines + ["#endif"] }
        if let problem = method.conditionProblem { return EmitterText.comment(problem, indent: "") + lines }
        return lines
    }

    /// The parameters as the generated interface declares them, the reply callback last.
    static func signature(_ method: CppMigration.Method) -> [(type: String, name: String)] {
        method.parameters.map { ($0.type, $0.name) } + (method.reply == nil ? [] : [("\(method.name)Callback", "callback")])
    }

    static func parameterList(_ method: CppMigration.Method) -> String {
        signature(method).map { "\($0.type) \($0.name)" }.joined(separator: ", ")
    }

    static func includes(_ paths: [String]) -> [String] {
        Array(Set(paths)).sorted().map { "#include \"\($0)\"" }
    }

    /// `content/browser/frame_host_impl.h` -> `CONTENT_BROWSER_FRAME_HOST_IMPL_H_`.
    static func includeGuard(_ path: String) -> String {
        String(path.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }) + "_"
    }
}
