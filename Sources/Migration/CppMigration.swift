import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters

/// The C++ side of a conversion plan: per interface, the signatures Chromium's bindings generate for its methods
/// and the legacy handlers the methods replace. Built from the plan, so names match the generated mojom exactly;
/// everything taken from the inventory (handler classes and methods, C++ types, paths) is checked against a safe
/// alphabet before it reaches generated code.
public struct CppMigration: Sendable {
    public struct Interface: Sendable, Equatable {
        /// `content.mojom`.
        public var module: String
        public var name: String
        /// The generated header, e.g. `content/common/frame.mojom.h`.
        public var mojomHeader: String
        /// The folder of the implementation: where the first legacy handler's map is, else the mojom's folder.
        public var implementationFolder: String
        public var mojomFolder: String
        public var methods: [Method]

        /// `content::mojom`.
        public var namespace: String { CppTypeSpeller.namespace(ofModule: module) }
        /// The namespace the implementation class lives in: the module without its `mojom` part (`content`), or
        /// that of the handler classes it calls, once the patch makes it their friend.
        public var implementationNamespace: String

        /// The interface as the drafts write it inside `implementationNamespace`: `mojom::Frame` where the module's
        /// namespace is that namespace's `mojom`, else fully qualified (`ipc::mojom::Test` from `namespace IPC`,
        /// where `mojom::` would name `IPC::mojom`, another module's).
        public var typeInImplementation: String {
            implementationNamespace + "::mojom" == namespace ? "mojom::" + name : namespace + "::" + name
        }

        /// The distinct legacy handler classes the implementation calls, in order of first use.
        public var handlerClasses: [Handler] {
            var seen: Set<String> = []
            return methods.compactMap(\.handler).filter { seen.insert($0.className).inserted }
        }
    }

    public struct Method: Sendable, Equatable {
        public var name: String
        /// The legacy messages it replaces: the request first, then folded replies.
        public var messages: [String]
        /// Where each of `messages` is defined (from the plan): which definition the method stands for.
        public var definitions: [SourceLocation]
        public var parameters: [Argument]
        /// `nil` without a reply.
        public var reply: [Argument]?
        public var isSync: Bool
        /// The legacy handler of the request, when a message map names a method for it.
        public var handler: Handler?
        /// Why no handler is called, when `handler` is nil.
        public var handlerProblem: String?
        /// The C++ types of the legacy sync message's outputs, which the handler wrote through pointers.
        public var legacyOutputs: [String]
        /// The `#if` condition the legacy message was defined under, e.g. `defined(OS_ANDROID)`; nil when none, or
        /// when it holds characters that could not be written back safely (then `conditionProblem` says so).
        public var condition: String?
        public var conditionProblem: String?

        /// The parameters the legacy handler takes as another C++ type, which a conversion gives it, and the outputs
        /// a sync handler writes as another, which a conversion makes the reply's.
        var convertedForHandler: [Argument] {
            let outputs = isSync && handler?.delayReply == false && CppDraftEmitter.outputsConvert(self) ? reply ?? [] : []
            return parameters.filter { $0.needsConversion && $0.legacyConversion != nil } + outputs.filter(\.needsConversion)
        }
    }

    public struct Argument: Sendable, Equatable {
        public var name: String
        /// As the generated interface declares it: `const std::string&`, `int32_t`, `FooPtr`.
        public var type: String
        /// The type without const and reference, for locals and mocks' defaults.
        public var valueType: String
        /// The type is a struct the plan defines (`FooPtr`).
        public var isGeneratedStruct: Bool
        /// A struct the plan defines appears in the type: the legacy handler took another C++ type.
        public var needsConversion: Bool
        /// Where it does, the rules' expression making this type of the legacy one (`$0.CreateDeepCopy()`), and the
        /// legacy one of this type (`*$0`); a cast for an enum the plan defines with the legacy enum's values.
        public var conversion: String? = nil
        public var legacyConversion: String? = nil
        /// The header declaring the type the conversions work on, which the converting file includes.
        public var conversionHeader: String? = nil
        /// The messages header defining the legacy `IPC_STRUCT` a struct's converters take or make: a file calling
        /// the legacy handler with one needs its definition (only `.cc` files may include it).
        public var legacyStructHeader: String? = nil
    }

    public struct Handler: Sendable, Equatable {
        /// As the map names it, e.g. `RenderFrameHostImpl` (or qualified).
        public var className: String
        /// The handler method without a class qualifier, e.g. `OnDidCommit`.
        public var method: String
        public var delayReply: Bool
        /// The file of the message map.
        public var file: String
        /// Where a header declaring the class is expected: the map's `.cc` file with `.h`.
        public var header: String
        /// The map is `IPC_BEGIN_MESSAGE_MAP_WITH_PARAM`: the handler takes the map's parameter (a WebContents
        /// observer's `RenderFrameHost*`) before the message's.
        public var takesMapParameter = false
        /// The `#if` conditions around the map entry, joined with `&&`; nil when it is unconditional.
        public var condition: String?
        /// The local helper the map forwards the message to, which only calls this handler.
        public var helper: Helper?

