import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// What the preprocessor does before compilers see an IPC macro, and the scanner must see too: project macros of
/// either form that reach IPC macros (aliases, chains, pasting, argument lists), digraphs, line splices, line
/// ends of every kind.
final class PreprocessorTests: XCTestCase {
    private func names(_ inventory: Inventory) -> [String] {
        inventory.messages.map(\.name).sorted()
    }

    // MARK: - Object-like aliases

    func testObjectLikeAliasesOfEveryKindOfIPCMacroAreFollowed() throws {
        let inventory = try scanSource("""
        #define IPC_MESSAGE_START FooMsgStart
        #define MY_CONTROL1 IPC_MESSAGE_CONTROL1
        #define MY_SYNC IPC_SYNC_MESSAGE_ROUTED1_1
        #define MY_STRUCT IPC_STRUCT_BEGIN
        #define MY_MEMBER IPC_STRUCT_MEMBER
        #define MY_END IPC_STRUCT_END
        #define MY_TRAITS IPC_STRUCT_TRAITS_BEGIN
        #define MY_TRAITS_MEMBER IPC_STRUCT_TRAITS_MEMBER
        #define MY_TRAITS_END IPC_STRUCT_TRAITS_END
        #define MY_ENUM IPC_ENUM_TRAITS_MAX_VALUE
        MY_CONTROL1(FooMsg_Bar, int /* id */)
        MY_SYNC(FooHostMsg_Get, std::string, bool)
        MY_STRUCT(FooMsg_Params)
          MY_MEMBER(int, id)
        MY_END()
        MY_TRAITS(foo::Point)
          MY_TRAITS_MEMBER(x)
        MY_TRAITS_END()
        MY_ENUM(foo::Kind, foo::Kind::kLast)
        """)
        XCTAssertEqual(names(inventory), ["FooHostMsg_Get", "FooMsg_Bar"])
        let bar = try inventory.message("FooMsg_Bar")
        XCTAssertEqual(bar.macro, "IPC_MESSAGE_CONTROL1")
        XCTAssertEqual(bar.messageClass, "FooMsgStart")
        XCTAssertEqual(bar.inputs, [Parameter(type: "int", name: "id")])
        XCTAssertEqual(bar.location.line, 11)
        XCTAssertEqual(bar.source, "MY_CONTROL1(FooMsg_Bar, int /* id */)")
        XCTAssertEqual(try inventory.message("FooHostMsg_Get").outputs.map(\.type), ["bool"])
        XCTAssertEqual(inventory.structs.map(\.name), ["FooMsg_Params"])
        XCTAssertEqual(inventory.structs.first?.members.map(\.name), ["id"])
        XCTAssertEqual(inventory.structTraits.map(\.type), ["foo::Point"])
        XCTAssertEqual(inventory.structTraits.first?.members, ["x"])
        XCTAssertEqual(inventory.enumTraits.map(\.maxValue), ["foo::Kind::kLast"])
        XCTAssertEqual(inventory.diagnostics, [])
    }

    func testAliasesOfHandlerMacrosAndChainsAcrossFiles() throws {
        // The middle link names no IPC macro and no message: it is read because it names the first.
        let inventory = try temporaryFolder(files: [
            "base/ipc_aliases.h": "#define BASE_CONTROL1 IPC_MESSAGE_CONTROL1\n#define BASE_HANDLER IPC_MESSAGE_HANDLER\n",
            "base/middle.h": "#define MIDDLE BASE_CONTROL1\n#define ON(m, f) BASE_HANDLER(m, f)\n",
            "foo/foo_defs.h": "#define TOP MIDDLE\nTOP(Unconventional, int)\n",
            "foo/host.cc": """
                bool Host::OnMessageReceived(const IPC::Message& message) {
                  IPC_BEGIN_MESSAGE_MAP(Host, message)
                    ON(FooHostMsg_A, OnA)
                  IPC_END_MESSAGE_MAP()
                }
                """,
        ]).scan()
        XCTAssertEqual(names(inventory), ["Unconventional"])
        XCTAssertEqual(try inventory.message("Unconventional").location, SourceLocation(file: "foo/foo_defs.h", line: 2, column: 1))
        let handler = try XCTUnwrap(inventory.messageMaps.first?.handlers.first)
        XCTAssertEqual(handler.message, "FooHostMsg_A")
        XCTAssertEqual(handler.macro, "IPC_MESSAGE_HANDLER")
        XCTAssertEqual(handler.wrapper, "ON")
    }

