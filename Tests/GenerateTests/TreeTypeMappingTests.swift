import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import MojifyScanner
import MojifyTestSupport
import XCTest

/// Type mappings of 2013-2020 Chromium IPC: the built-in table, and what a tree (or its upstream checkout) declares
/// in typemaps, `cpp_typemaps` and `.mojom` files, with the import paths of its own era.
final class TreeTypeMappingTests: XCTestCase {
    /// What a tree teaches, from the mapping files a walk of it lists, as `generate` learns them.
    private func learn(_ root: String, skipping: [String] = []) -> TreeTypeMappings {
        let names = FileNameSelection(names: TreeTypeMappings.sourceNames, suffixes: TreeTypeMappings.sourceSuffixes)
        let files = IPCScanner.list(names, under: [root], options: ScanOptions(paths: [root]))[0].relativePaths
        return TreeTypeMappings.learn(root: root, files: files, skipping: skipping)
    }

    func testTheEraTypesOfLegacyIPCAreBuiltIn() throws {
        let mapper = TypeMapper(rules: try Fixtures.rules())
        let expected: [String: String] = [
            "std::vector<unsigned char>": "array<uint8>", "std::vector<uint8_t>": "array<uint8>", "unsigned char": "uint8",
            "char": "int8", "signed char": "int8", "uint": "uint32", "SkColor": "uint32",
            "content::Referrer": "blink.mojom.Referrer", "net::SiteForCookies": "network.mojom.SiteForCookies",
            "base::FileDescriptor": "mojo_base.mojom.File", "IPC::PlatformFileForTransit": "mojo_base.mojom.File",
            "IPC::ChannelHandle": "handle<message_pipe>", "base::SharedMemoryHandle": "mojo_base.mojom.UnsafeSharedMemoryRegion",
            "base::Optional<gfx::Range>": "gfx.mojom.Range?", "std::optional<url::Origin>": "url.mojom.Origin?",
            "base::NullableString16": "mojo_base.mojom.String16?", "gfx::Vector2d": "gfx.mojom.Vector2d",
            "gfx::Transform": "gfx.mojom.Transform", "gfx::Insets": "gfx.mojom.Insets", "base::ProcessId": "mojo_base.mojom.ProcessId",
        ]
        for (cppType, mojom) in expected {
            XCTAssertEqual(mapper.map(cppType: cppType)?.mojom, mojom, cppType)
        }
        XCTAssertEqual(mapper.map(cppType: "base::Optional<gfx::Range>")?.imports, ["ui/gfx/range/mojom/range.mojom"])
    }

    /// A 2017 checkout: `ui/gfx/range/mojo/range.typemap` and `ui/gfx/geometry/mojo/` (before the 2019 move to
    /// `mojom/`), and a later `cpp_typemaps` target for gpu types.
    func writeChromium2017(into folder: TemporaryFolder, under prefix: String = "") throws {
        try folder.write(prefix + "ui/gfx/range/mojo/range.typemap", """
            # A typemap as Chromium wrote them from 2016 to 2020.
            mojom = "//ui/gfx/range/mojo/range.mojom"
            public_headers = [
              "//ui/gfx/range/range.h",
            ]
            traits_headers = [ "//ui/gfx/range/mojo/range_struct_traits.h" ]
            type_mappings = [
              "gfx.mojom.Range=gfx::Range[copyable_pass_by_value]",
              "gfx.mojom.RangeF=gfx::RangeF",  # a comment after an item
            ]
            """)
        try folder.write(prefix + "ui/gfx/range/mojo/range.mojom", "module gfx.mojom;\n\nstruct Range {\n  uint32 start;\n  uint32 end;\n};\n\nstruct RangeF {\n  float start;\n  float end;\n};\n")
        try folder.write(prefix + "ui/gfx/range/mojo/BUILD.gn", """
            import("//mojo/public/tools/bindings/mojom.gni")

            mojom("mojo") {
              sources = [ "range.mojom" ]
            }
            """)
        try folder.write(prefix + "ui/gfx/geometry/mojo/geometry.mojom", "// Geometry.\nmodule gfx.mojom;\n\n[Stable]\nstruct Rect {\n  int32 x;\n};\n\nstruct Vector2d {\n  int32 x;\n  int32 y;\n};\n")
        try folder.write(prefix + "ui/gfx/geometry/mojo/BUILD.gn", "mojom(\"mojo\") {\n  sources = [\n    \"geometry.mojom\",\n  ]\n}\n")
        try folder.write(prefix + "gpu/ipc/common/mailbox.mojom", "module gpu.mojom;\n\nstruct Mailbox {\n  array<int8, 16> name;\n};\n")
        try folder.write(prefix + "gpu/ipc/common/BUILD.gn", """
            mojom("interfaces") {
              sources = [
                "mailbox.mojom",
              ]
              shared_cpp_typemap = {
                types = [
                  {
                    mojom = "gpu.mojom.Mailbox"
                    cpp = "::gpu::Mailbox"
                  },
                ]
                traits_headers = [ "mailbox_mojom_traits.h" ]
              }
              cpp_typemaps = [ shared_cpp_typemap ]
            }
            """)
    }

