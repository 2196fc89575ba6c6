import Foundation
import MojifyCore
import Yams

/// The data `mojify generate` converts with, read from `Rules/type-mappings.yaml` and optionally overridden
/// by a user's file in the same format (entries there win; lists there come first).
public struct ConversionRules: Sendable, Equatable {
    /// A mojom type that replaces a C++ type, with what a mojom file using it needs.
    public struct TypeRule: Sendable, Equatable {
        public var mojom: String
        /// The mojom file to import, e.g. `url/mojom/url.mojom`.
        public var importPath: String?
        /// The GN target providing that file, e.g. `//url/mojom:url_mojom_gurl`.
        public var dependency: String?
        /// A caveat the generated file repeats next to the use.
        public var note: String?
        /// The tree's file the mapping was learned from (a typemap, BUILD.gn or .mojom), for mappings not in the rules.
        public var source: String?

        public init(mojom: String, importPath: String? = nil, dependency: String? = nil, note: String? = nil, source: String? = nil) {
            self.mojom = mojom
            self.importPath = importPath
            self.dependency = dependency
            self.note = note
            self.source = source
        }
    }

    public enum ContainerKind: String, Sendable, Equatable {
        case array, map, nullable
    }

    /// A naming scheme: messages whose name matches `pattern` become methods of `interface` in `process`.
    public struct Direction: Sendable, Equatable {
        public var pattern: String
        public var interface: String
        /// The interface that takes the control messages of an `interface` that also has routed ones
        /// (default: `interface` + `Process`).
        public var controlInterface: String?
        public var process: String
    }

    public struct Process: Sendable, Equatable {
        public var service: String
        /// The process on the other end, which the manifest's capability is named after.
        public var peer: String
        /// Where an implementation living in this process is registered, for routed and control interfaces.
        public var routedRegistry: String
        public var controlRegistry: String
        /// Where code in this process gets a remote, for routed and control interfaces.
        public var routedRemotes: String
        public var controlRemotes: String
        /// Where the peer gets a remote of an interface implemented here, when that is not the peer's own
        /// `controlRemotes` (the browser reaches a utility process through its host, not a render process).
        public var peerRemotes: String?
        /// Folder names (`browser`, `renderer`) and handler base classes (`RenderFrameObserver`) that place a
        /// message map, and so the messages it handles, in this process.
        public var handlerFolders: [String]
        public var handlerClasses: [String]
        /// The same places in later registration schemes (`BinderMap` binders, associated interfaces), when the
        /// rules give them; the registry emitters fall back to naming the scheme without a place.
        public var binders: Places?
        public var associated: Places?
        /// The service manager's places once child threads bound through their connector (`MojoEra.connector`
        /// and `.remote`), where they differ from the first ones; `ConversionRules.inEra` puts them in front.
        public var connector: Places?

        /// The service manager era's places, which every process has.
        public var serviceManager: Places? {
            Places(routedRegistry: routedRegistry, controlRegistry: controlRegistry, routedRemotes: routedRemotes, controlRemotes: controlRemotes)
        }
    }

    /// Where an implementation is registered and where its peer gets a remote, for routed and control interfaces.
    public struct Places: Sendable, Equatable {
        public var routedRegistry: String
        public var controlRegistry: String
        public var routedRemotes: String
        public var controlRemotes: String
    }

    /// How code in a class that sent legacy IPC reaches the object whose remotes the `processes` places name
    /// (`RenderFrame::GetRemoteAssociatedInterfaces()`): the frame or process that replaces the routing ID (guide
    /// 2.5.7). `className` nil matches any class; `via` empty means the class is such an object itself.
    public struct RemoteHolder: Sendable, Equatable {
        public var object: String
        public var className: String?
        /// A C++ call chain such as `render_frame()` or `content::RenderThread::Get()`.
        public var via: String
        /// What a human must check about `via`, written beside it.
        public var note: String?
    }

    public struct ClassOverride: Sendable, Equatable {
        public var module: String?
        public var file: String?
    }

