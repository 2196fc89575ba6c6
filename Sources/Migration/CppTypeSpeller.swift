import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters

/// How Chromium's C++ bindings spell a mojom type in an interface method: `int32` -> `int32_t`,
/// `string` -> `const std::string&`, a struct the plan defines -> `FooPtr`, a typemapped type -> the C++ type its
/// typemap names in the tree's era (the rules' `cpp_types`, the tree's own typemaps first), else the one the legacy
/// message used (`url.mojom.Url` -> `const GURL&`).
struct CppTypeSpeller {
    /// The optional wrapper of the tree's era: `std::optional`, or `base::Optional` / `absl::optional` where the
    /// tree's messages use those.
    let optionalTemplate: String
    /// Qualified mojom name (`content.mojom.FrameParams`) -> C++ name (`content::mojom::FrameParams`).
    private let structs: [String: String]
    private let enums: [String: String]
    /// The enums the plan defines with the legacy C++ enum's own values (`cppName`): a cast converts either way.
    private let castableEnums: Set<String>
    /// Qualified mojom type -> the C++ type the bindings of the era use for it.
    private let mappings: [String: ConversionRules.CppTypeRule]
    /// Other names of mapped C++ types -> the name they stand for (`base::string16` -> `std::u16string`).
    private let aliases: [(alias: String, name: String)]
    /// The TypeConverters between the plan's structs and the legacy ones they replace.
    private(set) var converters = StructConverters()

    private static let scalars: [String: String] = [
        "bool": "bool", "int8": "int8_t", "uint8": "uint8_t", "int16": "int16_t", "uint16": "uint16_t",
        "int32": "int32_t", "uint32": "uint32_t", "int64": "int64_t", "uint64": "uint64_t",
        "float": "float", "double": "double",
    ]

    init(plan: ConversionPlan, inventory: Inventory, rules: ConversionRules, era: MojoEra) {
        mappings = rules.cppTypes.keys.reduce(into: [:]) { mappings, mojom in mappings[mojom] = rules.cppType(of: mojom, in: era) }
        // Longest first, so that no alias is replaced inside a longer one.
        aliases = rules.cppTypes.values.joined().flatMap { rule in rule.aliases.map { ($0, rule.cpp) } }
            .sorted { ($0.alias.count, $0.alias) > ($1.alias.count, $1.alias) }
        var structs: [String: String] = [:]
        var enums: [String: String] = [:]
        var castable: Set<String> = []
        for file in plan.files {
            let namespace = Self.namespace(ofModule: file.module)
            for name in file.structs.map(\.name) + file.placeholders.map(\.name) {
                structs[file.module + "." + name] = namespace + "::" + name
            }
            for item in file.enums {
                enums[file.module + "." + item.name] = namespace + "::" + item.name
                if !item.values.isEmpty { castable.insert(file.module + "." + item.name) }
            }
        }
        self.structs = structs
        self.enums = enums
        castableEnums = castable
        let written = inventory.messages.flatMap { $0.inputs + $0.outputs }.map(\.type)
        if written.contains(where: { $0.contains("absl::optional") }) {
            optionalTemplate = "absl::optional"
        } else if written.contains(where: { $0.contains("base::Optional") }) {
            optionalTemplate = "base::Optional"
        } else {
            optionalTemplate = "std::optional"
        }
        converters = StructConverters(plan: plan, speller: self)
    }

    /// `content.mojom` -> `content::mojom`.
    static func namespace(ofModule module: String) -> String {
        module.split(separator: ".").joined(separator: "::")
    }

    /// The type of a method parameter or reply argument, as the generated interface declares it.
    /// `module` is the module of the file the method is in (its own structs are named without the module);
    /// `original` is the C++ type of the legacy message's parameter, used where a typemap applies.
    func parameter(_ mojom: String, module: String, original: String?) -> String {
        let value = self.value(mojom, module: module, original: original)
        return passedByValue(mojom, module: module) ? value : "const \(value)&"
    }