    func testMappingsAreLearnedFromTypemapsCppTypemapsAndMojomFiles() throws {
        let tree = try temporaryFolder()
        try writeChromium2017(into: tree)
        let learned = learn(tree.path)
        XCTAssertEqual(learned.types["gfx::Range"], ConversionRules.TypeRule(
            mojom: "gfx.mojom.Range", importPath: "ui/gfx/range/mojo/range.mojom", dependency: "//ui/gfx/range/mojo:mojo", source: "ui/gfx/range/mojo/range.typemap"))
        // A `]` inside an item does not end the list; the typemap's attributes say how the bindings pass the type.
        XCTAssertEqual(learned.types["gfx::RangeF"]?.mojom, "gfx.mojom.RangeF")
        XCTAssertEqual(learned.cppTypes["gfx.mojom.Range"], ConversionRules.CppTypeRule(cpp: "gfx::Range", byValue: true))
        XCTAssertEqual(learned.cppTypes["gpu.mojom.Mailbox"]?.cpp, "gpu::Mailbox")
        XCTAssertEqual(learned.types["gpu::Mailbox"], ConversionRules.TypeRule(
            mojom: "gpu.mojom.Mailbox", importPath: "gpu/ipc/common/mailbox.mojom", dependency: "//gpu/ipc/common:interfaces", source: "gpu/ipc/common/BUILD.gn"))
        XCTAssertEqual(learned.declarations["gfx.mojom.Rect"], ["ui/gfx/geometry/mojo/geometry.mojom"])

        let rules = try ConversionRules.load(learned: [learned])
        let mapper = TypeMapper(rules: rules)
        // The built-in gfx::Rect points at today's path; the tree declares the type in its own era's file.
        XCTAssertEqual(mapper.map(cppType: "gfx::Rect")?.imports, ["ui/gfx/geometry/mojo/geometry.mojom"])
        XCTAssertEqual(mapper.map(cppType: "gfx::Rect")?.dependencies, ["//ui/gfx/geometry/mojo:mojo"])
        XCTAssertEqual(mapper.map(cppType: "std::vector<gfx::Range>")?.mojom, "array<gfx.mojom.Range>")
        XCTAssertEqual(mapper.map(cppType: "gfx::Range")?.sources, ["gfx::Range as gfx.mojom.Range (ui/gfx/range/mojo/range.typemap)"])
        // A --rules file still wins over what the tree says.
        let override = try ConversionRules(yaml: "types:\n  gfx::Range: {mojom: uint64}\n", path: "r.yaml", base: rules)
        XCTAssertEqual(TypeMapper(rules: override).map(cppType: "gfx::Range")?.mojom, "uint64")
    }

    func testTheTreeComesBeforeItsUpstreamAndTheGeneratedFileSaysWhere() throws {
        let tree = try temporaryFolder()
        let upstream = try temporaryFolder()
        try writeChromium2017(into: upstream)
        try tree.write("shell/common/shell_messages.h", """
            #define IPC_MESSAGE_START ShellMsgStart
            // Selects the text in |range| of the focused editable element.
            IPC_MESSAGE_ROUTED2(ShellViewMsg_SelectRange, gfx::Range /* range */, gpu::Mailbox /* mailbox */)
            IPC_MESSAGE_ROUTED1(ShellViewMsg_Scroll, shell::Offset /* offset */)
            """)
        try tree.write("shell/common/offset.typemap", "mojom = \"//shell/common/offset.mojom\"\ntype_mappings = [ \"shell.mojom.Offset=shell::Offset\" ]\n")
        // The tree maps gfx::Range itself; its mapping wins over the upstream's.
        try tree.write("shell/common/range.typemap", "mojom = \"//shell/common/range.mojom\"\ntype_mappings = [ \"shell.mojom.Range=gfx::Range\" ]\n")
        let learned = [learn(tree.path), learn(upstream.path)]
        let rules = try ConversionRules.load(learned: learned)
        let plan = try ConversionPlan.make(inventory: try IPCScanner.scan(ScanOptions(paths: [tree.path])), rules: rules)
        XCTAssertEqual(plan.unmappedTypes, [])
        let files = try OutputFormat.render(plan, rules: rules, registry: .manifest)
        let mojom = try XCTUnwrap(files["shell/common/shell.mojom"])
        for line in [
            "import \"gpu/ipc/common/mailbox.mojom\";", "import \"shell/common/offset.mojom\";", "import \"shell/common/range.mojom\";",
            "// Type mappings learned from the tree:", "// - gfx::Range as shell.mojom.Range (shell/common/range.typemap)",
            "// - gpu::Mailbox as gpu.mojom.Mailbox (gpu/ipc/common/BUILD.gn)",
            "  // Selects the text in |range| of the focused editable element.",
            "  SelectRange(shell.mojom.Range range, gpu.mojom.Mailbox mailbox);",
        ] {
            XCTAssertTrue(mojom.contains(line), "missing \(line) in\n\(mojom)")
        }
        let gn = try XCTUnwrap(files["shell/common/BUILD.gn"])
        XCTAssertTrue(gn.contains("\"//gpu/ipc/common:interfaces\""), gn)
        XCTAssertTrue(gn.contains("\"//shell/common\""), gn)
        XCTAssertNoThrow(try MojomSyntaxChecker.check(mojom))
    }

