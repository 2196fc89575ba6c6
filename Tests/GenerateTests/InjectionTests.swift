import MojifyConversion
@testable import MojifyEmitters
import MojifyScanner
import XCTest

/// Names from scanned code and values from rules files end up inside GN strings, mojom and C++: each must stay text.
final class InjectionTests: XCTestCase {
    func testSafeNamesKeepToTheSafeAlphabet() {
        XCTAssertEqual(SafeName.pathComponent("frame"), "frame")
        XCTAssertEqual(SafeName.pathComponent("foo-bar.v2"), "foo-bar.v2")
        XCTAssertEqual(SafeName.pathComponent(#"p" + exec_script("pwn.py") + ""#), "p____exec_script__pwn.py______")
        XCTAssertEqual(SafeName.pathComponent("$root\n\\x"), "_root__x")
        XCTAssertEqual(SafeName.pathComponent(".."), "_.")
        XCTAssertEqual(SafeName.pathComponent(".hidden"), "_hidden")
        XCTAssertEqual(SafeName.pathComponent("über"), "uber")
        XCTAssertEqual(SafeName.pathComponent(""), "_")
        XCTAssertTrue(SafeName.isSafePath("content/common/frame.mojom"))
        for unsafe in ["", "a//b.mojom", "../x.mojom", "/abs.mojom", "a b.mojom", "a\"b.mojom", "a$b.mojom", ".x/y.mojom"] {
            XCTAssertFalse(SafeName.isSafePath(unsafe), unsafe)
        }
    }

    func testHostileHeaderPathsGiveSafeFilesTargetsAndLabels() throws {
        let header = "con\"tent/$dir/p\" + exec_script(\"pwn.py\", [], \"string\") + \"_messages.h"
        let plan = try Fixtures.plan([
            Fixtures.message("PwnHostMsg_Run", kind: .control, file: header),
            Fixtures.message("FooHostMsg_Use", kind: .control, line: 1, file: "content/common/foo_messages.h"),
        ])
        let file = try XCTUnwrap(plan.files.first { $0.sourceHeader == header })
        XCTAssertEqual(file.path, "con_tent/_dir/p____exec_script__pwn.py________string______.mojom")
        XCTAssertEqual(file.targetName, "p____exec_script__pwn.py________string_______mojom")
        XCTAssertTrue(plan.warnings.contains { $0.description.contains("never writes into paths") && $0.description.contains(file.path) }, "\(plan.warnings)")
        XCTAssertFalse(plan.warnings.contains { $0.description.contains("foo_messages.h") }, "a safe name is not reported")
        let gn = try XCTUnwrap(BuildGNEmitter.emit(plan, rules: Fixtures.rules())["con_tent/_dir/BUILD.gn"])
        XCTAssertTrue(gn.contains("mojom(\"p____exec_script__pwn.py________string_______mojom\") {"), gn)
        XCTAssertFalse(gn.contains("exec_script(\""), gn)
    }

    func testGNStringsEscapeWhatCouldEndThemOrExpand() {
        XCTAssertEqual(BuildGNEmitter.quoted("a"), "\"a\"")
        XCTAssertEqual(BuildGNEmitter.quoted(#"a" + b"#), #""a\" + b""#)
        XCTAssertEqual(BuildGNEmitter.quoted("$root_out_dir"), #""\$root_out_dir""#)
        XCTAssertEqual(BuildGNEmitter.quoted(#"a\"#), #""a\\""#)
        XCTAssertEqual(BuildGNEmitter.quoted("a\nb"), "\"a_b\"")
    }

    func testCommentsCannotEndEarlyOrHideCode() {
        // A line break ends a // comment; a trailing backslash continues a C++ comment over the next line; bidi
        // overrides and terminal escapes make code read differently from how it compiles.
        let lines = EmitterText.comment("From a\nmap->Add<Evil>(); b\u{2028}c \u{202E}d\u{1B}[2J trailing\\", indent: "")
        XCTAssertEqual(lines, ["// From a map->Add<Evil>(); b c \\u{202E}d\\u{1B}[2J trailing\\."])
        let wrapped = EmitterText.comment(String(repeating: "word ", count: 15) + "x\\ " + String(repeating: "y", count: 60), indent: "")
        XCTAssertTrue(wrapped.allSatisfy { !$0.hasSuffix("\\") }, "\(wrapped)")
    }

    func testRulesValuesWrittenIntoGeneratedFilesMustFitTheirGrammar() throws {
        let refused: [(String, String)] = [
            ("types:\n  Foo: {mojom: \"int32 x; interface Evil {}\"}\n", "mojom 'int32 x; interface Evil {}' must be a mojom type"),
            ("types:\n  Foo: {mojom: x.Foo, import: \"a\\\";import \\\"b.mojom\"}\n", "import 'a\";import \"b.mojom' must be a .mojom path"),
            ("types:\n  Foo: {mojom: x.Foo, import: x.mojom, dep: \"//a:b\\\" + exec_script(\\\"p\\\") + \\\"\"}\n", "must be a GN label"),
            ("types:\n  Foo: {mojom: x.Foo, dep: \"//$root:x\"}\n", "dep '//$root:x' must be a GN label"),
            ("classes:\n  FooMsgStart: {file: \"a\\\"b.mojom\"}\n", "file 'a\"b.mojom' must be a .mojom path"),
            ("processes:\n  browser: {service: \"../x\", peer: renderer, routed_registry: a, control_registry: b, routed_remotes: c, control_remotes: d}\n",
             "service '../x' must be a name"),
            ("conditions:\n  defined(X): \"x] interface Evil {\"\n", "conditions: 'defined(X)' 'x] interface Evil {' must be a mojom feature name"),
        ]
        for (yaml, expected) in refused {
            XCTAssertThrowsError(try Fixtures.rules(overriding: yaml), yaml) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(error)")
            }
        }
        XCTAssertNoThrow(try Fixtures.rules(overriding: "types:\n  Foo: {mojom: \"map<string, array<uint8>>?\", import: a/b-c.mojom, dep: \"//a/b:c_d\"}\n"))
    }

    func testBuildFlagsOutsideTheMojomAlphabetAreNoFeature() throws {
        let plan = try Fixtures.plan([Fixtures.message("FooHostMsg_A", conditions: ["BUILDFLAG(ÉVIL)"])])
        XCTAssertEqual(plan.files.flatMap(\.features), [])
    }
}