    /// The C++ type Chromium's bindings give a mojom type from one era on: a typemap's right-hand side and how the
    /// bindings pass it.
    public struct CppTypeRule: Sendable, Equatable {
        public var cpp: String
        /// `move_only`: passed by value, and so is whatever holds it (`std::vector<base::Value>`).
        public var moveOnly = false
        /// `copyable_pass_by_value`: passed by value itself (not inside a container).
        public var byValue = false
        /// `nullable_is_same_type`: a nullable value is the C++ type itself (an empty `GURL`, a null
        /// `SkBitmap`), not wrapped in an optional.
        public var nullableIsSameType = false
        /// The first era the rule holds in; nil for every era before the next rule's.
        public var since: MojoEra?
        /// Other names of the same C++ type (`base::string16` for `std::u16string`).
        public var aliases: [String] = []
        /// `from`: by the C++ type a legacy message carried, the expression making `cpp` of it, `$0` standing for
        /// the value (`base::ListValue: "$0.CreateDeepCopy()"`): what a rewritten sender passes.
        public var conversions: [String: String] = [:]
        /// `to`: by the C++ type a legacy handler takes, the expression making it of a `cpp` value (`base::ListValue:
        /// "*$0"`): what an implementation passes the legacy handler.
        public var legacyConversions: [String: String] = [:]
        /// `move_to`: the same, where the expression may move out of the `cpp` value, which it owns: what fills a legacy
        /// struct's member (`base::ListValue: "std::move(*base::ListValue::From(base::Value::ToUniquePtrValue(std::move($0))))"`).
        /// Without one, `std::move` of `to`'s expression.
        public var movingLegacyConversions: [String: String] = [:]
        /// `header`: where the C++ type is declared, which code converting a value of it includes (a file passing
        /// a `const base::ListValue&` on may know the type only by a forward declaration).
        public var header: String?

        public init(cpp: String, moveOnly: Bool = false, byValue: Bool = false, nullableIsSameType: Bool = false, since: MojoEra? = nil, aliases: [String] = [],
                    conversions: [String: String] = [:], legacyConversions: [String: String] = [:], movingLegacyConversions: [String: String] = [:],
                    header: String? = nil) {
            self.cpp = cpp
            self.moveOnly = moveOnly
            self.byValue = byValue
            self.nullableIsSameType = nullableIsSameType
            self.since = since
            self.aliases = aliases
            self.conversions = conversions
            self.legacyConversions = legacyConversions
            self.movingLegacyConversions = movingLegacyConversions
            self.header = header
        }
    }

    public var types: [String: TypeRule]
    /// C++ types the built-in table or the tree maps to a mojom type the tree does not hold, with the reason: they
    /// stay unmapped rather than import a file of another era.
    public var unavailable: [String: String] = [:]
    /// The `.mojom` files the tree holds, relative to its root: a generated file never takes one's path.
    public var treeMojomFiles: Set<String> = []
    /// Qualified interfaces (and other types) the tree's `.mojom` files declare -> the first file declaring each:
    /// a generated interface never takes one's name in its module.
    public var treeDeclarations: [String: String] = [:]
    public var containers: [String: ContainerKind]
    public var directions: [Direction]
    public var syncImplementedIn: String
    /// Regular expressions for comments above sync messages that say which process waits on which; the named group
    /// `implementer` is the process that implements the message, overriding `syncImplementedIn`.
    public var syncCommentDirections: [String]
    public var processes: [String: Process]
    public var successReplies: [String]
    public var errorReplies: [String]
    public var moduleSkipFolders: [String]
    public var classes: [String: ClassOverride]
    /// First match wins: a user's entries come before the built-in ones.
    public var remoteHolders: [RemoteHolder]
    /// How a class writes its own routing ID (`routing_id()`, `GetRoutingID()`): a routed message built with any
    /// other goes to another object, whose remote the class does not hold.
    public var ownRoutingIDs: Set<String>
    /// By the name of a call (`GetMainFrame`), the remote holder object it returns whatever it is called on
    /// (`RenderFrameHost`): a routing ID taken from it (`contents->GetMainFrame()->GetRoutingID()`) names that object.
    public var objectAccessors: [String: String]
    /// By the call a remote is bound through (`GetRemoteInterfaces`), the headers declaring what it returns, newest
    /// first: the objects' headers only forward-declare it.
    public var providerHeaders: [String: [String]]
    /// Qualified mojom type -> its C++ types by era, oldest first (see `cppType(of:in:)`).
    public var cppTypes: [String: [CppTypeRule]]
    public var conditions: [String: String]
    public var reservedWords: Set<String>
    public var reservedSuffix: String
    /// Put before a method's name that its implementing class already uses in a way an overload would break.
    public var clashingMethodPrefix: String

    /// The rules shipped in `Rules/`, then the mappings learned from the trees (`learned`, the first one winning),
    /// then `overridePath` when given.
    public static func load(overridePath: String? = nil, learned: [TreeTypeMappings] = []) throws -> ConversionRules {
        let builtIn = try RulesDirectory.file("type-mappings.yaml")
        var rules = try ConversionRules(yaml: try read(builtIn), path: builtIn, base: nil)
        if !learned.isEmpty { rules = TreeTypeMappings.combined(learned).applied(to: rules) }
        if let overridePath {
            rules = try ConversionRules(yaml: try read(overridePath), path: overridePath, base: rules)
        }
        return rules
    }

    private static func read(_ path: String) throws -> String {
        let data: Data
        do {
            data = try readInput(path, what: "a rules file (YAML)")
        } catch let CoreError.unreadableFile(_, reason) {
            throw ConversionError.unreadableRules(path: path, reason: reason)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConversionError.unreadableRules(path: path, reason: "not UTF-8 text")
        }
        return text
    }