    func testWhatATreeDeclaresIsUntrusted() throws {
        let tree = try temporaryFolder()
        try tree.write("a/evil.typemap", """
            mojom = "//a/evil.mojom"
            type_mappings = [
              "gfx.mojom.Range;\\nimport x=gfx::Range",
              "a.mojom.Ok=a::Ok",
              "a.mojom.Path=a::Path",
            ]
            """)
        try tree.write("b/$(x)/evil.typemap", "mojom = \"//b/$(x)/evil.mojom\"\ntype_mappings = [ \"b.mojom.Bad=b::Bad\" ]\n")
        let learned = learn(tree.path)
        XCTAssertNil(learned.types["gfx::Range"])
        XCTAssertNil(learned.types["b::Bad"], "a GN label with $ would be interpolated")
        XCTAssertEqual(learned.types["a::Ok"]?.importPath, "a/evil.mojom")
    }

    func testTheOutputFolderTeachesNothing() throws {
        let tree = try temporaryFolder()
        try tree.write("gen/x/x.typemap", "mojom = \"//x/x.mojom\"\ntype_mappings = [ \"x.mojom.X=x::X\" ]\n")
        XCTAssertNil(learn(tree.path, skipping: [tree.path + "/gen"]).types["x::X"])
        XCTAssertNotNil(learn(tree.path).types["x::X"])
    }

    /// chromium-efl's `impl/common/render_messages_efl.h` includes `"cache_params_efl.h"`, which is in `impl/`
    /// (an `-I` folder of its build), neither next to it nor at the root.
    func testDefinitionsAreFoundThroughIncludeFolders() throws {
        let tree = try temporaryFolder()
        try tree.write("impl/common/render_messages_efl.h", """
            #include "cache_params_efl.h"
            #define IPC_MESSAGE_START EwkMsgStart
            IPC_STRUCT_TRAITS_BEGIN(CacheParamsEfl)
              IPC_STRUCT_TRAITS_MEMBER(cache_total_capacity)
            IPC_STRUCT_TRAITS_END()
            IPC_MESSAGE_CONTROL1(EwkViewMsg_SetCache, CacheParamsEfl)
            """)
        try tree.write("impl/cache_params_efl.h", "#include <stdint.h>\nstruct CacheParamsEfl {\n  // Bytes the cache may hold.\n  int64_t cache_total_capacity;\n};\n")
        func structFields(_ options: ScanOptions) throws -> [String] {
            let inventory = try IPCScanner.scan(options)
            let plan = try ConversionPlan.make(inventory: inventory, rules: try Fixtures.rules())
            return plan.files.flatMap(\.structs).flatMap(\.fields).map(\.text)
        }
        XCTAssertEqual(try structFields(ScanOptions(paths: [tree.path])), [])
        var withFolder = ScanOptions(paths: [tree.path])
        withFolder.includeDirs = ["impl"]
        XCTAssertEqual(try structFields(withFolder), ["int64 cache_total_capacity"])
        let plan = try ConversionPlan.make(inventory: try IPCScanner.scan(withFolder), rules: try Fixtures.rules())
        XCTAssertEqual(plan.files.flatMap(\.structs).flatMap(\.fields).map(\.comments), [["Bytes the cache may hold."]], "the C++ field's comment is carried")
        // The same from a compile database's -I flag.
        try tree.write("out/compile_commands.json", """
            [{"directory": "\(tree.path)/out", "file": "../impl/common/render_messages_efl.cc", "arguments": ["clang++", "-I../impl", "-c", "../impl/common/render_messages_efl.cc"]}]
            """)
        var withDatabase = ScanOptions(paths: [tree.path])
        withDatabase.compileCommands = tree.path + "/out"
        XCTAssertEqual(try structFields(withDatabase), ["int64 cache_total_capacity"])
        var missing = ScanOptions(paths: [tree.path])
        missing.includeDirs = ["no/such"]
        XCTAssertThrowsError(try IPCScanner.scan(missing)) { error in
            XCTAssertEqual("\(error)", "--include-dir no/such: no such folder; give an existing folder (absolute, or relative to the scanned root for --include-dir)")
        }
    }
}

extension MojomField {
    var text: String { "\(type) \(name)" }
}