    /// Scalars and enums are passed by value, and so is whatever holds a struct pointer or a move-only mapped type
    /// (as the bindings' `IsMoveOnlyKind` says: `FooPtr`, `std::vector<FooPtr>`, `base::Value::Dict`) and a type
    /// mapped as `copyable_pass_by_value` (`base::TimeDelta`); everything else by const reference.
    func passedByValue(_ mojom: String, module: String) -> Bool {
        let bare = mojom.hasSuffix("?") ? String(mojom.dropLast()) : mojom
        if containsGeneratedStruct(mojom, module: module) { return true }
        if isMoveOnly(mojom) { return true }
        if mappings[bare]?.byValue == true { return true }
        return Self.scalars[bare] != nil || enums[qualified(bare, module: module)] != nil
    }

    /// Whether the handler's C++ type differs from the interface's, other than by name: a struct or enum the plan
    /// defines replaces the legacy type, or a mapped type is in the era a different C++ type (`base::DictionaryValue` is
    /// `base::Value::Dict` from 2021, `std::unique_ptr<base::DictionaryValue>` in 2017).
    func needsConversion(_ mojom: String, module: String, original: String?) -> Bool {
        if containsGeneratedStruct(mojom, module: module) { return true }
        // An enum the plan defines is a new C++ enum: the legacy one does not convert to it.
        if Self.names(in: mojom).contains(where: { enums[qualified($0, module: module)] != nil }) { return true }
        // `char` is its own type, neither `int8_t` nor `uint8_t`: a container of it does not convert to the
        // bindings' `std::vector<int8_t>` (a lone `char` does).
        if let original, mojom.contains("<"), original.filter({ !$0.isWhitespace }).contains("<char>") { return true }
        guard let original, Self.names(in: mojom).contains(where: { mappings[$0] != nil }) else { return false }
        return normalized(original) != normalized(value(mojom, module: module, original: original))
    }

    /// The expression turning a value of the legacy C++ type `original` into the bindings' type of `mojom`, `$0`
    /// standing for the value, where the rules give one (`from`); nil otherwise, and for types that hold the mapped
    /// one (`array<...>`), which no single expression converts.
    func conversion(_ mojom: String, module: String, original: String?) -> String? {
        convert(mojom, module: module, original: original, direction: .toMojom) { enumType, _ in "static_cast<\(enumType)>($0)" }
    }

    /// Where what a conversion of `mojom` uses is declared: the plan's struct converters for a struct (or an array
    /// of one) that converts, else the rules' `header:` of the mapped type.
    func conversionHeader(_ mojom: String, module: String) -> String? {
        if let name = structName(mojom, module: module), let converter = converters.converter(named: name) {
            return StructConverters.files(of: converter.mojomFile).header
        }
        return ruleHeader(mojom)
    }

    /// The messages header defining the legacy `IPC_STRUCT` that `mojom` (a struct or an array of one) converts to.
    func legacyStructHeader(_ mojom: String, module: String) -> String? {
        guard let name = structName(mojom, module: module), let converter = converters.converter(named: name), converter.isIPCStruct else { return nil }
        return converter.definitionFile
    }

    /// Where the rules say the C++ type of mapped `mojom` is declared.
    func ruleHeader(_ mojom: String) -> String? {
        mappings[mojom]?.header
    }

    /// Whether the bindings' type of `mojom` is move-only through a mapped type (`base::Value`, `std::vector<base::File>`).
    func isMoveOnly(_ mojom: String) -> Bool {
        Self.names(in: mojom).contains { mappings[$0]?.moveOnly == true }
    }

    /// The qualified struct in `Foo` or `array<Foo>` when the plan defines `Foo`.
    private func structName(_ mojom: String, module: String) -> String? {
        let element = Self.template(mojom).flatMap { $0.head == "array" && $0.arguments.count == 1 ? $0.arguments[0] : nil } ?? mojom
        let name = qualified(element, module: module)
        return structs[name] != nil && !element.hasSuffix("?") ? name : nil
    }

