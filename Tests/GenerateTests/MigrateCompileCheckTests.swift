import Foundation
@testable import MojifyApplication
@testable import MojifyMigration
@testable import MojifyScanner
import MojifyConversion
import MojifyCore
import MojifyTestSupport
import XCTest

/// The include-aware check of `migrate --check`/`--apply`, and the rewrites it showed to be wrong on real trees:
/// senders calling a getter no class gets, and legacy values passed where the bindings take a new type.
final class MigrateCompileCheckTests: XCTestCase {
    private func examplesDeclarations(api: MojoAPI = .current, treeHas: (String) -> Bool = { _ in false }) throws -> MojomDeclarations {
        let era: MojoEra = api == .legacy ? .interfaceRegistry : .typedValues
        let rules = try Fixtures.rules().inEra(era)
        let inventory = try Fixtures.examples.get()
        let plan = try ConversionPlan.make(inventory: inventory, rules: rules)
        let migration = CppMigration(plan: plan, inventory: inventory, rules: rules, era: era)
        return MojomDeclarations(plan: plan, migration: migration, inventory: inventory, rules: rules, era: era, api: api, includesOf: { _ in [] }, treeHas: treeHas)
    }

    /// Code written against the declared bindings type-checks where it calls them rightly, and fails where it
    /// passes a value of another type: in either era, with the stand-ins of a tree that has no Mojo headers.
    func testUsesOfTheDeclaredBindingsAreTypeChecked() throws {
        for (api, remote) in [(MojoAPI.current, "mojo::Remote<content::mojom::FrameHost>"), (.legacy, "content::mojom::FrameHostPtr")] {
            let declarations = try examplesDeclarations(api: api)
            XCTAssertTrue(declarations.standIns.contains(api.remoteHeader(associated: false)), "\(declarations.standIns)")
            // What a tree's own bindings templates ask of an interface (2016's AssociatedInterfacePtr holds a
            // `std::unique_ptr<Interface::Proxy_>`), so that a class holding a remote compiles in the check.
            let frame = try XCTUnwrap(declarations.headers["content/common/frame.mojom.h"])
            XCTAssertTrue(frame.contains("  class Proxy_;\n") && frame.contains("  static constexpr unsigned Version_ = 0;\n"), frame)
            XCTAssertTrue(frame.contains("class FrameHost::Proxy_ : public FrameHost {\n public:\n  void DidCommitProvisionalLoad("), frame)
            let scratch = try temporaryFolder(files: declarations.headers)
            var setup = CompileCheck.Setup(root: try temporaryFolder().path)
            setup.fallbackDirs = [scratch.path]
            let checker = try CompileCheck.Checker(setup)
            let prefix = "#include \"content/common/frame.mojom.h\"\nvoid Use(\(remote)& remote) {\n"
            let good = checker.check(path: setup.root + "/use.cc", text: prefix + "  remote->DidChangeScrollOffsetPinning(true, false);\n}\n")
            XCTAssertEqual(good.errors, [], "\(api)")
            let bad = checker.check(path: setup.root + "/use.cc", text: prefix + "  remote->DidChangeScrollOffsetPinning(std::string(), false);\n}\n")
            XCTAssertEqual(bad.errors.map(\.line), [3], "\(api): \(bad.errors)")
        }
    }

    /// Where the tree has a Mojo header, its own is read: no stand-in is declared for it.
    func testNoStandInForAHeaderTheTreeHas() throws {
        let declarations = try examplesDeclarations(treeHas: { $0 == "mojo/public/cpp/bindings/remote.h" })
        XCTAssertFalse(declarations.standIns.contains("mojo/public/cpp/bindings/remote.h"))
        XCTAssertTrue(declarations.standIns.contains("mojo/public/cpp/bindings/receiver.h"))
    }