        /// `render_frame_host_impl_`: the member holding the object the implementation forwards to.
        public var member: String {
            let last = className.components(separatedBy: "::").last ?? className
            return Naming.words(last).map { $0.lowercased() }.joined(separator: "_") + "_"
        }
    }

    /// A local helper a map forwards a message to (`IPC_MESSAGE_FORWARD(Msg, &helper, Helper::OnBar)`) whose method
    /// only calls the handler on the map's class.
    public struct Helper: Sendable, Equatable {
        /// As the entry names it: `&helper`.
        public var target: String
        /// The helper's method the entry names, without its class.
        public var method: String
        /// Where the entry is.
        public var entry: SourceLocation
    }

    public var interfaces: [Interface]
    public var optionalTemplate: String
    /// The TypeConverters between the plan's structs and the legacy structs they replace.
    var converters: StructConverters

    /// This migration with `handlers` (by message) as the handlers of methods that had none.
    public func withHandlers(_ handlers: [String: Handler]) -> CppMigration {
        guard !handlers.isEmpty else { return self }
        var result = self
        for interface in result.interfaces.indices {
            for index in result.interfaces[interface].methods.indices {
                let method = result.interfaces[interface].methods[index]
                guard method.handler == nil, let handler = handlers[method.messages[0]] else { continue }
                result.interfaces[interface].methods[index].handler = handler
                result.interfaces[interface].methods[index].handlerProblem = nil
            }
        }
        return result
    }

    /// This migration with the handlers named in `handlers` (`Class::method`) taking no map parameter.
    public func withoutMapParameter(_ handlers: Set<String>) -> CppMigration {
        guard !handlers.isEmpty else { return self }
        var result = self
        for interface in result.interfaces.indices {
            for method in result.interfaces[interface].methods.indices {
                guard let handler = result.interfaces[interface].methods[method].handler, handlers.contains(handler.className + "::" + handler.method) else { continue }
                result.interfaces[interface].methods[method].handler?.takesMapParameter = false
            }
        }
        return result
    }

    /// `rules` and `era` give the C++ types of mapped mojom types (`cpp_types`).
    public init(plan: ConversionPlan, inventory: Inventory, rules: ConversionRules, era: MojoEra) {
        let speller = CppTypeSpeller(plan: plan, inventory: inventory, rules: rules, era: era)
        optionalTemplate = speller.optionalTemplate
        converters = speller.converters
        let definitions = Dictionary(inventory.messages.map { ($0.location, $0) }, uniquingKeysWith: { first, _ in first })
        var handlers: [String: [(MessageMap, MessageHandler)]] = [:]
        for map in inventory.messageMaps {
            for handler in map.handlers {
                if let message = handler.message { handlers[message, default: []].append((map, handler)) }
            }
        }
        interfaces = plan.files.flatMap { file in
            file.interfaces.map { interface in
                let methods = interface.methods.map { method in
                    Self.method(method, module: file.module, definitions: definitions, handlers: handlers, speller: speller)
                }
                let mojomFolder = file.directory
                let handlerFolder = methods.compactMap(\.handler).first.map { ($0.file as NSString).deletingLastPathComponent }
                return Interface(
                    module: file.module, name: interface.name, mojomHeader: file.path + ".h",
                    implementationFolder: handlerFolder ?? mojomFolder, mojomFolder: mojomFolder, methods: methods,
                    implementationNamespace: file.module.split(separator: ".").filter { $0 != "mojom" }.joined(separator: "::")
                )
            }
        }
    }