    /// The expression converting a legacy struct value (`$0`) of C++ type `legacy` into the plan's struct `mojom`
    /// replacing it, or back, through the struct's TypeConverter: `Foo` from the legacy struct, `array<Foo>` from a
    /// `std::vector` of it. A legacy struct that cannot be returned by value comes back through `MoveToLegacy`, which
    /// moves out of the value (`*mojo::MoveToLegacy(std::move($0))`, an object living to the end of the call that reads
    /// it); a vector of those does not. `converter` gives the converter of a qualified struct name.
    func structConversion(_ mojom: String, module: String, legacy: String, direction: StructConverters.Direction,
                          converter: (String) -> StructConverters.Converter?) -> String? {
        guard let name = structName(mojom, module: module), let found = converter(name), found.lines(direction) != nil else { return nil }
        let bare = legacy.filter { !$0.isWhitespace }
        let legacyName = found.legacy.filter { !$0.isWhitespace }
        let isArray = Self.template(mojom)?.head == "array"
        let byPointer = direction == .toLegacy && found.legacyByPointer
        if isArray {
            guard !byPointer, let (head, arguments) = Self.template(bare), ["std::vector", "vector"].contains(head), arguments == [legacyName] else { return nil }
            return direction == .toMojom ? "mojo::ConvertTo<std::vector<\(found.cppMojom)Ptr>>($0)" : "mojo::ConvertTo<std::vector<\(found.legacy)>>($0)"
        }
        guard bare == legacyName else { return nil }
        if byPointer { return "*mojo::MoveToLegacy(std::move($0))" }
        return direction == .toMojom ? "mojo::ConvertTo<\(found.cppMojom)Ptr>($0)" : "mojo::ConvertTo<\(found.legacy)>($0)"
    }

    /// The other way: the expression turning the bindings' value of `mojom` (`$0`) into the legacy handler's C++
    /// type `original`, where the rules give one (`to`), or a cast for an enum the plan defines with its values.
    func legacyConversion(_ mojom: String, module: String, original: String?) -> String? {
        convert(mojom, module: module, original: original, direction: .toLegacy) { _, legacy in "static_cast<\(legacy)>($0)" }
    }

    /// The expression moving the bindings' value of `mojom` (`$0`, which the caller owns) into a legacy member of C++
    /// type `original`: the rules' `move_to`, else `std::move` of their `to` (which then must not give a const
    /// reference: `base::Value::AsListValue` does).
    func movingLegacyConversion(_ mojom: String, module: String, original: String?) -> String? {
        if let original, let rule = mappings[mojom], let moving = expression(in: rule.movingLegacyConversions, for: Self.bareLegacy(original)) {
            return moving
        }
        return legacyConversion(mojom, module: module, original: original).map { "std::move(\($0))" }
    }

    /// `const base::ListValue &` -> `base::ListValue`: a legacy type as the rules key it.
    private static func bareLegacy(_ original: String) -> String {
        var legacy = original.filter { !$0.isWhitespace }
        if legacy.hasPrefix("const") { legacy.removeFirst(5) }
        if legacy.hasSuffix("&") { legacy.removeLast() }
        return legacy
    }

    private func convert(_ mojom: String, module: String, original: String?, direction: StructConverters.Direction,
                         cast: (_ enumType: String, _ legacy: String) -> String) -> String? {
        guard let original else { return nil }
        let legacy = Self.bareLegacy(original)
        if let converted = structConversion(mojom, module: module, legacy: legacy, direction: direction, converter: converters.converter(named:)) {
            return converted
        }
        if castableEnums.contains(qualified(mojom, module: module)), let cppEnum = enums[qualified(mojom, module: module)] { return cast(cppEnum, legacy) }
        guard let rule = mappings[mojom] else { return nil }
        return expression(in: direction == .toMojom ? rule.conversions : rule.legacyConversions, for: legacy)
    }

    /// A rule's expression for the legacy type, written as it is or as the name an alias stands for.
    private func expression(in expressions: [String: String], for legacy: String) -> String? {
        expressions[legacy] ?? aliases.first { $0.alias == legacy }.flatMap { expressions[$0.name] }
    }

