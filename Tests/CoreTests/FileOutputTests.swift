import Foundation
import MojifyCore
import MojifyTestSupport
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
        let folder = try temporaryFolder().path
        let path = folder + "/ledger.csv"
        try FileOutput.writeAtomically("old", to: path)
        try FileOutput.writeAtomically("new content", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new content")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["ledger.csv"])
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: folder + "/missing/file.txt")) { error in
            XCTAssertEqual(error as? CoreError, .writeFailed(path: folder + "/missing/file.txt", reason: "No such file or directory"))
        }
    }

    private func permissions(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    func testAtomicWriteGoesThroughSymbolicLinksAndKeepsPermissions() throws {
        let folder = try temporaryFolder().path
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/mine", withIntermediateDirectories: true)
        let target = folder + "/shared/ledger.csv"
        for mode in [0o600, 0o640, 0o664] {
            try FileOutput.writeAtomically("old", to: target)
            try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: target)
            // A relative link to a relative link to the file.
            try? manager.removeItem(atPath: folder + "/mine/ledger.csv")
            try? manager.removeItem(atPath: folder + "/mine/alias.csv")
            try manager.createSymbolicLink(atPath: folder + "/mine/alias.csv", withDestinationPath: "../shared/ledger.csv")
            try manager.createSymbolicLink(atPath: folder + "/mine/ledger.csv", withDestinationPath: "alias.csv")
            try FileOutput.writeAtomically("new \(mode)", to: folder + "/mine/ledger.csv")
            XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new \(mode)")
            XCTAssertEqual(try manager.destinationOfSymbolicLink(atPath: folder + "/mine/ledger.csv"), "alias.csv")
            XCTAssertEqual(try permissions(target), mode)
        }
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder + "/shared"), ["ledger.csv"])
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder + "/mine").sorted(), ["alias.csv", "ledger.csv"])
        // A link to a file not there yet creates it; a loop of links is an error.
        try manager.createSymbolicLink(atPath: folder + "/mine/new.csv", withDestinationPath: folder + "/shared/new.csv")
        try FileOutput.writeAtomically("created", to: folder + "/mine/new.csv")
        XCTAssertEqual(try String(contentsOfFile: folder + "/shared/new.csv", encoding: .utf8), "created")
        try manager.createSymbolicLink(atPath: folder + "/mine/loop", withDestinationPath: "loop")
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: folder + "/mine/loop")) { error in
            XCTAssertEqual(error as? CoreError, .writeFailed(path: folder + "/mine/loop", reason: "too many levels of symbolic links"))
        }
    }

    func testSeveralFilesAreAllWrittenBeforeAnyIsReplaced() throws {
        let folder = try temporaryFolder().path
        let first = folder + "/ledger.csv", second = folder + "/ledger.history.csv"
        try FileOutput.writeAtomically([(first, Data("ledger 1".utf8)), (second, Data("history 1".utf8))])
        // The second file cannot be written: the first is not replaced either.
        XCTAssertThrowsError(try FileOutput.writeAtomically([(first, Data("ledger 2".utf8)), (folder + "/missing/h.csv", Data("h".utf8))]))
        XCTAssertEqual(try String(contentsOfFile: first, encoding: .utf8), "ledger 1")
        // The first rename fails (a folder is in the way): the second file is not replaced.
        try FileManager.default.createDirectory(atPath: folder + "/in-the-way", withIntermediateDirectories: true)
        XCTAssertThrowsError(try FileOutput.writeAtomically([(folder + "/in-the-way", Data("x".utf8)), (second, Data("history 2".utf8))]))
        XCTAssertEqual(try String(contentsOfFile: second, encoding: .utf8), "history 1")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["in-the-way", "ledger.csv", "ledger.history.csv"])
    }

    /// A write that fails part-way (here: past the file size limit, as on a full disk) removes its temporary file.
    func testFailedWriteRemovesItsTemporaryFile() throws {
        let folder = try temporaryFolder().path
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
        let folder = try temporaryFolder().path
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
        let folder = try temporaryFolder().path
        try FileOutput.writeAtomically("x", to: folder + "/file")
        XCTAssertThrowsError(try FileOutput.createFolder(folder + "/file/sub")) { error in
            XCTAssertEqual("\(error)", "cannot write \(folder)/file/sub: Not a directory; choose a path in a folder that exists (or can be created) and is writable, on a disk with room")
        }
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: folder + "/file/out.txt")) { error in
            XCTAssertEqual(error as? CoreError, .writeFailed(path: folder + "/file/out.txt", reason: "Not a directory"))
        }
    }

    /// `-o /dev/null` as root must not replace the system's `/dev/null`: a character device is opened and written.
    /// A device node of the same kind made in a temporary folder stands in for it (making one needs root).
    func testACharacterDeviceIsWrittenNotReplaced() throws {
        let folder = try temporaryFolder().path
        let device = folder + "/null"
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else { throw XCTSkip("making a device node needs root") }
        try FileOutput.writeAtomically("discarded\n", to: device)
        try FileOutput.writeAtomically(pieces: [Data("a".utf8), Data("b".utf8)], to: device)
        var info = stat()
        XCTAssertEqual(lstat(device, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "still the device, not a regular file renamed over it")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["null"], "no temporary file left")
    }

    /// A named pipe is written through by opening it: its reader gets the bytes and the pipe stays.
    func testAPipeIsWrittenNotReplaced() throws {
        let folder = try temporaryFolder().path
        let pipe = folder + "/pipe"
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        final class Box: @unchecked Sendable { var data = Data() }
        let received = Box()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            received.data = FileHandle(forReadingAtPath: pipe)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
        try FileOutput.writeAtomically("through the pipe\n", to: pipe)
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(String(decoding: received.data, as: UTF8.self), "through the pipe\n")
        var info = stat()
        XCTAssertEqual(lstat(pipe, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    /// What can be neither replaced nor written safely is refused in mojify's words, and left as it was.
    func testABlockDeviceSocketOrFolderIsRefused() throws {
        let folder = try temporaryFolder().path
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: false)
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: folder + "/dir")) { error in
            XCTAssertEqual(error as? CoreError, .writeFailed(path: folder + "/dir", reason: "it is a folder, not a file"))
        }
        let block = folder + "/block"
        guard mknod(block, S_IFBLK | 0o600, dev_t(7 << 8 | 200)) == 0 else { throw XCTSkip("making a device node needs root") }
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: block)) { error in
            XCTAssertEqual(error as? CoreError, .notWritableKind(path: block, kind: "a block device"))
            XCTAssertTrue("\(error)".contains("refusing to write"), "\(error)")
        }
        var info = stat()
        XCTAssertEqual(lstat(block, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFBLK)
    }

    /// A file in a folder of mojify's own (the scan cache) is written without following what stands at its name:
    /// a link planted there is replaced, and the file it pointed to is untouched; the new file is private.
    func testWritingWithoutFollowingLinksReplacesAPlantedLink() throws {
        let folder = try temporaryFolder().path
        let victim = folder + "/victim"
        try "secret\n".write(toFile: victim, atomically: false, encoding: .utf8)
        chmod(victim, 0o600)
        let name = folder + "/own/scan.cache"
        try FileManager.default.createDirectory(atPath: folder + "/own", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: victim)
        try FileOutput.writeAtomically(pieces: [Data("cache".utf8)], to: name, followingLinks: false)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "secret\n")
        var info = stat()
        XCTAssertEqual(lstat(name, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(try String(contentsOfFile: name, encoding: .utf8), "cache")
    }
}
