import Foundation
import MojifyTestSupport
import XCTest

/// What the real binary leaves behind when it is interrupted or cannot write: no temporary files, and a message
/// that says what could not be written, why, and what to do.
final class InterruptAndOutputTests: XCTestCase {
    /// A tree whose generate run writes thousands of files into one folder, so that it is still writing when
    /// the signal comes.
    func bigTree(in scratch: String) throws -> String {
        let root = scratch + "/src"
        try FileManager.default.createDirectory(atPath: root + "/big", withIntermediateDirectories: true)
        for index in 0 ..< 1500 {
            let header = "#define IPC_MESSAGE_START Class\(index)MsgStart\nIPC_MESSAGE_CONTROL1(Class\(index)HostMsg_Ping, int)\n"
            try header.write(toFile: root + "/big/class\(index)_messages.h", atomically: false, encoding: .utf8)
        }
        return root
    }

    /// Sends `signal` once a temporary file shows up in `folder` (the run is writing), and returns the exit status.
    func interrupt(_ arguments: [String], with signal: Int32, whenWritingInto folder: String) throws -> Int32 {
        let process = Process()
        process.executableURL = try MojifyBinary.url()
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        while process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            if names.contains(where: { $0.contains(".mojify-tmp-") }) {
                kill(process.processIdentifier, signal)
                break
            }
            usleep(200)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func leftovers(under folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { $0.contains(".mojify-tmp-") }
    }

    func testSignalsDuringGenerateRemoveTemporaryFilesAndExitWithTheSignalsStatus() throws {
        let scratch = try temporaryFolder().path
        let tree = try bigTree(in: scratch)
        for (signal, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let out = scratch + "/out-\(signal)"
            let exit = try interrupt(["generate", tree, "--out", out], with: signal, whenWritingInto: out + "/big")
            XCTAssertEqual(exit, status, "signal \(signal): the run must still be writing when the signal comes")
            XCTAssertEqual(leftovers(under: out), [], "signal \(signal)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/.mojify-generated"), "the run was cut short")
        }
    }

    func testUnwritableOutputsSayWhatAndWhy() throws {
        let scratch = try temporaryFolder().path
        let file = scratch + "/plain-file"
        try "x".write(toFile: file, atomically: false, encoding: .utf8)
        let cases: [(arguments: [String], path: String, reason: String)] = [
            (["generate", "Examples/", "--out", file + "/out"], file + "/out", "Not a directory"),
            (["generate", "Examples/", "--out", "/proc/mojify-out"], "/proc/mojify-out", "No such file or directory"),
            (["report", "Examples/", "--out", file + "/report.html"], file + "/report.html", "Not a directory"),
            (["lint", "Examples/", "-o", file + "/lint.txt"], file + "/lint.txt", "Not a directory"),
            (["scan", "Examples/", "-o", file + "/scan.txt"], file + "/scan.txt", "Not a directory"),
        ]
        for (arguments, path, reason) in cases {
            let run = try MojifyBinary.run(arguments)
            XCTAssertEqual(run.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(run.stderr, "mojify: error: cannot write \(path): \(reason); choose a path in a folder that exists (or can be created) and is writable, on a disk with room\n")
        }
    }

    /// `-o /dev/stdout` with standard output a pipe (as in CI and here) writes into the pipe: the device is opened,
    /// not replaced. The same for `lint -o` and the other commands, which share the writer.
    func testOutputToDevStdoutIntoAPipeIsWritten() throws {
        let scan = try MojifyBinary.run(["scan", "Examples", "--no-cache", "-o", "/dev/stdout"])
        XCTAssertEqual(scan.status, 0, scan.stderr)
        XCTAssertTrue(scan.stdout.contains("FrameMsgStart"), scan.stdout)
        let lint = try MojifyBinary.run(["lint", "Examples", "--no-cache", "--format", "json", "-o", "/dev/stdout"])
        XCTAssertTrue(lint.stdout.hasPrefix("{"), lint.stdout + lint.stderr)
        // Only a machine whose /dev/null is the device can show that mojify leaves it so.
        var info = stat()
        guard stat("/dev/null", &info) == 0, info.st_mode & S_IFMT == S_IFCHR else { throw XCTSkip("/dev/null is not a character device on this machine") }
        let null = try MojifyBinary.run(["scan", "Examples", "--no-cache", "-o", "/dev/null"])
        XCTAssertEqual(null.status, 0, null.stderr)
        XCTAssertEqual(stat("/dev/null", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still the device")
    }

    /// A folder as the output is refused in mojify's words, exit 2.
    func testAFolderAsOutputIsRefused() throws {
        let folder = try temporaryFolder().path
        let result = try MojifyBinary.run(["scan", "Examples", "--no-cache", "-o", folder])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("cannot write \(folder): it is a folder, not a file"), result.stderr)
    }
}

