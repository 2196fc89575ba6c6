import Foundation
import MojifyCore

/// One definition the plan makes, before it is rendered into a file.
enum DefinitionSource {
    case ipcStruct(IPCStruct)
    case structTraits(StructTraits)
    case enumTraits(EnumTraits)

    var cppName: String {
        switch self {
        case let .ipcStruct(item): item.name
        case let .structTraits(item): item.type
        case let .enumTraits(item): item.type
        }
    }

    var messageClass: String {
        switch self {
        case let .ipcStruct(item): item.messageClass
        case let .structTraits(item): item.messageClass
        case let .enumTraits(item): item.messageClass
        }
    }

    var location: SourceLocation {
        switch self {
        case let .ipcStruct(item): item.location
        case let .structTraits(item): item.location
        case let .enumTraits(item): item.location
        }
    }

    var patch: PatchOrigin? {
        switch self {
        case let .ipcStruct(item): item.patch
        case let .structTraits(item): item.patch
        case let .enumTraits(item): item.patch
        }
    }

    var conditions: Conditions {
        switch self {
        case let .ipcStruct(item): item.conditions
        case let .structTraits(item): item.conditions
        case let .enumTraits(item): item.conditions
        }
    }
}

/// The structs and enums of the plan: each definition the inventory has gets a mojom name in its file first (the
/// type mapper needs them all), and those the selected messages use are built at the end.
extension PlanBuilder {
    mutating func collectDefinitions() {
        var sources: [DefinitionSource] = []
        sources += inventory.structs.filter { !$0.conditions.disabled }.map { .ipcStruct($0) }
        sources += inventory.structTraits.filter { !$0.conditions.disabled }.map { .structTraits($0) }
        sources += inventory.enumTraits.filter { !$0.conditions.disabled }.map { .enumTraits($0) }
        var namesByFile: [String: Set<String>] = [:]
        var seenCppNames: Set<String> = []
        for source in sources.sorted(by: { $0.location < $1.location }) where seenCppNames.insert(source.cppName).inserted {
            let path = file(messageClass: source.messageClass, header: FileLayout.header(of: source.location, patch: source.patch))
            let base: String
            switch source {
            case let .ipcStruct(item): base = naming.upperCamel(matcher.withoutPrefix(item.name))
            case .structTraits, .enumTraits: base = naming.upperCamel(String(source.cppName.split(separator: ":").last ?? ""))
            }
            var name = base
            var number = 2
            while namesByFile[path, default: []].contains(name) {
                name = "\(base)\(number)"
                number += 1
            }
            if name != base {
                warnings.append(PlanWarning(.definitionRenamed(cppName: source.cppName, wanted: base, file: path, name: name), at: .line(source.location)))
            }
            namesByFile[path, default: []].insert(name)
            let target = files[path]!
            let isEnum: Bool
            if case .enumTraits = source { isEnum = true } else { isEnum = false }
            definitions.append((source, DefinedType(cppName: source.cppName, mojomName: name, file: path, module: target.module, label: target.label, isEnum: isEnum)))
        }
        mapper = TypeMapper(rules: rules, definitions: definitions.map(\.defined))
    }

    /// Emits the definitions the selected messages use (and all of a selected class's).
    mutating func buildDefinitions(referencedBy routes: [Route]) {
        var wanted: Set<String> = []
        if only.isEmpty {
            wanted = Set(definitions.map(\.defined.cppName))
        } else {
            wanted = Set(definitions.filter { only.contains($0.source.messageClass) }.map(\.defined.cppName))
            var pending = routes.flatMap { $0.message.inputs + $0.message.outputs }.flatMap { [$0.type] + ($0.resolvedType.map { [$0] } ?? []) }
            while let type = pending.popLast() {
                for name in Self.names(in: CppType(parsing: type)) {
                    guard let defined = mapper.definition(of: name), wanted.insert(defined.cppName).inserted else { continue }
                    pending += memberTypes(of: defined.cppName)
                }
            }
        }
        for (source, defined) in definitions where wanted.contains(defined.cppName) {
            switch source {
            case let .ipcStruct(item): files[defined.file]!.structs.append(ipcStruct(item, defined: defined))
            case let .structTraits(item): files[defined.file]!.structs.append(traitsStruct(item, defined: defined))
            case let .enumTraits(item): files[defined.file]!.enums.append(traitsEnum(item, defined: defined))
            }
        }
    }

