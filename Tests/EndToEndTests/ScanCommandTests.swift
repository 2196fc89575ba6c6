import Foundation
import MojifyTestSupport
import XCTest

final class ScanCommandTests: XCTestCase {
    func testVersionAndHelp() throws {
        let version = try MojifyBinary.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, version.stdout)
        let help = try MojifyBinary.run(["scan", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("--compile-commands"), help.stdout)
    }

    func testSummaryOfExamples() throws {
        let result = try MojifyBinary.run(["scan", "Examples"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        XCTAssertTrue(lines.contains("FrameMsgStart 23 2 23 0 5 2 1"), result.stdout)
        XCTAssertTrue(lines.contains("total 44 5 27 17 5 5 1"), result.stdout)
        XCTAssertTrue(lines.contains("message maps: 7 with 36 handlers"), result.stdout)
        XCTAssertTrue(result.stdout.contains("senders: 37 (1 for messages not defined in the tree)"), result.stdout)
    }

    /// What git lists is what is scanned: files in an ignored folder are left out unless git tracks them (added
    /// with `git add -f`), and they leave again when git stops tracking them, cache or not.
    func testIgnoredFilesAreScannedWhileGitTracksThem() throws {
        let tree = try temporaryFolder(files: [
            ".gitignore": "out/\n",
            "out/gen/tracked_messages.h": "#define IPC_MESSAGE_START TrackedMsgStart\nIPC_MESSAGE_CONTROL0(TrackedMsg_A)\n",
            "out/gen/untracked_messages.h": "#define IPC_MESSAGE_START UntrackedMsgStart\nIPC_MESSAGE_CONTROL0(UntrackedMsg_A)\n",
        ])
        let cache = try temporaryFolder().path
        XCTAssertEqual(try Git.run(["init", "-q", "."], in: tree.path).status, 0)
        func scanned() throws -> [String] {
            let found = try [["--no-cache"], ["--cache", cache]].map { cacheOption in
                let result = try MojifyBinary.run(["scan", tree.path] + cacheOption)
                return ["TrackedMsgStart", "UntrackedMsgStart"].filter { result.stdout.contains($0) }
            }
            XCTAssertEqual(found[0], found[1], "cached and not")
            return found[0]
        }
        XCTAssertEqual(try scanned(), [])
        XCTAssertEqual(try Git.run(["add", "-f", "out/gen/tracked_messages.h"], in: tree.path).status, 0)
        XCTAssertEqual(try scanned(), ["TrackedMsgStart"])
        let lint = try MojifyBinary.run(["lint", tree.path, "--no-cache"])
        XCTAssertEqual(lint.status, 1)
        XCTAssertTrue(lint.stdout.contains("out/gen/tracked_messages.h:2:1: error: legacy IPC message 'TrackedMsg_A'"), lint.stdout)
        XCTAssertEqual(try Git.run(["rm", "-q", "--cached", "out/gen/tracked_messages.h"], in: tree.path).status, 0)
        XCTAssertEqual(try scanned(), [])
    }

    func testJSONOutputFileMatchesTheGoldenInventory() throws {
        let output = try temporaryFolder().path + "/inventory.json"
        let result = try MojifyBinary.run(["scan", "Examples", "--format", "json", "-o", output])
        XCTAssertEqual(result.status, 0, result.stderr)
        let golden = repositoryRoot + "/Tests/ScannerTests/Golden/examples-inventory.json"
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output)), try Data(contentsOf: URL(fileURLWithPath: golden)))
    }

    /// The prefilter's searches without AVX2 or without vectors, and folders listed with readdir, find the same.
    func testSlowerSearchesAndListingScanTheSame() throws {
        let golden = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Tests/ScannerTests/Golden/examples-inventory.json"))
        for environment in [["MOJIFY_SIMD": "scalar"], ["MOJIFY_SIMD": "sse2"], ["MOJIFY_FOLDER_LISTING": "readdir"]] {
            let output = try temporaryFolder().path + "/inventory.json"
            let result = try MojifyBinary.run(["scan", "Examples", "--format", "json", "--no-cache", "-o", output], environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: output)), golden, "\(environment)")
        }
    }

    func testInputErrorsExitWithTwoAndSayWhatToDo() throws {
        let missing = try MojifyBinary.run(["scan", "/no/such/tree"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("/no/such/tree: no such file or directory"), missing.stderr)

        let badFormat = try MojifyBinary.run(["scan", ".", "--format", "xml"])
        XCTAssertEqual(badFormat.status, 2, badFormat.stderr)
        XCTAssertTrue(badFormat.stderr.contains("xml"), badFormat.stderr)

        let badDatabase = try MojifyBinary.run(["scan", "Examples", "--compile-commands", "Examples/content"])
        XCTAssertEqual(badDatabase.status, 2)
        XCTAssertTrue(badDatabase.stderr.contains("no compile_commands.json there"), badDatabase.stderr)
    }

    /// A FIFO named on the command line would block the read forever, and a device is no source: both are refused.
    func testNamedSpecialFilesAreRefusedWithExitTwo() throws {
        let folder = try temporaryFolder().path
        XCTAssertEqual(mkfifo(folder + "/some_fifo_messages.h", 0o644), 0)
        let fifo = try MojifyBinary.run(["scan", "some_fifo_messages.h", "--no-cache"], in: folder, timeout: 20)
        XCTAssertEqual(fifo.status, 2, fifo.stderr)
        XCTAssertTrue(fifo.stderr.contains("some_fifo_messages.h: a FIFO (named pipe), not a regular file or folder"), fifo.stderr)
        let device = try MojifyBinary.run(["scan", "/dev/zero", "--no-cache"], timeout: 20)
        XCTAssertEqual(device.status, 2, device.stderr)
        XCTAssertEqual(device.stdout, "", "no summary of a scan that did not happen")
        XCTAssertTrue(device.stderr.contains("/dev/zero: a character device, not a regular file or folder"), device.stderr)
    }

    /// Diagnostics name files: a terminal escape or a newline in a name is printed escaped, never obeyed.
    func testDiagnosticsShowControlCharactersInFileNamesEscaped() throws {
        let folder = try temporaryFolder().path
        let name = "evil\u{1B}[31m\nforged_messages.h"
        try Data("IPC_MESSAGE_CONTROL0(EvilMsg_A)\n\u{0}".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        let result = try MojifyBinary.run(["scan", ".", "--no-cache"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("evil\\u{1B}[31m\\nforged_messages.h:2:1: error: binary file: NUL byte at line 2"), result.stderr)
        XCTAssertFalse(result.stderr.contains("\u{1B}"), result.stderr)
    }

    func testCompileCommandsOfExamples() throws {
        let result = try MojifyBinary.run(["scan", "Examples", "--compile-commands", "Examples", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let inventory = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let senders = try XCTUnwrap(inventory?["senders"] as? [[String: Any]])
        // render_frame_impl.cc is compiled with -DOS_LINUX: its Android-only sender is not in that build.
        let android = senders.filter { ($0["conditions"] as? [String: Any])?["stack"] as? [String] == ["defined(OS_ANDROID)"] && ($0["location"] as? [String: Any])?["file"] as? String == "content/renderer/render_frame_impl.cc" }
        XCTAssertFalse(android.isEmpty)
        for sender in android {
            XCTAssertEqual((sender["conditions"] as? [String: Any])?["activeInBuild"] as? Bool, false, "\(sender)")
        }
    }
}