    /// The C++ type with other names of mapped types replaced by the names they stand for (`base::string16` ->
    /// `std::u16string`), to tell a real change of type from a renaming.
    private func normalized(_ type: String) -> String {
        var text = type.filter { $0 != " " }
        for (alias, name) in aliases { text = text.replacingOccurrences(of: alias, with: name) }
        return text
    }

    /// Whether a struct the plan defines appears anywhere in the type (`array<Foo>`): the legacy handler took
    /// the C++ type it replaces, so a conversion is needed.
    func containsGeneratedStruct(_ mojom: String, module: String) -> Bool {
        Self.names(in: mojom).contains { structs[qualified($0, module: module)] != nil }
    }

    /// The type names in a mojom type: `map<string, gfx.mojom.Rect>` -> `map`, `string`, `gfx.mojom.Rect`.
    private static func names(in mojom: String) -> [String] {
        mojom.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }).map(String.init)
    }

    /// Whether the type is a struct the plan defines: a reply built from the legacy handler's outputs then needs
    /// a conversion that a human writes.
    func isGeneratedStruct(_ mojom: String, module: String) -> Bool {
        let bare = mojom.hasSuffix("?") ? String(mojom.dropLast()) : mojom
        return structs[qualified(bare, module: module)] != nil
    }

    /// The C++ value type: `array<int32>` -> `std::vector<int32_t>`.
    func value(_ mojom: String, module: String, original: String?) -> String {
        let type = mojom.trimmingCharacters(in: .whitespaces)
        if type.hasSuffix("?") {
            let inner = String(type.dropLast())
            // A struct's pointer is nullable itself, and so is a typemapped type the typemap says is.
            if structs[qualified(inner, module: module)] != nil || mappings[inner]?.nullableIsSameType == true {
                return value(inner, module: module, original: original)
            }
            return "\(optionalTemplate)<\(value(inner, module: module, original: Self.unwrapOptional(original)))>"
        }
        if let scalar = Self.scalars[type] { return scalar }
        if type == "string" { return "std::string" }
        if let (head, arguments) = Self.template(type), head == "array" || head == "map" {
            let originals = original.flatMap(Self.template)?.arguments ?? []
            let parts = arguments.enumerated().map { index, argument in
                value(argument, module: module, original: index < originals.count ? originals[index] : nil)
            }
            return head == "array" ? "std::vector<\(parts[0])>" : "base::flat_map<\(parts.joined(separator: ", "))>"
        }
        let name = qualified(type, module: module)
        if let generated = structs[name] { return generated + "Ptr" }
        if let generated = enums[name] { return generated }
        // A typemapped mojom type: the bindings use the C++ type the typemap names: the era's, where the rules or
        // the tree's typemaps give it, else what the legacy message carried.
        if let mapping = mappings[type] { return mapping.cpp }
        if let original { return original }
        return Self.namespace(ofModule: type)
    }

    private func qualified(_ name: String, module: String) -> String {
        name.contains(".") ? name : module + "." + name
    }

    private static func unwrapOptional(_ original: String?) -> String? {
        guard let original, let (head, arguments) = template(original), arguments.count == 1,
              ["std::optional", "base::Optional", "absl::optional"].contains(head) else { return original }
        return arguments[0]
    }

    /// `std::map<int, std::vector<int>>` -> (`std::map`, [`int`, `std::vector<int>`]); nil for a non-template.
    static func template(_ type: String) -> (head: String, arguments: [String])? {
        guard let open = type.firstIndex(of: "<"), type.hasSuffix(">") else { return nil }
        let head = type[..<open].trimmingCharacters(in: .whitespaces)
        let body = type[type.index(after: open)..<type.index(before: type.endIndex)]
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in body {
            switch character {
            case "<", "(": depth += 1
            case ">", ")": depth -= 1
            case "," where depth == 0:
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        arguments.append(current.trimmingCharacters(in: .whitespaces))
        return (head, arguments)
    }
}