    static func names(in type: CppType) -> [String] {
        guard case let .named(name, arguments) = type else { return [] }
        return [name] + arguments.flatMap(names)
    }

    func memberTypes(of cppName: String) -> [String] {
        if let item = inventory.structs.first(where: { $0.name == cppName }) {
            return item.members.map(\.type) + (item.parent.map { [$0] } ?? [])
        }
        if let definition = inventory.typeDefinitions.first(where: { $0.name == cppName }) {
            return definition.fields.map(\.type) + (inventory.structTraits.first { $0.type == cppName }?.parents ?? [])
        }
        return []
    }

    mutating func ipcStruct(_ item: IPCStruct, defined: DefinedType) -> MojomStruct {
        var comments = (item.comment.map { [$0] } ?? []) + ["From IPC_STRUCT \(item.name) (\(item.location))."]
        var members: [(IPCStruct.Member, String)] = []
        var parentName = item.parent
        var visited: Set<String> = [item.name]
        var complete = true
        var inherited: [[(IPCStruct.Member, String)]] = []
        while let name = parentName, visited.insert(name).inserted {
            guard let parent = inventory.structs.first(where: { $0.name == name }) else {
                comments.append("TODO(mojify): its parent \(name) was not found; add the parent's fields.")
                complete = false
                break
            }
            inherited.insert(parent.members.map { ($0, parent.name) }, at: 0)
            parentName = parent.parent
        }
        if !inherited.isEmpty {
            comments.append("Mojom has no inheritance: the fields of \(inherited.compactMap { $0.first?.1 }.joined(separator: ", ")) come first.")
        }
        members = inherited.flatMap { $0 } + item.members.map { ($0, item.name) }
        var fields: [MojomField] = []
        for (member, owner) in members {
            var notes: [String] = []
            let type = use(mapper.map(written: member.type, resolved: nil, inFile: defined.file), user: "\(owner).\(member.name)", location: member.location, inFile: defined.file, notes: &notes)
            var field = MojomField(type: type, name: naming.snakeCase(member.name), defaultValue: nil, comments: (member.comment.map { [$0] } ?? []) + notes,
                                   cppMember: member.name, cppType: member.type)
            if let value = member.defaultValue {
                field.defaultValue = defaultValue(value, mojomType: type)
                if field.defaultValue == nil { field.comments.append("TODO(mojify): the legacy default was \(value); set it where the struct is made.") }
            }
            fields.append(field)
        }
        let (attributes, conditionComment) = conditionAttributes(item.conditions, inFile: defined.file)
        if let conditionComment { comments.append(conditionComment) }
        var result = MojomStruct(name: defined.mojomName, cppName: item.name, attributes: attributes, comments: comments, fields: uniqueFields(fields))
        result.coversLegacyMembers = complete
        result.cppDefinitionFile = item.location.file
        result.isIPCStruct = true
        return result
    }

    mutating func traitsStruct(_ item: StructTraits, defined: DefinedType) -> MojomStruct {
        var comments = ["From IPC_STRUCT_TRAITS \(item.type) (\(item.location))."]
        var fields: [MojomField] = []
        var complete = true
        func add(_ members: [String], of owner: String) {
            guard let definition = inventory.typeDefinitions.first(where: { $0.name == owner && $0.kind == .structure }) else {
                complete = false
                comments.append("TODO(mojify): the C++ definition of \(owner) was not found in the scanned tree; add the types of \(members.isEmpty ? "its fields" : members.joined(separator: ", ")).")
                return
            }
            for member in members {
                guard let field = definition.fields.first(where: { $0.name == member }) else {
                    comments.append("TODO(mojify): \(owner) has no field \(member) that libclang could see; add it by hand.")
                    complete = false
                    continue
                }
                var notes: [String] = []
                let type = use(mapper.map(written: field.type, resolved: nil, inFile: defined.file), user: "\(owner).\(member)", location: definition.location, inFile: defined.file, notes: &notes)
                fields.append(MojomField(type: type, name: naming.snakeCase(member), defaultValue: nil, comments: (field.comment.map { [$0] } ?? []) + notes,
                                         cppMember: member, cppType: field.type))
            }
        }
        for parent in item.parents {
            let parentMembers = inventory.structTraits.first { $0.type == parent }?.members
                ?? inventory.typeDefinitions.first { $0.name == parent }?.fields.map(\.name) ?? []
            comments.append("Mojom has no inheritance: the fields of \(parent) come first.")
            add(parentMembers, of: parent)
        }
        add(item.members, of: item.type)
        let (attributes, conditionComment) = conditionAttributes(item.conditions, inFile: defined.file)
        if let conditionComment { comments.append(conditionComment) }
        var result = MojomStruct(name: defined.mojomName, cppName: item.type, attributes: attributes, comments: comments, fields: uniqueFields(fields))
        result.coversLegacyMembers = complete
        result.cppDefinitionFile = inventory.typeDefinitions.first { $0.name == item.type && $0.kind == .structure }?.location.file
        return result
    }

