import Foundation
import MojifyConversion
import MojifyCore

/// C++ declarations of what Chromium's bindings generator would make of the plan's `.mojom` files, in the era's
/// forms (`FooPtr`/`FooRequest` or `mojo::Remote`/`mojo::PendingReceiver`), so that code using them can be
/// type-checked before the build has generated anything: interfaces with their methods (sync ones with the
/// out-parameter overload), reply callbacks, structs with their fields, enums with their values.
///
/// Also stand-ins for the Mojo bindings and `base` headers the declarations need, for a tree that does not hold
/// them (an embedder without Chromium's `mojo/`); where the tree has a header, its own is read instead.
public struct MojomDeclarations: Sendable {
    /// Tree-relative header path -> text: `content/common/frame.mojom.h`, and stand-ins.
    public var headers: [String: String]
    /// The stand-ins among `headers`: headers of Mojo or `base` the tree lacks.
    public var standIns: [String]
    /// The interfaces declared, unqualified (`FrameHost`).
    public var interfaceNames: [String]

    /// `includesOf` gives the `#include` paths of a legacy messages header: the headers that declared the C++ types
    /// its messages carried, which the bindings' typemaps include too. `treeHas` says whether the tree (or an
    /// include folder) holds a header.
    public init(
        plan: ConversionPlan, migration: CppMigration, inventory: Inventory, rules: ConversionRules, era: MojoEra, api: MojoAPI,
        includesOf: (String) -> [String], treeHas: (String) -> Bool
    ) {
        let speller = CppTypeSpeller(plan: plan, inventory: inventory, rules: rules, era: era)
        let interfaces = Dictionary(migration.interfaces.map { ($0.module + "." + $0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let callbackHeader = ["base/functional/callback.h", "base/callback.h"].first(where: treeHas) ?? "base/callback.h"
        let planned = Set(plan.files.map(\.path))
        var headers: [String: String] = [:]
        for file in plan.files {
            let namespace = CppTypeSpeller.namespace(ofModule: file.module)
            var lines = [
                "// What the bindings generator makes of \(file.path), declared by mojify migrate to type-check its patch.",
                "#pragma once",
                "#include <stdint.h>",
                "#include <map>",
                "#include <memory>",
                "#include <optional>",
                "#include <string>",
                "#include <vector>",
                "#include \"\(callbackHeader)\"",
            ]
            lines += Self.bindingHeaders(api).map { "#include \"\($0)\"" }
            if treeHas("base/containers/flat_map.h") { lines.append("#include \"base/containers/flat_map.h\"") }
            // Imports the plan makes are declared here too; the tree's own are its build's to generate.
            lines += file.imports.map { "#include \"\($0).h\"" }
            lines += includesOf(file.sourceHeader).filter { !planned.contains($0) }.map { "#include \"\($0)\"" }
            lines.append("")
            lines += Self.namespaceOpening(namespace)
            // Every type first by name, so that any order of use holds.
            for item in file.structs.map(\.name) + file.placeholders.map(\.name) {
                lines += ["class \(item);", "using \(item)Ptr = mojo::StructPtr<\(item)>;"]
            }
            for interface in file.interfaces {
                lines.append("class \(interface.name);")
                lines += Self.aliases(of: interface.name, api: api)
            }
            for item in file.enums {
                let values = item.values.map { value in
                    Naming.isIdentifier(value.value) || Int(value.value) != nil ? "  \(value.name) = \(value.value)," : "  \(value.name),"
                }
                lines += ["enum class \(item.name) : int32_t {"] + values + ["};"]
            }
            for item in file.placeholders {
                lines += ["class \(item.name) {", " public:", "  template <typename... Args> static \(item.name)Ptr New(Args&&... args);", "};"]
            }
            for item in file.structs {
                lines += ["class \(item.name) {", " public:", "  \(item.name)();", "  template <typename... Args> static \(item.name)Ptr New(Args&&... args);", "  \(item.name)Ptr Clone() const;"]
                lines += item.fields.map { "  \(speller.value($0.type, module: file.module, original: nil)) \($0.name);" }
                lines.append("};")
            }
            for interface in file.interfaces {
                let methods = interfaces[file.module + "." + interface.name]?.methods ?? []
                // The names the tree's own bindings templates ask of an interface (an AssociatedInterfacePtr's
                // state holds a `std::unique_ptr<Interface::Proxy_>`): without them a class holding a remote of
                // the interface would not compile in the check, though it does in the build.
                lines += ["class \(interface.name) {", " public:", "  class Proxy_;", "  class RequestValidator_;", "  class ResponseValidator_;",
                          "  static const char Name_[];", "  static constexpr unsigned Version_ = 0;", "  static constexpr bool PassesAssociatedKinds_ = false;",
                          "  static constexpr bool HasSyncMethods_ = \(methods.contains(where: \.isSync));", "  virtual ~\(interface.name)() {}"]
                let declarations = methods.flatMap { Self.declaration(of: $0, api: api) }
                lines += declarations + ["};", "class \(interface.name)::Proxy_ : public \(interface.name) {", " public:"]
                lines += declarations.filter { !$0.contains(" using ") }.map { line in
                    line.hasPrefix("  virtual ") ? "  " + line.dropFirst(10).replacingOccurrences(of: ") = 0;", with: ");").replacingOccurrences(of: ");", with: ") override;") : line
                }
                lines.append("};")
            }
            lines += Self.namespaceClosing(namespace)
            headers[file.path + ".h"] = lines.joined(separator: "\n") + "\n"
        }
        var standIns: [String] = []
        for (path, text) in MojoStandIns.headers(api: api) where !treeHas(path) {
            headers[path] = text
            standIns.append(path)
        }
        if !treeHas(callbackHeader) {
            headers[callbackHeader] = MojoStandIns.callback
            standIns.append(callbackHeader)
        }
        self.headers = headers
        self.standIns = standIns.sorted()
        interfaceNames = plan.interfaces.map(\.name).sorted()
    }

    /// The generated header includes these for the types its aliases name.
    static func bindingHeaders(_ api: MojoAPI) -> [String] {
        [true, false].flatMap { associated in
            [api.remoteHeader(associated: associated), api.pendingReceiverHeader(associated: associated), api.receiverHeader(associated: associated)]
        } + ["mojo/public/cpp/bindings/struct_ptr.h"]
    }

    /// The era's names for the ends of an interface: `FooPtr`, `FooRequest` and their associated forms.
    static func aliases(of name: String, api: MojoAPI) -> [String] {
        guard api == .legacy else { return [] }
        return [
            "using \(name)Ptr = mojo::InterfacePtr<\(name)>;",
            "using \(name)Request = mojo::InterfaceRequest<\(name)>;",
            "using \(name)AssociatedPtr = mojo::AssociatedInterfacePtr<\(name)>;",
            "using \(name)AssociatedRequest = mojo::AssociatedInterfaceRequest<\(name)>;",
        ]
    }

    /// One method as the generated interface declares it: its callback type, the pure virtual method and, for a
    /// sync method, the overload that returns its reply through pointers. Under the legacy message's `#if`.
    static func declaration(of method: CppMigration.Method, api: MojoAPI) -> [String] {
        var lines: [String] = []
        var parameters = method.parameters.map { "\($0.type) \($0.name)" }
        if let reply = method.reply {
            let callback = api == .legacy ? "base::Callback" : "base::OnceCallback"
            lines.append("  using \(method.name)Callback = \(callback)<void(\(reply.map(\.type).joined(separator: ", ")))>;")
            if method.isSync {
                let outputs = method.parameters.map { "\($0.type) \($0.name)" } + reply.map { "\($0.valueType)* out_\($0.name)" }
                lines.append("  virtual bool \(method.name)(\(outputs.joined(separator: ", ")));")
            }
            parameters.append("\(method.name)Callback callback")
        }
        lines.append("  virtual void \(method.name)(\(parameters.joined(separator: ", "))) = 0;")
        guard let condition = method.condition else { return lines }
        return ["#if \(condition)"] + lines + ["#endif"]
    }

    static func namespaceOpening(_ namespace: String) -> [String] {
        namespace.components(separatedBy: "::").map { "namespace \($0) {" }
    }

    static func namespaceClosing(_ namespace: String) -> [String] {
        namespace.components(separatedBy: "::").reversed().map { "}  // namespace \($0)" }
    }
}
