import Foundation
import MojifyConversion
import MojifyCore

/// Mojo `TypeConverter` specializations between each legacy struct a message carried (an `IPC_STRUCT`, or a type
/// `IPC_STRUCT_TRAITS` registered) and the mojom struct the plan makes of it, field by field. A rewritten sender
/// then passes `mojo::ConvertTo<ns::FooPtr>(params)` and an implementation gives the legacy handler
/// `mojo::ConvertTo<Foo_Params>(params)`, while the code that builds and reads the legacy struct stays as it is.
///
/// One direction is left out where a field cannot be converted in it: a `TypeConverter` takes its input `const`,
/// so a move-only field (`base::Value`) can be read into the bindings only where the rules' `from:` copies it, and
/// never out of them; a field of a type nothing converts (a placeholder, a map of structs) blocks both. A struct
/// some of whose legacy members have no field (a member libclang could not see) gets neither: the conversion would
/// drop data.
struct StructConverters: Sendable, Equatable {
    enum Direction: Sendable { case toMojom, toLegacy }

    struct Converter: Sendable, Equatable {
        /// The qualified mojom name (`libcef.mojom.CefResponseParams`) and its C++ name (`libcef::mojom::CefResponseParams`).
        var mojomName: String
        var cppMojom: String
        /// The legacy C++ type, as the messages wrote it.
        var legacy: String
        /// The plan's mojom file holding the struct, and the one holding its converters.
        var mojomFile: MojomFile
        /// `output->field = ...;` lines, or why that direction cannot be written.
        var toMojom: Result<[String], CppRewriter.Problem>
        var toLegacy: Result<[String], CppRewriter.Problem>
        /// An `IPC_STRUCT` is defined in its messages header, which only `.cc` files may include: the converters'
        /// header declares it instead. A traits type's own header is included.
        var isIPCStruct: Bool
        var definitionFile: String?
        /// Headers the conversions of the fields need (the rules' `header:`).
        var fieldHeaders: [String]

        func lines(_ direction: Direction) -> [String]? {
            if case .success(let lines) = direction == .toMojom ? toMojom : toLegacy { return lines }
            return nil
        }
    }

    /// By qualified mojom name.
    private(set) var converters: [String: Converter] = [:]

    init() {}

    init(plan: ConversionPlan, speller: CppTypeSpeller) {
        var pending: [String: (MojomStruct, MojomFile)] = [:]
        for file in plan.files {
            for item in file.structs { pending[file.module + "." + item.name] = (item, file) }
        }
        var building: Set<String> = []
        func build(_ name: String) -> Converter? {
            if let done = converters[name] { return done }
            guard let (item, file) = pending[name], building.insert(name).inserted else { return nil }
            defer { building.remove(name) }
            let converter = Self.converter(item, file: file, speller: speller) { nested in build(nested) }
            converters[name] = converter
            return converter
        }
        for name in pending.keys.sorted() { _ = build(name) }
    }

    func converter(named qualified: String) -> Converter? { converters[qualified] }

    /// The converters of the structs `file` defines that convert at least one way, by mojom name.
    func converters(in file: MojomFile) -> [Converter] {
        converters.values.filter { $0.mojomFile.path == file.path && ($0.lines(.toMojom) != nil || $0.lines(.toLegacy) != nil) }
            .sorted { $0.mojomName < $1.mojomName }
    }

    /// `content/common/frame.mojom` -> `content/common/frame_type_converters.h` (and `.cc`).
    static func files(of mojom: MojomFile) -> (header: String, source: String) {
        let base = String(mojom.path.dropLast(".mojom".count)) + "_type_converters"
        return (base + ".h", base + ".cc")
    }

    private static func converter(_ item: MojomStruct, file: MojomFile, speller: CppTypeSpeller, nested: (String) -> Converter?) -> Converter {
        let cppMojom = CppTypeSpeller.namespace(ofModule: file.module) + "::" + item.name
        var toMojom: [String] = []
        var toLegacy: [String] = []
        var forwardProblem: String?
        var backwardProblem: String?
        var headers: Set<String> = []
        if !item.coversLegacyMembers {
            forwardProblem = "\(item.cppName) has members the mojom struct \(item.name) lacks (see its TODO)"
            backwardProblem = forwardProblem
        } else if item.isIPCStruct && !Naming.isIdentifier(item.cppName) {
            forwardProblem = "\(item.cppName) is not a plain name that can be declared ahead"
            backwardProblem = forwardProblem
        } else if !item.isIPCStruct && (item.cppDefinitionFile.map { !$0.hasSuffix(".h") || !SafeName.isSafePath($0) } ?? true) {
            forwardProblem = "the header defining \(item.cppName) was not found"
            backwardProblem = forwardProblem
        }
        for field in item.fields where forwardProblem == nil || backwardProblem == nil {
            guard let member = field.cppMember, Naming.isIdentifier(member), let legacy = field.cppType, CppName.isSafeType(legacy) else {
                forwardProblem = forwardProblem ?? "field \(field.name) has no plain legacy member"
                backwardProblem = backwardProblem ?? forwardProblem
                continue
            }
            if let header = speller.ruleHeader(field.type) { headers.insert(header) }
            switch fieldExpression(field.type, legacy: legacy, value: "input.\(member)", direction: .toMojom, module: file.module, speller: speller, nested: nested) {
            case .success(let expression): toMojom.append("output->\(field.name) = \(expression);")
            case .failure(let problem): forwardProblem = forwardProblem ?? "field \(field.name): \(problem.reason)"
            }
            switch fieldExpression(field.type, legacy: legacy, value: "input->\(field.name)", direction: .toLegacy, module: file.module, speller: speller, nested: nested) {
            case .success(let expression): toLegacy.append("output.\(member) = \(expression);")
            case .failure(let problem): backwardProblem = backwardProblem ?? "field \(field.name): \(problem.reason)"
            }
        }
        return Converter(
            mojomName: file.module + "." + item.name, cppMojom: cppMojom, legacy: item.cppName, mojomFile: file,
            toMojom: forwardProblem.map { .failure(CppRewriter.Problem($0)) } ?? .success(toMojom),
            toLegacy: backwardProblem.map { .failure(CppRewriter.Problem($0)) } ?? .success(toLegacy),
            isIPCStruct: item.isIPCStruct, definitionFile: item.cppDefinitionFile, fieldHeaders: headers.sorted()
        )
    }

