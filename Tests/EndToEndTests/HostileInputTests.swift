import Foundation
import MojifyTestSupport
import XCTest

/// Inputs a user gets wrong, or an attacker shapes, each answered in mojify's own words with exit 2 (or done
/// right), never Foundation's raw text or a silent no-op.
final class HostileInputTests: XCTestCase {
    private func mojify(_ arguments: [String], in directory: String = repositoryRoot) throws -> ProcessOutput {
        try MojifyBinary.run(arguments, in: directory)
    }

    /// `--only A --only <typo>` dropped the typo and went on with A; `--only A,B` matched nothing.
    func testOnlyRefusesUnknownNamesAndTakesCommaLists() throws {
        let out = try temporaryFolder().path
        for command in ["generate", "migrate"] {
            let typo = try mojify([command, "Examples/", "--out", out, "--dry-run", "--no-cache", "--only", "PrintMsgStart", "--only", "FrameMsgStrat"])
            XCTAssertEqual(typo.status, 2, command + typo.stdout)
            XCTAssertTrue(typo.stderr.contains("'FrameMsgStrat' is no message class or message of the scanned tree (did you mean FrameMsgStart?)"), typo.stderr)
            let both = try mojify([command, "Examples/", "--out", out, "--dry-run", "--no-cache", "--only", "PrintMsgStart,ExtensionMsgStart"])
            let apart = try mojify([command, "Examples/", "--out", out, "--dry-run", "--no-cache", "--only", "PrintMsgStart", "--only", "ExtensionMsgStart"])
            XCTAssertEqual(both.status, 0, both.stderr)
            XCTAssertEqual(both.stdout, apart.stdout)
        }
    }

    /// A folder, a link loop or a pipe where a file is expected: the system's reason in mojify's words.
    func testFoldersLoopsAndPipesAsInputFilesAreNamed() throws {
        let scratch = try temporaryFolder().path
        XCTAssertEqual(symlink(scratch + "/loop", scratch + "/loop"), 0)
        let cases: [([String], String)] = [
            (["ledger", "show", "--ledger", scratch], "it is a folder; give a CSV file"),
            (["ledger", "show", "--ledger", scratch + "/loop"], "Too many levels of symbolic links"),
            (["generate", "Examples/", "--out", scratch + "/out", "--rules", scratch, "--no-cache"], "it is a folder; give a rules file"),
            (["lint", "Examples/", "--rules", scratch, "--no-cache"], "it is a folder; give a rules file"),
            // Read without end, it would fill the memory.
            (["lint", "--inventory", "/dev/zero", "Examples/"], "it is a device; give the inventory file"),
        ]
        for (arguments, expected) in cases {
            let result = try mojify(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments) \(result.stdout)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("NSCocoaErrorDomain") || result.stderr.contains("no ledger there"), result.stderr)
        }
    }

    /// An --include-dir outside the scanned folder taught nothing, silently.
    func testAnIncludeDirOutsideTheTreeIsRefused() throws {
        let result = try mojify(["scan", "Examples/chrome", "--include-dir", "../content", "--no-cache"])
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertTrue(result.stderr.contains("--include-dir ../content: outside the scanned folder Examples/chrome"), result.stderr)
        XCTAssertEqual(try mojify(["scan", "Examples/", "--include-dir", "content", "--no-cache"]).status, 0)
    }

    /// Names from the tree in generate's warnings are printed with control characters escaped.
    func testGenerateWarningsEscapeControlCharactersFromFileNames() throws {
        let tree = try temporaryFolder()
        try tree.write("foo/foo\u{1B}[31m\u{07}\r_messages.h", "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL1(FooMsg_A, int)\n")
        let result = try mojify(["generate", tree.path, "--out", tree.path + "/../gen-\(UUID().uuidString)", "--no-cache"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("\\u{1B}"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}") || result.stderr.contains("\u{07}") || result.stderr.contains("\r"), result.stderr)
    }
}

extension HostileInputTests {
    /// Over two roots, migrate listed every site with a misleading reason and exited 0: it takes one tree.
    func testMigrateTakesOneTree() throws {
        let result = try mojify(["migrate", "Examples/chrome", "Examples/content", "--out", try temporaryFolder().path, "--no-cache"])
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertTrue(result.stderr.contains("migrate takes one folder, the root of the tree to change, not 2"), result.stderr)
    }
}
