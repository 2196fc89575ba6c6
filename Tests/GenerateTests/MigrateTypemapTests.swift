@testable import MojifyConversion
@testable import MojifyMigration
import MojifyScanner
import XCTest

/// Signatures of types Chromium maps to C++ types of its own (mojo_base, gfx): the override must declare the type
/// and passing the bindings generate today, or it hides the interface's method instead of implementing it.
extension MigrateTests {
    func testMappedTypesAreDeclaredAsTodaysBindingsDeclareThem() throws {
        let (result, _) = try migrate(header: """
        IPC_MESSAGE_ROUTED4(TestHostMsg_Mapped, base::DictionaryValue /* usage */, base::TimeDelta /* duration */, base::string16 /* title */, gfx::Rect /* bounds */)

        """, source: """
        IPC_BEGIN_MESSAGE_MAP(Host, message)
          IPC_MESSAGE_HANDLER(TestHostMsg_Mapped, OnMapped)
        IPC_END_MESSAGE_MAP()

        """)
        let signature = "Mapped(base::Value::Dict usage, base::TimeDelta duration, const std::u16string& title, const gfx::Rect& bounds)"
        let header = try XCTUnwrap(result.drafts["content/renderer/test_host_impl.h"], "\(result.drafts.keys.sorted())")
        XCTAssertTrue(header.contains("  void \(signature) override;"), header)
        let mock = try XCTUnwrap(result.drafts["content/common/test_host_mock.h"])
        XCTAssertTrue(mock.contains("MOCK_METHOD(void, Mapped, (base::Value::Dict, base::TimeDelta, const std::u16string&, const gfx::Rect&), (override));"), mock)
        // base::string16 is today's std::u16string by another name; base::DictionaryValue is another type.
        let implementation = try XCTUnwrap(result.drafts["content/renderer/test_host_impl.cc"])
        XCTAssertTrue(implementation.contains("::\(signature) {\n  // TODO(mojify): OnMapped takes the legacy C++ types; convert usage from the\n"), implementation)
    }

    func testContainersOfMoveOnlyMappedTypesArePassedByValue() throws {
        let (result, _) = try migrate(header: """
        IPC_MESSAGE_ROUTED2(TestHostMsg_Lists, std::vector<base::ListValue> /* lists */, std::vector<base::TimeDelta> /* times */)

        """, source: "\n")
        let header = try XCTUnwrap(result.drafts["content/common/test_host_impl.h"], "\(result.drafts.keys.sorted())")
        XCTAssertTrue(header.contains("  void Lists(std::vector<base::Value::List> lists, const std::vector<base::TimeDelta>& times) override;"), header)
    }

    /// A 2016 tree's bindings pass values as `std::unique_ptr<base::DictionaryValue>` and strings as
    /// `base::string16`; a 2018-2019 tree's (mojo_base, typemapped to `base::Value` from its start) as
    /// `base::Value`, converted back with what its base/ has (`AsListValue` came in 2019): the era's types.
    func testMappedTypesAreOfTheTreesEra() throws {
        let header = "IPC_MESSAGE_ROUTED3(TestHostMsg_Mapped, base::DictionaryValue /* usage */, base::ListValue /* args */, base::string16 /* title */)\n"
        let source = "IPC_BEGIN_MESSAGE_MAP(Host, message)\n  IPC_MESSAGE_HANDLER(TestHostMsg_Mapped, OnMapped)\nIPC_END_MESSAGE_MAP()\n"
        for (era, signature, call) in [
            (MojoEra.interfaceRegistry, "Mapped(std::unique_ptr<base::DictionaryValue> usage, std::unique_ptr<base::ListValue> args, const base::string16& title)",
             "OnMapped(*usage, *args, title);"),
            (.connector, "Mapped(base::Value usage, base::Value args, const base::string16& title)",
             "OnMapped(*base::DictionaryValue::From(base::Value::ToUniquePtrValue(std::move(usage))), *base::ListValue::From(base::Value::ToUniquePtrValue(std::move(args))), title);"),
            (.remote, "Mapped(base::Value usage, base::Value args, const base::string16& title)",
             "OnMapped(base::Value::AsDictionaryValue(usage), base::Value::AsListValue(args), title);"),
        ] {
            let (result, _) = try migrate(header: header, source: source, api: era.mojoAPI, era: era)
            let header = try XCTUnwrap(result.drafts["content/renderer/test_host_impl.h"], "\(result.drafts.keys.sorted())")
            XCTAssertTrue(header.contains("  void \(signature) override;"), "\(era): \(header)")
            let mock = try XCTUnwrap(result.drafts["content/common/test_host_mock.h"])
            XCTAssertFalse(mock.contains("base::Value::") || mock.contains("std::u16string"), "\(era): \(mock)")
            // The handler took the values themselves, which the rules' `to` makes of the bindings' ones; the
            // string is the same type.
            let implementation = try XCTUnwrap(result.drafts["content/renderer/test_host_impl.cc"])
            XCTAssertTrue(implementation.contains("->" + call), "\(era): \(implementation)")
            XCTAssertFalse(implementation.contains("TODO(mojify): OnMapped"), "\(era): \(implementation)")
        }
    }