    private static func method(
        _ method: MojomMethod, module: String, definitions: [SourceLocation: MessageDefinition],
        handlers: [String: [(MessageMap, MessageHandler)]], speller: CppTypeSpeller
    ) -> Method {
        // The plan says which definition each message of the method is (a name defined in two #if branches is
        // two messages, with their own parameters).
        let defined = method.definitions.map { definitions[$0] }
        let request = defined.first ?? nil
        let originals = request?.inputs.map(\.type) ?? []
        let parameters = arguments(method.parameters, originals: originals, module: module, speller: speller)
        var reply: [Argument]?
        if let response = method.response {
            let replyOriginals: [String]
            if request?.isSync == true {
                replyOriginals = request?.outputs.map(\.type) ?? []
            } else {
                replyOriginals = defined.count == 2 ? (defined[1]?.inputs.map(\.type) ?? []) : []
            }
            reply = arguments(response, originals: replyOriginals.count == response.count ? replyOriginals : [], module: module, speller: speller)
        }
        var found: Handler?
        var problem: String?
        let handlersOfRequest = (handlers[method.messages[0]] ?? []).filter { !$0.0.conditions.disabled && !$0.1.conditions.disabled }
        if let (map, handler) = handlersOfRequest.first {
            let methodName = handler.method.map { $0.components(separatedBy: "::").last ?? $0 } ?? ""
            let className = qualifiedClass(of: map)
            let header = (map.location.file as NSString).deletingPathExtension + ".h"
            if handler.target != nil {
                problem = "the message map forwards it to another object; implement it there"
            } else if handler.method == nil || !Naming.isIdentifier(methodName) || !handler.macro.hasPrefix("IPC_MESSAGE_HANDLER") || handler.macro.hasSuffix("_GENERIC") {
                problem = "the message map handles it with inline code (\(handler.wrapper ?? handler.macro)); move that code here"
            } else if !CppName.isQualifiedName(className) || !SafeName.isSafePath(header) {
                problem = "the handler's class or file name is not a plain C++ name or path"
            } else {
                found = Handler(className: className, method: methodName, delayReply: handler.delayReply, file: map.location.file, header: header,
                                takesMapParameter: map.macro == "IPC_BEGIN_MESSAGE_MAP_WITH_PARAM", condition: Self.joined(handler.conditions.stack))
            }
        } else {
            problem = "no message map in the scanned tree handles \(method.messages[0])"
        }
        let condition = Self.joined(request?.conditions.stack ?? [])
        let safe = condition.map(CppName.isSafeCondition) ?? true
        return Method(
            name: method.name, messages: method.messages, definitions: method.definitions, parameters: parameters, reply: reply,
            isSync: request?.isSync ?? false, handler: found, handlerProblem: problem,
            legacyOutputs: (request?.outputs.map(\.type) ?? []).map { CppName.isSafeType($0) ? $0 : "" },
            condition: safe ? condition : nil,
            conditionProblem: safe ? nil : "TODO(mojify): the legacy message was defined under an #if mojify does not copy; add it here."
        )
    }

    /// One condition of a stack of `#if` conditions; nil for none.
    static func joined(_ stack: [String]) -> String? {
        stack.isEmpty ? nil : (stack.count == 1 ? stack[0] : stack.map { "(\($0))" }.joined(separator: " && "))
    }

    /// The class as qualified as the scan knows it: `content::RenderFrameHostImpl` when the map's function was
    /// `content::RenderFrameHostImpl::OnMessageReceived`, else the name the map gives.
    static func qualifiedClass(of map: MessageMap) -> String {
        let parts = map.function?.components(separatedBy: "::") ?? []
        if parts.count >= 3, parts[parts.count - 2] == map.handlerClass {
            return parts.dropLast().joined(separator: "::")
        }
        return map.handlerClass
    }

    private static func arguments(_ parameters: [MojomParameter], originals: [String], module: String, speller: CppTypeSpeller) -> [Argument] {
        parameters.enumerated().map { index, parameter in
            let original = index < originals.count && CppName.isSafeType(originals[index]) ? originals[index] : nil
            return Argument(
                name: parameter.name,
                type: speller.parameter(parameter.type, module: module, original: original),
                valueType: speller.value(parameter.type, module: module, original: original),
                isGeneratedStruct: speller.isGeneratedStruct(parameter.type, module: module),
                needsConversion: speller.needsConversion(parameter.type, module: module, original: original),
                conversion: speller.conversion(parameter.type, module: module, original: original),
                legacyConversion: speller.legacyConversion(parameter.type, module: module, original: original),
                conversionHeader: speller.conversionHeader(parameter.type, module: module),
                legacyStructHeader: speller.legacyStructHeader(parameter.type, module: module)
            )
        }
    }
}

/// Checks for names taken from scanned code before they are written into generated C++.
enum CppName {
    /// `content::RenderFrameHostImpl`, `::Foo`.
    static func isQualifiedName(_ text: String) -> Bool {
        let parts = text.hasPrefix("::") ? text.dropFirst(2).components(separatedBy: "::") : text.components(separatedBy: "::")
        return parts.allSatisfy(Naming.isIdentifier)
    }

    /// A C++ type as a legacy message wrote it (`std::vector<GURL>`, `const char*`): names, template brackets,
    /// commas, pointers and spaces only, so nothing can end a declaration or start a comment or directive.
    static func isSafeType(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_:<>, *&".contains($0)) }
    }

    /// A preprocessor condition from a legacy header, to write after `#if`: no line break, comment, string or
    /// backslash that could end the directive or hide code.
    static func isSafeCondition(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("//") && !text.contains("/*")
            && text.allSatisfy { ($0.asciiValue ?? 0) >= 32 && $0.asciiValue != 127 && !"\\\"'#".contains($0) }
    }

}
