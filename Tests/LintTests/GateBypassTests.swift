import Foundation
import MojifyTestSupport
import XCTest

/// Headers compilers read as defining a legacy IPC message, written to slip past the gate: through the real binary,
/// `mojify lint` must fail on each, with `new-legacy-ipc` or, where it does not follow the construct, with an
/// `unreadable-file` error that says what it did not follow.
final class GateBypassTests: XCTestCase {
    /// Lints a tree of `files` (with the cache in a folder of its own, so that a kept inventory is tried too).
    private func lint(_ files: [String: [UInt8]], _ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> ProcessOutput {
        let tree = try temporaryFolder()
        for (path, bytes) in files { try tree.write(path, bytes: bytes) }
        let cache = try temporaryFolder()
        let first = try MojifyBinary.run(["lint", tree.path, "--cache", cache.path] + arguments)
        let again = try MojifyBinary.run(["lint", tree.path, "--cache", cache.path] + arguments)
        XCTAssertEqual(first.stdout, again.stdout, "a re-scan from the cache says the same", file: file, line: line)
        return first
    }

    private func assertFails(_ output: ProcessOutput, finding: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(output.status, 1, output.stdout + output.stderr, file: file, line: line)
        XCTAssertTrue(output.stdout.contains(finding), "expected \(finding) in:\n\(output.stdout)", file: file, line: line)
    }

    /// Lints a tree of these texts and expects it to fail with `finding`.
    private func assertFails(_ files: [String: String], finding: String, file: StaticString = #filePath, line: UInt = #line) throws {
        assertFails(try lint(text(files), file: file, line: line), finding: finding, file: file, line: line)
    }

    private func text(_ files: [String: String]) -> [String: [UInt8]] {
        files.mapValues { Array($0.utf8) }
    }

    func testAnObjectLikeAliasAndAChainOfThem() throws {
        try assertFails([
            "foo/foo_messages.h": "#define MY_CONTROL1 IPC_MESSAGE_CONTROL1\nMY_CONTROL1(FooMsg_Bar, int)\n",
        ], finding: "foo/foo_messages.h:2:1: error: legacy IPC message 'FooMsg_Bar' (IPC_MESSAGE_CONTROL1) is defined")
        try assertFails([
            "base/aliases.h": "#define BASE IPC_MESSAGE_CONTROL1\n",
            "base/middle.h": "#define MIDDLE BASE\n",
            "foo/defs.h": "MIDDLE(Quiet, int)\n",
        ], finding: "foo/defs.h:1:1: error: legacy IPC message 'Quiet' (IPC_MESSAGE_CONTROL1) is defined")
    }

    func testAnAliasThroughADigraph() throws {
        try assertFails([
            "foo/foo_messages.h": "%:define MY_CONTROL1 IPC_MESSAGE_CONTROL1\nMY_CONTROL1(FooMsg_Bar, int)\n",
        ], finding: "foo/foo_messages.h:2:1: error: legacy IPC message 'FooMsg_Bar'")
    }

    func testTokenPastingInAWrapper() throws {
        try assertFails([
            "foo/foo_macros.h": "#define DEFINE_MSG(n) IPC_MESSAGE_CONTROL0(Foo2HostMsg_##n)\n",
            "foo/foo_defs.h": "DEFINE_MSG(Ping)\n",
        ], finding: "foo/foo_defs.h:1:1: error: legacy IPC message 'Foo2HostMsg_Ping' (IPC_MESSAGE_CONTROL0) is defined")
        // What is not followed fails the gate, saying what and what to do.
        try assertFails([
            "foo/foo_defs.h": "#define OPT(n, ...) IPC_MESSAGE_CONTROL(n __VA_OPT__(,) __VA_ARGS__)\nOPT(FooMsg_A, int)\n",
        ], finding: "foo/foo_defs.h:2:1: error: mojify could not follow this file's macros (line 2: it uses OPT, whose expansion mojify does not follow: OPT uses __VA_OPT__), so any legacy IPC they define went unchecked; write the IPC macro invocation out, or reach it through macros mojify follows")
    }

    func testABackslashNewlineInsideTheMacroNameOrTheNeedles() throws {
        try assertFails([
            "foo/foo_messages.h": "IPC_MESSAGE_CON\\\nTROL1(FooMsg_Bar, int)\n",
        ], finding: "foo/foo_messages.h:1:1: error: legacy IPC message 'FooMsg_Bar' (IPC_MESSAGE_CONTROL1)")
        let cut = try lint(text([
            "foo/a.h": "IPC_MESS\\\nAGE_CONTROL0(FooMsg_A)\n",
            "foo/b.h": "IP\\\nC_MESSAGE_CONTROL0(Foo\\\nMsg_B)\n",
        ]))
        assertFails(cut, finding: "foo/a.h:1:1: error: legacy IPC message 'FooMsg_A'")
        assertFails(cut, finding: "foo/b.h:1:1: error: legacy IPC message 'FooMsg_B'")
    }

    /// Lone CRs end lines: the message is found at its line, the directive before it ends where its line does,
    /// and a suppression on the line above is read from the right line.
    func testCarriageReturnLineEnds() throws {
        let header = "#define IPC_MESSAGE_START FooMsgStart\r#define MY_CONTROL1 IPC_MESSAGE_CONTROL1\r\rMY_CONTROL1(FooMsg_Bar, int)\r"
        try assertFails(["foo/foo_messages.h": header], finding: "foo/foo_messages.h:4:1: error: legacy IPC message 'FooMsg_Bar' (IPC_MESSAGE_CONTROL1) is defined")
        let suppressed = header + "// mojify:ignore[new-legacy-ipc] reviewed: kept for the old client\rIPC_MESSAGE_CONTROL0(FooMsg_Kept)\r"
        let output = try lint(text(["foo/foo_messages.h": suppressed]), ["--format", "json"])
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stdout.contains("FooMsg_Bar") && !output.stdout.contains("FooMsg_Kept"), output.stdout)
    }

    func testIncludedFilesOfOtherNames() throws {
        let tree = text([
            "foo/foo_messages.h": "#include \"foo/foo_messages.inl\"\n#include \"msgs.def\"\n#include \"ipc_list\"\n#include \"weird.h \"\n",
            "foo/foo_messages.inl": "IPC_MESSAGE_CONTROL0(FooMsg_Inl)\n",
            "foo/msgs.def": "IPC_MESSAGE_CONTROL0(FooMsg_Def)\n",
            "foo/ipc_list": "IPC_MESSAGE_CONTROL0(FooMsg_List)\n",
            "foo/weird.h ": "IPC_MESSAGE_CONTROL0(FooMsg_Weird)\n",
        ])
        let output = try lint(tree)
        for (path, name) in [("foo/foo_messages.inl", "FooMsg_Inl"), ("foo/msgs.def", "FooMsg_Def"), ("foo/ipc_list", "FooMsg_List"), ("foo/weird.h ", "FooMsg_Weird")] {
            assertFails(output, finding: "\(path):1:1: error: legacy IPC message '\(name)'")
        }
        let sarif = try lint(tree, ["--format", "sarif"])
        XCTAssertTrue(sarif.stdout.contains("\"uri\" : \"foo/weird.h%20\""), sarif.stdout)
        let json = try lint(tree, ["--format", "json"])
        XCTAssertTrue(json.stdout.contains("\"file\" : \"foo/weird.h \""), json.stdout)
    }
}
