/// A mojom type for a C++ type, with what the mojom file that uses it needs.
public struct MappedType: Sendable, Equatable {
    public var mojom: String
    /// Mojom files to import, sorted.
    public var imports: [String]
    /// GN labels of the targets providing them, sorted.
    public var dependencies: [String]
    /// Caveats from the mapping table, e.g. for `size_t`.
    public var notes: [String]
    /// Parts that had no mapping and stand in as placeholder definitions; empty when fully mapped.
    public var placeholders: [Placeholder]
    /// Where mappings learned from the tree came from, e.g. `gfx::Range as gfx.mojom.Range (ui/gfx/range/mojo/range.typemap)`.
    public var sources: [String] = []

    public var isFullyMapped: Bool { placeholders.isEmpty }

    init(mojom: String, imports: [String] = [], dependencies: [String] = [], notes: [String] = [], placeholders: [Placeholder] = [], sources: [String] = []) {
        self.mojom = mojom
        self.sources = sources
        self.imports = imports
        self.dependencies = dependencies
        self.notes = notes
        self.placeholders = placeholders
    }

    /// The same requirements, around a different mojom spelling (e.g. `array<...>` around an element).
    func wrapped(_ mojom: String, with others: [MappedType] = []) -> MappedType {
        let all = [self] + others
        return MappedType(
            mojom: mojom,
            imports: Array(Set(all.flatMap(\.imports))).sorted(),
            dependencies: Array(Set(all.flatMap(\.dependencies))).sorted(),
            notes: all.flatMap(\.notes).reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
            placeholders: all.flatMap(\.placeholders).reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
            sources: Array(Set(all.flatMap(\.sources))).sorted()
        )
    }
}

/// A mojom struct or enum the plan defines for a C++ type (IPC_STRUCT, IPC_STRUCT_TRAITS, IPC_ENUM_TRAITS).
public struct DefinedType: Sendable, Equatable {
    public var cppName: String
    public var mojomName: String
    public var file: String
    public var module: String
    public var label: String
    public var isEnum: Bool
}

/// Maps C++ types to mojom with the rules' table, its containers, and the types the plan defines.
public struct TypeMapper: Sendable {
    public let rules: ConversionRules
    private let naming: Naming
    private var definitions: [String: DefinedType] = [:]

    public init(rules: ConversionRules, definitions: [DefinedType] = []) {
        self.rules = rules
        self.naming = Naming(rules: rules)
        var byName: [String: DefinedType] = [:]
        var shortNames: [String: [DefinedType]] = [:]
        for definition in definitions {
            byName[definition.cppName] = definition
            let short = String(definition.cppName.split(separator: ":").last ?? "")
            shortNames[short, default: []].append(definition)
        }
        // An unqualified use (`FaviconURL` inside `namespace content`) resolves only when one definition has that name.
        for (short, candidates) in shortNames where candidates.count == 1 && byName[short] == nil {
            byName[short] = candidates[0]
        }
        self.definitions = byName
    }

    /// The mojom type for `cppType`, or `nil` when any part of it has no mapping.
    public func map(cppType: String) -> MappedType? {
        let mapped = map(CppType(parsing: cppType), inFile: nil)
        return mapped.isFullyMapped ? mapped : nil
    }

    /// The mojom type for a parameter or field: the type as written when it maps, else its resolved typedef
    /// target; unmapped parts become placeholders. Types defined in `file` are named without their module.
    public func map(written: String, resolved: String?, inFile file: String?) -> MappedType {
        let direct = map(CppType(parsing: written), inFile: file)
        guard !direct.isFullyMapped, let resolved else { return direct }
        let viaTypedef = map(CppType(parsing: resolved), inFile: file)
        return viaTypedef.placeholders.count < direct.placeholders.count ? viaTypedef : direct
    }

    /// The definition the plan makes for a C++ name, if any.
    public func definition(of cppName: String) -> DefinedType? {
        definitions[CppType(parsing: cppName).description]
    }

    func map(_ type: CppType, inFile file: String?) -> MappedType {
        guard case let .named(name, arguments) = type else { return placeholder(for: type) }
        if let rule = rules.types[type.description] {
            return MappedType(
                mojom: rule.mojom, imports: rule.importPath.map { [$0] } ?? [], dependencies: rule.dependency.map { [$0] } ?? [],
                notes: rule.note.map { ["\(type.description): \($0)"] } ?? [],
                sources: rule.source.map { ["\(type.description) as \(rule.mojom) (\($0))"] } ?? []
            )
        }
        if let why = rules.unavailable[type.description] {
            var unmapped = placeholder(for: type)
            unmapped.notes = ["\(type.description): \(why)"]
            return unmapped
        }
        if arguments.isEmpty, let defined = definitions[name] {
            if defined.file == file { return MappedType(mojom: defined.mojomName) }
            return MappedType(mojom: defined.module + "." + defined.mojomName, imports: [defined.file], dependencies: [defined.label])
        }
        switch (rules.containers[name], arguments.count) {
        case (.array, 1):
            let element = map(arguments[0], inFile: file)
            return element.wrapped("array<\(element.mojom)>")
        case (.map, 2):
            var key = map(arguments[0], inFile: file)
            // The mojom grammar only allows a plain identifier as a map key.
            if key.mojom.contains("<") || key.mojom.hasSuffix("?") { key = placeholder(for: arguments[0]) }
            let value = map(arguments[1], inFile: file)
            return key.wrapped("map<\(key.mojom), \(value.mojom)>", with: [value])
        case (.nullable, 1):
            let inner = map(arguments[0], inFile: file)
            // `T??` is not mojom; an optional optional has no direct equivalent.
            if inner.mojom.hasSuffix("?") { return placeholder(for: type) }
            return inner.wrapped(inner.mojom + "?")
        default:
            return placeholder(for: type)
        }
    }

    func placeholder(for type: CppType) -> MappedType {
        let name = "Todo" + naming.upperCamel(type.description.replacingOccurrences(of: "::", with: " "))
        return MappedType(mojom: name, placeholders: [Placeholder(name: name, cppType: type.description)])
    }
}