    /// Conditions are not evaluated: a definition under `#if` does not hide one that reaches IPC macros, but one
    /// made unconditionally (an X-macro redefined after `#undef`) does.
    func testRedefinitionsHideAnAliasOnlyWhenUnconditional() throws {
        let inventory = try scanSource("""
        #if defined(USE_IPC)
        #define DEF(n) IPC_MESSAGE_CONTROL0(n)
        #else
        #define DEF(n)
        #endif
        DEF(FooMsg_Decoy)
        #define X(n) IPC_MESSAGE_CONTROL0(n)
        X(FooMsg_Listed)
        #undef X
        #define X(n) case n:
        X(kNotAMessage)
        """)
        XCTAssertEqual(names(inventory), ["FooMsg_Decoy", "FooMsg_Listed"])
    }

    /// A decoy definition elsewhere in the tree does not win over the one that defines messages: a use is
    /// expanded with each definition the tree gives.
    func testEveryDefinitionOfANameInTheTreeIsTried() throws {
        let tree = try temporaryFolder()
        try tree.write("a/a_decoy.h", "#define MAKE(n) IPC_STRUCT_END()\n")
        try tree.write("b/b_macros.h", "#define MAKE(n) IPC_MESSAGE_CONTROL0(n)\n")
        try tree.write("c/c_messages.h", "MAKE(FooMsg_Made)\n")
        XCTAssertEqual(names(try tree.scan()), ["FooMsg_Made"])
    }

    // MARK: - Digraphs

    func testDigraphsAreTheirPunctuators() throws {
        let inventory = try scanSource("""
        %:define IPC_MESSAGE_START FooMsgStart
        %:define MY_CONTROL1 IPC_MESSAGE_CONTROL1
        %:  define PASTE(n) IPC_MESSAGE_CONTROL0(FooMsg_ %:%: n)
        MY_CONTROL1(FooMsg_Bar, int)
        PASTE(Pasted)
        %:if 0
        MY_CONTROL1(FooMsg_Disabled, int)
        %:endif
        """)
        XCTAssertEqual(names(inventory), ["FooMsg_Bar", "FooMsg_Disabled", "FooMsg_Pasted"])
        XCTAssertEqual(try inventory.message("FooMsg_Bar").messageClass, "FooMsgStart")
        XCTAssertTrue(try inventory.message("FooMsg_Disabled").conditions.disabled)
    }

    // MARK: - Pasting, stringizing, argument lists

    func testPastingIsFollowed() throws {
        let inventory = try scanSource("""
        #define DEFINE_MSG(n) IPC_MESSAGE_CONTROL0(Foo2HostMsg_##n)
        #define SUFFIXED(n, t) IPC_MESSAGE_CONTROL1(n ## Msg_Done, t)
        #define BOTH(a, b) IPC_MESSAGE_ROUTED0(a##b)
        #define KIND(kind, ...) IPC_MESSAGE_##kind(__VA_ARGS__)
        #define NAMED(kind, args...) IPC_MESSAGE_ ## kind(args)
        #define OPTIONAL(n, ...) IPC_MESSAGE_CONTROL(n, ## __VA_ARGS__)
        #define LABELLED(n) IPC_MESSAGE_CONTROL1(n, std::string) /* #n */ static const char* k##n = #n;
        DEFINE_MSG(Ping)
        SUFFIXED(Foo, bool)
        BOTH(FooMsg_, Joined)
        KIND(CONTROL2, FooMsg_Kinded, int, std::vector<int>)
        NAMED(ROUTED1, FooMsg_Named, int)
        OPTIONAL(FooMsg_NoArguments)
        LABELLED(FooMsg_Labelled)
        """)
        XCTAssertEqual(names(inventory), ["Foo2HostMsg_Ping", "FooMsg_Done", "FooMsg_Joined", "FooMsg_Kinded", "FooMsg_Labelled",
                                          "FooMsg_Named", "FooMsg_NoArguments"])
        XCTAssertEqual(try inventory.message("FooMsg_Kinded").inputs.map(\.type), ["int", "std::vector<int>"])
        XCTAssertEqual(try inventory.message("FooMsg_Done").inputs.map(\.type), ["bool"])
        XCTAssertEqual(try inventory.message("FooMsg_NoArguments").inputs, [])
        XCTAssertEqual(try inventory.message("FooMsg_Named").kind, .routed)
        XCTAssertEqual(inventory.diagnostics, [])
    }