    /// The expression converting one field's `value` of the legacy C++ type `legacy` into the bindings' type of
    /// `mojom` (or back).
    private static func fieldExpression(
        _ mojom: String, legacy: String, value: String, direction: Direction, module: String, speller: CppTypeSpeller, nested: (String) -> Converter?
    ) -> Result<String, CppRewriter.Problem> {
        if speller.containsGeneratedStruct(mojom, module: module) {
            guard let pattern = speller.structConversion(mojom, module: module, legacy: legacy, direction: direction, converter: nested) else {
                return .failure(CppRewriter.Problem("\(mojom) holds a struct that does not convert \(direction == .toMojom ? "from" : "to") \(legacy)"))
            }
            return .success(pattern.replacingOccurrences(of: "$0", with: value))
        }
        let moveOnly = speller.isMoveOnly(mojom)
        if speller.needsConversion(mojom, module: module, original: legacy) || moveOnly {
            if direction == .toLegacy, moveOnly {
                return .failure(CppRewriter.Problem("\(speller.value(mojom, module: module, original: legacy)) is move-only, and a TypeConverter takes its input const"))
            }
            let pattern = direction == .toMojom
                ? speller.conversion(mojom, module: module, original: legacy) : speller.legacyConversion(mojom, module: module, original: legacy)
            guard let pattern else {
                return .failure(CppRewriter.Problem("nothing converts \(legacy) \(direction == .toMojom ? "to" : "from") \(speller.value(mojom, module: module, original: legacy)) (the rules' cpp_types)"))
            }
            return .success(pattern.replacingOccurrences(of: "$0", with: value))
        }
        return .success(value)
    }
}

/// The converters' header and source, added by the patch beside the mojom's folder: the header declares the
/// specializations (an `IPC_STRUCT` by a declaration ahead, as its messages header may not be included from a
/// header), the source defines them.
struct StructConverterFiles {
    let mojom: MojomFile
    let converters: [StructConverters.Converter]
    /// As the tree includes them: the bindings' header and the legacy messages header.
    let mojomInclude: String
    let messagesIncludes: [String]

    var paths: (header: String, source: String) { StructConverters.files(of: mojom) }

    var header: String {
        let guardName = paths.header.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined() + "_"
        var lines = [
            "// Converts between the legacy IPC structs and the structs of \(mojom.path) that replace them, field by field,",
            "// for the code that still builds or reads the legacy ones. Remove it once none does.",
            "",
            "#ifndef \(guardName)",
            "#define \(guardName)",
            "",
        ]
        let includes = Set([mojomInclude, "mojo/public/cpp/bindings/type_converter.h"] + converters.filter { !$0.isIPCStruct }.compactMap(\.definitionFile))
        lines += includes.sorted().map { "#include \"\($0)\"" }
        let declared = converters.filter(\.isIPCStruct).map(\.legacy)
        if !declared.isEmpty { lines += [""] + declared.map { "struct \($0);" } }
        lines += ["", "namespace mojo {", ""]
        for converter in converters {
            for (direction, output, input) in signatures(converter) {
                guard converter.lines(direction) != nil else { continue }
                lines += ["template <>", "struct TypeConverter<\(output), \(input)> {", "  static \(output) Convert(const \(input)& input);", "};", ""]
            }
        }
        lines += ["}  // namespace mojo", "", "#endif  // \(guardName)"]
        return lines.joined(separator: "\n") + "\n"
    }

    var source: String {
        var lines = ["#include \"\(paths.header)\"", ""]
        let includes = Set(messagesIncludes + converters.flatMap(\.fieldHeaders))
        if !includes.isEmpty { lines += includes.sorted().map { "#include \"\($0)\"" } + [""] }
        lines += ["namespace mojo {", ""]
        for converter in converters {
            for (direction, output, input) in signatures(converter) {
                guard let body = converter.lines(direction) else { continue }
                lines += ["// static", "\(output) TypeConverter<\(output), \(input)>::Convert(const \(input)& input) {"]
                lines.append(direction == .toMojom ? "  auto output = \(converter.cppMojom)::New();" : "  \(converter.legacy) output;")
                lines += body.map { "  " + $0 }
                lines += ["  return output;", "}", ""]
            }
        }
        lines.append("}  // namespace mojo")
        return lines.joined(separator: "\n") + "\n"
    }

    private func signatures(_ converter: StructConverters.Converter) -> [(StructConverters.Direction, String, String)] {
        let pointer = converter.cppMojom + "Ptr"
        return [(.toMojom, pointer, converter.legacy), (.toLegacy, converter.legacy, pointer)]
    }
}
