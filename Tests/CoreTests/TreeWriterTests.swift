import Foundation
import MojifyCore
import MojifyTestSupport
import XCTest

/// `TreeWriter`: changes inside the tree only, never through a link, all or nothing, recoverable after a kill.
final class TreeWriterTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var root: String { folder.path + "/tree" }

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        try folder.write("tree/a/one.cc", "one\n")
        try folder.write("tree/b/two.cc", "two\n")
        try folder.write("tree/c/gone_messages.h", "gone\n")
        try folder.write("outside/victim.cc", "victim\n")
    }

    private func edit(_ path: String, from old: String?, to new: String?) -> TreeEdit {
        TreeEdit(path: path, expected: old.map { Data($0.utf8) }, replacement: new.map { Data($0.utf8) })
    }

    private func read(_ relative: String) -> String? {
        FileManager.default.contents(atPath: folder.path + "/" + relative).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file below the tree, hidden ones included: nothing may be left behind.
    private func listing() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: root).sorted()
    }

    func testReplacesAndDeletesAndRemovesFoldersLeftEmpty() throws {
        try TreeWriter.apply([edit("a/one.cc", from: "one\n", to: "ONE\n"), edit("c/gone_messages.h", from: "gone\n", to: nil)], in: root)
        XCTAssertEqual(read("tree/a/one.cc"), "ONE\n")
        XCTAssertEqual(try listing(), ["a", "a/one.cc", "b", "b/two.cc"], "the deleted header's folder went too; no backup, staged file or journal left")
    }

    /// A new file is written where no file is, in a folder the tree has; where anything of that name is (a file, a
    /// link), or the folder is reached through a link, nothing at all is written.
    func testCreatesNewFilesOnlyWhereNoneIs() throws {
        try TreeWriter.apply([edit("a/one.cc", from: "one\n", to: "ONE\n"), .creating("a/one_type_converters.h", contents: Data("new\n".utf8))], in: root)
        XCTAssertEqual(read("tree/a/one_type_converters.h"), "new\n")
        XCTAssertEqual(try listing(), ["a", "a/one.cc", "a/one_type_converters.h", "b", "b/two.cc", "c", "c/gone_messages.h"])
        try FileManager.default.createSymbolicLink(atPath: root + "/b/linked.h", withDestinationPath: folder.path + "/outside/victim.cc")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked_folder", withDestinationPath: folder.path + "/outside")
        for path in ["b/two.cc", "b/linked.h", "linked_folder/new.h"] {
            XCTAssertThrowsError(try TreeWriter.apply([edit("a/one.cc", from: "ONE\n", to: "one\n"), .creating(path, contents: Data("pwned\n".utf8))], in: root), path)
            XCTAssertEqual(read("tree/a/one.cc"), "ONE\n", "all or nothing")
        }
        XCTAssertEqual(read("tree/b/two.cc"), "two\n")
        XCTAssertEqual(read("outside/victim.cc"), "victim\n")
        XCTAssertNil(read("outside/new.h"))
    }

    /// A file that is a link, or one reached through a linked folder, is never written or deleted: what it points to
    /// (here outside the tree) keeps its content, and nothing else of the write happens.
    func testNothingIsChangedThroughALink() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/a/linked.cc", withDestinationPath: folder.path + "/outside/victim.cc")
        try FileManager.default.createSymbolicLink(atPath: root + "/linked_folder", withDestinationPath: folder.path + "/outside")
        let before = try listing()
        for path in ["a/linked.cc", "linked_folder/victim.cc"] {
            for change in [edit(path, from: "victim\n", to: "pwned\n"), edit(path, from: nil, to: nil)] {
                XCTAssertThrowsError(try TreeWriter.apply([edit("a/one.cc", from: "one\n", to: "ONE\n"), change], in: root)) { error in
                    guard case .throughLink = error as? CoreError else { return XCTFail("\(error)") }
                    XCTAssertTrue("\(error)".contains("is a symbolic link"), "\(error)")
                }
                XCTAssertEqual(read("outside/victim.cc"), "victim\n")
                XCTAssertEqual(read("tree/a/one.cc"), "one\n", "all or nothing")
                XCTAssertEqual(try listing(), before)
            }
        }
    }

    func testPathsOutsideTheTreeAreRefused() throws {
        for path in ["../outside/victim.cc", "/etc/passwd", "a/../../outside/victim.cc", "a//one.cc", "./a/one.cc"] {
            XCTAssertThrowsError(try TreeWriter.apply([edit(path, from: nil, to: "x\n")], in: root), path) { error in
                XCTAssertEqual(error as? CoreError, .pathEscapesOutput(path: path, root: root))
            }
        }
        XCTAssertEqual(read("outside/victim.cc"), "victim\n")
    }

    /// A file that no longer holds what the change was made from stops the whole write, before anything changes.
    func testAFileChangedSinceItWasReadStopsEverything() throws {
        XCTAssertThrowsError(try TreeWriter.apply([edit("a/one.cc", from: "one\n", to: "ONE\n"), edit("b/two.cc", from: "an older two\n", to: "TWO\n")], in: root)) { error in
            XCTAssertEqual(error as? CoreError, .changedOnDisk(paths: ["b/two.cc"]))
        }
        XCTAssertEqual(read("tree/a/one.cc"), "one\n")
    }

    /// A failure part way (here: a folder that forbids removing entries, so the second file cannot be replaced)
    /// puts back the first file, and leaves no temporary file, link or journal.
    func testAFailurePartWayPutsEverythingBack() throws {
        guard chattr("+a", root + "/b") else { throw XCTSkip("chattr +a is not supported here") }
        defer { _ = chattr("-a", root + "/b") }
        let before = try listing()
        XCTAssertThrowsError(try TreeWriter.apply([edit("a/one.cc", from: "one\n", to: "ONE\n"), edit("b/two.cc", from: "two\n", to: "TWO\n")], in: root)) { error in
            guard case let .applyFailed(path, _) = error as? CoreError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "b/two.cc")
            XCTAssertTrue("\(error)".contains("every file of the tree was left as it was"), "\(error)")
        }
        XCTAssertEqual(read("tree/a/one.cc"), "one\n", "the first file was put back")
        XCTAssertEqual(read("tree/b/two.cc"), "two\n")
        _ = chattr("-a", root + "/b")
        // The append-only folder kept the staged file and the link that could not be removed; the rest is clean.
        XCTAssertEqual(try listing().filter { !$0.hasPrefix("b/") }, before.filter { !$0.hasPrefix("b/") })
    }

    /// What a run killed between two renames leaves (a journal, a replaced file with its original linked beside it,
    /// a file not yet replaced with its staged new bytes) is rolled back by the next run, which then applies.
    func testAnInterruptedWriteIsRolledBackByTheNextRun() throws {
        // The state of a run killed after replacing a/one.cc and before replacing b/two.cc and deleting the header.
        XCTAssertEqual(link(root + "/a/one.cc", root + "/a/.one.cc.mojify-apply-backup-1-1"), 0)
        try folder.write("tree/a/.one.cc.mojify-apply-new-1-1", "half\n")
        XCTAssertEqual(rename(root + "/a/.one.cc.mojify-apply-new-1-1", root + "/a/one.cc"), 0)
        XCTAssertEqual(link(root + "/b/two.cc", root + "/b/.two.cc.mojify-apply-backup-1-2"), 0)
        try folder.write("tree/b/.two.cc.mojify-apply-new-1-2", "half\n")
        XCTAssertEqual(link(root + "/c/gone_messages.h", root + "/c/.gone_messages.h.mojify-apply-backup-1-3"), 0)
        try folder.write("tree/" + TreeWriter.journalName, """
            [{"backup":".one.cc.mojify-apply-backup-1-1","path":"a/one.cc","staged":".one.cc.mojify-apply-new-1-1"},\
            {"backup":".two.cc.mojify-apply-backup-1-2","path":"b/two.cc","staged":".two.cc.mojify-apply-new-1-2"},\
            {"backup":".gone_messages.h.mojify-apply-backup-1-3","path":"c/gone_messages.h"}]
            """)
        XCTAssertEqual(try TreeWriter.recoverInterrupted(in: root), ["a/one.cc"], "only the file the killed run had changed")
        XCTAssertEqual(read("tree/a/one.cc"), "one\n")
        XCTAssertEqual(read("tree/b/two.cc"), "two\n")
        XCTAssertEqual(try listing(), ["a", "a/one.cc", "b", "b/two.cc", "c", "c/gone_messages.h"])
        XCTAssertEqual(try TreeWriter.recoverInterrupted(in: root), [], "nothing left to recover")
    }

    /// A run killed after adding a new file leaves it named in the journal without a backup: the next run removes
    /// it, as the tree did not have it.
    func testAnInterruptedCreationIsRolledBack() throws {
        try folder.write("tree/a/one_type_converters.h", "new\n")
        try folder.write("tree/" + TreeWriter.journalName, #"[{"path":"a/one_type_converters.h","staged":".one_type_converters.h.mojify-apply-new-1-1"}]"#)
        XCTAssertEqual(try TreeWriter.recoverInterrupted(in: root), ["a/one_type_converters.h"])
        XCTAssertEqual(try listing(), ["a", "a/one.cc", "b", "b/two.cc", "c", "c/gone_messages.h"])
    }

    /// A journal that names files not of mojify's making (a path out of the tree, someone else's file) is refused,
    /// not followed.
    func testAJournalNamingOtherFilesIsRefused() throws {
        for journal in [#"[{"backup":"../../outside/victim.cc","path":"a/one.cc"}]"#, #"[{"backup":".x","path":"../outside/victim.cc"}]"#, #"[{"path":"a/one.cc"}]"#, "not json"] {
            try folder.write("tree/" + TreeWriter.journalName, journal)
            XCTAssertThrowsError(try TreeWriter.recoverInterrupted(in: root), journal)
            XCTAssertEqual(read("tree/a/one.cc"), "one\n")
            XCTAssertEqual(read("outside/victim.cc"), "victim\n")
        }
    }

    /// A second writer waits for the first, then finds the files changed and refuses: no update is lost.
    func testASecondWriterWaitsAndThenRefuses() throws {
        let holder = open(root, O_RDONLY | O_DIRECTORY)
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        final class Box: @unchecked Sendable { var error: Error? }
        let outcome = Box()
        let finished = DispatchSemaphore(value: 0)
        let root = root
        DispatchQueue.global().async {
            do {
                try TreeWriter.apply([TreeEdit(path: "a/one.cc", expected: Data("one\n".utf8), replacement: Data("SECOND\n".utf8))], in: root)
            } catch {
                outcome.error = error
            }
            finished.signal()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 0.5), .timedOut, "the second writer waits for the lock")
        try "FIRST\n".write(toFile: root + "/a/one.cc", atomically: true, encoding: .utf8)
        close(holder)
        XCTAssertEqual(finished.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(outcome.error as? CoreError, .changedOnDisk(paths: ["a/one.cc"]))
        XCTAssertEqual(read("tree/a/one.cc"), "FIRST\n")
    }

    /// A patch of a whole fork touches thousands of files: the write holds a few descriptors at a time, not one
    /// per file (here with 64 descriptors to spare above those the test process already holds).
    func testThousandsOfFilesWithFewDescriptors() throws {
        let paths = (0..<1_500).map { "many/f\($0 % 30)/file\($0).cc" }
        for path in paths { try folder.write("tree/" + path, "old\n") }
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let alreadyOpen = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        var lowered = limit
        lowered.rlim_cur = min(limit.rlim_cur, rlim_t(alreadyOpen + 64))
        XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &lowered), 0)
        defer { setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        try TreeWriter.apply(paths.map { edit($0, from: "old\n", to: "new\n") }, in: root)
        XCTAssertTrue(paths.allSatisfy { read("tree/" + $0) == "new\n" })
    }

    private func chattr(_ flag: String, _ path: String) -> Bool {
        (try? RunningProcess(URL(fileURLWithPath: "/usr/bin/env"), ["chattr", flag, path]).finish().status) == 0
    }
}