    /// X-macros: a list macro that invokes its parameter is followed in its own file, given a macro that defines
    /// messages. From another file it is not known (generic ones abound): the macro handed to it is reported.
    func testListMacrosThatInvokeTheirParameter() throws {
        let inventory = try scanSource("""
        #define FOO_MESSAGES(X) X(FooMsg_A) X(FooMsg_B)
        #define DECLARE(name) IPC_MESSAGE_CONTROL0(name)
        FOO_MESSAGES(DECLARE)
        #define ID(x) x
        ID(IPC_MESSAGE_CONTROL0)(FooMsg_Through)
        FOO_MESSAGES(NOT_A_MACRO)
        """)
        XCTAssertEqual(names(inventory), ["FooMsg_A", "FooMsg_B", "FooMsg_Through"])
        XCTAssertEqual(inventory.unreadFiles, [])
        let tree = try temporaryFolder()
        try tree.write("foo/foo_list.h", "#define FOO_MESSAGES(X) X(FooMsg_A) X(FooMsg_B)\n")
        try tree.write("foo/foo_messages.h", "#define DECLARE(name) IPC_MESSAGE_CONTROL0(name)\nFOO_MESSAGES(DECLARE)\n")
        let across = try tree.scan()
        XCTAssertEqual(across.unreadFiles?.map(\.reason), [.unfollowedMacro])
        XCTAssertEqual(across.unreadFiles?.first?.location, SourceLocation(file: "foo/foo_messages.h", line: 2, column: 14))
        XCTAssertEqual(across.unreadFiles?.first?.detail, "line 2: it names DECLARE, which expands to IPC macros, without an argument list")
    }

    /// What is not followed fails the gate: the file is listed as unread, at the use, saying what and why.
    func testWhatIsNotFollowedMakesTheFileUnread() throws {
        let cases: [(source: String, line: Int, says: String)] = [
            ("#define OPT(n, ...) IPC_MESSAGE_CONTROL(n __VA_OPT__(,) __VA_ARGS__)\nOPT(FooMsg_A, int)\n", 2, "OPT uses __VA_OPT__"),
            ("APPLY(IPC_MESSAGE_CONTROL0, FooMsg_A)\n", 1, "it names IPC_MESSAGE_CONTROL0 without an argument list"),
            ("#define DEF(n) IPC_MESSAGE_CONTROL0(n)\nFOR_EACH_UNKNOWN(DEF)\n", 2, "it names DEF, which expands to IPC macros, without an argument list"),
            ("#define A B\n#define B A IPC_MESSAGE_CONTROL0\nA\n", 3, "IPC_MESSAGE_CONTROL0 is not followed by its arguments"),
        ]
        for (source, line, says) in cases {
            let inventory = try scanSource(source)
            let unread = try XCTUnwrap(inventory.unreadFiles?.first, source)
            XCTAssertEqual(unread.reason, .unfollowedMacro, source)
            XCTAssertEqual(unread.location.line, line, source)
            XCTAssertTrue(unread.detail.contains(says), "\(source): \(unread.detail)")
            XCTAssertTrue(inventory.diagnostics.contains { $0.severity == .error && $0.message.contains(says) }, source)
        }
        // In `#if 0`, nothing is compiled: nothing to follow.
        XCTAssertEqual(try scanSource("#if 0\nAPPLY(IPC_MESSAGE_CONTROL0, FooMsg_A)\n#endif\n").unreadFiles, [])
    }