    /// Parses one rules file; with a `base`, only the sections and entries the file gives replace the base's.
    public init(yaml: String, path: String, base: ConversionRules?) throws {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            throw ConversionError.malformedRules(path: path, reason: "not valid YAML: \(error)")
        }
        var file = RulesFile()
        if let node {
            guard node.mapping != nil else {
                throw ConversionError.malformedRules(path: path, reason: "the top level must be a mapping of section names")
            }
            file = try RulesReader.decode(RulesFile.self, from: node, path: path)
        }
        let given = file.types.mapKeys { CppType(parsing: $0).description }
        types = (base?.types ?? [:]).merging(given) { _, new in new }
        // A type the rules file maps is mapped, whatever the tree lacks.
        unavailable = (base?.unavailable ?? [:]).filter { given[$0.key] == nil }
        treeMojomFiles = base?.treeMojomFiles ?? []
        treeDeclarations = base?.treeDeclarations ?? [:]
        containers = (base?.containers ?? [:]).merging(file.containers) { _, new in new }
        directions = file.directions + (base?.directions ?? [])
        syncImplementedIn = file.syncImplementedIn ?? base?.syncImplementedIn ?? "browser"
        syncCommentDirections = file.syncCommentDirections ?? base?.syncCommentDirections ?? []
        for pattern in syncCommentDirections {
            guard let expression = try? NSRegularExpression(pattern: pattern), expression.numberOfCaptureGroups > 0, pattern.contains("(?<implementer>") else {
                throw ConversionError.malformedRules(path: path, reason: "sync_comment_directions: '\(pattern)' must be a regular expression with a named group (?<implementer>...)")
            }
        }
        processes = (base?.processes ?? [:]).merging(file.processes) { _, new in new }
        successReplies = file.replies?.success ?? base?.successReplies ?? []
        errorReplies = file.replies?.error ?? base?.errorReplies ?? []
        moduleSkipFolders = file.moduleSkipFolders ?? base?.moduleSkipFolders ?? []
        classes = (base?.classes ?? [:]).merging(file.classes) { _, new in new }
        remoteHolders = file.remoteHolders + (base?.remoteHolders ?? [])
        ownRoutingIDs = (base?.ownRoutingIDs ?? []).union(file.ownRoutingIDs ?? [])
        objectAccessors = (base?.objectAccessors ?? [:]).merging(file.objectAccessors) { _, new in new }
        providerHeaders = (base?.providerHeaders ?? [:]).merging(file.providerHeaders) { _, new in new }
        cppTypes = (base?.cppTypes ?? [:]).merging(file.cppTypes.mapValues(\.rules)) { _, new in new }
        conditions = (base?.conditions ?? [:]).merging(file.conditions) { _, new in new }
        reservedWords = (base?.reservedWords ?? []).union(file.reservedWords ?? [])
        reservedSuffix = file.reservedSuffix ?? base?.reservedSuffix ?? "_value"
        clashingMethodPrefix = file.clashingMethodPrefix ?? base?.clashingMethodPrefix ?? "Do"
        for direction in directions where processes[direction.process] == nil {
            throw ConversionError.malformedRules(path: path, reason: "directions: process '\(direction.process)' is not listed under 'processes'")
        }
    }
}

extension ConversionRules {
    /// The rules as a tree of `era` needs them: the processes' `connector` places in front of the first service
    /// manager ones when the era bound through the connector.
    public func inEra(_ era: MojoEra) -> ConversionRules {
        guard era.usesConnectorPlaces else { return self }
        var rules = self
        for (name, process) in processes {
            guard let places = process.connector else { continue }
            rules.processes[name]?.routedRegistry = places.routedRegistry
            rules.processes[name]?.controlRegistry = places.controlRegistry
            rules.processes[name]?.routedRemotes = places.routedRemotes
            rules.processes[name]?.controlRemotes = places.controlRemotes
        }
        return rules
    }

    /// The C++ type of a mojom type in `era`: the newest rule whose `since` is not after it.
    public func cppType(of mojom: String, in era: MojoEra) -> CppTypeRule? {
        cppTypes[mojom]?.last { ($0.since ?? era) <= era }
    }
}

extension ConversionRules {
    /// Whether a mojom type or import path learned from a scanned tree can be written into generated files as it is.
    static func isWritable(mojomType: String) -> Bool { WrittenValue.mojomType.accepts(mojomType) }
    static func isWritable(mojomPath: String) -> Bool { WrittenValue.mojomPath.accepts(mojomPath) }
    static func isWritable(gnLabel: String) -> Bool { WrittenValue.gnLabel.accepts(gnLabel) }
    static func isWritable(cppType: String) -> Bool { WrittenValue.cppType.accepts(cppType) }
}

