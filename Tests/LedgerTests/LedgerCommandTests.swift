import Foundation
import MojifyCore
import MojifyLedger
import MojifyTestSupport
import XCTest

/// End-to-end: the real `mojify` binary on the Examples tree and on ledgers in temporary folders.
final class LedgerCommandTests: XCTestCase {
    private var examples: String { repositoryRoot + "/Examples" }

    private func start(_ arguments: [String], in folder: String, today: String) throws -> RunningProcess {
        try MojifyBinary.start(arguments, in: folder, environment: ["MOJIFY_TODAY": today])
    }

    @discardableResult
    private func mojify(_ arguments: String..., in folder: String, today: String = "2024-03-01") throws -> ProcessOutput {
        try start(arguments, in: folder, today: today).finish()
    }

    /// Compares `actual` with `Golden/<name>` next to this file.
    private func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try Golden.assertMatches(actual, path: repositoryRoot + "/Tests/LedgerTests/Golden/" + name, file: file, line: line)
    }

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func testWorkflowOnExamplesMatchesGoldenFiles() throws {
        let folder = try temporaryFolder().path
        let sync = try mojify("ledger", "sync", examples, "--ledger", "ledger.csv", in: folder)
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertEqual(try mojify("ledger", "claim", "FrameHostMsg_*", "--owner", "alice", "--bug", "crbug.com/1", "--ledger", "ledger.csv", in: folder, today: "2024-03-02")
            .status, 0)
        XCTAssertEqual(try mojify("ledger", "claim", "--class", "PrintMsgStart", "--owner", "bob", "--ledger", "ledger.csv",
                                  "--note", "=needs, \"care\"\nsee design doc", in: folder, today: "2024-03-02").status, 0)
        XCTAssertEqual(try mojify("ledger", "set-status", "ChromeViewMsg_SetConfig", "--status", "wontfix", "--owner", "carol",
                                  "--ledger", "ledger.csv", in: folder, today: "2024-03-03").status, 0)

        try assertGolden(sync.stdout, "examples-sync.txt")
        try assertGolden(contents(folder + "/ledger.csv"), "examples-ledger.csv")
        try assertGolden(contents(folder + "/ledger.history.csv"), "examples-ledger.history.csv")
        try assertGolden(mojify("ledger", "show", "--ledger", "ledger.csv", in: folder).stdout, "examples-show.txt")
        try assertGolden(mojify("ledger", "show", "--ledger", "ledger.csv", "--owner", "bob", "--format", "json", in: folder).stdout,
                                 "examples-show-bob.json")
        try assertGolden(mojify("ledger", "show", "--ledger", "ledger.csv", "--status", "in-progress", "--class", "Frame*",
                                        "--format", "csv", in: folder).stdout, "examples-show-frame.csv")
        try assertGolden(mojify("ledger", "stats", "--ledger", "ledger.csv", in: folder).stdout, "examples-stats.txt")
        try assertGolden(mojify("ledger", "stats", "--ledger", "ledger.csv", "--format", "json", in: folder).stdout, "examples-stats.json")
        try assertGolden(mojify("ledger", "stats", "--ledger", "ledger.csv", "--format", "csv", in: folder).stdout, "examples-stats.csv")

        // The ledger is what a spreadsheet would read back: the note survives exactly.
        let ledger = try Ledger.load(path: folder + "/ledger.csv")
        XCTAssertEqual(ledger.row(for: "PrintMsg_InitiatePrintPreview")?.notes, "=needs, \"care\"\nsee design doc")
        // The generator's proposal; a reply message gets the method it was folded into; `#if 0` code gets none.
        XCTAssertEqual(ledger.row(for: "MimeRegistryMsg_GetMimeTypeFromExtension")?.proposedInterface, "chrome.mojom.MimeRegistry")
        XCTAssertEqual(ledger.row(for: "MimeRegistryMsg_GetMimeTypeFromExtension")?.proposedMethod,
                       "[Sync] GetMimeTypeFromExtension(string extension) => (string mime_type);")
        XCTAssertEqual(ledger.row(for: "FrameMsg_RequestThumbnail_Reply")?.proposedMethod,
                       ledger.row(for: "FrameHostMsg_RequestThumbnail")?.proposedMethod)
        XCTAssertEqual(ledger.row(for: "FrameHostMsg_DidChangeTextAutosizerScale")?.proposedMethod, "")
    }

    func testResyncTheSameDayIsByteIdentical() throws {
        let folder = try temporaryFolder().path
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder)
        let ledger = try contents(folder + "/l.csv"), history = try contents(folder + "/l.history.csv")
        XCTAssertEqual(try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder).status, 0)
        XCTAssertEqual(try contents(folder + "/l.csv"), ledger)
        XCTAssertEqual(try contents(folder + "/l.history.csv"), history)
    }

    func testSyncAfterAMessageIsRemovedMarksItConvertedAndExtendsTheHistory() throws {
        let folder = try temporaryFolder().path
        let tree = folder + "/tree"
        try FileManager.default.createDirectory(atPath: tree + "/foo", withIntermediateDirectories: true)
        let header = tree + "/foo/foo_messages.h"
        try """
        #define IPC_MESSAGE_START FooMsgStart
        IPC_MESSAGE_ROUTED0(FooHostMsg_Keep)
        IPC_MESSAGE_ROUTED1(FooHostMsg_Drop, int)

        """.write(toFile: header, atomically: true, encoding: .utf8)
        try mojify("ledger", "sync", "tree", "--ledger", "l.csv", in: folder)
        try mojify("ledger", "claim", "FooHostMsg_Drop", "--owner", "erin", "--ledger", "l.csv", in: folder)
        try """
        #define IPC_MESSAGE_START FooMsgStart

        IPC_MESSAGE_ROUTED0(FooHostMsg_Keep)

        """.write(toFile: header, atomically: true, encoding: .utf8)
        let sync = try mojify("ledger", "sync", "tree", "--ledger", "l.csv", in: folder, today: "2024-03-09")
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertTrue(sync.stdout.contains("1 gone from the code (now converted), 1 moved"), sync.stdout)
        let ledger = try Ledger.load(path: folder + "/l.csv")
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Drop")?.status, .converted)
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Drop")?.owner, "erin")
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Drop")?.updatedOn, "2024-03-09")
        XCTAssertEqual(ledger.row(for: "FooHostMsg_Keep")?.line, 3)
        let history = try LedgerHistory.load(path: folder + "/l.history.csv")
        XCTAssertEqual(history.entries.map(\.date), ["2024-03-01", "2024-03-09"])
        XCTAssertEqual(history.entries.map { $0.counts[.converted] }, [0, 1])
    }

    /// A header the scan cannot read must not make its messages "gone": a NUL byte, a size over --max-file-size
    /// and a Latin-1 byte in a message name each leave the rows as they were, and the sync names the files.
    func testSyncLeavesTheRowsOfUnreadableHeadersAsTheyWere() throws {
        let folder = try temporaryFolder().path
        let tree = folder + "/tree"
        let headers = ["nul": "NulMsg", "big": "BigMsg", "latin": "LatinMsg"]
        for (name, prefix) in headers {
            try FileManager.default.createDirectory(atPath: "\(tree)/\(name)", withIntermediateDirectories: true)
            try "#define IPC_MESSAGE_START \(prefix)Start\nIPC_MESSAGE_ROUTED0(\(prefix)_A)\nIPC_MESSAGE_ROUTED0(\(prefix)_B)\n"
                .write(toFile: "\(tree)/\(name)/\(name)_messages.h", atomically: true, encoding: .utf8)
        }
        XCTAssertEqual(try mojify("ledger", "sync", "tree", "--ledger", "l.csv", in: folder).status, 0)
        try mojify("ledger", "claim", "NulMsg_A", "BigMsg_A", "LatinMsg_A", "--owner", "erin", "--ledger", "l.csv", in: folder)
        let before = try Ledger.load(path: folder + "/l.csv")

        func append(_ bytes: [UInt8], to name: String) throws {
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: "\(tree)/\(name)/\(name)_messages.h"))
            handle.seekToEndOfFile()
            handle.write(Data(bytes))
            handle.closeFile()
        }
        try append([0x00, 0x0A], to: "nul")
        try append(Array(String(repeating: "// padding\n", count: 200).utf8), to: "big")
        try append(Array("IPC_MESSAGE_ROUTED0(LatinMsg_Caf".utf8) + [0xE9] + Array(")\n".utf8), to: "latin")
        let sync = try mojify("ledger", "sync", "tree", "--ledger", "l.csv", "--max-file-size", "1000", in: folder, today: "2024-03-09")
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertTrue(sync.stdout.contains("0 gone from the code (now converted), 0 moved, 6 left as they were (the scan did not see their file)"), sync.stdout)
        XCTAssertTrue(sync.stderr.contains("could not read 3 files"), sync.stderr)
        XCTAssertTrue(sync.stderr.contains("nul/nul_messages.h: binary file: NUL byte at line 4"), sync.stderr)
        XCTAssertTrue(sync.stderr.contains("big/big_messages.h: file of"), sync.stderr)
        XCTAssertTrue(sync.stderr.contains("latin/latin_messages.h: byte 0xE9 at line 4"), sync.stderr)
        let after = try Ledger.load(path: folder + "/l.csv")
        XCTAssertEqual(after.rows, before.rows, "no row of an unread file changed")
        XCTAssertNil(after.row(for: "LatinMsg_Caf"), "a name cut at a bad byte is not added")
    }

    /// A folder the scan could not list (mode 0311; the binary runs without root's power to read it anyway), or a
    /// link to a folder it did not follow, leaves the rows of the messages in it as they were: the scan did not see
    /// them go.
    func testSyncLeavesTheRowsOfFoldersItDidNotListOrEnterAsTheyWere() throws {
        let folder = try temporaryFolder().path
        let tree = folder + "/tree", outside = folder + "/outside"
        let files = ["tree/locked/locked_messages.h": "LockedMsg", "tree/open/open_messages.h": "OpenMsg", "outside/far_messages.h": "FarMsg"]
        for (path, prefix) in files {
            try FileManager.default.createDirectory(atPath: folder + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try "#define IPC_MESSAGE_START \(prefix)Start\nIPC_MESSAGE_ROUTED0(\(prefix)_A)\n".write(toFile: folder + "/" + path, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(atPath: tree + "/far", withDestinationPath: outside)
        XCTAssertEqual(try mojify("ledger", "sync", "tree", "--ledger", "l.csv", "--follow-symlinks", "--no-cache", in: folder).status, 0)
        let before = try Ledger.load(path: folder + "/l.csv")
        XCTAssertEqual(before.rows.map(\.message).sorted(), ["FarMsg_A", "LockedMsg_A", "OpenMsg_A"])
        try "int x;\n".write(toFile: tree + "/open/open_messages.h", atomically: true, encoding: .utf8)
        XCTAssertEqual(chmod(tree + "/locked", 0o311), 0)
        defer { chmod(tree + "/locked", 0o755) }
        let sync = try MojifyBinary.runWithoutPermissionOverride(["ledger", "sync", "tree", "--ledger", "l.csv", "--no-cache"], locked: tree + "/locked",
                                                                 in: folder, environment: ["MOJIFY_TODAY": "2024-03-09"])
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertTrue(sync.stdout.contains("1 gone from the code (now converted), 0 moved, 2 left as they were (the scan did not see their file)"), sync.stdout)
        XCTAssertTrue(sync.stderr.contains("did not list or enter 2 folders; the rows of messages in them were left as they were:\n  far: symbolic link"), sync.stderr)
        XCTAssertTrue(sync.stderr.contains("  locked: cannot list folder: Permission denied"), sync.stderr)
        let after = try Ledger.load(path: folder + "/l.csv")
        XCTAssertEqual(after.row(for: "OpenMsg_A")?.status, .converted)
        XCTAssertEqual(after.row(for: "LockedMsg_A"), before.row(for: "LockedMsg_A"))
        XCTAssertEqual(after.row(for: "FarMsg_A"), before.row(for: "FarMsg_A"))
    }

    func testASyncThatWouldConvertMostMessagesIsRefusedUnlessAllowed() throws {
        let folder = try temporaryFolder().path
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder)
        let before = try contents(folder + "/l.csv")
        let history = try contents(folder + "/l.history.csv")
        // Only one folder of the tree: the 22 messages outside content/ would be gone.
        let wrong = try mojify("ledger", "sync", examples + "/content", "--ledger", "l.csv", in: folder, today: "2024-03-02")
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("l.csv: this sync would mark 22 of the 43 messages still to do converted"), wrong.stderr)
        XCTAssertTrue(wrong.stderr.contains("--allow-mass-conversion; nothing was written"), wrong.stderr)
        XCTAssertEqual(try contents(folder + "/l.csv"), before)
        XCTAssertEqual(try contents(folder + "/l.history.csv"), history)

        let allowed = try mojify("ledger", "sync", examples + "/content", "--ledger", "l.csv", "--allow-mass-conversion", in: folder, today: "2024-03-02")
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertTrue(allowed.stdout.contains("22 gone from the code (now converted)"), allowed.stdout)
    }

    func testUserColumnsSurviveClaimsAndSyncsInTheirPlace() throws {
        let folder = try temporaryFolder().path
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder)
        var ledger = try Ledger.load(path: folder + "/l.csv")
        ledger.columns.insert("team", at: 1)
        ledger.columns.append("milestone, q2")
        for index in ledger.rows.indices {
            ledger.rows[index].extra = ["team": "team \(index % 3)", "milestone, q2": "+M\(index)"]
        }
        try FileOutput.writeAtomically(ledger.csvText(), to: folder + "/l.csv")
        try mojify("ledger", "claim", "--class", "ChromeMsgStart", "--owner", "frank", "--ledger", "l.csv", in: folder)
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder, today: "2024-03-04")
        let after = try Ledger.load(path: folder + "/l.csv")
        XCTAssertEqual(after.columns, ledger.columns)
        XCTAssertEqual(after.rows.map(\.extra), ledger.rows.map(\.extra))
        XCTAssertEqual(after.rows.filter { $0.owner == "frank" }.count, 10)
    }

    func testMalformedLedgerIsRefusedWithExitTwoAndLeftUntouched() throws {
        let folder = try temporaryFolder().path
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder)
        var lines = try contents(folder + "/l.csv").components(separatedBy: "\n")
        lines.insert("<<<<<<< HEAD", at: 3)
        let broken = lines.joined(separator: "\n")
        try broken.write(toFile: folder + "/l.csv", atomically: true, encoding: .utf8)
        for arguments in [["claim", "FrameMsg_Stop", "--owner", "x"], ["sync", examples], ["show"], ["stats"]] {
            let output = try start(["ledger"] + arguments + ["--ledger", "l.csv"], in: folder, today: "2024-03-02").finish()
            XCTAssertEqual(output.status, 2, "\(arguments)")
            XCTAssertTrue(output.stderr.contains("l.csv:4: merge-conflict marker"), output.stderr)
            XCTAssertEqual(try contents(folder + "/l.csv"), broken)
        }
    }

    func testClaimConflictExitsTwoNamingTheOwner() throws {
        let folder = try temporaryFolder().path
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder)
        try mojify("ledger", "claim", "FrameMsg_Stop", "--owner", "alice", "--ledger", "l.csv", in: folder)
        let refused = try mojify("ledger", "claim", "FrameMsg_Stop", "--owner", "bob", "--ledger", "l.csv", in: folder)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("FrameMsg_Stop (owned by alice)"), refused.stderr)
        let stolen = try mojify("ledger", "claim", "FrameMsg_Stop", "--owner", "bob", "--steal", "--ledger", "l.csv", in: folder)
        XCTAssertEqual(stolen.status, 0, stolen.stderr)
        XCTAssertEqual(try Ledger.load(path: folder + "/l.csv").row(for: "FrameMsg_Stop")?.owner, "bob")
    }

    func testMissingLedgerAndBadDateAreUsageErrors() throws {
        let folder = try temporaryFolder().path
        let missing = try mojify("ledger", "claim", "X", "--owner", "a", "--ledger", "none.csv", in: folder)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("mojify ledger sync"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/none.csv.lock"))
        let badDate = try mojify("ledger", "sync", examples, "--ledger", "l.csv", "--today", "2024-02-30", in: folder)
        XCTAssertEqual(badDate.status, 2)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/l.csv"))
    }

    /// Many `claim` processes at once, each doing a full read-modify-write of the ledger: the lock must make every
    /// one of them land, and exactly one of several racing for the same message win.
    func testParallelClaimsAreNeverLost() throws {
        let folder = try temporaryFolder().path
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder)
        let messages = try Ledger.load(path: folder + "/l.csv").rows.map(\.message)
        let contested = try XCTUnwrap(messages.last)
        let distinct = messages.dropLast()
        XCTAssertGreaterThan(distinct.count, 30)

        var started = try distinct.enumerated().map { index, message in
            try start(["ledger", "claim", message, "--owner", "user\(index)", "--ledger", "l.csv"], in: folder, today: "2024-03-02")
        }
        started += try (0..<10).map { index in
            try start(["ledger", "claim", contested, "--owner", "racer\(index)", "--ledger", "l.csv"], in: folder, today: "2024-03-02")
        }
        let outputs = started.map { $0.finish() }

        for (index, output) in outputs.prefix(distinct.count).enumerated() {
            XCTAssertEqual(output.status, 0, "claim of \(distinct[distinct.startIndex + index]): \(output.stderr)")
        }
        let ledger = try Ledger.load(path: folder + "/l.csv")
        for (index, message) in distinct.enumerated() {
            XCTAssertEqual(ledger.row(for: message)?.owner, "user\(index)", "the claim of \(message) was lost")
        }
        let racers = outputs.suffix(10)
        XCTAssertEqual(racers.filter { $0.status == 0 }.count, 1)
        let winner = try XCTUnwrap(ledger.row(for: contested)?.owner)
        XCTAssertTrue(winner.hasPrefix("racer"))
        for loser in racers where loser.status != 0 {
            XCTAssertEqual(loser.status, 2)
            XCTAssertTrue(loser.stderr.contains("owned by \(winner)"), loser.stderr)
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".mojify-tmp-") }
        XCTAssertEqual(leftovers, [])
    }

    func testAQuoteLeftOpenIsRefusedAndNoRowIsLost() throws {
        let folder = try temporaryFolder().path
        // FooHostMsg_A's last cell lost its closing quote; read as it stands, FooHostMsg_B's row and claim would be
        // text inside that cell, and the claim's rewrite would drop them.
        let broken = """
        message,class,kind,sync,file,line,status,owner,bug,notes,claimed_on,updated_on,proposed_interface,proposed_method,remarks
        FooHostMsg_A,FooMsgStart,routed,no,foo/foo_messages.h,2,unclaimed,,,,,,,,"waits on the Frame, Host split
        FooHostMsg_B,FooMsgStart,routed,no,foo/foo_messages.h,3,in-progress,erin,,keep this note,2024-03-01,2024-03-01,,,
        FooHostMsg_C,FooMsgStart,routed,no,foo/foo_messages.h,4,unclaimed,,,,,,,,"later"

        """
        try broken.write(toFile: folder + "/l.csv", atomically: true, encoding: .utf8)
        let claim = try mojify("ledger", "claim", "FooHostMsg_A", "--owner", "bob", "--ledger", "l.csv", in: folder)
        XCTAssertEqual(claim.status, 2)
        XCTAssertTrue(claim.stderr.contains("l.csv:2: the quoted cell that opens on this line runs over line 3"), claim.stderr)
        XCTAssertTrue(claim.stderr.contains("nothing was written"), claim.stderr)
        XCTAssertEqual(try contents(folder + "/l.csv"), broken)
    }

    /// Two users' links to one shared ledger: writes go to the shared file, which keeps its mode, and both take the
    /// one lock beside it, so claims made in parallel through either link all land.
    func testALinkedLedgerIsWrittenThroughKeepingItsModeAndSharingItsLockAndHistory() throws {
        let folder = try temporaryFolder().path
        let shared = folder + "/shared", alice = folder + "/alice", bob = folder + "/bob"
        for user in [shared, alice, bob] { try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true) }
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: shared)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: shared + "/l.csv")
        try FileManager.default.removeItem(atPath: shared + "/l.csv.lock")
        try FileManager.default.createSymbolicLink(atPath: alice + "/l.csv", withDestinationPath: "../shared/l.csv")
        try FileManager.default.createSymbolicLink(atPath: bob + "/l.csv", withDestinationPath: shared + "/l.csv")

        let messages = try Ledger.load(path: shared + "/l.csv").rows.map(\.message)
        let started = try messages.enumerated().map { index, message in
            try start(["ledger", "claim", message, "--owner", "user\(index)", "--ledger", "l.csv"], in: index % 2 == 0 ? alice : bob, today: "2024-03-02")
        }
        for output in started.map({ $0.finish() }) { XCTAssertEqual(output.status, 0, output.stderr) }
        let ledger = try Ledger.load(path: shared + "/l.csv")
        XCTAssertEqual(ledger.rows.map(\.owner), messages.indices.map { "user\($0)" }, "a claim was lost")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: alice + "/l.csv"), "../shared/l.csv")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: bob + "/l.csv"), shared + "/l.csv")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: shared + "/l.csv")[.posixPermissions] as? Int, 0o640)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shared + "/l.csv.lock"))

        let sync = try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: bob, today: "2024-03-03")
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertEqual(try LedgerHistory.load(path: shared + "/l.history.csv").entries.map(\.date), ["2024-03-01", "2024-03-03"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: alice), ["l.csv"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: bob), ["l.csv"])
    }

    /// A sync whose ledger cannot be written, because the disk is full or the run is killed (here: a file size limit
    /// the small history fits but the ledger does not), must not record the day in the history either.
    func testAFailedLedgerWriteLeavesTheHistoryAsItWas() throws {
        let folder = try temporaryFolder().path
        try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder)
        // Without one row, the next sync changes the ledger and so must write it.
        var ledger = try Ledger.load(path: folder + "/l.csv")
        ledger.rows.removeFirst()
        try FileOutput.writeAtomically(ledger.csvText(), to: folder + "/l.csv")
        let before = try contents(folder + "/l.csv"), history = try contents(folder + "/l.history.csv")
        XCTAssertGreaterThan(before.utf8.count, 4096)
        XCTAssertLessThan(history.utf8.count, 512)

        // `ulimit -f 2` allows 1 or 2 KB, as the shell counts. With SIGXFSZ ignored, writing past it fails (EFBIG),
        // as on a full disk; otherwise the signal kills mojify mid-write.
        for (setup, killed) in [("trap '' XFSZ; ", false), ("", true)] {
            let script = setup + "ulimit -c 0; ulimit -f 2; exec \"$0\" ledger sync \"$1\" --ledger l.csv"
            let started = try RunningProcess(URL(fileURLWithPath: "/bin/sh"), ["-c", script, MojifyBinary.url().path, examples], in: folder,
                                             environment: ["MOJIFY_TODAY": "2024-03-02"])
            let output = started.finish()
            XCTAssertNotEqual(output.status, 0, setup)
            if killed {
                XCTAssertEqual(started.process.terminationReason, .uncaughtSignal, setup)
            } else {
                XCTAssertTrue(output.stderr.contains("cannot write l.csv: File too large"), output.stderr)
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".mojify-tmp-") }
                XCTAssertEqual(leftovers, [])
            }
            XCTAssertEqual(try contents(folder + "/l.csv"), before, setup)
            XCTAssertEqual(try contents(folder + "/l.history.csv"), history, setup)
        }
        let sync = try mojify("ledger", "sync", examples, "--ledger", "l.csv", in: folder, today: "2024-03-02")
        XCTAssertEqual(sync.status, 0, sync.stderr)
        XCTAssertEqual(try LedgerHistory.load(path: folder + "/l.history.csv").entries.map(\.date), ["2024-03-01", "2024-03-02"])
    }
}
