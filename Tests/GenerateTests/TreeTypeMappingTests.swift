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

    /// Chromium 83 maps mojo_base.mojom.String16 to `::WTF::String` for Blink's variant of the bindings, in a
    /// typemap that sorts before the default one: what a message's senders and handlers get is the default's.
    func testBlinksVariantTypemapsAreNotTheBindingsTypes() throws {
        let tree = try temporaryFolder()
        try tree.write("mojo/public/mojom/base/string16.mojom", "module mojo_base.mojom;\nstruct String16 { array<uint16> data; };\n")
        try tree.write("third_party/blink/renderer/platform/mojo/string.typemap", """
            mojom = "//mojo/public/mojom/base/string16.mojom"
            type_mappings = [ "mojo_base.mojom.String16=::WTF::String[nullable_is_same_type]" ]

            """)
        try tree.write("third_party/blink/public/mojom/other.typemap", """
            mojom = "//mojo/public/mojom/base/string16.mojom"
            type_mappings = [ "mojo_base.mojom.String16=::WTF::String" ]

            """)
        try tree.write("mojo/public/cpp/base/BUILD.gn", """
            cpp_typemaps = [ { types = [ { mojom = "mojo_base.mojom.String16" cpp = "::base::string16" } ] } ]

            """)
        // 2016's Blink kept its variant's typemaps in third_party/WebKit/Source/ (`url.mojom.Url=::blink::KURL`).
        try tree.write("url/mojom/url.mojom", "module url.mojom;\nstruct Url { string url; };\n")
        try tree.write("third_party/WebKit/Source/platform/mojo/KURL.typemap", """
            mojom = "//url/mojom/url.mojom"
            type_mappings = [ "url.mojom.Url=::blink::KURL" ]

            """)
        let learned = learn(tree.path)
        XCTAssertEqual(learned.cppTypes["mojo_base.mojom.String16"]?.cpp, "base::string16")
        XCTAssertNil(learned.types["WTF::String"])
        XCTAssertNil(learned.types["blink::KURL"])
        XCTAssertNil(learned.cppTypes["url.mojom.Url"])
    }

    /// The outline of a `.mojom` file is read by bytes, as the patterns it replaced read it: top-level declarations
    /// (an attribute list may lead the line), not nested or commented ones; the first module; well-formed imports.
    func testTheOutlineOfAMojomFile() {
        let outline = GNText.outline(mojom: """
            // module wrong.mojom;
            module content.mojom;  // trailing
            module other.mojom;
            import "ui/gfx/geometry/mojo/geometry.mojom";
              import  "url/mojom/url.mojom" ;
            import "no/semicolon.mojom"
            // import "commented/out.mojom";
            [Native]
            struct Native;
            [Stable, Extensible] enum Kind { kA, kB };
            interface FrameHost {
              struct Nested {};
              enum InMethod { kX };
            };
            union Value { int32 a; };
            structure NotAKeyword;
            	interface Indented {};
            """)
        XCTAssertEqual(outline.imports, ["ui/gfx/geometry/mojo/geometry.mojom", "url/mojom/url.mojom"])
        XCTAssertEqual(outline.declaredTypes, ["content.mojom.Native", "content.mojom.Kind", "content.mojom.FrameHost", "content.mojom.Value"])
        XCTAssertEqual(GNText.outline(mojom: "struct NoModule {};").declaredTypes, [])
    }

    /// Chromium 83 holds `content/common/frame.mojom` (declaring `content.mojom.Frame` and `FrameHost`) beside
    /// `frame_messages.h`. The generated file must not take the tree's path, which would overwrite it, nor its
    /// interfaces' names in the same module, which would not compile.
    func testAGeneratedFileTakesNeitherTheTreesMojomPathNorItsInterfaceNames() throws {
        let tree = try temporaryFolder()
        try tree.write("content/common/frame.mojom", """
            module content.mojom;
            interface Frame { GetInterfaceProvider(); };
            interface FrameHost { CreateNewWindow(); };
            """)
        try tree.write("content/common/frame_messages.h", """
            #define IPC_MESSAGE_START FrameMsgStart
            IPC_MESSAGE_ROUTED1(FrameMsg_Stop, int /* reason */)
            IPC_MESSAGE_ROUTED1(FrameHostMsg_DidStop, int /* reason */)
            IPC_MESSAGE_CONTROL1(FrameHostMsg_Created, int /* routing_id */)
            """)
        try tree.write("chrome/common/render_messages.h", """
            #define IPC_MESSAGE_START ChromeMsgStart
            IPC_MESSAGE_ROUTED1(ChromeViewHostMsg_Blocked, int /* reason */)
            """)
        try tree.write("components/cdm/common/cdm_messages_android.h", """
            #define IPC_MESSAGE_START EncryptedMediaMsgStart
            IPC_MESSAGE_ROUTED1(ChromeViewHostMsg_QueryKeySystem, std::string /* name */)
            """)
        let rules = try ConversionRules.load(learned: [learn(tree.path)])
        let plan = try ConversionPlan.make(inventory: try IPCScanner.scan(ScanOptions(paths: [tree.path])), rules: rules)
        let frame = try XCTUnwrap(plan.files.first { $0.sourceHeader == "content/common/frame_messages.h" })
        XCTAssertEqual(frame.path, "content/common/frame_messages.mojom")
        XCTAssertEqual(frame.module, "content.mojom")
        // Frame and FrameHost are the tree's; FrameHostProcess is free.
        XCTAssertEqual(frame.interfaces.map(\.name).sorted(), ["FrameHostProcess", "FrameMessages", "FrameMessagesHost"])
        XCTAssertTrue(plan.warnings.map(\.description).contains("content/common/frame_messages.h: the tree already has content/common/frame.mojom; the file for this header's messages is content/common/frame_messages.mojom"), "\(plan.warnings)")
        XCTAssertTrue(plan.warnings.map(\.description).contains("content/common/frame_messages.mojom: the tree's content/common/frame.mojom declares content.mojom.FrameHost; this one is named FrameMessagesHost. Move its methods into the tree's interface if they belong together."), "\(plan.warnings)")
        // A name sharing no whole word with its file's name keeps all of its letters.
        let names = plan.files.flatMap { $0.interfaces.map(\.name) }
        XCTAssertTrue(names.contains("CdmMessagesAndroidChromeViewHost"), "\(names)")
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
        try tree.write("shell/common/offset.mojom", "module shell.mojom;\n\nstruct Offset {\n  int32 x;\n};\n")
        // The tree maps gfx::Range itself; its mapping wins over the upstream's.
        try tree.write("shell/common/range.typemap", "mojom = \"//shell/common/range.mojom\"\ntype_mappings = [ \"shell.mojom.Range=gfx::Range\" ]\n")
        try tree.write("shell/common/range.mojom", "module shell.mojom;\n\nstruct Range {\n  uint32 start;\n};\n")
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

    /// A 2017 ChromeOS-era checkout: ARC++ and the Chrome cleaner map common C++ types to their own mojom types
    /// (`arc.mojom.ScreenRect=gfx::Rect`), and their paths sort before `ui/` and `mojo/`.
    func writeProductTypemaps(into tree: TemporaryFolder) throws {
        // (typemap, the .mojom it names, its module, the type, the C++ type it maps)
        let typemaps = [
            ("components/arc/common/app.typemap", "components/arc/common/screen_rect.mojom", "arc", "ScreenRect", "gfx::Rect"),
            ("components/arc/common/bitmap.typemap", "components/arc/common/bitmap.mojom", "arc", "ArcBitmap", "SkBitmap"),
            ("components/arc/common/video.typemap", "components/arc/common/video.mojom", "arc", "VideoPixelFormat", "media::VideoPixelFormat"),
            ("components/chrome_cleaner/public/typemaps/chrome_prompt.typemap", "components/chrome_cleaner/public/interfaces/chrome_prompt.mojom",
             "chrome_cleaner", "FilePath", "base::FilePath"),
            ("media/mojo/interfaces/media_types.typemap", "media/mojo/interfaces/media_types.mojom", "media", "VideoPixelFormat", "media::VideoPixelFormat"),
            ("mojo/common/file_path.typemap", "mojo/common/file_path.mojom", "mojo.common", "FilePath", "base::FilePath"),
            ("skia/public/interfaces/skbitmap.typemap", "skia/public/interfaces/bitmap.mojom", "skia", "Bitmap", "SkBitmap"),
            ("ui/gfx/geometry/mojo/geometry.typemap", "ui/gfx/geometry/mojo/geometry.mojom", "gfx", "Rect", "gfx::Rect"),
        ]
        for (typemap, mojom, module, type, cpp) in typemaps {
            try tree.write(typemap, "mojom = \"//\(mojom)\"\ntype_mappings = [\n  \"\(module).mojom.\(type)=\(cpp)\",\n]\n")
            // ARC's video.mojom imports its own screen_rect.mojom: an importer inside the product does not make a general home.
            let imports = mojom.hasSuffix("video.mojom") ? "import \"components/arc/common/screen_rect.mojom\";\n\n" : ""
            try tree.write(mojom, "module \(module).mojom;\n\n\(imports)struct \(type) {\n  int32 value;\n};\n")
        }
        try tree.write("content/common/frame.mojom", """
            module content.mojom;

            import "mojo/common/file_path.mojom";
            import "skia/public/interfaces/bitmap.mojom";
            import "ui/gfx/geometry/mojo/geometry.mojom";

            interface Frame {
              Go(gfx.mojom.Rect rect, mojo.common.mojom.FilePath path, skia.mojom.Bitmap bitmap);
            };
            """)
    }

    func testEachCppTypeHasOneMappingAndAProductsOwnNeverWins() throws {
        let tree = try temporaryFolder()
        try writeProductTypemaps(into: tree)
        let learned = learn(tree.path)
        XCTAssertEqual(learned.types["gfx::Rect"]?.mojom, "gfx.mojom.Rect")
        XCTAssertEqual(learned.types["base::FilePath"]?.mojom, "mojo.common.mojom.FilePath", "named alike: the file other components import wins")
        XCTAssertEqual(learned.types["SkBitmap"]?.mojom, "skia.mojom.Bitmap")
        XCTAssertEqual(learned.types["media::VideoPixelFormat"]?.mojom, "media.mojom.VideoPixelFormat", "named alike, imported by none: the C++ type's own namespace wins")
        XCTAssertEqual(learned.choices, [
            "SkBitmap: skia.mojom.Bitmap (skia/public/interfaces/skbitmap.typemap, skia/public/interfaces/bitmap.mojom imported by 1, 1 outside its component); not arc.mojom.ArcBitmap (components/arc/common/bitmap.typemap, components/arc/common/bitmap.mojom imported by 0, 0 outside its component)",
            "base::FilePath: mojo.common.mojom.FilePath (mojo/common/file_path.typemap, mojo/common/file_path.mojom imported by 1, 1 outside its component); not chrome_cleaner.mojom.FilePath (components/chrome_cleaner/public/typemaps/chrome_prompt.typemap, components/chrome_cleaner/public/interfaces/chrome_prompt.mojom imported by 0, 0 outside its component)",
            "gfx::Rect: gfx.mojom.Rect (ui/gfx/geometry/mojo/geometry.typemap, ui/gfx/geometry/mojo/geometry.mojom imported by 1, 1 outside its component); not arc.mojom.ScreenRect (components/arc/common/app.typemap, components/arc/common/screen_rect.mojom imported by 1, 0 outside its component)",
            "media::VideoPixelFormat: media.mojom.VideoPixelFormat (media/mojo/interfaces/media_types.typemap, media/mojo/interfaces/media_types.mojom imported by 0, 0 outside its component); not arc.mojom.VideoPixelFormat (components/arc/common/video.typemap, components/arc/common/video.mojom imported by 0, 0 outside its component)",
        ])
        // Names compare whatever their capitals: libchrome's string16.typemap maps base::string16 to BigString16 too.
        XCTAssertEqual(TreeTypeMappings.nameLikeness(mojom: "mojo_base.mojom.String16", cpp: "base::string16"), 2)
        XCTAssertEqual(TreeTypeMappings.nameLikeness(mojom: "mojo_base.mojom.BigString16", cpp: "base::string16"), 0)
        // The pick does not depend on the order the walk lists the files in.
        let names = FileNameSelection(names: TreeTypeMappings.sourceNames, suffixes: TreeTypeMappings.sourceSuffixes)
        let files = IPCScanner.list(names, under: [tree.path], options: ScanOptions(paths: [tree.path]))[0].relativePaths
        XCTAssertEqual(TreeTypeMappings.learn(root: tree.path, files: files.reversed()), learned)

        // The generate summary lists them once.
        try tree.write("content/common/frame_messages.h", """
            #define IPC_MESSAGE_START FrameMsgStart
            IPC_MESSAGE_ROUTED2(FrameMsg_Go, gfx::Rect /* rect */, base::FilePath /* path */)
            """)
        let out = try temporaryFolder()
        let result = try MojifyBinary.run(["generate", tree.path, "--out", out.path, "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("C++ types with several typemaps") }, ["C++ types with several typemaps: 4 (the first is used)"])
        // The tree has a content/common/frame.mojom of its own.
        let mojom = try String(contentsOfFile: out.path + "/content/common/frame_messages.mojom", encoding: .utf8)
        XCTAssertTrue(mojom.contains("Go(gfx.mojom.Rect rect, mojo.common.mojom.FilePath path);"), mojom)
        XCTAssertFalse(mojom.contains("arc.mojom") || mojom.contains("chrome_cleaner"), mojom)
    }

    /// A Chromium 83 tree (Qt WebEngine's): ARC's typemap is the only one of `printing::PrinterSemanticCapsAndDefaults`,
    /// and `mojo_base.mojom.BigString` maps `std::string`. Neither is the type's: the first is one product's, and
    /// mojom has `string` itself, which 279 parameters of that tree had become `BigString`.
    func testASoleProductTypemapAndTypemapsOfTypesMojomHasAreNotUsed() throws {
        let tree = try temporaryFolder()
        try tree.write("components/arc/mojom/print.mojom", "module arc.mojom;\n\nstruct PrinterCapabilities {\n  int32 dpi;\n};\n")
        try tree.write("components/arc/mojom/print.typemap", """
            mojom = "//components/arc/mojom/print.mojom"
            type_mappings = [ "arc.mojom.PrinterCapabilities=printing::PrinterSemanticCapsAndDefaults" ]
            """)
        try tree.write("mojo/public/mojom/base/big_string.mojom", "module mojo_base.mojom;\n\nstruct BigString {\n  array<uint8> data;\n};\n")
        try tree.write("mojo/public/mojom/base/BUILD.gn", """
            mojom("base") {
              sources = [ "big_string.mojom" ]
              cpp_typemaps = [ { types = [ { mojom = "mojo_base.mojom.BigString" cpp = "::std::string" } ] } ]
            }
            """)
        try tree.write("components/printing/common/printer_mojom_user.mojom", "module printing.mojom;\nimport \"mojo/public/mojom/base/big_string.mojom\";\n")
        let learned = learn(tree.path)
        XCTAssertNil(learned.types["printing::PrinterSemanticCapsAndDefaults"])
        XCTAssertNil(learned.types["std::string"])
        XCTAssertNil(learned.cppTypes["mojo_base.mojom.BigString"])
    }

    /// A Chromium 56 checkout (emblink): `mojo/common/common_custom_types.mojom` where today's `mojo_base` files
    /// would be, no `mojo.common` File or ProcessId, and a stale typemap entry for a type no `.mojom` declares.
    func testEveryImportNamesAFileTheTreeHoldsOrTheRunWrites() throws {
        let tree = try temporaryFolder()
        try tree.write("mojo/common/common_custom_types.typemap", """
            mojom = "//mojo/common/common_custom_types.mojom"
            type_mappings = [
              "mojo.common.mojom.String16=base::string16",
              "mojo.common.mojom.TimeDelta=base::TimeDelta[copyable_pass_by_value]",
            ]
            """)
        try tree.write("mojo/common/common_custom_types.mojom", "module mojo.common.mojom;\n\n[Native]\nstruct String16;\n\n[Native]\nstruct TimeDelta;\n")
        try tree.write("content/common/stale.typemap", "mojom = \"//content/common/stale.mojom\"\ntype_mappings = [ \"content.mojom.Gone=content::Gone\" ]\n")
        try tree.write("content/common/stale.mojom", "module content.mojom;\n\nstruct Other {};\n")
        try tree.write("content/common/frame_messages.h", """
            #define IPC_MESSAGE_START FrameMsgStart
            IPC_MESSAGE_ROUTED5(FrameMsg_Go, base::string16 /* title */, base::NullableString16 /* alt */, base::File /* file */, base::TimeDelta /* delay */, content::Gone /* gone */)
            """)
        let learned = learn(tree.path)
        XCTAssertNil(learned.types["content::Gone"], "the tree's .mojom files declare no content.mojom.Gone")
        let rules = try ConversionRules.load(learned: [learned])
        let plan = try ConversionPlan.make(inventory: try IPCScanner.scan(ScanOptions(paths: [tree.path])), rules: rules)
        let files = try OutputFormat.render(plan, rules: rules, registry: .manifest)
        let mojom = try XCTUnwrap(files["content/common/frame.mojom"])
        let imports = mojom.components(separatedBy: "\n").filter { $0.hasPrefix("import ") }
        XCTAssertEqual(imports, ["import \"mojo/common/common_custom_types.mojom\";"])
        for path in imports.map({ String($0.dropFirst("import \"".count).dropLast(2)) }) {
            XCTAssertTrue(FileManager.default.fileExists(atPath: tree.path + "/" + path) || files[path] != nil, path)
        }
        XCTAssertFalse(mojom.components(separatedBy: "\n").contains { !$0.contains("//") && $0.contains("mojo_base") }, "one output never mixes eras:\n\(mojom)")
        XCTAssertTrue(mojom.contains("mojo.common.mojom.String16 title"), mojom)
        XCTAssertTrue(mojom.contains("mojo.common.mojom.String16? alt"), "NullableString16 takes the tree's String16:\n\(mojom)")
        XCTAssertTrue(mojom.contains("mojo.common.mojom.TimeDelta delay"), mojom)
        XCTAssertTrue(mojom.contains("TodoBaseFile file"), mojom)
        XCTAssertTrue(mojom.replacingOccurrences(of: "\n  // ", with: " ").contains(
            "base::File: the tree declares no mojo_base.mojom.File (today's mojo/public/mojom/base/file.mojom) and maps base::File nowhere"), mojom)
        XCTAssertEqual(plan.unmappedTypes.map(\.cppType), ["base::File", "content::Gone"])
        XCTAssertNoThrow(try MojomSyntaxChecker.check(mojom))

        // A tree without .mojom files (Electron, CEF) gets the built-in table.
        let bare = try temporaryFolder()
        try bare.write("content/common/frame_messages.h", try String(contentsOfFile: tree.path + "/content/common/frame_messages.h", encoding: .utf8))
        let bareRules = try ConversionRules.load(learned: [learn(bare.path)])
        XCTAssertEqual(TypeMapper(rules: bareRules).map(cppType: "base::File")?.imports, ["mojo/public/mojom/base/file.mojom"])
        // A --rules file's mapping holds, whatever the tree holds.
        let override = try ConversionRules(yaml: "types:\n  base::File: {mojom: uint64}\n", path: "r.yaml", base: rules)
        XCTAssertEqual(TypeMapper(rules: override).map(cppType: "base::File")?.mojom, "uint64")
    }

    /// Electron in 2019: its own `.mojom` files import Chromium's (`mojo/public/mojom/base/values.mojom`), which it
    /// builds against without holding. What it lacks, its Chromium has: the built-in table stands. A checkout that
    /// holds `mojo/` but not one imported file is still judged by what it holds.
    func testAnEmbeddersMojomImportingChromiumsKeepsTheBuiltInTable() throws {
        let tree = try temporaryFolder()
        try tree.write("atom/common/api/api.mojom", "module atom.mojom;\n\nimport \"mojo/public/mojom/base/values.mojom\";\n\ninterface Browser {\n  Message(mojo_base.mojom.ListValue arguments);\n};\n")
        let learned = learn(tree.path)
        XCTAssertTrue(learned.importsAnOutsideChromium)
        let rules = try ConversionRules.load(learned: [learned])
        XCTAssertEqual(TypeMapper(rules: rules).map(cppType: "base::ListValue")?.imports, ["mojo/public/mojom/base/values.mojom"])
        XCTAssertEqual(TypeMapper(rules: rules).map(cppType: "gfx::RectF")?.mojom, "gfx.mojom.RectF")

        try tree.write("mojo/public/mojom/base/string16.mojom", "module mojo_base.mojom;\n\nstruct String16 { array<uint16> data; };\n")
        // 2016's imports relative to the importing file name no folder.
        try tree.write("device/serial/serial.mojom", "module device.serial;\n\nimport \"data_stream.mojom\";\n")
        let checkout = learn(tree.path)
        XCTAssertFalse(checkout.importsAnOutsideChromium)
        XCTAssertNil(TypeMapper(rules: try ConversionRules.load(learned: [checkout])).map(cppType: "base::ListValue"), "the checkout declares no mojo_base.mojom.ListValue")
    }
}

extension MojomField {
    var text: String { "\(type) \(name)" }
}
