import Foundation
import MojifyCore
import XCTest

final class FileOutputTests: XCTestCase {
    func testDerivedNamesCannotEscapeTheOutputFolder() throws {
        XCTAssertEqual(try FileOutput.contained("content/common/foo.mojom", in: "/out"), "/out/content/common/foo.mojom")
        for hostile in ["../etc/passwd", "a/../../b", "/etc/passwd", "", "a//b", "./a", "a\\..\\b", "a/\0/b"] {
            XCTAssertThrowsError(try FileOutput.contained(hostile, in: "/out"), hostile) { error in
                XCTAssertEqual(error as? CoreError, .pathEscapesOutput(path: hostile, root: "/out"))
            }
        }
    }

    func testAtomicWriteReplacesWholeFileAndLeavesNoTemporaries() throws {
        let folder = NSTemporaryDirectory() + "mojify-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/ledger.csv"
        try FileOutput.writeAtomically("old", to: path)
        try FileOutput.writeAtomically("new content", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new content")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["ledger.csv"])
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: folder + "/missing/file.txt")) { error in
            XCTAssertEqual(error as? CoreError, .writeFailed(path: folder + "/missing/file.txt", reason: "No such file or directory"))
        }
    }

    /// A write that fails part-way (here: past the file size limit, as on a full disk) removes its temporary file.
    func testFailedWriteRemovesItsTemporaryFile() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var saved = rlimit()
        getrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        var small = saved
        small.rlim_cur = 64 * 1024
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &small)
        let result = Result { try FileOutput.writeAtomically(Data(count: 1 << 20), to: folder + "/report.html") }
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &saved)
        signal(SIGXFSZ, previousHandler)
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertEqual(error as? CoreError, .writeFailed(path: folder + "/report.html", reason: "File too large"))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [])
    }

    /// Temporary files of runs that died are removed at the next write into their folder; those of live runs, and
    /// files that only look alike, are kept.
    func testNextWriteRemovesTemporariesOfDeadRunsOnly() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = ".out.json.mojify-tmp-\(finished.processIdentifier)-42"
        let live = ".out.json.mojify-tmp-\(getppid())-7"
        let otherTarget = ".other.json.mojify-tmp-\(finished.processIdentifier)-1"
        let lookalikes = ["notes.mojify-tmp-\(finished.processIdentifier)-1", ".x.mojify-tmp-abc-1"]
        for name in [dead, live, otherTarget] + lookalikes {
            XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("partial".utf8)))
        }
        try FileOutput.writeAtomically("{}", to: folder + "/out.json")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ([live, "out.json"] + lookalikes).sorted())
    }

    func testUnwritableFoldersGiveTheSystemsReason() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileOutput.writeAtomically("x", to: folder + "/file")
        XCTAssertThrowsError(try FileOutput.createFolder(folder + "/file/sub")) { error in
            XCTAssertEqual("\(error)", "cannot write \(folder)/file/sub: Not a directory; choose a path in a folder that exists (or can be created) and is writable, on a disk with room")
        }
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: folder + "/file/out.txt")) { error in
            XCTAssertEqual(error as? CoreError, .writeFailed(path: folder + "/file/out.txt", reason: "Not a directory"))
        }
    }

    private func scratchFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "mojify-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
