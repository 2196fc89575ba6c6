import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// The cache must never change what a scan finds: after any edit, a cached scan equals a scan from scratch.
final class ScanCacheTests: XCTestCase {
    /// Holds the scanned tree, the cache and the rules.
    private var folder: TemporaryFolder!
    private var root: String { folder.path + "/tree" }
    private var cacheFolder: String { folder.path + "/cache" }
    private var keyFile: String { folder.path + "/state/cache-key" }
    private var seal: CacheSeal { get throws { try CacheSeal.load(file: keyFile) } }

    private let header = """
    #define IPC_MESSAGE_START FooMsgStart
    IPC_MESSAGE_CONTROL1(FooMsg_Alpha, int /* id */)
    IPC_MESSAGE_ROUTED2(FooHostMsg_Beta, std::string, bool)

    """
    private let sender = """
    void Foo::Go() {
      Send(new FooHostMsg_Beta(routing_id(), name, true));
    }

    """

    override func setUpWithError() throws {
        folder = try temporaryFolder()
        try write("foo/common/foo_messages.h", header)
        try write("foo/browser/foo_sender.cc", sender)
        try write("foo/browser/plain.cc", "int Plain() { return 1; }\n")
    }

    private func write(_ relative: String, _ text: String) throws {
        try folder.write("tree/" + relative, text)
    }

    private func options(_ configure: (inout ScanOptions) -> Void = { _ in }) -> ScanOptions {
        var options = ScanOptions(paths: [root])
        options.cacheDirectory = cacheFolder
        options.cacheKeyFile = keyFile
        configure(&options)
        return options
    }

    /// A cached scan, checked against a scan without the cache.
    @discardableResult
    private func cachedScan(file: StaticString = #filePath, line: UInt = #line,
                            _ configure: (inout ScanOptions) -> Void = { _ in }) throws -> (Inventory, ScanCache.Statistics) {
        let (inventory, statistics) = try IPCScanner.scanCounting(options(configure))
        var fresh = options(configure)
        fresh.cacheDirectory = nil
        XCTAssertEqual(inventory, try IPCScanner.scan(fresh), "a cached scan differs from a fresh one", file: file, line: line)
        return (inventory, try XCTUnwrap(statistics, file: file, line: line))
    }

