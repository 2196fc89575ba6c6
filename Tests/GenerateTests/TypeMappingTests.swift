@testable import MojifyConversion
import MojifyCore
import MojifyTestSupport
import XCTest

/// Every entry of Rules/type-mappings.yaml, the containers, and what happens to types the table lacks.
final class TypeMappingTests: XCTestCase {
    func testEveryTableEntryMapsWithItsImportAndDependency() throws {
        let rules = try Fixtures.rules()
        let mapper = TypeMapper(rules: rules)
        XCTAssertGreaterThan(rules.types.count, 30)
        for (cppType, rule) in rules.types {
            let mapped = try XCTUnwrap(mapper.map(cppType: cppType), cppType)
            XCTAssertEqual(mapped.mojom, rule.mojom, cppType)
            XCTAssertEqual(mapped.imports, rule.importPath.map { [$0] } ?? [], cppType)
            XCTAssertEqual(mapped.dependencies, rule.dependency.map { [$0] } ?? [], cppType)
            // Every import is a mojom file and comes with the GN target that provides it.
            if let path = rule.importPath {
                XCTAssertTrue(path.hasSuffix(".mojom"), cppType)
                XCTAssertTrue(rule.dependency?.hasPrefix("//") ?? false, "\(cppType) imports \(path) without a GN dependency")
            }
        }
    }

    func testTheIssuesRequiredTypes() throws {
        let mapper = TypeMapper(rules: try Fixtures.rules())
        let expected: [String: String] = [
            "int": "int32", "unsigned int": "uint32", "int8_t": "int8", "uint8_t": "uint8", "int16_t": "int16", "uint16_t": "uint16",
            "int32_t": "int32", "uint32_t": "uint32", "int64_t": "int64", "uint64_t": "uint64", "size_t": "uint64",
            "float": "float", "double": "double", "bool": "bool", "std::string": "string",
            "base::string16": "mojo_base.mojom.String16", "std::u16string": "mojo_base.mojom.String16",
            "base::FilePath": "mojo_base.mojom.FilePath", "GURL": "url.mojom.Url", "url::Origin": "url.mojom.Origin",
            "base::Time": "mojo_base.mojom.Time", "base::TimeDelta": "mojo_base.mojom.TimeDelta", "base::TimeTicks": "mojo_base.mojom.TimeTicks",
            "base::UnguessableToken": "mojo_base.mojom.UnguessableToken", "base::Value": "mojo_base.mojom.Value",
            "base::DictionaryValue": "mojo_base.mojom.DictionaryValue", "base::ListValue": "mojo_base.mojom.ListValue",
            "base::SharedMemoryHandle": "mojo_base.mojom.UnsafeSharedMemoryRegion", "IPC::PlatformFileForTransit": "mojo_base.mojom.File",
            "gfx::Rect": "gfx.mojom.Rect", "gfx::RectF": "gfx.mojom.RectF", "gfx::Size": "gfx.mojom.Size", "gfx::SizeF": "gfx.mojom.SizeF",
            "gfx::Point": "gfx.mojom.Point", "gfx::PointF": "gfx.mojom.PointF", "SkBitmap": "skia.mojom.BitmapN32",
        ]
        for (cppType, mojom) in expected {
            XCTAssertEqual(mapper.map(cppType: cppType)?.mojom, mojom, cppType)
        }
    }

    func testQualifiersAndSpacingDoNotMatter() throws {
        let mapper = TypeMapper(rules: try Fixtures.rules())
        XCTAssertEqual(mapper.map(cppType: "const std::string&")?.mojom, "string")
        XCTAssertEqual(mapper.map(cppType: "::GURL")?.mojom, "url.mojom.Url")
        XCTAssertEqual(mapper.map(cppType: "std::map< int ,std::string >")?.mojom, "map<int32, string>")
        XCTAssertEqual(mapper.map(cppType: "unsigned   long")?.mojom, "uint64")
    }

