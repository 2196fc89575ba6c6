import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// `#if` stacks, include guards, disabled code.
final class ContextTests: XCTestCase {
    func testConditionStacksOfEveryBranch() throws {
        let inventory = try scanSource("""
        // Copyright
        #ifndef TEST_FOO_MESSAGES_H_
        #define TEST_FOO_MESSAGES_H_
        IPC_MESSAGE_CONTROL0(FooMsg_Always)
        #if defined(OS_WIN)
        IPC_MESSAGE_CONTROL0(FooMsg_Win)
        #elif BUILDFLAG(IS_MAC)
        IPC_MESSAGE_CONTROL0(FooMsg_Mac)
        #else
        IPC_MESSAGE_CONTROL0(FooMsg_Other)
        #ifdef ENABLE_PLUGINS
        IPC_MESSAGE_CONTROL0(FooMsg_Nested)
        #endif
        #endif
        #ifndef NDEBUG
        IPC_MESSAGE_CONTROL0(FooMsg_Debug)
        #endif
        #endif  // TEST_FOO_MESSAGES_H_
        """)
        XCTAssertEqual(try inventory.message("FooMsg_Always").conditions, Conditions())
        XCTAssertEqual(try inventory.message("FooMsg_Win").conditions.stack, ["defined(OS_WIN)"])
        XCTAssertEqual(try inventory.message("FooMsg_Mac").conditions.stack, ["!(defined(OS_WIN)) && (BUILDFLAG(IS_MAC))"])
        XCTAssertEqual(try inventory.message("FooMsg_Other").conditions.stack, ["!(defined(OS_WIN)) && !(BUILDFLAG(IS_MAC))"])
        XCTAssertEqual(try inventory.message("FooMsg_Nested").conditions.stack,
                       ["!(defined(OS_WIN)) && !(BUILDFLAG(IS_MAC))", "defined(ENABLE_PLUGINS)"])
        XCTAssertEqual(try inventory.message("FooMsg_Debug").conditions.stack, ["!defined(NDEBUG)"])
        XCTAssertTrue(inventory.diagnostics.isEmpty, "\(inventory.diagnostics)")
    }

    func testIfZeroAndElseOfIfOneAreDisabled() throws {
        let inventory = try scanSource("""
        #if 0
        IPC_MESSAGE_CONTROL0(FooMsg_Zero)
        #else
        IPC_MESSAGE_CONTROL0(FooMsg_ElseOfZero)
        #endif
        #if 1
        IPC_MESSAGE_CONTROL0(FooMsg_One)
        #elif defined(X)
        IPC_MESSAGE_CONTROL0(FooMsg_ElifOfOne)
        #endif
        """)
        XCTAssertTrue(try inventory.message("FooMsg_Zero").conditions.disabled)
        XCTAssertFalse(try inventory.message("FooMsg_ElseOfZero").conditions.disabled)
        XCTAssertFalse(try inventory.message("FooMsg_One").conditions.disabled)
        XCTAssertTrue(try inventory.message("FooMsg_ElifOfOne").conditions.disabled)
    }

    func testAGuardLikeIfndefLaterInTheFileIsACondition() throws {
        let inventory = try scanSource("""
        #include "foo.h"
        #ifndef FOO_FEATURE
        #define FOO_FEATURE
        IPC_MESSAGE_CONTROL0(FooMsg_Feature)
        #endif
        """)
        XCTAssertEqual(try inventory.message("FooMsg_Feature").conditions.stack, ["!defined(FOO_FEATURE)"])
    }

    func testUnbalancedDirectivesAreDiagnosed() throws {
        let inventory = try scanSource("""
        #endif
        #if defined(A)
        IPC_MESSAGE_CONTROL0(FooMsg_Open)
        """)
        XCTAssertEqual(try inventory.message("FooMsg_Open").conditions.stack, ["defined(A)"])
        let texts = inventory.diagnostics.map(\.message)
        XCTAssertTrue(texts.contains("#endif without #if"), "\(texts)")
        XCTAssertTrue(texts.contains("1 #if block is not closed at the end of the file"), "\(texts)")
    }

    func testLineContinuationsInDirectives() throws {
        let inventory = try scanSource("""
        #if defined(A) && \\
            defined(B)
        IPC_MESSAGE_CONTROL0(FooMsg_Continued)
        #endif
        """)
        XCTAssertEqual(try inventory.message("FooMsg_Continued").conditions.stack, ["defined(A) && defined(B)"])
    }

    func testCompileCommandsMarkWhatTheBuildCompiles() throws {
        let tree = try temporaryFolder()
        try tree.write("a/foo_messages.h", """
        #if defined(OS_ANDROID)
        IPC_MESSAGE_CONTROL0(FooMsg_Android)
        #else
        IPC_MESSAGE_CONTROL0(FooMsg_Desktop)
        #endif
        """)
        try tree.write("out/compile_commands.json", """
        [{"directory": "/elsewhere/out", "file": "../a/foo_messages.h", "arguments": ["clang++", "-DOS_ANDROID", "-c", "../a/foo_messages.h"]}]
        """)
        let inventory = try tree.scan { $0.compileCommands = tree.path + "/out" }
        XCTAssertEqual(try inventory.message("FooMsg_Android").conditions.activeInBuild, true)
        XCTAssertEqual(try inventory.message("FooMsg_Desktop").conditions.activeInBuild, false)

        let plain = try tree.scan()
        XCTAssertNil(try plain.message("FooMsg_Android").conditions.activeInBuild)
    }

    func testMalformedCompileCommandsAreAnInputError() throws {
        let tree = try temporaryFolder()
        try tree.write("a.h", "IPC_MESSAGE_CONTROL0(FooMsg_A)")
        try tree.write("out/compile_commands.json", "[{\"directory\": \"/x\"}]")
        XCTAssertThrowsError(try tree.scan { $0.compileCommands = tree.path + "/out" }) { error in
            XCTAssertTrue("\(error)".contains("entry 1 lacks \"directory\" or \"file\""), "\(error)")
        }
        XCTAssertThrowsError(try tree.scan { $0.compileCommands = tree.path + "/missing" }) { error in
            XCTAssertEqual(error as? ScannerError, .compileCommandsNotFound(tree.path + "/missing/compile_commands.json"))
        }
    }

    func testCommandLineSplitting() {
        XCTAssertEqual(
            CompileDatabase.splitCommand(#"clang++ -DNAME="a b" -I'x y' -DESC=a\ b -c f.cc"#),
            ["clang++", "-DNAME=a b", "-Ix y", "-DESC=a b", "-c", "f.cc"]
        )
        XCTAssertEqual(
            CompileDatabase.preprocessorFlags(["clang++", "-I../..", "-I", "gen", "-DX=1", "-O2", "-std=c++17", "-include", "pre.h", "-c", "a.cc"], directory: "/src/b/out"),
            ["-I/src", "-I", "/src/b/out/gen", "-DX=1", "-std=c++17", "-include", "/src/b/out/pre.h"]
        )
    }
}