    private func cacheFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: cacheFolder).filter { $0.hasSuffix(".cache") }.sorted()
    }

    func testUnchangedTreeIsServedFromTheCache() throws {
        let (_, first) = try cachedScan()
        XCTAssertEqual(first.reused, 0)
        XCTAssertGreaterThan(first.computed, 0)
        let (inventory, second) = try cachedScan()
        XCTAssertEqual(second.computed, 0, "nothing changed, so nothing should be read again")
        XCTAssertEqual(second.reused, first.computed)
        XCTAssertEqual(inventory.messages.map(\.name), ["FooMsg_Alpha", "FooHostMsg_Beta"])
        XCTAssertEqual(inventory.senders.count, 1)
        XCTAssertEqual(try cacheFiles().count, 1)
    }

    /// The files a caller asks to be listed come from the walk, which runs even when the kept inventory answers.
    func testAnUnchangedTreeStillListsRequestedFiles() throws {
        try write("foo/common/foo.mojom", "module foo.mojom;\n")
        let listing = options { $0.listing = FileNameSelection(suffixes: [".mojom"]) }
        let first = try IPCScanner.scanListing(listing)
        try trustStoredStamps()
        let (_, statistics) = try IPCScanner.scanCounting(listing)
        XCTAssertTrue(try XCTUnwrap(statistics).inventoryReused)
        let second = try IPCScanner.scanListing(listing)
        XCTAssertEqual(second.listed, [ListedFiles(root: root, relativePaths: ["foo/common/foo.mojom"])])
        XCTAssertEqual(second.listed, first.listed)
        XCTAssertEqual(second.inventory, first.inventory)
    }

    /// The first re-scan that finds nothing changed stores the inventory's JSON; the re-scans after it write it
    /// out as stored. It is the inventory's own rendering either way.
    func testTheKeptJSONIsTheInventorysJSON() throws {
        let first = try IPCScanner.scanListing(options())
        XCTAssertNil(first.inventoryJSON, "a scan that changes the cache renders no JSON for it")
        try trustStoredStamps()
        let cachePath = cacheFolder + "/" + (try XCTUnwrap(cacheFiles().first))
        func storedJSON() throws -> Data? {
            try XCTUnwrap(CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePath)), sealedWith: seal)).lastInventoryJSON
        }
        XCTAssertNil(try storedJSON())
        let rendered = try IPCScanner.scanListing(options())
        XCTAssertEqual(rendered.inventoryJSON, try first.inventory.jsonData())
        XCTAssertEqual(try storedJSON(), try first.inventory.jsonData())
        let kept = try IPCScanner.scanListing(options())
        XCTAssertEqual(kept.inventoryJSON, try first.inventory.jsonData())
        XCTAssertEqual(kept.inventory, first.inventory)
        XCTAssertTrue(try XCTUnwrap(IPCScanner.scanCounting(options()).cache).inventoryReused)
        var uncached = options()
        uncached.cacheDirectory = nil
        XCTAssertNil(try IPCScanner.scanListing(uncached).inventoryJSON)
    }

    /// A CI job's steps run in different folders: a tree named by its absolute path is the same tree from any of
    /// them, and its cache serves them all. A relative path names another tree from elsewhere.
    func testAnAbsolutePathSharesTheCacheAcrossWorkingFolders() throws {
        let start = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(start) }
        try cachedScan()
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        XCTAssertTrue(try XCTUnwrap(IPCScanner.scanCounting(options()).cache).inventoryReused)
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root))
        _ = try IPCScanner.scanCounting(options { $0.paths = ["."] })
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder.path))
        XCTAssertFalse(try XCTUnwrap(IPCScanner.scanCounting(options { $0.paths = ["tree/foo"] }).cache).inventoryReused)
        XCTAssertEqual(try cacheFiles().count, 3, "the absolute path, '.' from the tree, and 'tree/foo' from above it")
    }

    /// `lint` asks which files hold `mojify:ignore`: the cache keeps that as an outcome of every file, so a lint of
    /// an unchanged tree reads no file and answers with the last scan's inventory, where it used to scan afresh.
    func testMarkedFilesComeFromTheCache() throws {
        try write("foo/browser/plain.cc", "int Plain() { return 1; }  // MARK here\n")
        let marking: (inout ScanOptions) -> Void = { $0.markers = ["MARK"] }
        let (first, _) = try cachedScan(marking)
        XCTAssertEqual(first.markedFiles, ["foo/browser/plain.cc"])
        let again = try IPCScanner.scanCounting(options(marking))
        XCTAssertEqual(again.inventory.markedFiles, ["foo/browser/plain.cc"])
        XCTAssertEqual(try XCTUnwrap(again.cache).computed, 0)
        XCTAssertTrue(try XCTUnwrap(again.cache).inventoryReused)
        // A scan without markers leaves none in its inventory, and still answers from the kept one.
        let plain = try IPCScanner.scanCounting(options())
        XCTAssertNil(plain.inventory.markedFiles)
        XCTAssertTrue(try XCTUnwrap(plain.cache).inventoryReused)
        // A plain scan that stores the cache again keeps what the marker pass found in the files it did not change.
        try write("foo/browser/foo_sender.cc", sender.replacingOccurrences(of: "Go", with: "Again"))
        _ = try IPCScanner.scanCounting(options())
        let afterPlain = try IPCScanner.scanCounting(options(marking))
        XCTAssertEqual(afterPlain.inventory.markedFiles, ["foo/browser/plain.cc"])
        XCTAssertEqual(try XCTUnwrap(afterPlain.cache).computed, 1, "only the changed file is read for the markers")
        // A marker added to a file that holds no IPC is seen.
        try write("foo/common/foo_messages.h", header + "// MARK\n")
        let (edited, _) = try cachedScan(marking)
        XCTAssertEqual(edited.markedFiles, ["foo/browser/plain.cc", "foo/common/foo_messages.h"])
        try write("foo/browser/plain.cc", "int Plain() { return 2; }\n")
        let (removed, _) = try cachedScan(marking)
        XCTAssertEqual(removed.markedFiles, ["foo/common/foo_messages.h"])
    }

    func testSameSizeEditIsSeen() throws {
        try cachedScan()
        try write("foo/common/foo_messages.h", header.replacingOccurrences(of: "Alpha", with: "Gamma"))
        let (inventory, statistics) = try cachedScan()
        XCTAssertEqual(inventory.messages.map(\.name), ["FooMsg_Gamma", "FooHostMsg_Beta"])
        XCTAssertEqual(statistics.computed, 1)
    }

    /// On a file system with coarse timestamps, an edit within the same tick keeps size, mtime and ctime. Such a
    /// stamp is "racy" when stored, and the content hash stored with it must catch the edit.
    func testEditThatKeepsTheWholeStampIsSeen() throws {
        try cachedScan()
        let path = root + "/foo/common/foo_messages.h"
        try write("foo/common/foo_messages.h", header.replacingOccurrences(of: "Alpha", with: "Delta"))
        let now = try XCTUnwrap(FileStamp.of(path: path))
        // Make the cache believe the stamp it stored is the stamp the file has now.
        let cachePath = cacheFolder + "/" + (try XCTUnwrap(cacheFiles().first))
        var stored = try XCTUnwrap(CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePath)), sealedWith: seal))
        let index = try XCTUnwrap(stored.files.indices.first { stored.path(at: $0).elementsEqual(path.utf8) })
        XCTAssertNotNil(stored.files[index].contentHash, "a file written just before the scan must be stored with its hash")
        stored.files[index].stamp = now
        try Data(stored.encoded(sealedWith: seal)).write(to: URL(fileURLWithPath: cachePath))

        let (inventory, _) = try cachedScan()
        XCTAssertEqual(inventory.messages.map(\.name), ["FooMsg_Delta", "FooHostMsg_Beta"])
    }

    /// Makes the stored stamps count as old enough to prove a file unchanged, as they are a few seconds later.
    private func trustStoredStamps() throws {
        let cachePath = cacheFolder + "/" + (try XCTUnwrap(cacheFiles().first))
        var stored = try XCTUnwrap(CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePath)), sealedWith: seal))
        for index in stored.files.indices { stored.files[index].racy = false }
        try Data(stored.encoded(sealedWith: seal)).write(to: URL(fileURLWithPath: cachePath))
    }

    func testUnchangedTreeReturnsTheLastInventoryWithoutReadingFiles() throws {
        let (first, _) = try cachedScan()
        try trustStoredStamps()
        let (again, statistics) = try cachedScan()
        XCTAssertTrue(statistics.inventoryReused)
        XCTAssertEqual(statistics.computed, 0)
        XCTAssertEqual(again, first)

        try write("foo/common/foo_messages.h", header.replacingOccurrences(of: "Alpha", with: "Epsilon"))
        let (edited, afterEdit) = try cachedScan()
        XCTAssertFalse(afterEdit.inventoryReused)
        XCTAssertEqual(edited.messages.map(\.name), ["FooMsg_Epsilon", "FooHostMsg_Beta"])
    }

    /// Files written just before a scan are stored with their hashes; once their stamps are old enough, the next
    /// scan checks them against the hashes, takes the last inventory and stores the stamps without hashes, so that
    /// the scan after it reads nothing.
    func testHashesNoLongerNeededAreDroppedSoTheLastInventoryServes() throws {
        try cachedScan()
        let cachePath = cacheFolder + "/" + (try XCTUnwrap(cacheFiles().first))
        func racyStamps() throws -> Int {
            try XCTUnwrap(CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePath)), sealedWith: seal)).files.filter(\.racy).count
        }
        XCTAssertEqual(try racyStamps(), 3)
        // Change times cannot be set back: wait until the stamps are out of the racy window.
        Thread.sleep(forTimeInterval: Double(FileStamp.racyWindow) / 1e9 + 0.2)
        let (_, checked) = try cachedScan()
        XCTAssertTrue(checked.inventoryReused)
        XCTAssertEqual(checked.computed, 0, "the files' bytes match their hashes: nothing is analysed again")
        XCTAssertEqual(try racyStamps(), 0)
        XCTAssertTrue(try cachedScan().1.inventoryReused)
    }

    /// A touched file (new stamp, same bytes) and an edit that adds or removes no IPC are analysed again, alone;
    /// their outcomes are as stored, so the last inventory and its JSON still answer.
    func testChangesThatLeaveEveryOutcomeKeepTheLastInventory() throws {
        try cachedScan()
        try trustStoredStamps()
        _ = try IPCScanner.scanListing(options())
        let expected = try IPCScanner.scan(ScanOptions(paths: [root])).jsonData()
        var times = [timespec(tv_sec: 2_000_000_000, tv_nsec: 0), timespec(tv_sec: 2_000_000_000, tv_nsec: 0)]
        let sender = root + "/foo/browser/foo_sender.cc"
        XCTAssertEqual(utimensat(AT_FDCWD, sender, &times, 0), 0)
        let cachePath = cacheFolder + "/" + (try XCTUnwrap(cacheFiles().first))
        func stored() throws -> CacheFile {
            try XCTUnwrap(CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePath)), sealedWith: seal))
        }
        func storedStamp(of path: String) throws -> FileStamp? {
            let stored = try stored()
            return stored.files.indices.first { stored.path(at: $0).elementsEqual(path.utf8) }.map { stored.files[$0].stamp }
        }
        let before = try storedStamp(of: sender)
        for _ in 0..<2 {
            let (_, touched) = try cachedScan()
            XCTAssertTrue(touched.inventoryReused)
            XCTAssertEqual(touched.computed, 0, "the touched file's bytes match the hash kept with its result: it is not parsed again")
            // One small file's new stamp is not worth writing the cache file again: the next re-scan checks its hash.
            XCTAssertEqual(try storedStamp(of: sender), before)
        }
        // Touched files that hold a sixteenth of the cache file's size or more are: the file is written again from
        // the one read, with the new stamps in place, whole.
        let plain = root + "/foo/browser/plain.cc"
        try write("foo/browser/plain.cc", String(repeating: "int Plain() { return 1; }\n", count: 4_000))
        try cachedScan()
        try trustStoredStamps()
        XCTAssertEqual(utimensat(AT_FDCWD, sender, &times, 0), 0)
        XCTAssertEqual(utimensat(AT_FDCWD, plain, &times, 0), 0)
        let (_, both) = try cachedScan()
        XCTAssertTrue(both.inventoryReused)
        XCTAssertEqual(both.computed, 0)
        XCTAssertEqual(try storedStamp(of: sender), FileStamp.of(path: sender))
        XCTAssertEqual(try storedStamp(of: plain), FileStamp.of(path: plain))
        XCTAssertEqual(try stored().lastInventoryJSON, expected)
        let (_, again) = try cachedScan()
        XCTAssertTrue(again.inventoryReused)
        XCTAssertEqual(again.computed, 0)
        XCTAssertEqual(try IPCScanner.scanJSON(options()), expected)

        try write("foo/browser/plain.cc", "int Plain() { return 2; }\nint Other() { return 3; }\n")
        let (_, edited) = try cachedScan()
        XCTAssertTrue(edited.inventoryReused)
        XCTAssertGreaterThan(edited.computed, 0)
        XCTAssertEqual(try IPCScanner.scanJSON(options()), expected)
    }

    /// An edit that changes a file's outcome rebuilds the inventory, also in a pass with other needles than the
    /// first: here a message named without the `Msg_` convention, which is looked for by name, comes to be sent.
    func testAnEditThatChangesAnOutcomeRebuildsTheInventory() throws {
        try write("foo/common/foo_messages.h", header + "IPC_MESSAGE_CONTROL0(ShutdownRequest)\n")
        try cachedScan()
        try trustStoredStamps()
        try write("foo/browser/plain.cc", "void Plain() {\n  Send(new ShutdownRequest());\n}\n")
        let (inventory, statistics) = try cachedScan()
        XCTAssertFalse(statistics.inventoryReused)
        XCTAssertEqual(Set(inventory.senders.map(\.location.file)), ["foo/browser/foo_sender.cc", "foo/browser/plain.cc"])

        try write("foo/browser/foo_sender.cc", "\n" + sender)
        let (moved, afterMove) = try cachedScan()
        XCTAssertFalse(afterMove.inventoryReused, "a sender one line lower is another outcome")
        XCTAssertEqual(moved.senders.first { $0.location.file == "foo/browser/foo_sender.cc" }?.location.line, 3)
    }

    func testNewWalkProblemIsNotHiddenByTheLastInventory() throws {
        try cachedScan()
        try trustStoredStamps()
        try FileManager.default.createSymbolicLink(atPath: root + "/foo/dangling.h", withDestinationPath: root + "/nowhere.h")
        let (inventory, statistics) = try cachedScan()
        XCTAssertFalse(statistics.inventoryReused)
        XCTAssertTrue(inventory.diagnostics.contains { $0.message.contains("broken symbolic link") })
    }

    /// A scan with markers (lint) stores new stamps without an inventory: a later scan must not take an old one.
    func testScanWithMarkersNeverLeavesAStaleInventory() throws {
        try cachedScan()
        try trustStoredStamps()
        try write("foo/common/foo_messages.h", header.replacingOccurrences(of: "Alpha", with: "Zeta"))
        try cachedScan { $0.markers = ["NOLINT"] }
        try trustStoredStamps()
        let (inventory, _) = try cachedScan()
        XCTAssertEqual(inventory.messages.map(\.name), ["FooMsg_Zeta", "FooHostMsg_Beta"])
    }

    /// Which files a walk takes depends on the git index too: a file in an ignored folder joins the scan when git
    /// starts tracking it and leaves when git stops, though no file's bytes or stamps changed; a cached re-scan
    /// (the last inventory trusted, as for an unchanged tree) must see both.
    func testAddingAndRemovingAnIgnoredFileFromTheIndexIsSeenByACachedScan() throws {
        try write(".gitignore", "gen/\n")
        try write("gen/gen_messages.h", "#define IPC_MESSAGE_START GenMsgStart\nIPC_MESSAGE_CONTROL0(GenMsg_A)\n")
        XCTAssertEqual(try Git.run(["init", "-q", "."], in: root).status, 0)
        XCTAssertEqual(try cachedScan().0.messages.map(\.name), ["FooMsg_Alpha", "FooHostMsg_Beta"])
        for (command, expected) in [(["add", "-f", "gen/gen_messages.h"], ["FooMsg_Alpha", "FooHostMsg_Beta", "GenMsg_A"]),
                                    (["rm", "-q", "--cached", "gen/gen_messages.h"], ["FooMsg_Alpha", "FooHostMsg_Beta"])] {
            try trustStoredStamps()
            XCTAssertEqual(try Git.run(command, in: root).status, 0)
            let (inventory, statistics) = try cachedScan()
            XCTAssertEqual(inventory.messages.map(\.name), expected, "after git \(command[0])")
            XCTAssertFalse(statistics.inventoryReused, "after git \(command[0])")
        }
    }

    func testOldStampsAreTrustedWithoutReading() throws {
        XCTAssertFalse(FileStamp(size: 1, modified: 0, changed: 0, inode: 1, device: 1).isRacy(scanStart: FileStamp.now()))
        XCTAssertTrue(FileStamp(size: 1, modified: 0, changed: FileStamp.now(), inode: 1, device: 1).isRacy(scanStart: FileStamp.now()))
    }

    func testDeletedFileDisappears() throws {
        try cachedScan()
        try FileManager.default.removeItem(atPath: root + "/foo/browser/foo_sender.cc")
        let (inventory, _) = try cachedScan()
        XCTAssertTrue(inventory.senders.isEmpty)
    }

    func testRenamedFileMoves() throws {
        try cachedScan()
        try FileManager.default.moveItem(atPath: root + "/foo/common/foo_messages.h", toPath: root + "/foo/common/bar_messages.h")
        let (inventory, _) = try cachedScan()
        XCTAssertEqual(Set(inventory.messages.map(\.location.file)), ["foo/common/bar_messages.h"])
    }

    func testNewFileIsScanned() throws {
        try cachedScan()
        try write("foo/renderer/foo_other.cc", sender.replacingOccurrences(of: "Go", with: "Again"))
        let (inventory, statistics) = try cachedScan()
        XCTAssertEqual(inventory.senders.count, 2)
        XCTAssertEqual(statistics.computed, 1)
    }

    func testChangedOptionsDoNotShareResults() throws {
        try cachedScan()
        let (excluded, statistics) = try cachedScan { $0.excludes = ["foo/browser/**"] }
        XCTAssertEqual(statistics.reused, 0)
        XCTAssertTrue(excluded.senders.isEmpty)
        let (_, limited) = try cachedScan { $0.maxFileBytes = 10 }
        XCTAssertEqual(limited.reused, 0)
        XCTAssertEqual(try cacheFiles().count, 3)
        // An include folder decides which headers' types are read: it selects another cache too.
        try FileManager.default.createDirectory(atPath: root + "/foo/common/include", withIntermediateDirectories: true)
        let (_, included) = try cachedScan { $0.includeDirs = ["foo/common/include"] }
        XCTAssertEqual(included.reused, 0)
        XCTAssertEqual(try cacheFiles().count, 4)
    }

    /// Another build of mojify (a changed scanner) never reads what this one stored, whatever its version says:
    /// the key holds the running executable's identity.
    func testTheKeyHoldsTheBuild() throws {
        let key = ScanCache.key(for: options())
        let build = try XCTUnwrap(key.split(separator: "\n").first { $0.hasPrefix("build ") })
        var info = stat()
        XCTAssertEqual(stat("/proc/self/exe", &info), 0)
        XCTAssertTrue(build.hasSuffix(" \(info.st_size) \(FileStamp(info).modified) \(info.st_ino)"), String(build))
    }

    func testChangedRuleFileInvalidates() throws {
        let rules = folder.path + "/rules"
        try FileManager.default.createDirectory(atPath: rules, withIntermediateDirectories: true)
        try Data("int: int32\n".utf8).write(to: URL(fileURLWithPath: rules + "/type-mappings.yaml"))
        setenv("MOJIFY_RULES_DIR", rules, 1)
        defer { unsetenv("MOJIFY_RULES_DIR") }
        try cachedScan()
        XCTAssertEqual(try cachedScan().1.computed, 0)
        try Data("int: int64\n".utf8).write(to: URL(fileURLWithPath: rules + "/type-mappings.yaml"))
        XCTAssertEqual(try cachedScan().1.reused, 0)
    }

    /// Another tool version (or libclang, or settings) that happens to land on the same cache file is refused.
    func testCacheOfAnotherVersionIsIgnored() throws {
        XCTAssertTrue(ScanCache.key(for: options()).contains("mojify \(MojifyVersion.current)\n"))
        try cachedScan()
        let cachePath = cacheFolder + "/" + (try XCTUnwrap(cacheFiles().first))
        var stored = try XCTUnwrap(CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePath)), sealedWith: seal))
        stored.key = stored.key.replacingOccurrences(of: "mojify \(MojifyVersion.current)", with: "mojify 0.0.0-older")
        try Data(stored.encoded(sealedWith: seal)).write(to: URL(fileURLWithPath: cachePath))
        XCTAssertEqual(try cachedScan().1.reused, 0)
    }

    func testCorruptCacheIsRebuilt() throws {
        try cachedScan()
        let cachePath = cacheFolder + "/" + (try XCTUnwrap(cacheFiles().first))
        let good = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        var flipped = good
        flipped[good.count - 3] ^= 0x5A
        for damaged in [Data(), Data("garbage".utf8), good.prefix(good.count / 2), flipped] {
            try damaged.write(to: URL(fileURLWithPath: cachePath))
            XCTAssertEqual(try cachedScan().1.reused, 0)
            XCTAssertEqual(try cachedScan().1.computed, 0, "the rebuilt cache is used again")
        }
    }

    func testCorruptResultIsAMissNotACrash() throws {
        try cachedScan()
        let cachePath = cacheFolder + "/" + (try XCTUnwrap(cacheFiles().first))
        var stored = try XCTUnwrap(CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePath)), sealedWith: seal))
        stored.results = stored.results.map { Data($0.prefix($0.count / 2)) }
        try Data(stored.encoded(sealedWith: seal)).write(to: URL(fileURLWithPath: cachePath))
        XCTAssertGreaterThan(try cachedScan().1.computed, 0)
    }

    // MARK: Trust: only the user's own cache, on this machine, decides anything (see `CacheSeal`).

    /// The path of the cache file for the default options.
    private var cachePathForOptions: String {
        cacheFolder + "/scan-" + ContentHash(ScanCache.key(for: options())).hex + ".cache"
    }

    private func uncachedWarnings(_ inventory: Inventory) -> [String] {
        inventory.diagnostics.filter { $0.message.hasPrefix("scan cache not used") }.map(\.message)
    }

    /// In a shared folder (mode 1777, as /tmp) anyone can plant a file or a link under the cache's predictable
    /// name: such a folder is not used, and the scan says so.
    func testAFolderOthersMayWriteIsNotUsed() throws {
        try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
        chmod(cacheFolder, 0o1777)
        let (inventory, statistics) = try IPCScanner.scanCounting(options())
        XCTAssertNil(statistics, "no cache was opened")
        XCTAssertEqual(uncachedWarnings(inventory).count, 1)
        XCTAssertTrue(uncachedWarnings(inventory).first?.contains("others may write it (mode 1777)") == true, "\(uncachedWarnings(inventory))")
        XCTAssertEqual(try cacheFiles(), [], "nothing was written into the shared folder")
    }

    /// A link planted at the cache file's name is replaced by the cache, never written through: the file it
    /// points to keeps its content.
    func testALinkPlantedAtTheCacheFileIsReplacedNotWrittenThrough() throws {
        let victim = folder.path + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        chmod(victim, 0o600)
        try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cachePathForOptions, withDestinationPath: victim)
        let (_, statistics) = try cachedScan()
        XCTAssertEqual(statistics.reused, 0, "a link is not read as a cache")
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n")
        var info = stat()
        XCTAssertEqual(lstat(cachePathForOptions, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, "the link was replaced by the cache file")
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "the cache file is private")
        XCTAssertEqual(try cachedScan().1.computed, 0, "and that cache is used next time")
    }

    /// A cache file sealed with another secret (another machine's, a CI cache restored from another job, a forged
    /// one) proves nothing: it is rebuilt, and what it claimed is never the answer.
    func testACacheSealedWithAnotherKeyIsNotTrusted() throws {
        let attackerKey = folder.path + "/attacker/cache-key"
        // The attacker's cache of the tree as it was, before a new message was added.
        let (_, attacker) = try cachedScan { $0.cacheKeyFile = attackerKey }
        XCTAssertGreaterThan(attacker.computed, 0)
        try write("foo/common/foo_messages.h", header + "IPC_MESSAGE_CONTROL0(FooMsg_New)\n")
        let forged = try CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePathForOptions)),
                                   sealedWith: CacheSeal.load(file: attackerKey))
        XCTAssertNotNil(forged, "the attacker's own key reads it")
        XCTAssertNil(CacheFile(decoding: try Data(contentsOf: URL(fileURLWithPath: cachePathForOptions)), sealedWith: try seal))
        let (inventory, statistics) = try cachedScan()
        XCTAssertEqual(statistics.reused, 0)
        XCTAssertTrue(inventory.messages.map(\.name).contains("FooMsg_New"))
    }

    /// A cache file of another user is not read, even in the user's own folder.
    func testACacheFileOfAnotherUserIsNotTrusted() throws {
        try cachedScan()
        guard chown(cachePathForOptions, 4242, 4242) == 0 else { throw XCTSkip("giving a file away needs root") }
        XCTAssertEqual(try cachedScan().1.reused, 0)
    }

    /// A file claiming gigabytes at the cache's name (sparse: no disk behind it), or a link to a device, is never
    /// read: reading is bounded by the cache's own size limit, and links are not followed.
    func testAHugeSparseFileOrADeviceAtTheCacheNameIsNotRead() throws {
        try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
        let descriptor = open(cachePathForOptions, O_WRONLY | O_CREAT, 0o600)
        XCTAssertEqual(ftruncate(descriptor, 8 << 30), 0)
        close(descriptor)
        let started = Date()
        XCTAssertEqual(try cachedScan().1.reused, 0)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "8 GB were not hashed")
        unlink(cachePathForOptions)
        try FileManager.default.createSymbolicLink(atPath: cachePathForOptions, withDestinationPath: "/dev/zero")
        XCTAssertEqual(try cachedScan().1.reused, 0)
    }

    /// The key must be the user's alone: one others may read could seal a forged cache.
    func testAKeyOthersMayReadIsRefused() throws {
        try cachedScan()
        chmod(keyFile, 0o644)
        let (inventory, statistics) = try IPCScanner.scanCounting(options())
        XCTAssertNil(statistics)
        XCTAssertTrue(uncachedWarnings(inventory).first?.contains("others may read or write it (mode 644)") == true, "\(uncachedWarnings(inventory))")
    }

    /// Hostile caches: whatever bytes stand at the cache's name (flipped, cut, grown, spliced from another cache,
    /// re-sealed by someone without the key), a scan neither crashes nor answers from them: it equals a scan from
    /// scratch (`cachedScan` checks), and the cache it writes is used next time.
    func testMutatedCachesNeverChangeTheAnswer() throws {
        try cachedScan()
        let cachePath = cachePathForOptions
        let good = try Data(contentsOf: URL(fileURLWithPath: cachePath))
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<60 {
            var bytes = [UInt8](good)
            switch round % 4 {
            case 0:
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
                }
            case 1:
                bytes.removeLast(Int.random(in: 1..<bytes.count, using: &generator))
            case 2:
                bytes += (0..<Int.random(in: 1...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            default:
                let cut = Int.random(in: 1..<bytes.count, using: &generator)
                bytes = Array(bytes[cut...] + bytes[..<cut])
            }
            try Data(bytes).write(to: URL(fileURLWithPath: cachePath))
            chmod(cachePath, 0o600)
            XCTAssertEqual(try cachedScan().1.reused, 0, "round \(round)")
        }
        XCTAssertEqual(try cachedScan().1.computed, 0, "the rebuilt cache is used again")
    }

    func testFolderKeepsFewCacheFiles() throws {
        try FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
        for number in 0..<(ScanCache.maxFiles + 3) {
            let path = cacheFolder + "/scan-old\(number).cache"
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            var times = [timespec(tv_sec: 1_000_000 + number, tv_nsec: 0), timespec(tv_sec: 1_000_000 + number, tv_nsec: 0)]
            utimensat(AT_FDCWD, path, &times, 0)
        }
        try cachedScan()
        let names = try cacheFiles()
        XCTAssertEqual(names.count, ScanCache.maxFiles)
        XCTAssertFalse(names.contains("scan-old0.cache"), "the oldest cache files go first")
    }

    func testFileResultsSurviveTheBinaryEncoding() throws {
        let examples = repositoryRoot + "/Examples"
        var options = ScanOptions(paths: [examples])
        options.cacheDirectory = cacheFolder
        let first = try IPCScanner.scanCounting(options)
        let second = try IPCScanner.scanCounting(options)
        XCTAssertEqual(second.cache?.computed, 0)
        XCTAssertEqual(first.inventory, second.inventory)
        XCTAssertGreaterThan(second.inventory.messages.count, 40)
    }
}