    /// A new error in a file that parsed cleanly before is the patch's, wherever it is; the summary lists it and
    /// the flow then refuses --apply.
    func testANewErrorInACleanFileIsCounted() throws {
        let scratch = try temporaryFolder(files: [
            "a/foo.h": "#pragma once\nclass Foo {\n public:\n  void Bar(int value);\n};\n",
            "a/use.cc": "#include \"a/foo.h\"\nvoid Use(Foo* foo) {\n  foo->Bar(1);\n}\n",
        ])
        let source = try scratch.read("a/use.cc")
        let patch = MigrationPatch(diff: "", files: ["a/use.cc"], outcomes: [], rewritten: ["a/use.cc": source.replacingOccurrences(of: "Bar(1)", with: "Baz(1)")])
        let options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
        let findings = try MigrateFlow.compileCheck(patch, sources: ["a/use.cc": source], drafts: [:], declarations: try examplesDeclarations(), root: scratch.path, options: options)
        XCTAssertEqual(findings.added.map { "\($0.file):\($0.error)" }, ["a/use.cc:3:8: no member named 'Baz' in 'Foo'"])
        XCTAssertEqual(findings.checkedFiles, 1)
        let summary = MigrateFlow.compileSummary(findings, blocking: true)
        XCTAssertEqual(summary.prefix(2), [
            "types: the patch adds 1 error in 1 file (libclang, with the tree's includes); fix the rewrite there by hand",
            "  a/use.cc:3:8: no member named 'Baz' in 'Foo'",
        ])
        XCTAssertEqual(MigrateFlow.compileSummary(nil, blocking: false).first?.hasPrefix("types: not checked;"), true)
    }

    /// A source the patch adds (the struct converters') has no before: it is checked as a draft is, beside the
    /// header the patch adds with it, and an error in it is the patch's, which stops --apply.
    func testASourceThePatchAddsIsCheckedAsADraft() throws {
        let scratch = try temporaryFolder(files: ["a/params.h": "#pragma once\nstruct Params {\n  int id;\n};\n"])
        let header = "#pragma once\n#include \"a/params.h\"\nint Convert(const Params& input);\n"
        let source = "#include \"a/params_type_converters.h\"\nint Convert(const Params& input) {\n  return input.identifier;\n}\n"
        let patch = MigrationPatch(diff: "", files: ["a/params_type_converters.cc", "a/params_type_converters.h"], outcomes: [],
                                   addedFiles: ["a/params_type_converters.cc", "a/params_type_converters.h"],
                                   rewritten: ["a/params_type_converters.cc": source, "a/params_type_converters.h": header])
        let options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
        let findings = try MigrateFlow.compileCheck(patch, sources: [:], drafts: [:], declarations: try examplesDeclarations(), root: scratch.path, options: options)
        XCTAssertEqual(findings.checkedFiles, 1)
        XCTAssertEqual(findings.added.map { "\($0.file):\($0.error)" }, ["a/params_type_converters.cc:3:16: no member named 'identifier' in 'Params'"])
        XCTAssertEqual(findings.draftErrors.count, 0)
        // So are the errors of a header it adds, though it is read beside the declared bindings.
        var broken = patch
        broken.rewritten["a/params_type_converters.h"] = header.replacingOccurrences(of: "const Params& input", with: "const Missing& input")
        let brokenFindings = try MigrateFlow.compileCheck(broken, sources: [:], drafts: [:], declarations: try examplesDeclarations(), root: scratch.path, options: options)
        XCTAssertTrue(brokenFindings.added.contains { $0.file == "a/params_type_converters.h" && $0.error.message == "unknown type name 'Missing'" }, "\(brokenFindings.added)")
        XCTAssertFalse(brokenFindings.declarationErrors.contains { $0.hasPrefix("a/params_type_converters.h:") })
    }