    func testContainersNestAndCollectTheirImports() throws {
        let mapper = TypeMapper(rules: try Fixtures.rules())
        let cases: [String: String] = [
            "std::vector<int>": "array<int32>",
            "std::set<std::string>": "array<string>",
            "base::flat_set<GURL>": "array<url.mojom.Url>",
            "std::map<std::string, std::vector<int>>": "map<string, array<int32>>",
            "std::unordered_map<int, GURL>": "map<int32, url.mojom.Url>",
            "base::flat_map<std::string, base::Time>": "map<string, mojo_base.mojom.Time>",
            "base::Optional<base::Time>": "mojo_base.mojom.Time?",
            "std::optional<std::vector<gfx::Rect>>": "array<gfx.mojom.Rect>?",
            "absl::optional<int>": "int32?",
            "std::vector<base::Optional<GURL>>": "array<url.mojom.Url?>",
        ]
        for (cppType, mojom) in cases {
            XCTAssertEqual(mapper.map(cppType: cppType)?.mojom, mojom, cppType)
        }
        let nested = try XCTUnwrap(mapper.map(cppType: "std::map<std::string, std::vector<base::Optional<url::Origin>>>"))
        XCTAssertEqual(nested.imports, ["url/mojom/origin.mojom"])
        XCTAssertEqual(nested.dependencies, ["//url/mojom:url_mojom_origin"])
    }

    func testUnmappedTypesBecomePlaceholdersOnlyWhereTheyAre() throws {
        let mapper = TypeMapper(rules: try Fixtures.rules())
        XCTAssertNil(mapper.map(cppType: "std::pair<int, int>"))
        let mapped = mapper.map(written: "std::map<int, std::vector<std::pair<std::string, GURL>>>", resolved: nil, inFile: nil)
        XCTAssertEqual(mapped.mojom, "map<int32, array<TodoStdPairStdStringGurl>>")
        XCTAssertEqual(mapped.placeholders, [Placeholder(name: "TodoStdPairStdStringGurl", cppType: "std::pair<std::string, GURL>")])
        XCTAssertEqual(mapper.map(written: "Foo*", resolved: nil, inFile: nil).placeholders.count, 1)
        // The grammar allows only identifiers as map keys, and `T??` does not exist.
        XCTAssertEqual(mapper.map(written: "std::map<std::vector<int>, int>", resolved: nil, inFile: nil).mojom, "map<TodoStdVectorInt, int32>")
        XCTAssertEqual(mapper.map(written: "base::Optional<base::Optional<int>>", resolved: nil, inFile: nil).mojom, "TodoBaseOptionalBaseOptionalInt")
    }