    mutating func traitsEnum(_ item: EnumTraits, defined: DefinedType) -> MojomEnum {
        var comments = ["From \(item.macro) \(item.type) (\(item.location))."]
        if let validation = item.validation { comments.append("The legacy traits accepted only \(validation); validate in the implementation if some values must be refused.") }
        var values: [MojomEnum.Value] = []
        if let definition = inventory.typeDefinitions.first(where: { $0.name == item.type && $0.kind == .enumeration }) {
            let names = Naming.uniqued(naming.enumValues(definition.enumerators.map(\.name)), separator: "")
            var firstByValue: [Int64: String] = [:]
            for (enumerator, name) in zip(definition.enumerators, names) {
                if let earlier = firstByValue[enumerator.value] {
                    values.append(.init(name: name, value: earlier))
                } else {
                    firstByValue[enumerator.value] = name
                    values.append(.init(name: name, value: String(enumerator.value)))
                }
            }
        } else {
            comments.append("TODO(mojify): the C++ definition of \(item.type) was not found in the scanned tree; copy its values here.")
        }
        let (attributes, conditionComment) = conditionAttributes(item.conditions, inFile: defined.file)
        if let conditionComment { comments.append(conditionComment) }
        return MojomEnum(name: defined.mojomName, cppName: item.type, attributes: attributes, comments: comments, values: values)
    }

    func uniqueFields(_ fields: [MojomField]) -> [MojomField] {
        zip(fields, Naming.uniqued(fields.map(\.name))).map { field, name in
            var renamed = field
            renamed.name = name
            return renamed
        }
    }

    /// A legacy default as a mojom constant of `mojomType`, or `nil` when it cannot be one.
    func defaultValue(_ value: String, mojomType: String) -> String? {
        let text = value.trimmingCharacters(in: .whitespaces)
        let integers: Set<String> = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]
        if mojomType == "bool" { return text == "true" || text == "false" ? text : nil }
        if integers.contains(mojomType) { return text.range(of: #"^[-+]?(0|[1-9][0-9]*|0[xX][0-9a-fA-F]+)$"#, options: .regularExpression) != nil ? text : nil }
        if mojomType == "float" || mojomType == "double" {
            let number = text.hasSuffix("f") || text.hasSuffix("F") ? String(text.dropLast()) : text
            return number.range(of: #"^[-+]?(([0-9]*\.[0-9]+|[0-9]+\.)([eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+|0|[1-9][0-9]*)$"#, options: .regularExpression) != nil ? number : nil
        }
        if mojomType == "string" { return text.range(of: #"^"([^"\\\n]|\\.)*"$"#, options: .regularExpression) != nil ? text : nil }
        // An enumerator of an enum this plan defines: `content::NAVIGATION_TYPE_UNKNOWN` -> `NavigationType.kUnknown`.
        if let enumDefinition = definitions.first(where: { $0.defined.isEnum && ($0.defined.mojomName == mojomType || $0.defined.module + "." + $0.defined.mojomName == mojomType) }),
           let cppEnum = inventory.typeDefinitions.first(where: { $0.name == enumDefinition.defined.cppName }) {
            let enumerator = String(text.split(separator: ":").last ?? "")
            let names = Naming.uniqued(naming.enumValues(cppEnum.enumerators.map(\.name)), separator: "")
            if let index = cppEnum.enumerators.firstIndex(where: { $0.name == enumerator }) {
                return mojomType + "." + names[index]
            }
        }
        return nil
    }
}