    /// The converters of a legacy struct holding a `base::ListValue` compile against `base::Value` as Chromium 81-100
    /// declared it (`AsListValue` gives only a const reference; `ListValue::From` takes ownership) and against an
    /// `IPC_STRUCT` as the macros define it (a declared constructor and destructor, so no move constructor). The
    /// same code with the member moved out of `AsListValue` does not: the headers below are strict enough to tell.
    func testTheStructConvertersCompileAgainstTheValuesOfTheirEra() throws {
        let tree = try temporaryFolder(files: [
            "ipc/ipc_message_macros.h": """
                #pragma once
                #define IPC_STRUCT_BEGIN(name) struct name { name(); ~name();
                #define IPC_STRUCT_MEMBER(type, name) type name;
                #define IPC_STRUCT_END() };
                #define IPC_MESSAGE_ROUTED1(name, type)

                """,
            "base/values.h": """
                #pragma once
                #include <memory>
                namespace base {
                class ListValue;
                class Value {
                 public:
                  static std::unique_ptr<Value> ToUniquePtrValue(Value value);
                  static const ListValue& AsListValue(const Value& value);
                  Value();
                  Value(Value&&) noexcept;
                  Value& operator=(Value&&) noexcept;
                  Value(const Value&) = delete;
                  Value& operator=(const Value&) = delete;
                  virtual ~Value();
                  Value Clone() const;
                };
                class ListValue : public Value {
                 public:
                  static std::unique_ptr<ListValue> From(std::unique_ptr<Value> value);
                  ListValue();
                };
                }  // namespace base

                """,
            "content/common/test_messages.h": """
                #include "base/values.h"
                #include "ipc/ipc_message_macros.h"
                #define IPC_MESSAGE_START TestMsgStart
                IPC_STRUCT_BEGIN(TestParams)
                  IPC_STRUCT_MEMBER(int, id)
                  IPC_STRUCT_MEMBER(base::ListValue, arguments)
                IPC_STRUCT_END()
                IPC_MESSAGE_ROUTED1(TestHostMsg_Request, TestParams /* params */)

                """,
            "content/renderer/host.cc": """
                IPC_BEGIN_MESSAGE_MAP(Host, message)
                  IPC_MESSAGE_HANDLER(TestHostMsg_Request, OnRequest)
                IPC_END_MESSAGE_MAP()

                """,
        ])
        let result = try MigrateTests.migrate(root: tree.path, era: .binderMap)
        XCTAssertEqual(result.patch.addedFiles, ["content/common/test_type_converters.cc", "content/common/test_type_converters.h"])
        // The bindings as Chromium generates them for the struct, the era's base::Value in place of the ListValue.
        var declared = MojoStandIns.headers(api: .current)
        declared["content/common/test.mojom.h"] = """
            #pragma once
            #include <cstdint>
            #include "base/values.h"
            #include "mojo/public/cpp/bindings/struct_ptr.h"
            namespace content {
            namespace mojom {
            class TestParams;
            using TestParamsPtr = mojo::StructPtr<TestParams>;
            class TestParams {
             public:
              static TestParamsPtr New();
              int32_t id;
              base::Value arguments;
            };
            }  // namespace mojom
            }  // namespace content

            """
        declared["content/common/test_type_converters.h"] = result.patch.rewritten["content/common/test_type_converters.h"]
        let fallback = try temporaryFolder(files: declared)
        var setup = CompileCheck.Setup(root: tree.path)
        setup.fallbackDirs = [fallback.path]
        let checker = try CompileCheck.Checker(setup)
        let source = try XCTUnwrap(result.patch.rewritten["content/common/test_type_converters.cc"])
        let checked = checker.check(path: tree.path + "/content/common/test_type_converters.cc", text: source)
        XCTAssertEqual(checked.errors, [], source)
        XCTAssertTrue(checked.unseen.isEmpty, "\(checked.unseen)")
        let constMove = source.replacingOccurrences(of: "std::move(*base::ListValue::From(base::Value::ToUniquePtrValue(std::move(input->arguments))))",
                                                    with: "std::move(base::Value::AsListValue(input->arguments))")
        XCTAssertNotEqual(constMove, source)
        XCTAssertFalse(checker.check(path: tree.path + "/content/common/test_type_converters.cc", text: constMove).errors.isEmpty)
    }

    /// A file that parsed with errors before (a header the tree lacks) counts a new error on a written line where it
    /// names what the patch wrote or removed, or where the missing header cannot explain it (emblink's
    /// `GetView()->WasShown()`: no member named 'WasShown' in a class the parse saw). An undeclared name, which the
    /// missing header may declare, and an error lines the patch left have too (a class whose base the missing
    /// headers broke fails every member call alike) are shown unconfirmed.
    func testInAnUncleanFileErrorsTheMissingHeadersCannotExplainCount() throws {
        let scratch = try temporaryFolder(files: [
            "a/use.cc": "#include \"gen/missing.h\"\nstruct Foo { void Bar(); };\nvoid Use(Foo& foo) {\n  Missing();\n  foo.Bar();\n}\n",
        ])
        let source = try scratch.read("a/use.cc")
        let rewritten = "#include \"gen/missing.h\"\nstruct Foo { void Bar(); };\nvoid Use(Foo& foo) {\n  Missing();\n  GetFrameHost()->DidStop();\n  Missing(1);\n  AlsoMissing();\n  foo.Baz();\n}\n"
        let patch = MigrationPatch(diff: "", files: ["a/use.cc"], outcomes: [], rewritten: ["a/use.cc": rewritten])
        let options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
        let findings = try MigrateFlow.compileCheck(patch, sources: ["a/use.cc": source], drafts: [:], declarations: try examplesDeclarations(), root: scratch.path, options: options)
        XCTAssertEqual(findings.added.map(\.error.message), ["use of undeclared identifier 'GetFrameHost'", "no member named 'Baz' in 'Foo'"])
        XCTAssertEqual(findings.unconfirmed.map(\.error.message), ["use of undeclared identifier 'Missing'", "use of undeclared identifier 'AlsoMissing'"])
        XCTAssertEqual(findings.unseen, ["gen/missing.h"])
    }