/// `mojify scan --cache` writes the same bytes as `--no-cache`, first time and every time after.
final class CachedBinaryTests: XCTestCase {
    func testCachedOutputIsByteIdentical() throws {
        let examples = repositoryRoot + "/Examples"
        let cache = try temporaryFolder().path
        func output(_ arguments: [String]) throws -> Data {
            let result = try MojifyBinary.run(["scan", examples, "--format", "json"] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            return Data(result.stdout.utf8)
        }
        let fresh = try output(["--no-cache"])
        XCTAssertEqual(try output(["--cache", cache]), fresh)
        XCTAssertEqual(try output(["--cache", cache]), fresh)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasSuffix(".cache") }.count, 1)
    }
}

final class ContentHashTests: XCTestCase {
    /// A cache file is checksummed as it is written, piece by piece: any cut gives the hash of the whole.
    func testPiecesHashAsTheWhole() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let whole = ContentHash(bytes)
        // Cuts inside a word, on word boundaries that leave the next word to each of the four lanes, inside and
        // across 32-byte stripes.
        let cuts = [[0], [1], [7], [8], [9], [3, 5], [8, 16], [24], [31, 32, 33], [40, 72, 104], [13, 14, 15, 99], [100], [299], [300]]
        for cuts in cuts {
            var hasher = ContentHash.Hasher()
            var start = 0
            for end in cuts + [bytes.count] {
                bytes[start..<end].withUnsafeBytes { hasher.add($0) }
                start = end
            }
            XCTAssertEqual(hasher.finish(), whole, "cut at \(cuts)")
        }
        XCTAssertNotEqual(ContentHash(Array(bytes.dropLast())), whole)
    }

    /// Every byte counts, whichever lane its word went to and however it lies in the last word, and no two of
    /// these one-byte changes collide.
    func testEveryByteChangesTheHash() {
        let bytes = (0..<77).map { UInt8(truncatingIfNeeded: $0 &* 91 &+ 5) }
        var seen: Set<ContentHash> = [ContentHash(bytes)]
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x01
            XCTAssertTrue(seen.insert(ContentHash(changed)).inserted, "byte \(index)")
        }
        XCTAssertTrue(seen.insert(ContentHash(bytes + [0])).inserted, "a 0 byte added")
    }
}
