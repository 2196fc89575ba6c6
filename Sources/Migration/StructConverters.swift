import Foundation
import MojifyConversion
import MojifyCore

/// Mojo `TypeConverter` specializations between each legacy struct a message carried (an `IPC_STRUCT`, or a type
/// `IPC_STRUCT_TRAITS` registered) and the mojom struct the plan makes of it, field by field. A rewritten sender
/// then passes `mojo::ConvertTo<ns::FooPtr>(params)` and an implementation gives the legacy handler
/// `mojo::ConvertTo<Foo_Params>(params)`, while the code that builds and reads the legacy struct stays as it is.
///
/// A legacy struct with a move-only member (CEF's `Cef_Request_Params` holds a `base::ListValue`) cannot be
/// returned by value: an `IPC_STRUCT` declares its destructor, so it has no move constructor, and its copy
/// constructor is deleted. Its way back is `std::unique_ptr<Foo_Params> mojo::MoveToLegacy(ns::FooPtr input)`, beside
/// the TypeConverters (in `mojo`, where the legacy names mean what they mean outside it, as in the converters), which
/// moves the fields out of the mojom value; an implementation, holding that value by value, gives the handler
/// `*mojo::MoveToLegacy(std::move(params))`. The way there stays a `TypeConverter`, whose input is `const`:
/// a move-only field goes into the bindings only where the rules' `from:` copies it.
///
/// One direction is left out where a field cannot be converted in it; a field of a type nothing converts (a
/// placeholder, a map of structs) blocks both. A struct some of whose legacy members have no field (a member
/// libclang could not see) gets neither: the conversion would drop data.
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
        /// `output->field = ...;` (`output.member = ...;`) lines, or why that direction cannot be written.
        var toMojom: Result<[String], CppRewriter.Problem>
        var toLegacy: Result<[String], CppRewriter.Problem>
        /// The way back is `MoveToLegacy`, filling a `std::unique_ptr` (a member is move-only), not a `TypeConverter`.
        var legacyByPointer: Bool = false
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
        let byPointer = item.fields.contains { speller.isMoveOnly($0.type) }
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
            let back = fieldExpression(field.type, legacy: legacy, value: "input->\(field.name)", direction: .toLegacy, moving: byPointer,
                                       module: file.module, speller: speller, nested: nested)
            switch back {
            case .success(let expression): toLegacy.append("output\(byPointer ? "->" : ".")\(member) = \(expression);")
            case .failure(let problem): backwardProblem = backwardProblem ?? "field \(field.name): \(problem.reason)"
            }
        }
        return Converter(
            mojomName: file.module + "." + item.name, cppMojom: cppMojom, legacy: item.cppName, mojomFile: file,
            toMojom: forwardProblem.map { .failure(CppRewriter.Problem($0)) } ?? .success(toMojom),
            toLegacy: backwardProblem.map { .failure(CppRewriter.Problem($0)) } ?? .success(toLegacy),
            legacyByPointer: byPointer, isIPCStruct: item.isIPCStruct, definitionFile: item.cppDefinitionFile, fieldHeaders: headers.sorted()
        )
    }

    /// The expression converting one field's `value` of the legacy C++ type `legacy` into the bindings' type of
    /// `mojom` (or back; `moving` out of a mojom value `MoveToLegacy` owns, moving a move-only field).
    private static func fieldExpression(
        _ mojom: String, legacy: String, value: String, direction: Direction, moving: Bool = false, module: String, speller: CppTypeSpeller, nested: (String) -> Converter?
    ) -> Result<String, CppRewriter.Problem> {
        let toMojom = direction == .toMojom
        if speller.containsGeneratedStruct(mojom, module: module) {
            // A nested legacy struct is assigned, so it must convert by value, whichever way the outer one goes.
            guard let pattern = speller.structConversion(mojom, module: module, legacy: legacy, direction: direction, converter: nested),
                  toMojom || !pattern.hasPrefix("*") else {
                return .failure(CppRewriter.Problem("\(mojom) holds a struct that does not convert \(toMojom ? "from" : "to") \(legacy)"))
            }
            return .success(pattern.replacingOccurrences(of: "$0", with: value))
        }
        let moveOnly = speller.isMoveOnly(mojom)
        if speller.needsConversion(mojom, module: module, original: legacy) || moveOnly {
            let pattern = toMojom ? speller.conversion(mojom, module: module, original: legacy)
                : moving && moveOnly ? speller.movingLegacyConversion(mojom, module: module, original: legacy)
                : speller.legacyConversion(mojom, module: module, original: legacy)
            // The same C++ type on both sides (a `base::Value` the legacy struct held) needs no rule to move.
            if moving, moveOnly, pattern == nil, !speller.needsConversion(mojom, module: module, original: legacy) {
                return .success("std::move(\(value))")
            }
            guard let pattern else {
                return .failure(CppRewriter.Problem("nothing converts \(legacy) \(toMojom ? "to" : "from") \(speller.value(mojom, module: module, original: legacy)) (the rules' cpp_types)"))
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
    /// As the tree includes them: the bindings' header, the converters' own header and the legacy messages header.
    let mojomInclude: String
    let ownInclude: String
    let messagesIncludes: [String]
    /// The headers defining the legacy structs that are no `IPC_STRUCT`, as the tree includes them (Qt WebEngine's
    /// `common/user_script_data.h` for `src/core/common/user_script_data.h`).
    let definitionIncludes: [String]

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
        if !movedBack.isEmpty { lines += ["#include <memory>", ""] }
        let includes = Set([mojomInclude, "mojo/public/cpp/bindings/type_converter.h"] + definitionIncludes)
        lines += includes.sorted().map { "#include \"\($0)\"" }
        let declared = converters.filter(\.isIPCStruct).map(\.legacy)
        if !declared.isEmpty { lines += [""] + declared.map { "struct \($0);" } }
        lines += ["", "namespace mojo {", ""]
        for converter in converters {
            for (direction, output, input) in signatures(converter) where !isMovedBack(converter, direction) {
                guard converter.lines(direction) != nil else { continue }
                lines += ["template <>", "struct TypeConverter<\(output), \(input)> {", "  static \(output) Convert(const \(input)& input);", "};", ""]
            }
        }
        for converter in movedBack {
            lines += [
                "// \(converter.legacy) holds a move-only member, so it cannot be returned by value: this moves the",
                "// fields out of `input`.",
                "\(moveToLegacySignature(converter));", "",
            ]
        }
        lines += ["}  // namespace mojo", "", "#endif  // \(guardName)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The converters whose way back is `MoveToLegacy`.
    private var movedBack: [StructConverters.Converter] {
        converters.filter { $0.legacyByPointer && $0.lines(.toLegacy) != nil }
    }

    private func isMovedBack(_ converter: StructConverters.Converter, _ direction: StructConverters.Direction) -> Bool {
        direction == .toLegacy && converter.legacyByPointer
    }

    private func moveToLegacySignature(_ converter: StructConverters.Converter) -> String {
        "std::unique_ptr<\(converter.legacy)> MoveToLegacy(\(converter.cppMojom)Ptr input)"
    }

    var source: String {
        var lines = ["#include \"\(ownInclude)\"", ""]
        if !movedBack.isEmpty { lines += ["#include <utility>", ""] }
        let includes = Set(messagesIncludes + converters.flatMap(\.fieldHeaders))
        if !includes.isEmpty { lines += includes.sorted().map { "#include \"\($0)\"" } + [""] }
        lines += ["namespace mojo {", ""]
        for converter in converters {
            for (direction, output, input) in signatures(converter) where !isMovedBack(converter, direction) {
                guard let body = converter.lines(direction) else { continue }
                lines += ["// static", "\(output) TypeConverter<\(output), \(input)>::Convert(const \(input)& input) {"]
                lines.append(direction == .toMojom ? "  auto output = \(converter.cppMojom)::New();" : "  \(converter.legacy) output;")
                lines += body.map { "  " + $0 }
                lines += ["  return output;", "}", ""]
            }
        }
        for converter in movedBack {
            lines += ["\(moveToLegacySignature(converter)) {", "  auto output = std::make_unique<\(converter.legacy)>();"]
            lines += converter.lines(.toLegacy)!.map { "  " + $0 }
            lines += ["  return output;", "}", ""]
        }
        lines.append("}  // namespace mojo")
        return lines.joined(separator: "\n") + "\n"
    }

    private func signatures(_ converter: StructConverters.Converter) -> [(StructConverters.Direction, String, String)] {
        let pointer = converter.cppMojom + "Ptr"
        return [(.toMojom, pointer, converter.legacy), (.toLegacy, converter.legacy, pointer)]
    }
}