    /// CEF's tree lacks `chrome/browser/profiles/profile.h`: a rewritten line using a type the file knows by a
    /// forward declaration only (`profile->IsOffTheRecord()` moved out of a message's constructor) is unconfirmed,
    /// since the unseen header defines it.
    func testAnIncompleteTypeAnUnseenHeaderDefinesIsUnconfirmed() throws {
        let scratch = try temporaryFolder(files: [
            "a/use.cc": "#include \"chrome/profile.h\"\nclass Profile;\nvoid Use(Profile* profile) {\n  Missing();\n}\n",
        ])
        let source = try scratch.read("a/use.cc")
        let rewritten = "#include \"chrome/profile.h\"\nclass Profile;\nvoid Use(Profile* profile) {\n  Missing();\n  bool off = profile->IsOffTheRecord();\n}\n"
        let patch = MigrationPatch(diff: "", files: ["a/use.cc"], outcomes: [], rewritten: ["a/use.cc": rewritten])
        let options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
        let findings = try MigrateFlow.compileCheck(patch, sources: ["a/use.cc": source], drafts: [:], declarations: try examplesDeclarations(), root: scratch.path, options: options)
        XCTAssertEqual(findings.added.map { $0.error.message }, [])
        XCTAssertEqual(findings.unconfirmed.map { $0.error.message }, ["member access into incomplete type 'Profile'"])
    }

    /// Electron's `AutofillAgent` keeps a `base::WeakPtrFactory`, which only Chromium's unseen headers declare: clang
    /// marks the class invalid and refuses the `{this}` of the receiver the patch adds to it (unconfirmed), while
    /// the class's DISALLOW_COPY_AND_ASSIGN, defined for the check where the tree has no base/macros.h, breaks
    /// nothing.
    func testThisRefusedForAClassTheMissingHeadersBrokeIsUnconfirmed() throws {
        let header = """
            #include "base/memory/weak_ptr.h"
            struct Interface { virtual void Ping() = 0; };
            template <typename T> struct Receiver { explicit Receiver(T* implementation); };
            class Agent : public Interface {
             public:
              void Ping() override;
             private:
              %@
              DISALLOW_COPY_AND_ASSIGN(Agent);
            };

            """
        for (member, counted) in [("base::WeakPtrFactory<Agent> weak_factory_{this};", false), ("int pings_ = 0;", true)] {
            let before = header.replacingOccurrences(of: "%@", with: member)
            let scratch = try temporaryFolder(files: ["a/agent.h": before])
            let rewritten = before.replacingOccurrences(of: "  DISALLOW", with: "  Receiver<Interface> receiver_{this};\n  Receiver<int> wrong_{this};\n  DISALLOW")
            let patch = MigrationPatch(diff: "", files: ["a/agent.h"], outcomes: [], rewritten: ["a/agent.h": rewritten])
            let options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
            let findings = try MigrateFlow.compileCheck(patch, sources: ["a/agent.h": before], drafts: [:], declarations: try examplesDeclarations(), root: scratch.path, options: options)
            let refused = "no matching constructor for initialization of 'Receiver<Interface>'"
            // `Receiver<int>` is refused whatever the class: counted where the class is sound.
            XCTAssertEqual(findings.added.map(\.error.message).contains(refused), false, member)
            XCTAssertEqual(findings.added.map(\.error.message).contains("no matching constructor for initialization of 'Receiver<int>'"), counted, member)
            XCTAssertEqual(findings.unconfirmed.map(\.error.message).contains(refused), !counted, member)
        }
    }