private extension Dictionary where Key == String {
    func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(map { (transform($0.key), $0.value) }, uniquingKeysWith: { _, new in new })
    }
}

/// One rules file as written. Every section is optional: a user's file replaces only what it gives.
private struct RulesFile: Decodable {
    struct Replies: Decodable {
        var success: [String]?
        var error: [String]?

        init(from decoder: Decoder) throws {
            let reader = RulesReader(decoder)
            let container = try decoder.container(keyedBy: RulesReader.Key.self)
            success = try reader.texts("success", in: container, orFail: "'replies.success' must be a list of strings")
            error = try reader.texts("error", in: container, orFail: "'replies.error' must be a list of strings")
        }
    }

    var types: [String: ConversionRules.TypeRule] = [:]
    var containers: [String: ConversionRules.ContainerKind] = [:]
    var directions: [ConversionRules.Direction] = []
    var syncImplementedIn: String?
    var syncCommentDirections: [String]?
    var processes: [String: ConversionRules.Process] = [:]
    var replies: Replies?
    var moduleSkipFolders: [String]?
    var classes: [String: ConversionRules.ClassOverride] = [:]
    var remoteHolders: [ConversionRules.RemoteHolder] = []
    var ownRoutingIDs: [String]?
    var objectAccessors: [String: String] = [:]
    var providerHeaders: [String: [String]] = [:]
    var cppTypes: [String: CppTypeRules] = [:]
    var conditions: [String: String] = [:]
    var reservedWords: [String]?
    var reservedSuffix: String?
    var clashingMethodPrefix: String?

    init() {}

