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

}