    /// CEF's tree lacks `url/gurl.h`: the declared `DidFinishLoad(const GURL&, int32_t)` is broken, and the class's
    /// method of that name, marked `override`, overrides nothing the parse saw (unconfirmed). With the bindings
    /// whole, an `override` matching nothing is the patch's.
    func testAnOverrideOfABrokenDeclaredMethodIsUnconfirmed() throws {
        for (parameter, counted) in [("const GURL& url", false), ("int url", true)] {
            let scratch = try temporaryFolder(files: ["a/host.h": "#pragma once\n#include \"a/test.mojom.h\"\nclass Host : public a::mojom::Host {\n public:\n  void OnGo();\n};\n"])
            let source = try scratch.read("a/host.h")
            var declarations = try examplesDeclarations()
            declarations.headers = ["a/test.mojom.h": "#pragma once\nnamespace a { namespace mojom {\nclass Host {\n public:\n  virtual void Go(\(parameter)) = 0;\n};\n} }\n"]
            let rewritten = source.replacingOccurrences(of: "void OnGo();", with: "void Go(bool url) override;")
            let patch = MigrationPatch(diff: "", files: ["a/host.h"], outcomes: [], rewritten: ["a/host.h": rewritten])
            let options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
            let findings = try MigrateFlow.compileCheck(patch, sources: ["a/host.h": source], drafts: [:], declarations: declarations, root: scratch.path, options: options)
            let overrides = { (errors: [(file: String, error: SyntaxCheck.Diagnostic)]) in errors.filter { $0.error.message.contains("override") }.count }
            XCTAssertEqual(overrides(findings.added), counted ? 1 : 0, "\(findings.added)")
            XCTAssertEqual(overrides(findings.unconfirmed), counted ? 0 : 1, "\(findings.unconfirmed)")
        }
    }

    /// An embedder's tree lacks Chromium's `content/`: a header the patch includes from there is as unknown as the
    /// file's other `content/` headers, while one from a folder the tree has, missing there, is a wrong path.
    func testAnIncludeFromAFolderTheFileCouldNotSeeIsUnknownNotAnError() throws {
        let scratch = try temporaryFolder(files: [
            "a/known.h": "#pragma once\n",
            "a/use.cc": "#include \"content/public/browser/web_contents_observer.h\"\n#include \"a/known.h\"\nvoid Use() {}\n",
        ])
        let source = try scratch.read("a/use.cc")
        let rewritten = "#include \"content/public/browser/web_contents_observer.h\"\n#include \"a/known.h\"\n#include \"content/public/browser/render_frame_host_receiver_set.h\"\n#include \"a/typo.h\"\n#include \"third_party/blink/registry.h\"\nvoid Use() {}\n"
        let patch = MigrationPatch(diff: "", files: ["a/use.cc"], outcomes: [], rewritten: ["a/use.cc": rewritten])
        let options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
        let findings = try MigrateFlow.compileCheck(patch, sources: ["a/use.cc": source], drafts: [:], declarations: try examplesDeclarations(), root: scratch.path, options: options)
        XCTAssertEqual(findings.added.map { $0.error.message }, ["'a/typo.h' file not found"])
        // Nor does the tree have a `third_party/` (CEF's): that header is its Chromium's.
        XCTAssertEqual(findings.unconfirmed.map { $0.error.message }, ["'content/public/browser/render_frame_host_receiver_set.h' file not found", "'third_party/blink/registry.h' file not found"])
    }

    /// Electron includes its `chromium_src/chrome/common/tts_messages.h` as `chrome/common/tts_messages.h`, and the
    /// patch its bindings as `chrome/common/tts.mojom.h`: the declared header answers that spelling too.
    func testADeclaredHeaderBelowAnIncludeFolderIsFoundAsThePatchSpellsIt() throws {
        let scratch = try temporaryFolder(files: ["chromium_src/chrome/renderer/use.cc": "void Use() {\n}\n"])
        let source = try scratch.read("chromium_src/chrome/renderer/use.cc")
        var declarations = try examplesDeclarations()
        declarations.headers = ["chromium_src/chrome/common/tts.mojom.h": "#pragma once\nstruct TtsDeclared {};\n"]
        let rewritten = "#include \"chrome/common/tts.mojom.h\"\nvoid Use() {\n  TtsDeclared tts;\n}\n"
        let patch = MigrationPatch(diff: "", files: ["chromium_src/chrome/renderer/use.cc"], outcomes: [], rewritten: ["chromium_src/chrome/renderer/use.cc": rewritten])
        var options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
        options.input.scan.includeDirs = ["chromium_src"]
        let findings = try MigrateFlow.compileCheck(patch, sources: ["chromium_src/chrome/renderer/use.cc": source], drafts: [:], declarations: declarations, root: scratch.path, options: options)
        XCTAssertEqual(findings.added.map(\.error.message), [])
        XCTAssertEqual(findings.checkedFiles, 1)
    }