    init(from decoder: Decoder) throws {
        let reader = RulesReader(decoder)
        let container = try decoder.container(keyedBy: RulesReader.Key.self)
        let known = [
            "types", "containers", "directions", "sync_implemented_in", "sync_comment_directions", "processes", "replies",
            "module_skip_folders", "classes", "remote_holders", "own_routing_ids", "provider_headers", "cpp_types", "conditions", "reserved_words", "reserved_suffix",
            "clashing_method_prefix", "object_accessors",
        ]
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw reader.fail("unknown section '\(unknown)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        types = try reader.section("types", in: container, orFail: "'types' must be a mapping") ?? [:]
        containers = try reader.section("containers", in: container, orFail: "'containers' must be a mapping") ?? [:]
        directions = try reader.section("directions", in: container, orFail: "'directions' must be a list") ?? []
        syncImplementedIn = try reader.text("sync_implemented_in", in: container, orFail: "'sync_implemented_in' must be a string")
        syncCommentDirections = try reader.texts("sync_comment_directions", in: container, orFail: "'sync_comment_directions' must be a list of strings")
        processes = try reader.section("processes", in: container, orFail: "'processes' must be a mapping") ?? [:]
        replies = try reader.section("replies", in: container, orFail: "'replies' must be a mapping")
        moduleSkipFolders = try reader.texts("module_skip_folders", in: container, orFail: "'module_skip_folders' must be a list of strings")
        classes = try reader.section("classes", in: container, orFail: "'classes' must be a mapping") ?? [:]
        remoteHolders = try reader.section("remote_holders", in: container, orFail: "'remote_holders' must be a list") ?? []
        ownRoutingIDs = try reader.texts("own_routing_ids", in: container, orFail: "'own_routing_ids' must be a list of strings")
        let accessors: [String: RulesText]? = try reader.section("object_accessors", in: container, orFail: "'object_accessors' must map call names to objects")
        objectAccessors = accessors?.mapValues(\.value) ?? [:]
        for (call, object) in objectAccessors {
            try reader.checkWritten(call, as: .identifier, in: "object_accessors")
            try reader.checkWritten(object, as: .identifier, in: "object_accessors: '\(call)'")
        }
        let providers: [String: [RulesText]]? = try reader.section("provider_headers", in: container, orFail: "'provider_headers' must map calls to lists of header paths")
        providerHeaders = providers?.mapValues { $0.map(\.value) } ?? [:]
        for (call, headers) in providerHeaders {
            try reader.checkWritten(call, as: .identifier, in: "provider_headers")
            for header in headers { try reader.checkWritten(header, as: .includePath, in: "provider_headers: '\(call)'") }
        }
        cppTypes = try reader.section("cpp_types", in: container, orFail: "'cpp_types' must be a mapping") ?? [:]
        let isMapping = (try? container.nestedContainer(keyedBy: RulesReader.Key.self, forKey: RulesReader.Key("conditions"))) != nil
        let texts: [String: RulesText]? = try reader.section("conditions", in: container, orFail: isMapping ? "'conditions' values must be strings" : "'conditions' must be a mapping")
        conditions = texts?.mapValues(\.value) ?? [:]
        for (condition, feature) in conditions { try reader.checkWritten(feature, as: .feature, in: "conditions: '\(condition)'") }
        reservedWords = try reader.texts("reserved_words", in: container, orFail: "'reserved_words' must be a list of strings")
        reservedSuffix = try reader.text("reserved_suffix", in: container, orFail: "'reserved_suffix' must be a string")
        clashingMethodPrefix = try reader.text("clashing_method_prefix", in: container, orFail: "'clashing_method_prefix' must be a string")
        if let prefix = clashingMethodPrefix { try reader.checkWritten(prefix, as: .identifier, in: "clashing_method_prefix") }
    }
}

extension ConversionRules.TypeRule: Decodable {
    public init(from decoder: Decoder) throws {
        let reader = RulesReader(decoder)
        let cppType = reader.key
        let fields = try reader.fields(orFail: "types: '\(cppType)' needs at least 'mojom: <type>'")
        guard let mojom = RulesReader.requiredText("mojom", in: fields), !mojom.isEmpty else {
            throw reader.fail("types: '\(cppType)' needs at least 'mojom: <type>'")
        }
        func optional(_ key: String) throws -> String? {
            try reader.text(key, in: fields, orFail: "types: '\(cppType)': '\(key)' must be a string")
        }
        let importPath = try optional("import")
        let dependency = try optional("dep")
        let note = try optional("note")
        try reader.checkWritten(mojom, as: .mojomType, in: "types: '\(cppType)': mojom")
        if let importPath { try reader.checkWritten(importPath, as: .mojomPath, in: "types: '\(cppType)': import") }
        if let dependency { try reader.checkWritten(dependency, as: .gnLabel, in: "types: '\(cppType)': dep") }
        self.init(mojom: mojom, importPath: importPath, dependency: dependency, note: note)
    }
}

extension ConversionRules.ContainerKind: Decodable {
    public init(from decoder: Decoder) throws {
        let reader = RulesReader(decoder)
        let text: String
        do {
            text = try decoder.singleValueContainer().decode(RulesText.self).value
        } catch {
            throw reader.fail("'containers' values must be strings")
        }
        guard let kind = Self(rawValue: text) else {
            throw reader.fail("containers: '\(reader.key)' has kind '\(text)'; use array, map or nullable")
        }
        self = kind
    }
}

extension ConversionRules.Direction: Decodable {
    public init(from decoder: Decoder) throws {
        let reader = RulesReader(decoder)
        let index = decoder.codingPath.last?.intValue ?? 0
        let needs = "directions[\(index)] needs 'match', 'interface' and 'implemented_in'"
        let fields = try reader.fields(orFail: needs)
        func required(_ key: String) throws -> String {
            guard let value = RulesReader.requiredText(key, in: fields) else { throw reader.fail(needs) }
            return value
        }
        let pattern = try required("match")
        let interface = try required("interface")
        let process = try required("implemented_in")
        guard (try? NSRegularExpression(pattern: pattern)) != nil else {
            throw reader.fail("directions[\(index)]: '\(pattern)' is not a valid regular expression")
        }
        let controlInterface = try reader.text("control_interface", in: fields, orFail: "directions[\(index)]: 'control_interface' must be a string")
        self.init(pattern: pattern, interface: interface, controlInterface: controlInterface, process: process)
    }
}

extension ConversionRules.Process: Decodable {
    static let placeKeys = ["routed_registry", "control_registry", "routed_remotes", "control_remotes"]

    public init(from decoder: Decoder) throws {
        let reader = RulesReader(decoder)
        let name = reader.key
        let keys = ["service", "peer"]
        let needs = "processes: '\(name)' needs service, peer, \(Self.placeKeys.joined(separator: ", "))"
        let fields = try reader.fields(orFail: needs)
        let values = keys.compactMap { RulesReader.requiredText($0, in: fields) }
        guard values.count == keys.count, let serviceManager = Self.places(in: fields) else { throw reader.fail(needs) }
        try reader.checkWritten(name, as: .name, in: "processes: '\(name)'")
        try reader.checkWritten(values[0], as: .name, in: "processes: '\(name)': service")
        try reader.checkWritten(values[1], as: .name, in: "processes: '\(name)': peer")
        let optional = ["peer_remotes", "handler_folders", "handler_classes", "binders", "associated", "connector"]
        let present = fields.allKeys.map(\.stringValue).sorted()
        if let unknown = present.first(where: { !keys.contains($0) && !Self.placeKeys.contains($0) && !optional.contains($0) }) {
            throw reader.fail("processes: '\(name)': unknown field '\(unknown)' (known: \((keys + Self.placeKeys + optional).joined(separator: ", ")))")
        }
        let peerRemotes = try reader.text("peer_remotes", in: fields, orFail: "processes: '\(name)': peer_remotes must be a string")
        func scheme(_ key: String) throws -> ConversionRules.Places? {
            guard present.contains(key) else { return nil }
            guard let nested = try? fields.nestedContainer(keyedBy: RulesReader.Key.self, forKey: RulesReader.Key(key)),
                  let found = Self.places(in: nested)
            else { throw reader.fail("processes: '\(name)': '\(key)' needs \(Self.placeKeys.joined(separator: ", "))") }
            return found
        }
        self.init(
            service: values[0], peer: values[1], routedRegistry: serviceManager.routedRegistry, controlRegistry: serviceManager.controlRegistry,
            routedRemotes: serviceManager.routedRemotes, controlRemotes: serviceManager.controlRemotes, peerRemotes: peerRemotes,
            handlerFolders: try reader.texts("handler_folders", in: fields, orFail: "'processes: '\(name)': handler_folders' must be a list of strings") ?? [],
            handlerClasses: try reader.texts("handler_classes", in: fields, orFail: "'processes: '\(name)': handler_classes' must be a list of strings") ?? [],
            binders: try scheme("binders"), associated: try scheme("associated"), connector: try scheme("connector")
        )
    }

