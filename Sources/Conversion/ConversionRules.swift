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

    public struct ClassOverride: Sendable, Equatable {
        public var module: String?
        public var file: String?
    }

    public var types: [String: TypeRule]
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
    public var conditions: [String: String]
    public var reservedWords: Set<String>
    public var reservedSuffix: String

    /// The rules shipped in `Rules/`, then the mappings learned from the trees (`learned`, the first one winning),
    /// then `overridePath` when given.
    public static func load(overridePath: String? = nil, learned: [TreeTypeMappings] = []) throws -> ConversionRules {
        let builtIn = try RulesDirectory.file("type-mappings.yaml")
        var rules = try ConversionRules(yaml: try read(builtIn), path: builtIn, base: nil)
        for mappings in learned.reversed() { rules = mappings.applied(to: rules) }
        if let overridePath {
            rules = try ConversionRules(yaml: try read(overridePath), path: overridePath, base: rules)
        }
        return rules
    }

    private static func read(_ path: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConversionError.unreadableRules(path: path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConversionError.unreadableRules(path: path, reason: "not UTF-8 text")
        }
        return text
    }

    /// Parses one rules file; with a `base`, only the sections and entries the file gives replace the base's.
    public init(yaml: String, path: String, base: ConversionRules?) throws {
        let loaded: Any?
        do {
            loaded = try Yams.load(yaml: yaml)
        } catch {
            throw ConversionError.malformedRules(path: path, reason: "not valid YAML: \(error)")
        }
        guard let root = (loaded ?? [String: Any]()) as? [String: Any] else {
            throw ConversionError.malformedRules(path: path, reason: "the top level must be a mapping of section names")
        }
        self = try ConversionRules(root: root, path: path, base: base)
    }

    private init(root: [String: Any], path: String, base: ConversionRules?) throws {
        let reader = SectionReader(root: root, path: path)
        let known: Set<String> = [
            "types", "containers", "directions", "sync_implemented_in", "sync_comment_directions", "processes", "replies",
            "module_skip_folders", "classes", "conditions", "reserved_words", "reserved_suffix",
        ]
        if let unknown = root.keys.sorted().first(where: { !known.contains($0) }) {
            throw ConversionError.malformedRules(path: path, reason: "unknown section '\(unknown)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        types = (base?.types ?? [:]).merging(try reader.types()) { _, new in new }
        containers = (base?.containers ?? [:]).merging(try reader.containers()) { _, new in new }
        directions = try reader.directions() + (base?.directions ?? [])
        syncImplementedIn = try reader.string("sync_implemented_in") ?? base?.syncImplementedIn ?? "browser"
        syncCommentDirections = try reader.strings(root["sync_comment_directions"], in: "sync_comment_directions") ?? base?.syncCommentDirections ?? []
        for pattern in syncCommentDirections {
            guard let expression = try? NSRegularExpression(pattern: pattern), expression.numberOfCaptureGroups > 0, pattern.contains("(?<implementer>") else {
                throw ConversionError.malformedRules(path: path, reason: "sync_comment_directions: '\(pattern)' must be a regular expression with a named group (?<implementer>...)")
            }
        }
        processes = (base?.processes ?? [:]).merging(try reader.processes()) { _, new in new }
        let replies = try reader.mapping("replies")
        successReplies = try reader.strings(replies?["success"], in: "replies.success") ?? base?.successReplies ?? []
        errorReplies = try reader.strings(replies?["error"], in: "replies.error") ?? base?.errorReplies ?? []
        moduleSkipFolders = try reader.strings(root["module_skip_folders"], in: "module_skip_folders") ?? base?.moduleSkipFolders ?? []
        classes = (base?.classes ?? [:]).merging(try reader.classes()) { _, new in new }
        conditions = (base?.conditions ?? [:]).merging(try reader.stringMapping("conditions")) { _, new in new }
        for (condition, feature) in conditions { try reader.checkWritten(feature, as: .feature, in: "conditions: '\(condition)'") }
        reservedWords = (base?.reservedWords ?? []).union(try reader.strings(root["reserved_words"], in: "reserved_words") ?? [])
        reservedSuffix = try reader.string("reserved_suffix") ?? base?.reservedSuffix ?? "_value"
        for direction in directions where processes[direction.process] == nil {
            throw ConversionError.malformedRules(path: path, reason: "directions: process '\(direction.process)' is not listed under 'processes'")
        }
    }
}

extension ConversionRules {
    /// Whether a mojom type or import path learned from a scanned tree can be written into generated files as it is.
    static func isWritable(mojomType: String) -> Bool { SectionReader.WrittenValue.mojomType.accepts(mojomType) }
    static func isWritable(mojomPath: String) -> Bool { SectionReader.WrittenValue.mojomPath.accepts(mojomPath) }
    static func isWritable(gnLabel: String) -> Bool { SectionReader.WrittenValue.gnLabel.accepts(gnLabel) }
}

/// Reads the sections of a rules file, naming the section and entry in every complaint.
private struct SectionReader {
    let root: [String: Any]
    let path: String

    func fail(_ reason: String) -> ConversionError {
        .malformedRules(path: path, reason: reason)
    }

    func mapping(_ key: String) throws -> [String: Any]? {
        guard let value = root[key], !(value is NSNull) else { return nil }
        guard let mapping = value as? [String: Any] else { throw fail("'\(key)' must be a mapping") }
        return mapping
    }

    func string(_ key: String) throws -> String? {
        guard let value = root[key] else { return nil }
        guard let text = value as? String else { throw fail("'\(key)' must be a string") }
        return text
    }

    func strings(_ value: Any?, in section: String) throws -> [String]? {
        guard let value else { return nil }
        guard let list = value as? [Any], let texts = list as? [String] else { throw fail("'\(section)' must be a list of strings") }
        return texts
    }

    func stringMapping(_ key: String) throws -> [String: String] {
        guard let section = try mapping(key) else { return [:] }
        return try section.mapValues { value in
            guard let text = value as? String else { throw fail("'\(key)' values must be strings") }
            return text
        }
    }

    func types() throws -> [String: ConversionRules.TypeRule] {
        guard let section = try mapping("types") else { return [:] }
        var result: [String: ConversionRules.TypeRule] = [:]
        for (cppType, value) in section {
            guard let entry = value as? [String: Any], let mojom = entry["mojom"] as? String, !mojom.isEmpty else {
                throw fail("types: '\(cppType)' needs at least 'mojom: <type>'")
            }
            for key in ["import", "dep", "note"] where entry[key] != nil && !(entry[key] is String) {
                throw fail("types: '\(cppType)': '\(key)' must be a string")
            }
            try checkWritten(mojom, as: .mojomType, in: "types: '\(cppType)': mojom")
            if let importPath = entry["import"] as? String { try checkWritten(importPath, as: .mojomPath, in: "types: '\(cppType)': import") }
            if let dependency = entry["dep"] as? String { try checkWritten(dependency, as: .gnLabel, in: "types: '\(cppType)': dep") }
            result[CppType(parsing: cppType).description] = ConversionRules.TypeRule(
                mojom: mojom, importPath: entry["import"] as? String, dependency: entry["dep"] as? String, note: entry["note"] as? String
            )
        }
        return result
    }

    /// Values of the rules that generate writes into mojom, GN, JSON and C++ as they stand: a character outside
    /// their grammar (a quote, `$`, a line break) would let a rules file inject code into the generated files.
    enum WrittenValue {
        case mojomType, mojomPath, gnLabel, name, feature

        var example: String {
            switch self {
            case .mojomType: "a mojom type such as gfx.mojom.Rect or array<uint8>"
            case .mojomPath: "a .mojom path inside the output folder, such as content/common/frame.mojom (letters, digits, _ . - and /)"
            case .gnLabel: "a GN label such as //url/mojom:url_mojom_gurl"
            case .name: "a name of letters, digits, _ . and - that does not start with a dot"
            case .feature: "a mojom feature name such as is_android"
            }
        }

        func accepts(_ value: String) -> Bool {
            switch self {
            case .mojomType:
                value.first.map { $0.isASCII && ($0.isLetter || $0 == "_") } == true
                    && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.<>,? []".contains($0)) }
            case .mojomPath: value.hasSuffix(".mojom") && SafeName.isSafePath(value)
            case .gnLabel:
                value.hasPrefix("//") && value.dropFirst(2).split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).allSatisfy { part in
                    part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-/+".contains($0)) }
                }
            case .name: !value.contains("/") && SafeName.isSafePath(value)
            case .feature: Naming.isIdentifier(value)
            }
        }
    }

    func checkWritten(_ value: String, as kind: WrittenValue, in place: String) throws {
        guard kind.accepts(value) else { throw fail("\(place) '\(value)' must be \(kind.example)") }
    }

    func containers() throws -> [String: ConversionRules.ContainerKind] {
        try stringMapping("containers").reduce(into: [:]) { result, entry in
            guard let kind = ConversionRules.ContainerKind(rawValue: entry.value) else {
                throw fail("containers: '\(entry.key)' has kind '\(entry.value)'; use array, map or nullable")
            }
            result[entry.key] = kind
        }
    }

    func directions() throws -> [ConversionRules.Direction] {
        guard let value = root["directions"] else { return [] }
        guard let list = value as? [Any] else { throw fail("'directions' must be a list") }
        return try list.enumerated().map { index, item in
            guard let entry = item as? [String: Any], let pattern = entry["match"] as? String,
                  let interface = entry["interface"] as? String, let process = entry["implemented_in"] as? String
            else { throw fail("directions[\(index)] needs 'match', 'interface' and 'implemented_in'") }
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw fail("directions[\(index)]: '\(pattern)' is not a valid regular expression")
            }
            let controlInterface = entry["control_interface"]
            guard controlInterface == nil || controlInterface is String else {
                throw fail("directions[\(index)]: 'control_interface' must be a string")
            }
            return ConversionRules.Direction(
                pattern: pattern, interface: interface, controlInterface: controlInterface as? String, process: process
            )
        }
    }

    func processes() throws -> [String: ConversionRules.Process] {
        guard let section = try mapping("processes") else { return [:] }
        return try section.reduce(into: [:]) { result, entry in
            let keys = ["service", "peer"]
            guard let fields = entry.value as? [String: Any], case let values = keys.compactMap({ fields[$0] as? String }), values.count == keys.count,
                  let serviceManager = places(fields)
            else {
                throw fail("processes: '\(entry.key)' needs service, peer, \(Self.placeKeys.joined(separator: ", "))")
            }
            try checkWritten(entry.key, as: .name, in: "processes: '\(entry.key)'")
            try checkWritten(values[0], as: .name, in: "processes: '\(entry.key)': service")
            try checkWritten(values[1], as: .name, in: "processes: '\(entry.key)': peer")
            let optional = ["peer_remotes", "handler_folders", "handler_classes", "binders", "associated"]
            if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) && !Self.placeKeys.contains($0) && !optional.contains($0) }) {
                throw fail("processes: '\(entry.key)': unknown field '\(unknown)' (known: \((keys + Self.placeKeys + optional).joined(separator: ", ")))")
            }
            if fields["peer_remotes"] != nil, !(fields["peer_remotes"] is String) { throw fail("processes: '\(entry.key)': peer_remotes must be a string") }
            func scheme(_ key: String) throws -> ConversionRules.Places? {
                guard let value = fields[key] else { return nil }
                guard let nested = value as? [String: Any], let found = places(nested) else {
                    throw fail("processes: '\(entry.key)': '\(key)' needs \(Self.placeKeys.joined(separator: ", "))")
                }
                return found
            }
            result[entry.key] = ConversionRules.Process(
                service: values[0], peer: values[1], routedRegistry: serviceManager.routedRegistry, controlRegistry: serviceManager.controlRegistry,
                routedRemotes: serviceManager.routedRemotes, controlRemotes: serviceManager.controlRemotes, peerRemotes: fields["peer_remotes"] as? String,
                handlerFolders: try strings(fields["handler_folders"], in: "processes: '\(entry.key)': handler_folders") ?? [],
                handlerClasses: try strings(fields["handler_classes"], in: "processes: '\(entry.key)': handler_classes") ?? [],
                binders: try scheme("binders"), associated: try scheme("associated")
            )
        }
    }

    static let placeKeys = ["routed_registry", "control_registry", "routed_remotes", "control_remotes"]

    /// The four places of one registration scheme, or `nil` when any is missing (the emitters write them only
    /// into comments, which `EmitterText.comment` keeps on their lines).
    func places(_ fields: [String: Any]) -> ConversionRules.Places? {
        let values = Self.placeKeys.compactMap { fields[$0] as? String }
        guard values.count == Self.placeKeys.count else { return nil }
        return ConversionRules.Places(routedRegistry: values[0], controlRegistry: values[1], routedRemotes: values[2], controlRemotes: values[3])
    }

    func classes() throws -> [String: ConversionRules.ClassOverride] {
        guard let section = try mapping("classes") else { return [:] }
        return try section.reduce(into: [:]) { result, entry in
            guard let fields = entry.value as? [String: Any], Set(fields.keys).isSubset(of: ["module", "file"]),
                  fields.values.allSatisfy({ $0 is String })
            else { throw fail("classes: '\(entry.key)' must be a mapping with 'module' and/or 'file', both strings") }
            let module = fields["module"] as? String
            let file = fields["file"] as? String
            if let module, !module.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ Naming.isIdentifier(String($0)) }) {
                throw fail("classes: '\(entry.key)': module '\(module)' is not a mojom module name such as content.mojom")
            }
            if let file { try checkWritten(file, as: .mojomPath, in: "classes: '\(entry.key)': file") }
            result[entry.key] = ConversionRules.ClassOverride(module: module, file: file)
        }
    }
}