    /// The folders BUILD.gn files add with `include_dirs`, from the root or the file's folder; removals and
    /// expansions are not folders of the tree.
    func testBuildIncludeDirsAreReadFromGNLists() {
        let files = [
            "third/lib/BUILD.gn": "config(\"lib_config\") {\n  include_dirs = [ \"include\", \"//third/lib/extra\" ]\n  include_dirs += [ \"$root_gen_dir/lib\" ]\n  include_dirs -= [ \"gone\" ]\n}\n",
            "x/BUILD.gn": "source_set(\"x\") {\n  sources = [ \"x.cc\" ]\n}\n",
            "x/x.cc": "include_dirs = [ \"not/gn\" ]\n",
        ]
        XCTAssertEqual(MigrationPatch.buildIncludeDirs(of: files), ["third/lib/extra", "third/lib/include"])
    }

    /// Skia's `SkUserConfig.h` is included by name, from a folder skia's BUILD.gn adds: the check runs again with
    /// such a folder searched, where it alone holds a header the first round could not see, and the file it makes
    /// clean counts its new errors. A header two folders hold stays unseen.
    func testAFolderOfTheTreesIncludeDirsAnswersWhatTheTreesPathsDoNot() throws {
        let scratch = try temporaryFolder(files: [
            "third/lib/include/libconf.h": "#pragma once\nstruct LibConf { int size; };\n",
            "third/a/dup.h": "#pragma once\n",
            "third/b/dup.h": "#pragma once\n",
            "a/use.cc": "#include \"libconf.h\"\n#include \"dup.h\"\nint Use(LibConf& conf) {\n  return conf.size;\n}\n",
        ])
        let source = try scratch.read("a/use.cc")
        let patch = MigrationPatch(diff: "", files: ["a/use.cc"], outcomes: [], rewritten: ["a/use.cc": source.replacingOccurrences(of: "conf.size", with: "conf.count")])
        let options = MigrateOptions(input: InventoryInput(scan: ScanOptions(paths: [scratch.path])), out: scratch.path + "/out")
        let findings = try MigrateFlow.compileCheck(
            patch, sources: ["a/use.cc": source], drafts: [:], declarations: try examplesDeclarations(), root: scratch.path, options: options,
            buildIncludeDirs: ["third/a", "third/b", "third/lib/include", "third/unrelated"]
        )
        XCTAssertEqual(findings.buildIncludeDirs, ["third/lib/include"])
        XCTAssertEqual(findings.unseen, ["dup.h"])
        XCTAssertEqual(findings.added.map(\.error.message), ["no member named 'count' in 'LibConf'"])
        XCTAssertTrue(MigrateFlow.compileSummary(findings, blocking: true).contains("types: searched 1 folder of the tree's BUILD.gn include_dirs, each the one holding a header the tree's paths did not answer: third/lib/include"))
    }

    /// A legacy enum value passed where the bindings take the plan's new mojom enum, which has the legacy enum's
    /// values, is cast; one whose mojom enum could not copy the values does not convert.
    func testASenderPassingALegacyEnumValueIsCastWhereTheValuesAreTheLegacyOnes() throws {
        let patch = try MigrateTests.migrate(root: repositoryRoot + "/Examples").patch
        XCTAssertNil(patch.outcomes.first { $0.kind == .sender && $0.message == "ChromeViewMsg_SetPrefetchBudget" }?.reason)
        XCTAssertTrue(patch.diff.contains("static_cast<chrome::mojom::PrefetchPriority>(PREFETCH_PRIORITY_LOWEST)"), patch.diff)
    }
}