    /// The four places of one registration scheme, or `nil` when any is missing (the emitters write them only
    /// into comments, which `EmitterText.comment` keeps on their lines).
    private static func places(in fields: KeyedDecodingContainer<RulesReader.Key>) -> ConversionRules.Places? {
        let values = placeKeys.compactMap { RulesReader.requiredText($0, in: fields) }
        guard values.count == placeKeys.count else { return nil }
        return ConversionRules.Places(routedRegistry: values[0], controlRegistry: values[1], routedRemotes: values[2], controlRemotes: values[3])
    }
}

extension ConversionRules.ClassOverride: Decodable {
    public init(from decoder: Decoder) throws {
        let reader = RulesReader(decoder)
        let name = reader.key
        let shape = "classes: '\(name)' must be a mapping with 'module' and/or 'file', both strings"
        let fields = try reader.fields(orFail: shape)
        guard Set(fields.allKeys.map(\.stringValue)).isSubset(of: ["module", "file"]) else { throw reader.fail(shape) }
        let module = try reader.text("module", in: fields, orFail: shape)
        let file = try reader.text("file", in: fields, orFail: shape)
        if let module, !module.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ Naming.isIdentifier(String($0)) }) {
            throw reader.fail("classes: '\(name)': module '\(module)' is not a mojom module name such as content.mojom")
        }
        if let file { try reader.checkWritten(file, as: .mojomPath, in: "classes: '\(name)': file") }
        self.init(module: module, file: file)
    }
}

extension ConversionRules.RemoteHolder: Decodable {
    public init(from decoder: Decoder) throws {
        let reader = RulesReader(decoder)
        let index = decoder.codingPath.last?.intValue ?? 0
        let shape = "remote_holders[\(index)] needs 'object' and 'via' (and may give 'class' and 'note'), all strings"
        let fields = try reader.fields(orFail: shape)
        guard Set(fields.allKeys.map(\.stringValue)).isSubset(of: ["object", "class", "via", "note"]),
              let object = RulesReader.requiredText("object", in: fields), let via = RulesReader.requiredText("via", in: fields)
        else { throw reader.fail(shape) }
        let className = try reader.text("class", in: fields, orFail: shape)
        let note = try reader.text("note", in: fields, orFail: shape)
        try reader.checkWritten(object, as: .identifier, in: "remote_holders[\(index)]: object")
        if let className { try reader.checkWritten(className, as: .identifier, in: "remote_holders[\(index)]: class") }
        try reader.checkWritten(via, as: .callChain, in: "remote_holders[\(index)]: via")
        self.init(object: object, className: className, via: via, note: note)
    }
}

/// One `cpp_types` entry: a rule, or a list of rules for successive eras.
private struct CppTypeRules: Decodable {
    var rules: [ConversionRules.CppTypeRule]

    init(from decoder: Decoder) throws {
        let reader = RulesReader(decoder)
        let mojom = reader.key
        let shape = "cpp_types: '\(mojom)' must be {cpp: TYPE} (with move_only, by_value, nullable_is_same_type, since, aliases) or a list of those"
        let list: [ConversionRules.CppTypeRule]
        if var items = try? decoder.unkeyedContainer() {
            var rules: [ConversionRules.CppTypeRule] = []
            while !items.isAtEnd { rules.append(try Self.rule(try items.superDecoder(), mojom: mojom, shape: shape)) }
            list = rules
        } else {
            list = [try Self.rule(decoder, mojom: mojom, shape: shape)]
        }
        guard !list.isEmpty else { throw reader.fail(shape) }
        guard Set(list.map(\.since)).count == list.count else {
            throw reader.fail("cpp_types: '\(mojom)' gives two rules for one era; each needs its own 'since'")
        }
        // The rule without `since` first, then by era: `cppType(of:in:)` takes the last that has begun.
        rules = list.sorted { left, right in
            guard let later = right.since else { return false }
            return left.since.map { $0 < later } ?? true
        }
    }