    func testExpansionUnitCases() {
        func tokens(_ text: String) -> [Token] { RawLexer.tokens(of: Array(text.utf8))! }
        func expand(_ definition: WrapperMacro, _ arguments: [String]) -> String? {
            guard case let .success(result) = MacroExpansion.substitute(definition, arguments: arguments.map(tokens)) else { return nil }
            return result.filter { $0.kind != .comment }.map(\.text).joined(separator: " ")
        }
        let paste = WrapperMacro(name: "P", parameters: ["a", "b"], isVariadic: false, body: tokens("x ## a ## b ## y"))
        XCTAssertEqual(expand(paste, ["1", "2"]), "x12y")
        XCTAssertEqual(expand(paste, ["", ""]), "xy", "empty arguments are placemarkers")
        XCTAssertEqual(expand(paste, ["", "2"]), "x2y")
        let placemarker = WrapperMacro(name: "Q", parameters: ["a", "b"], isVariadic: false, body: tokens("a ## b c"))
        XCTAssertEqual(expand(placemarker, ["", "2"]), "2 c")
        XCTAssertEqual(expand(placemarker, ["1", ""]), "1 c")
        let stringize = WrapperMacro(name: "S", parameters: ["a"], isVariadic: false, body: tokens("#a"))
        XCTAssertEqual(expand(stringize, ["f(\"x\")"]), #""f(\"x\")""#)
        let variadic = WrapperMacro(name: "V", parameters: ["n", "__VA_ARGS__"], isVariadic: true, body: tokens("f(n, ## __VA_ARGS__)"))
        XCTAssertEqual(expand(variadic, ["1"]), "f ( 1 )")
        XCTAssertEqual(expand(variadic, ["1", "2, 3"]), "f ( 1 , 2 , 3 )")
    }

    // MARK: - Line splices

    func testLineSplicesInsideNamesAreRemoved() throws {
        let inventory = try scanSource("#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CON\\\nTROL1(FooMsg_Bar, int)\nIPC_MESSAGE_CONTROL0(FooMsg_\\  \r\nSpaced)\n")
        XCTAssertEqual(names(inventory), ["FooMsg_Bar", "FooMsg_Spaced"])
        XCTAssertEqual(try inventory.message("FooMsg_Bar").location.line, 2)
        XCTAssertEqual(try inventory.message("FooMsg_Spaced").location.line, 4)
    }

    /// The prefilter's needles can be cut by a splice; a file with a splice inside a name is read whatever it holds.
    func testNeedlesCutByASpliceStillFindTheFile() throws {
        let tree = try temporaryFolder()
        try tree.write("foo/a.h", "IP\\\nC_MESSAGE_CONTROL0(Cut)\n")
        try tree.write("foo/b.h", "IPC_MESS\\\nAGE_CONTROL0(Split)\n")
        try tree.write("foo/sender.cc", "void F() { Send(new Foo\\\nM\\\nsg_Bar()); }\n")
        let inventory = try tree.scan()
        XCTAssertEqual(names(inventory), ["Cut", "Split"])
        XCTAssertEqual(inventory.senders.map(\.message), ["FooMsg_Bar"])
    }

    func testWhichSplicesCanCutAName() {
        let cuts = ["ab\\\ncd", "a\\\r\nb", "a\\ \t\nb", "a\\\n\\\nb", "_\\\r_", "9\\\n$"]
        let harmless = ["a \\\n  b", "#define X(a) \\\n  a", "a\\\n b", "a\\b", "\"a\\\\\"", "a\\", "x\\\n"]
        for text in cuts { XCTAssertEqual(Array(text.utf8).withUnsafeBytes(NeedlelessLook.examine), .read, text.debugDescription) }
        for text in harmless { XCTAssertEqual(Array(text.utf8).withUnsafeBytes(NeedlelessLook.examine), .includes([]), text.debugDescription) }
    }

    // MARK: - Line ends

    func testLoneCarriageReturnsEndLinesAndDirectives() throws {
        let source = "#define IPC_MESSAGE_START FooMsgStart\r#define MY_CONTROL1 IPC_MESSAGE_CONTROL1\r\r// The bar.\rMY_CONTROL1(FooMsg_Bar, int)\rIPC_MESSAGE_CONTROL0(FooMsg_Baz)\r"
        let inventory = try scanSource(source)
        XCTAssertEqual(names(inventory), ["FooMsg_Bar", "FooMsg_Baz"])
        let bar = try inventory.message("FooMsg_Bar")
        XCTAssertEqual(bar.location.line, 5)
        XCTAssertEqual(bar.messageClass, "FooMsgStart")
        XCTAssertEqual(bar.comment, "The bar.")
        XCTAssertEqual(try inventory.message("FooMsg_Baz").location.line, 6)
        // Mixed: a directive ended by a lone CR, then CRLF and LF lines.
        let mixed = try scanSource("#define IPC_MESSAGE_START FooMsgStart\rIPC_MESSAGE_CONTROL0(FooMsg_A)\r\n#define X 1\nIPC_MESSAGE_CONTROL0(FooMsg_B)\n")
        XCTAssertEqual(mixed.messages.map(\.location.line), [2, 4])
        XCTAssertEqual(mixed.messages.map(\.messageClass), ["FooMsgStart", "FooMsgStart"])
    }

    func testPositionsOfOffsetsCountEveryKindOfLineEnd() {
        let bytes = Array("a\rb\r\nc\nd\n\re".utf8)
        let lines = bytes.indices.map { TextEncoding.position(ofOffset: $0, in: bytes).line }
        XCTAssertEqual(lines, [1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6])
        XCTAssertEqual(TextEncoding.position(ofOffset: 2, in: bytes).column, 1)
    }

    // MARK: - Included files the walk does not list

    func testIncludedFilesOfAnyNameAreRead() throws {
        let tree = try temporaryFolder()
        try tree.write("foo/foo_messages.h", """
        #define IPC_MESSAGE_START FooMsgStart
        #include "foo/foo_messages.inl"
        #include "msgs.def"
        #include "ipc_list"
        #include "weird.h "
        #include <gen/angled.def>
        #include "../outside.def"
        #include "missing.def"
        """)
        try tree.write("foo/foo_messages.inl", "IPC_MESSAGE_CONTROL0(FooMsg_Inl)\n")
        try tree.write("foo/msgs.def", "#include \"more.def\"\nIPC_MESSAGE_CONTROL0(FooMsg_Def)\n")
        try tree.write("foo/more.def", "IPC_MESSAGE_CONTROL0(FooMsg_Nested)\n")
        // An included file without a needle is read for its own such includes.
        try tree.write("ipc_list", "#include \"deeper_list\"\n")
        try tree.write("deeper_list", "IPC_MESSAGE_CONTROL0(FooMsg_List)\n")
        try tree.write("foo/weird.h ", "IPC_MESSAGE_CONTROL0(FooMsg_Weird)\n")
        try tree.write("include/gen/angled.def", "IPC_MESSAGE_CONTROL0(FooMsg_Angled)\n")
        try tree.write("foo/unused.def", "IPC_MESSAGE_CONTROL0(FooMsg_Unused)\n")
        // A file that holds no needle is read for such an include too.
        try tree.write("bar/bar.cc", "#include <vector>\n#  include \"bar/bar.def\"\nint x;\n")
        try tree.write("bar/bar.def", "IPC_MESSAGE_CONTROL0(BarMsg_Def)\n")
        let inventory = try tree.scan { $0.includeDirs = ["include"] }
        XCTAssertEqual(names(inventory), ["BarMsg_Def", "FooMsg_Angled", "FooMsg_Def", "FooMsg_Inl", "FooMsg_List", "FooMsg_Nested", "FooMsg_Weird"])
        XCTAssertEqual(try inventory.message("FooMsg_Weird").location.file, "foo/weird.h ")
        XCTAssertEqual(try inventory.message("FooMsg_Angled").location.file, "include/gen/angled.def")
        XCTAssertEqual(try inventory.message("FooMsg_Def").messageClass, "", "each file is read on its own")
        XCTAssertEqual(inventory.stats.filesVisited, 10)
        let excluded = try tree.scan {
            $0.includeDirs = ["include"]
            $0.excludes = ["*.def"]
        }
        XCTAssertEqual(names(excluded), ["FooMsg_Inl", "FooMsg_List", "FooMsg_Weird"])
    }

    func testNamesOfIncludedFilesTheWalkDoesNotListAreReadOffTheBytes() {
        let text = """
        #include "a.h"
        #include "msgs.def"
        # include "ipc_list"
        #import "a.inl"
        #include_next <gen/a.def>
        #include <vector>
        #include <tr1/tuple>
        #include <sys/types.h>
        #include "weird.h "
        int a; #\tinclude "x/y"
        #include "unclosed.def
        #define X "a.def"
        #include MACRO
        # if 0
        #include "a.PATCH"
        """
        XCTAssertEqual(Array(text.utf8).withUnsafeBytes(NeedlelessLook.examine), .includes(["msgs.def", "ipc_list", "a.inl", "gen/a.def", "weird.h ", "x/y"]))
    }

    /// The look runs 64 bytes at a time: each construct at every offset across the blocks, after others that do not
    /// count (a `.h` include whose name runs into the next block, string escapes, `#if`).
    func testTheNeedlelessLookAtEveryOffset() {
        let before = "#include \"long/path/to/a/header/that/runs/on.h\"\n#if X // \"a\\n\" \\\n"
        for offset in 0..<150 {
            let padding = String(repeating: "x", count: offset)
            let include = Array((padding + "\n" + before + "#include \"msgs.def\"\n" + padding).utf8)
            XCTAssertEqual(include.withUnsafeBytes(NeedlelessLook.examine), .includes(["msgs.def"]), "offset \(offset)")
            let splice = Array((padding + before + "IPC_MESS\\\nAGE" + padding).utf8)
            XCTAssertEqual(splice.withUnsafeBytes(NeedlelessLook.examine), .read, "offset \(offset)")
            let nothing = Array((padding + before + padding).utf8)
            XCTAssertEqual(nothing.withUnsafeBytes(NeedlelessLook.examine), .includes([]), "offset \(offset)")
        }
    }

    /// A kept inventory stands only while the included files are as they were and no include that found nothing
    /// finds a file now.
    func testIncludedFilesAreCheckedByARescanFromTheCache() throws {
        let tree = try temporaryFolder()
        let cache = try temporaryFolder()
        try tree.write("foo/foo_messages.h", "#include \"msgs.def\"\n#include \"later.def\"\n#define IPC_MESSAGE_START FooMsgStart\n")
        try tree.write("foo/msgs.def", "IPC_MESSAGE_CONTROL0(FooMsg_A)\n")
        func scan() throws -> (names: [String], reused: Bool) {
            var options = ScanOptions(paths: [tree.path])
            options.cacheDirectory = cache.path
            let (inventory, statistics) = try IPCScanner.scanCounting(options)
            return (names(inventory), statistics?.inventoryReused ?? false)
        }
        XCTAssertEqual(try scan().names, ["FooMsg_A"])
        XCTAssertEqual(try scan().reused, true, "nothing changed")
        try tree.write("foo/msgs.def", "IPC_MESSAGE_CONTROL0(FooMsg_A)\nIPC_MESSAGE_CONTROL0(FooMsg_B)\n")
        XCTAssertEqual(try scan().names, ["FooMsg_A", "FooMsg_B"])
        try tree.write("foo/later.def", "IPC_MESSAGE_CONTROL0(FooMsg_Later)\n")
        XCTAssertEqual(try scan().names, ["FooMsg_A", "FooMsg_B", "FooMsg_Later"])
        XCTAssertEqual(try scan().reused, true)
        try FileManager.default.removeItem(atPath: tree.path + "/foo/msgs.def")
        XCTAssertEqual(try scan().names, ["FooMsg_Later"])
    }
}