    /// The tree's own typemaps say what its bindings generate, whatever the era: `base::TimeDelta` passed by value
    /// as `copyable_pass_by_value` says, a type of the tree's `mojo/common` module as its typemap names it.
    func testTheTreesTypemapsComeFirst() throws {
        let scratch = try temporaryFolder()
        try scratch.write("content/common/test_messages.h", "#define IPC_MESSAGE_START TestMsgStart\nIPC_MESSAGE_ROUTED2(TestHostMsg_Timed, base::TimeDelta /* delay */, base::ListValue /* args */)\n")
        try scratch.write("mojo/common/common_custom_types.mojom", "module mojo.common.mojom;\n[Native]\nstruct TimeDelta;\n[Native]\nstruct ListValue;\n")
        try scratch.write("mojo/common/common_custom_types.typemap", """
        mojom = "//mojo/common/common_custom_types.mojom"
        type_mappings = [
          "mojo.common.mojom.TimeDelta=base::TimeDelta[copyable_pass_by_value]",
          "mojo.common.mojom.ListValue=base::ListValue",
        ]

        """)
        let method = try Self.firstMethodLearningTypemaps(in: scratch.path)
        XCTAssertEqual(method.parameters.map(\.type), ["base::TimeDelta", "const base::ListValue&"])
        XCTAssertEqual(method.parameters.map(\.needsConversion), [false, false])
    }

    /// A typemap entry marked `nullable_is_same_type` (a `GURL` is empty, not absent) spells a nullable value as the
    /// type itself, as the bindings do; other nullable types keep the era's optional.
    func testANullableTypeTheTypemapSaysIsTheSameTypeIsNotWrapped() throws {
        let scratch = try temporaryFolder()
        try scratch.write("content/common/test_messages.h", "#define IPC_MESSAGE_START TestMsgStart\nIPC_MESSAGE_ROUTED2(TestHostMsg_Linked, base::Optional<GURL> /* link */, base::Optional<base::TimeDelta> /* delay */)\n")
        try scratch.write("url/mojo/url.mojom", "module url.mojom;\n[Native]\nstruct Url;\n")
        try scratch.write("mojo/common/common_custom_types.mojom", "module mojo.common.mojom;\n[Native]\nstruct TimeDelta;\n")
        try scratch.write("url/mojo/gurl.typemap", "mojom = \"//url/mojo/url.mojom\"\ntype_mappings = [ \"url.mojom.Url=GURL[nullable_is_same_type]\" ]\n")
        try scratch.write("mojo/common/common_custom_types.typemap", "mojom = \"//mojo/common/common_custom_types.mojom\"\ntype_mappings = [ \"mojo.common.mojom.TimeDelta=base::TimeDelta[copyable_pass_by_value]\" ]\n")
        let method = try Self.firstMethodLearningTypemaps(in: scratch.path)
        XCTAssertEqual(method.parameters.map(\.type), ["const GURL&", "base::Optional<base::TimeDelta>"])
    }

    /// The first method of the 2016-era migration of `root`, with the typemaps the tree holds learned as migrate
    /// learns them.
    static func firstMethodLearningTypemaps(in root: String) throws -> CppMigration.Method {
        var options = ScanOptions(paths: [root])
        options.listing = FileNameSelection(suffixes: TreeTypeMappings.sourceSuffixes)
        let scanned = try IPCScanner.scanListing(options)
        let learned = scanned.listed.map { TreeTypeMappings.learn(root: $0.root, files: $0.relativePaths) }
        let rules = try ConversionRules.load(learned: learned)
        let plan = try ConversionPlan.make(inventory: scanned.inventory, rules: rules)
        let migration = CppMigration(plan: plan, inventory: scanned.inventory, rules: rules, era: .interfaceRegistry)
        return try XCTUnwrap(migration.interfaces.first?.methods.first)
    }
}