    /// The bound on work per type: past `nestingLimit` levels the parser gives up after one counting pass, so a
    /// type cannot make the mapper spell out thousands of ever longer nested types.
    func testNestingPastTheLimitIsOpaqueAndSkipsTheMessageWithAReason() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "std::vector<", count: depth) + "int" + String(repeating: ">", count: depth)
        }
        XCTAssertEqual(CppType.nestingDepth(of: nested(10_000)), 10_000)
        XCTAssertEqual(CppType.nestingDepth(of: "std::map<int, std::vector<int>> >>"), 2, "stray closing brackets do not go negative")
        let atLimit = CppType(parsing: nested(CppType.nestingLimit))
        guard case .named = atLimit else { return XCTFail("a type at the limit is still parsed: \(atLimit)") }
        XCTAssertEqual(CppType(parsing: nested(CppType.nestingLimit + 1)), .opaque(nested(CppType.nestingLimit + 1)))
        let mapper = TypeMapper(rules: try Fixtures.rules())
        XCTAssertEqual(mapper.map(written: nested(10_000), resolved: nil, inFile: nil).placeholders.count, 1)

        let plan = try Fixtures.plan([
            Fixtures.message("FooHostMsg_Deep", inputs: [Parameter(type: "int"), Parameter(type: nested(10_000))], line: 7),
            Fixtures.message("FooHostMsg_Fine", inputs: [Parameter(type: nested(3))], line: 8),
        ])
        XCTAssertEqual(plan.skippedMessages.map(\.message), ["FooHostMsg_Deep"])
        let skipped = try XCTUnwrap(plan.skippedMessages.first)
        XCTAssertEqual(skipped.location, SourceLocation(file: "content/common/test_messages.h", line: 7, column: 1))
        XCTAssertTrue(skipped.reason.contains("10000 levels deep, past mojify's limit of 256; name the type with a 'using' alias"), skipped.reason)
        XCTAssertEqual(plan.interfaces.flatMap(\.methods).count, 1)
    }

    func testTypedefsResolveThroughTheResolvedType() throws {
        let mapper = TypeMapper(rules: try Fixtures.rules())
        XCTAssertEqual(mapper.map(written: "CountMap", resolved: "std::map<std::string, int>", inFile: nil).mojom, "map<string, int32>")
        // A typedef the table names wins over its target.
        let rules = try Fixtures.rules(overriding: "types:\n  CountMap: {mojom: CountMapStruct}\n")
        XCTAssertEqual(TypeMapper(rules: rules).map(written: "CountMap", resolved: "std::map<std::string, int>", inFile: nil).mojom, "CountMapStruct")
    }

    func testRulesFileOverridesAndExtendsTheTable() throws {
        let rules = try Fixtures.rules(overriding: """
        types:
          GURL: {mojom: my.mojom.Url, import: my/url.mojom, dep: "//my:url"}
          my::Thing: {mojom: my.mojom.Thing}
        containers:
          my::List: array
        """)
        let mapper = TypeMapper(rules: rules)
        XCTAssertEqual(mapper.map(cppType: "GURL")?.mojom, "my.mojom.Url")
        XCTAssertEqual(mapper.map(cppType: "GURL")?.dependencies, ["//my:url"])
        XCTAssertEqual(mapper.map(cppType: "my::List<my::Thing>")?.mojom, "array<my.mojom.Thing>")
        XCTAssertEqual(mapper.map(cppType: "int")?.mojom, "int32")
    }

    func testMalformedRulesNameTheProblem() throws {
        XCTAssertThrowsError(try Fixtures.rules(overriding: "types:\n  Foo: {import: x.mojom}\n")) { error in
            XCTAssertTrue("\(error)".contains("'Foo' needs at least 'mojom"), "\(error)")
        }
        XCTAssertThrowsError(try Fixtures.rules(overriding: "containers:\n  Foo: list\n")) { error in
            XCTAssertTrue("\(error)".contains("use array, map or nullable"), "\(error)")
        }
        XCTAssertThrowsError(try Fixtures.rules(overriding: "typos: {}\n")) { error in
            XCTAssertTrue("\(error)".contains("unknown section 'typos'"), "\(error)")
        }
        XCTAssertThrowsError(try Fixtures.rules(overriding: "directions:\n  - {match: \"(\", interface: X, implemented_in: browser}\n")) { error in
            XCTAssertTrue("\(error)".contains("not a valid regular expression"), "\(error)")
        }
        XCTAssertThrowsError(try Fixtures.rules(overriding: "directions:\n  - {match: \"^X_\", interface: X, implemented_in: ash}\n")) { error in
            XCTAssertTrue("\(error)".contains("process 'ash' is not listed"), "\(error)")
        }
        // Wrong types and values that would make files that do not parse, or land outside --out.
        let refused: [(String, String)] = [
            ("types:\n  Foo: {mojom: x.Foo, import: [a]}\n", "'Foo': 'import' must be a string"),
            ("classes:\n  FooMsgStart: {module: [1]}\n", "'FooMsgStart' must be a mapping with 'module' and/or 'file', both strings"),
            ("classes:\n  FooMsgStart: {modul: foo.mojom}\n", "'FooMsgStart' must be a mapping"),
            ("classes:\n  FooMsgStart: {module: \"x; interface Evil {}\"}\n", "module 'x; interface Evil {}' is not a mojom module name"),
            ("classes:\n  FooMsgStart: {file: ../../escape.mojom}\n", "file '../../escape.mojom' must be a .mojom path inside the output folder"),
            ("classes:\n  FooMsgStart: {file: foo.txt}\n", "file 'foo.txt' must be a .mojom path"),
            ("directions:\n  - {match: \"^X_\", interface: X, control_interface: [Y], implemented_in: browser}\n", "'control_interface' must be a string"),
            ("cpp_types:\n  a.mojom.A: {cpp: \"A; evil()\"}\n", "cpp_types: 'a.mojom.A': cpp 'A; evil()' must be a C++ type"),
            ("cpp_types:\n  a.mojom.A: [{cpp: A}, {since: 2017, cpp: B}]\n", "since '2017' is no era (interface-registry, connector, remote, binder-map, typed-values)"),
            ("cpp_types:\n  a.mojom.A: [{cpp: A}, {cpp: B}]\n", "'a.mojom.A' gives two rules for one era"),
            ("cpp_types:\n  a.mojom.A: {cpp: A, move_only: yes please}\n", "'a.mojom.A': 'move_only' must be true or false"),
            ("cpp_types:\n  a.mojom.A: {type: A}\n", "cpp_types: 'a.mojom.A' must be {cpp: TYPE}"),
            ("cpp_types:\n  a.mojom.A: {cpp: A, from: [B]}\n", "cpp_types: 'a.mojom.A': from must map legacy C++ types to expressions"),
            ("cpp_types:\n  a.mojom.A: {cpp: A, from: {B: \"B.Copy()\"}}\n", "'a.mojom.A': from: 'B': the expression must be one line holding $0"),
            ("cpp_types:\n  a.mojom.A: {cpp: A, from: {\"B; evil()\": \"$0\"}}\n", "must be a C++ type"),
        ]
        for (yaml, expected) in refused {
            XCTAssertThrowsError(try Fixtures.rules(overriding: yaml), yaml) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
        // A template that makes no identifier is turned into one.
        let plan = try Fixtures.plan(
            [Fixtures.message("FooHostMsg_A")],
            rules: Fixtures.rules(overriding: #"directions: [{match: "^(\\w+?)HostMsg_", interface: "../$1 host", implemented_in: browser}]"#)
        )
        XCTAssertEqual(plan.interfaces.map(\.name), ["FooHost"])
    }

    /// `cpp_types`: a rule holds from its `since` era until the next rule's; a `--rules` entry replaces the whole list.
    func testCppTypesHoldFromTheirEra() throws {
        let rules = try Fixtures.rules(overriding: "cpp_types:\n  a.mojom.A: [{since: binder-map, cpp: \"a::A\"}, {since: connector, cpp: \"std::unique_ptr<a::OldA>\", move_only: true}]\n")
        XCTAssertNil(rules.cppType(of: "a.mojom.A", in: .interfaceRegistry))
        XCTAssertEqual(rules.cppType(of: "a.mojom.A", in: .connector), ConversionRules.CppTypeRule(cpp: "std::unique_ptr<a::OldA>", moveOnly: true, since: .connector))
        XCTAssertEqual(rules.cppType(of: "a.mojom.A", in: .remote)?.cpp, "std::unique_ptr<a::OldA>")
        XCTAssertEqual(rules.cppType(of: "a.mojom.A", in: .binderMap)?.cpp, "a::A")
        XCTAssertEqual(rules.cppType(of: "mojo_base.mojom.ListValue", in: .interfaceRegistry)?.cpp, "std::unique_ptr<base::ListValue>")
        XCTAssertEqual(rules.cppType(of: "mojo_base.mojom.ListValue", in: .binderMap)?.cpp, "base::Value")
        XCTAssertEqual(rules.cppType(of: "mojo_base.mojom.ListValue", in: .typedValues)?.cpp, "base::Value::List")
        let replaced = try Fixtures.rules(overriding: "cpp_types:\n  mojo_base.mojom.ListValue: {cpp: base::ListValue}\n")
        XCTAssertEqual(replaced.cppType(of: "mojo_base.mojom.ListValue", in: .binderMap)?.cpp, "base::ListValue")
    }

    func testNonUTF8RulesAreRefused() throws {
        let path = try temporaryFolder().write("rules.yaml", bytes: [0x74, 0x79, 0xFF, 0x0A])
        XCTAssertThrowsError(try ConversionRules.load(overridePath: path)) { error in
            XCTAssertEqual(error as? ConversionError, .unreadableRules(path: path, reason: "not UTF-8 text"))
        }
    }
}