    private static func rule(_ decoder: Decoder, mojom: String, shape: String) throws -> ConversionRules.CppTypeRule {
        let reader = RulesReader(decoder)
        let fields = try reader.fields(orFail: shape)
        guard Set(fields.allKeys.map(\.stringValue)).isSubset(of: ["cpp", "move_only", "by_value", "nullable_is_same_type", "since", "aliases", "from", "to", "move_to", "header"]),
              let cpp = RulesReader.requiredText("cpp", in: fields) else { throw reader.fail(shape) }
        try reader.checkWritten(cpp, as: .cppType, in: "cpp_types: '\(mojom)': cpp")
        func flag(_ key: String) throws -> Bool {
            guard fields.contains(RulesReader.Key(key)) else { return false }
            guard let value = try? fields.decode(Bool.self, forKey: RulesReader.Key(key)) else { throw reader.fail("cpp_types: '\(mojom)': '\(key)' must be true or false") }
            return value
        }
        var since: MojoEra?
        if fields.contains(RulesReader.Key("since")) {
            // A year (`since: 2017`) is read as a number; it is no era name either.
            let name = RulesReader.requiredText("since", in: fields) ?? (try? fields.decode(Int.self, forKey: RulesReader.Key("since"))).map(String.init) ?? ""
            guard let era = MojoEra(rawValue: name) else {
                throw reader.fail("cpp_types: '\(mojom)': since '\(name)' is no era (\(MojoEra.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            since = era
        }
        let aliases = try reader.texts("aliases", in: fields, orFail: shape) ?? []
        for alias in aliases { try reader.checkWritten(alias, as: .cppType, in: "cpp_types: '\(mojom)': aliases") }
        /// `from`, `to` and `move_to`: legacy C++ type -> a one-line expression of `$0`, the value.
        func expressions(_ key: String, example: String) throws -> [String: String] {
            guard fields.contains(RulesReader.Key(key)) else { return [:] }
            let place = "cpp_types: '\(mojom)': \(key)"
            guard let written = try? fields.decode([String: String].self, forKey: RulesReader.Key(key)) else {
                throw reader.fail("\(place) must map legacy C++ types to expressions, e.g. {base::ListValue: \"\(example)\"}")
            }
            var expressions: [String: String] = [:]
            for (legacy, expression) in written {
                try reader.checkWritten(legacy, as: .cppType, in: place)
                guard expression.contains("$0"), !expression.contains(where: \.isNewline) else {
                    throw reader.fail("\(place): '\(legacy)': the expression must be one line holding $0, which stands for the value")
                }
                expressions[legacy.filter { !$0.isWhitespace }] = expression
            }
            return expressions
        }
        let header = RulesReader.requiredText("header", in: fields)
        if let header { try reader.checkWritten(header, as: .includePath, in: "cpp_types: '\(mojom)': header") }
        return ConversionRules.CppTypeRule(
            cpp: cpp, moveOnly: try flag("move_only"), byValue: try flag("by_value"), nullableIsSameType: try flag("nullable_is_same_type"), since: since, aliases: aliases,
            conversions: try expressions("from", example: "$0.CreateDeepCopy()"), legacyConversions: try expressions("to", example: "*$0"),
            movingLegacyConversions: try expressions("move_to", example: "std::move(*$0)"), header: header
        )
    }
}

/// Decodes the rules with Codable, naming the file, section and entry in every complaint: a value of the wrong
/// kind is reported as what the section must be, not as a decoding error.
private struct RulesReader {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ stringValue: String) { self.stringValue = stringValue }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static let pathKey = CodingUserInfoKey(rawValue: "mojify.rulesPath")!

    let decoder: Decoder

    init(_ decoder: Decoder) {
        self.decoder = decoder
    }

    static func decode<T: Decodable>(_ type: T.Type, from node: Node, path: String) throws -> T {
        do {
            return try YAMLDecoder().decode(type, from: node, userInfo: [pathKey: path])
        } catch let error as ConversionError {
            throw error
        } catch {
            throw ConversionError.malformedRules(path: path, reason: RulesFileMessage.reason(decoding: error))
        }
    }

    /// The mapping key (type, process, class) of the entry being decoded.
    var key: String { decoder.codingPath.last?.stringValue ?? "" }

    func fail(_ reason: String) -> ConversionError {
        .malformedRules(path: decoder.userInfo[Self.pathKey] as? String ?? "", reason: reason)
    }

    /// The entry's fields; anything but a mapping fails with `reason`.
    func fields(orFail reason: String) throws -> KeyedDecodingContainer<Key> {
        do {
            return try decoder.container(keyedBy: Key.self)
        } catch {
            throw fail(reason)
        }
    }

    /// The value at `key`, absent when the key is missing or null; a value of the wrong kind fails with `reason`.
    /// Errors about entries inside the value pass through.
    func section<T: Decodable>(_ key: String, in container: KeyedDecodingContainer<Key>, orFail reason: @autoclosure () -> String) throws -> T? {
        do {
            return try container.decodeIfPresent(T.self, forKey: Key(key))
        } catch let error as ConversionError {
            throw error
        } catch {
            throw fail(reason())
        }
    }

    /// The text at `key`, absent when the key is missing; anything but a YAML string (a number, a list, null) fails
    /// with `reason`.
    func text(_ key: String, in container: KeyedDecodingContainer<Key>, orFail reason: @autoclosure () -> String) throws -> String? {
        guard container.contains(Key(key)) else { return nil }
        guard let text = Self.requiredText(key, in: container) else { throw fail(reason()) }
        return text
    }

    /// The list of texts at `key`, absent when the key is missing; anything else fails with `reason`.
    func texts(_ key: String, in container: KeyedDecodingContainer<Key>, orFail reason: @autoclosure () -> String) throws -> [String]? {
        guard container.contains(Key(key)) else { return nil }
        guard let texts = try? container.decode([RulesText].self, forKey: Key(key)) else { throw fail(reason()) }
        return texts.map(\.value)
    }

    /// The text at `key`, or nil when it is missing or not a YAML string.
    static func requiredText(_ key: String, in container: KeyedDecodingContainer<Key>) -> String? {
        (try? container.decode(RulesText.self, forKey: Key(key)))?.value
    }

    func checkWritten(_ value: String, as kind: WrittenValue, in place: String) throws {
        guard kind.accepts(value) else { throw fail("\(place) '\(value)' must be \(kind.example)") }
    }
}

/// A YAML string. `String` would also take numbers, booleans and null, which YAMLDecoder spells as text; the rules
/// take text only where they say so.
private struct RulesText: Decodable, ScalarConstructible {
    var value: String

    init(value: String) {
        self.value = value
    }

    static func construct(from scalar: Node.Scalar) -> RulesText? {
        Node.scalar(scalar).tag.rawValue == Tag.Name.str.rawValue ? RulesText(value: scalar.string) : nil
    }

    /// Only for decoders other than YAMLDecoder, which builds scalars with `construct(from:)`.
    init(from decoder: Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }
}

/// Values of the rules that generate writes into mojom, GN, JSON and C++ as they stand: a character outside
/// their grammar (a quote, `$`, a line break) would let a rules file inject code into the generated files.
private enum WrittenValue {
    case mojomType, mojomPath, gnLabel, name, feature, identifier, callChain, cppType, includePath

    var example: String {
        switch self {
        case .mojomType: "a mojom type such as gfx.mojom.Rect or array<uint8>"
        case .mojomPath: "a .mojom path inside the output folder, such as content/common/frame.mojom (letters, digits, _ . - and /)"
        case .gnLabel: "a GN label such as //url/mojom:url_mojom_gurl"
        case .name: "a name of letters, digits, _ . and - that does not start with a dot"
        case .feature: "a mojom feature name such as is_android"
        case .identifier: "a C++ identifier such as RenderFrameObserver"
        case .callChain: "empty, or C++ calls without arguments such as render_frame() or content::RenderThread::Get()->GetChannel()"
        case .cppType: "a C++ type such as base::Value::Dict or std::unique_ptr<base::ListValue> (names, ::, <>, commas, * and & only)"
        case .includePath: "a header path relative to the source root, such as ipc/ipc_channel_proxy.h (letters, digits, _ . - and /)"
        }
    }

    func accepts(_ value: String) -> Bool {
        switch self {
        case .mojomType:
            value.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
                && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.<>,? []".contains($0)) }
        case .mojomPath: value.hasSuffix(".mojom") && SafeName.isSafePath(value)
        case .includePath: value.hasSuffix(".h") && SafeName.isSafePath(value)
        case .gnLabel:
            value.hasPrefix("//") && value.dropFirst(2).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).allSatisfy { part in
                part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-/+".contains($0)) }
            }
        case .name: !value.contains("/") && SafeName.isSafePath(value)
        case .feature, .identifier: Naming.isIdentifier(value)
        case .callChain: value.isEmpty || Self.isCallChain(value)
        // Nothing that could end a declaration or start a comment, string or directive.
        case .cppType:
            value.first.map { $0.isASCII && ($0.isLetter || $0 == "_" || $0 == ":") } == true
                && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_:<>, *&".contains($0)) }
        }
    }

    /// `a::b()->c()`: qualified names called without arguments, joined by `->`.
    private static func isCallChain(_ value: String) -> Bool {
        value.components(separatedBy: "->").allSatisfy { call in
            call.hasSuffix("()") && call.dropLast(2).components(separatedBy: "::").allSatisfy(Naming.isIdentifier)
        }
    }
}
