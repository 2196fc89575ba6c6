internal import CClang
import Foundation
import MojifyCore

/// Results of earlier scans, reused for files that have not changed, so that re-scanning a large tree costs
/// little more than a `stat` per file.
///
/// A file's outcome is a pure function of its bytes, the scan context (needles and wrapper macros of the pass)
/// and the scan's settings. Settings go into the cache file's key (tool and libclang versions, working folder,
/// roots, excludes, limits, the compile database's and the Rules folder's contents): any difference selects
/// another cache file. Bytes are vouched for by the file's stamp (size, mtime and ctime in nanoseconds, inode,
/// device), and by a content hash where the stamp was too recent to prove anything (`FileStamp.isRacy`).
/// Files parsed with compile-database flags follow includes, so only their prefilter verdicts are cached.
///
/// The last scan's inventory is kept too: when the walk finds the same files with the same stamps (none of them
/// stored racy), the same walk problems and the same unlisted includes (`UnlistedIncludes`), it is the answer, and no file is read and nothing is rebuilt. When only
/// a few stamps differ, those files are analysed again in the passes they were in; if every outcome is as stored
/// (an edit that adds or removes no IPC, a touched file), the inventory is still the answer, since it is a function
/// of the file list, the walk problems and the outcomes.
final class ScanCache: @unchecked Sendable {
    /// What a re-scan of an unchanged tree returns, and what besides the files went into it.
    struct LastScan: Equatable {
        var inventory: Inventory
        var surroundings: Surroundings
    }

    /// What a scan's inventory depends on besides its files' stamps and bytes: the walk's problems, and what the
    /// includes of files the walk does not list found (`UnlistedIncludes`).
    struct Surroundings: Codable, Equatable {
        var walkProblems: [Diagnostic]
        var unlistedIncludes: UnlistedIncludes
    }

    /// A pass as the cache keeps it, to analyse a file again as the scan that stored its outcome did.
    struct StoredPass: Codable {
        var needles: [String]
        /// Sorted by name, each name's definitions in their order: a dictionary has no stable order.
        var wrappers: [WrapperMacro]
        var typeNames: [String]?
        var markers: [String]?

        init(_ pass: FileAnalyser.Pass) {
            needles = pass.needles.map { String(decoding: $0, as: UTF8.self) }
            wrappers = ScanCache.flattened(pass.wrappers)
            typeNames = pass.typeNames?.map { String(decoding: $0, as: UTF8.self) }
            markers = pass.markers
        }

        var pass: FileAnalyser.Pass {
            markers.map(FileAnalyser.Pass.init(markers:))
                ?? FileAnalyser.Pass(needles: needles, wrappers: Dictionary(grouping: wrappers, by: \.name), typeNames: typeNames)
        }
    }

    /// The last scan's answer, when the walk found the same files as it did: the files whose stamps cannot vouch
    /// for them (to be analysed again in `passes`, those they were in) and the inventory, still encoded.
    struct KeptScan {
        var suspects: [Int]
        var passes: [FileAnalyser.Pass]
        /// The binary encoding of the inventory, decoded only for a caller that needs more than its JSON.
        var inventory: Data
        var json: Data?
        /// The inventory, once decoded.
        private var decoded: Inventory?

        init(suspects: [Int], passes: [FileAnalyser.Pass], inventory: Data, json: Data?) {
            self.suspects = suspects
            self.passes = passes
            self.inventory = inventory
            self.json = json
        }

        /// nil if the stored bytes do not decode. `marked`: the files holding a marker, for a scan that looked for
        /// some (the stored inventory never holds them).
        func decodedInventory(marked: [String]? = nil) -> Inventory? {
            var inventory = decoded ?? (try? BinaryCoding.decode(Inventory.self, from: inventory))
            inventory?.markedFiles = marked
            return inventory
        }

        /// Renders the JSON when the cache file lacks it (for the re-scans after this one, too).
        mutating func renderMissingJSON() {
            guard json == nil else { return }
            decoded = decodedInventory()
            json = try? decoded?.jsonData()
        }
    }

    enum Outcome {
        /// The file held none of the pass's needles.
        case noMatch
        case result(FileResult)
    }

    struct Statistics: Equatable, Sendable {
        /// Outcomes taken from the cache, and outcomes worked out by reading the file.
        var reused = 0
        var computed = 0
        /// Whether the whole inventory of the last scan was the answer.
        var inventoryReused = false
    }

    /// At most this many cache files (one per tree and settings) stay in the folder; the least recently used go.
    static let maxFiles = 8
    /// A cache file larger than this is not written: the tree is then scanned afresh each time.
    static let maxBytes = 512 << 20

    let path: String
    private let key: String
    let seal: CacheSeal
    private let scanStart = FileStamp.now()
    private var stored: CacheFile
    private let cacheResults: Bool
    /// Per visited file (by index in the scan's file list): its entry in `stored.files`, and what this scan learnt.
    private var matches: [Int] = []
    private var fresh: UnsafeMutableBufferPointer<Fresh?>
    /// The passes this scan ran, by context.
    private var passes: [ContentHash: FileAnalyser.Pass] = [:]

    private struct Fresh {
        enum Result {
            case noMatch
            case stored(Int)
            case new([UInt8])
        }

        var stamp: FileStamp
        var contentHash: ContentHash?
        var racy = false
        var outcomes: [(context: ContentHash, result: Result)]
        var reused: Int
        var computed: Int

        mutating func set(_ context: ContentHash, _ result: Result) {
            outcomes.removeAll { $0.context == context }
            outcomes.append((context, result))
        }
    }

    /// Opens (or starts) the cache for these settings in `folder`, sealed with the secret in `keyFile`. Throws
    /// for a folder or secret that cannot be trusted (see `CacheSeal`); an unreadable, corrupt or foreign cache
    /// file is ignored, and replaced.
    init(folder: String, keyFile: String, options: ScanOptions) throws {
        try CacheTrust.ownFolder(folder)
        let seal = try CacheSeal.load(file: keyFile)
        self.seal = seal
        let key = ScanCache.key(for: options)
        self.key = key
        path = folder + "/scan-" + ContentHash(key).hex + ".cache"
        cacheResults = options.compileCommands == nil
        // Mapped rather than copied: tens of MB on a large tree, most of them only checksummed (the file is replaced by
        // renaming a new one over it, never rewritten in place, and only its owner may write the folder, so the
        // mapping stays whole).
        let loaded = CacheTrust.mapOwnFile(path, maxBytes: ScanCache.maxBytes)
            .flatMap { CacheFile(decoding: $0, sealedWith: seal) }.flatMap { $0.key == key ? $0 : nil }
        stored = loaded ?? CacheFile(empty: key)
        fresh = UnsafeMutableBufferPointer.allocate(capacity: 0)
    }

    deinit {
        fresh.deinitialize()
        fresh.deallocate()
    }

    /// Pairs the scan's files (by path, in walk order) with stored entries. Both lists come in walk order, so an
    /// unchanged tree pairs up position by position; only after a change is a lookup table built.
    func attach(paths: [String]) {
        matches = []
        fresh.deinitialize()
        fresh.deallocate()
        fresh = .allocate(capacity: 0)
        attach(more: paths)
    }

    /// Pairs files added to the end of the scan's list (`UnlistedIncludes`) as `attach` pairs the walk's.
    func attach(more paths: [String]) {
        var byPath: [String: Int]?
        let first = matches.count
        matches += paths.enumerated().map { offset, path in
            let index = first + offset
            if index < stored.files.count && stored.hasPath(path, at: index) { return index }
            if byPath == nil {
                byPath = Dictionary(stored.files.indices.map { (String(decoding: stored.path(at: $0), as: UTF8.self), $0) },
                                    uniquingKeysWith: { first, _ in first })
            }
            return byPath?[path] ?? -1
        }
        let grown = UnsafeMutableBufferPointer<Fresh?>.allocate(capacity: first + paths.count)
        if first > 0 { grown.baseAddress!.moveInitialize(from: fresh.baseAddress!, count: first) }
        (grown.baseAddress! + first).initialize(repeating: nil, count: paths.count)
        fresh.deallocate()
        fresh = grown
    }

    /// What the last scan's includes of files the walk does not list found, if the cache keeps its inventory.
    func keptUnlistedIncludes() -> UnlistedIncludes? {
        guard cacheResults, stored.lastInventory != nil, let encoded = stored.lastSurroundings else { return nil }
        return (try? BinaryCoding.decode(Surroundings.self, from: encoded))?.unlistedIncludes
    }

    /// The last scan's answer, if it may still be the answer to scanning `files` now: the same files in the same
    /// order, the same walk problems, results cached for every file (not so with a compile database, whose parses
    /// follow includes the stamps do not cover), and at most `maxSuspects` files whose stamps (taken by the walk)
    /// differ or were stored racy. The suspects are then to be analysed again in their passes before `outcomesStand`
    /// says whether the inventory stands.
    func lastScan(files: [FileWalker.Entry], walkProblems: [Diagnostic], maxSuspects: Int) -> KeptScan? {
        // One copy of the stored file, not one per file of the tree (a class's struct property is copied out to be
        // read), and no copy of each entry: those retained a dozen arrays and strings per file.
        let stored = stored
        guard cacheResults, let inventory = stored.lastInventory, let problems = stored.lastSurroundings,
              files.count == stored.files.count else { return nil }
        var suspects: [Int] = []
        for index in files.indices {
            let entry = stored.files[index]
            guard stored.hasPath(files[index].path, at: index) else { return nil }
            if files[index].stamp != entry.stamp || entry.racy {
                suspects.append(index)
                guard suspects.count <= maxSuspects else { return nil }
            }
        }
        guard (try? BinaryCoding.decode(Surroundings.self, from: problems))?.walkProblems == walkProblems else { return nil }
        var passes: [FileAnalyser.Pass] = []
        if !suspects.isEmpty {
            guard let encoded = stored.passes, let decoded = try? BinaryCoding.decode([StoredPass].self, from: encoded) else { return nil }
            passes = decoded.map(\.pass)
            let known = Set(passes.map(\.context))
            guard suspects.allSatisfy({ stored.outcomes[stored.files[$0].outcomes].allSatisfy { known.contains($0.context) } }) else { return nil }
        }
        return KeptScan(suspects: suspects, passes: passes, inventory: inventory, json: stored.lastInventoryJSON)
    }

    /// The files (indices) of a kept scan's tree that hold a marker, by the marker pass's outcomes (`context`):
    /// stored ones, and for the suspects those just worked out again. Nil when a file has none: the scan that
    /// stored the cache did not look for these markers.
    func markedFiles(of kept: KeptScan, context: ContentHash) -> [Int]? {
        let stored = stored
        let suspects = Set(kept.suspects)
        var marked: [Int] = []
        for index in stored.files.indices {
            let holds: Bool?
            if suspects.contains(index) {
                holds = fresh[index]?.outcomes.first { $0.context == context }.map { if case .noMatch = $0.result { false } else { true } }
            } else {
                holds = stored.outcomes[stored.files[index].outcomes].first { $0.context == context }.map { $0.result != nil }
            }
            guard let holds else { return nil }
            if holds { marked.append(index) }
        }
        return marked
    }

    /// The suspects of `kept` that had an outcome in `context` in the last scan.
    func suspects(of kept: KeptScan, in context: ContentHash) -> [Int] {
        kept.suspects.filter { stored.outcomes[stored.files[$0].outcomes].contains { $0.context == context } }
    }

    /// Whether, after the suspects were analysed again in every pass they were in, each outcome is as stored: then
    /// the last inventory stands (see the type's note). An outcome may be as stored in bytes only.
    func outcomesStand(_ kept: KeptScan) -> Bool {
        kept.suspects.allSatisfy { index in
            let old = stored.outcomes[stored.files[index].outcomes]
            guard let entry = fresh[index], entry.stamp.size >= 0, entry.outcomes.count == old.count else { return false }
            return entry.outcomes.allSatisfy { context, result in
                guard let stored = old.first(where: { $0.context == context }) else { return false }
                switch result {
                case .noMatch: return stored.result == nil
                case let .stored(index): return stored.result == index
                case let .new(bytes): return stored.result.map { self.stored.results[$0].elementsEqual(bytes) } ?? false
                }
            }
        }
    }

    private var inventoryReused = false

    /// The context of a pass: what, besides a file's bytes, decides its outcome.
    static func context(needles: [String], wrappers: [String: [WrapperMacro]], typeNames: [String]?) -> ContentHash {
        let wrapperBytes = (try? BinaryCoding.encode(flattened(wrappers))) ?? []
        var bytes = Array(needles.joined(separator: "\n").utf8) + [0] + wrapperBytes
        if let typeNames { bytes += [0, 1] + Array(typeNames.joined(separator: "\n").utf8) }
        return ContentHash(bytes)
    }

    /// The context of the marker pass (`FileAnalyser.Pass(markers:)`): no pass that looks for IPC has a NUL byte
    /// leading its needles.
    static func context(markers: [String]) -> ContentHash {
        ContentHash([0] + Array("markers\n".utf8) + Array(markers.joined(separator: "\n").utf8))
    }

    /// A table of project macros as one list in a stable order: by name, each name's definitions in their order.
    static func flattened(_ wrappers: [String: [WrapperMacro]]) -> [WrapperMacro] {
        wrappers.sorted { $0.key < $1.key }.flatMap(\.value)
    }

    /// The outcome of file `index` (at `path`) in this context from an earlier scan, if the file is provably
    /// unchanged: by its stamp, or by its bytes' hash where the stamp was racy or differs and a hash is kept.
    /// Each index is handled by one thread at a time, so its slot needs no lock.
    /// `listed`: the stamp the walker took, if it did, else the file is `stat`ed now.
    func reuse(index: Int, path: String, listed: FileStamp?, context: ContentHash) -> Outcome? {
        guard matches[index] >= 0 else { return miss(index) }
        let entry = stored.files[matches[index]]
        guard let slot = stored.outcomes[entry.outcomes].first(where: { $0.context == context }),
              let stamp = listed ?? FileStamp.of(path: path) else { return miss(index) }
        if stamp != entry.stamp || entry.racy {
            guard let expected = entry.contentHash, case let .bytes(bytes) = SourceFile.read(path, maxBytes: Int.max),
                  ContentHash(bytes) == expected else { return miss(index) }
        }
        let outcome: Outcome
        if let result = slot.result {
            guard let decoded = try? BinaryCoding.decode(FileResult.self, from: stored.results[result]) else { return miss(index) }
            outcome = .result(decoded)
        } else {
            outcome = .noMatch
        }
        if fresh[index]?.stamp != stamp {
            fresh[index] = Fresh(stamp: stamp, contentHash: nil, outcomes: [], reused: 0, computed: 0)
        }
        let racy = stamp.isRacy(scanStart: scanStart)
        fresh[index]!.racy = racy
        if racy || stored.outcomes[entry.outcomes].contains(where: { $0.result != nil }) {
            fresh[index]!.contentHash = entry.contentHash
        }
        fresh[index]!.set(context, slot.result.map { .stored($0) } ?? .noMatch)
        fresh[index]!.reused += 1
        return outcome
    }

    private func miss(_ index: Int) -> Outcome? {
        if fresh[index] == nil {
            fresh[index] = Fresh(stamp: FileStamp(size: -1, modified: 0, changed: 0, inode: 0, device: 0), contentHash: nil, outcomes: [], reused: 0, computed: 0)
        }
        fresh[index]!.computed += 1
        return nil
    }

    /// Remembers an outcome worked out from `bytes`, which were read after `stamp` was taken from the same
    /// open file (so any later edit changes the stamp, or falls in the racy window and is caught by the hash).
    func record(index: Int, stamp: FileStamp, bytes: UnsafeRawBufferPointer, context: ContentHash, result: FileResult?) {
        guard result == nil || cacheResults else { return }
        let encoded: [UInt8]?
        if let result {
            guard let data = try? BinaryCoding.encode(result) else { return }
            encoded = data
        } else {
            encoded = nil
        }
        let racy = stamp.isRacy(scanStart: scanStart)
        let contentHash = racy || result != nil ? ContentHash(bytes) : nil
        let computed = fresh[index]?.computed ?? 0
        // Other bytes under the same stamp (an edit within the racy window) void what the other passes found.
        if fresh[index]?.stamp != stamp || (contentHash != nil && fresh[index]?.contentHash.map { $0 != contentHash } ?? false) {
            fresh[index] = Fresh(stamp: stamp, contentHash: contentHash, racy: racy, outcomes: [], reused: 0, computed: computed)
        }
        fresh[index]!.contentHash = fresh[index]!.contentHash ?? contentHash
        fresh[index]!.set(context, encoded.map { .new($0) } ?? .noMatch)
    }

    var statistics: Statistics {
        var total = fresh.reduce(into: Statistics()) { total, entry in
            total.reused += entry?.reused ?? 0
            total.computed += entry?.computed ?? 0
        }
        if inventoryReused {
            total.reused = stored.outcomes.count - total.computed
            total.inventoryReused = true
        }
        return total
    }

    /// Remembers a pass this scan runs, for the cache file (see `StoredPass`).
    func note(_ pass: FileAnalyser.Pass) {
        passes[pass.context] = pass
    }

    /// Writes what this scan learnt about `paths` (the files it visited, as given to `attach`) and, when given, the
    /// scan's result, atomically, unless it would store exactly what is stored already; then trims the folder to
    /// `maxFiles` cache files. A scan without `lastScan` (one that also looked for markers) leaves a stored one
    /// in place only when every file is as stored. The inventory's JSON is not stored here: rendering it while
    /// the scan's and the cache's tables are all alive would raise the peak memory of every scan that changes
    /// something; the first re-scan that finds nothing changed stores it (`keep(json:)`).
    func save(paths: [String], lastScan: LastScan?) throws {
        let encodedLastScan = cacheResults ? lastScan.flatMap { last in
            (try? BinaryCoding.encode(last.surroundings)).flatMap { problems in
                (try? BinaryCoding.encode(last.inventory)).map { (problems: Data(problems), inventory: Data($0)) }
            }
        } : nil
        // A racy mark that is no longer needed is dropped too: while it is stored, the last inventory cannot be used.
        let unchanged = paths.count == stored.files.count && matches.enumerated().allSatisfy { index, match in
            index == match && fresh[index].map {
                $0.computed == 0 && $0.contentHash == stored.files[index].contentHash && $0.racy == stored.files[index].racy
            } ?? false
        }
        guard !unchanged || (encodedLastScan != nil && (encodedLastScan?.problems != stored.lastSurroundings || encodedLastScan?.inventory != stored.lastInventory)) else { return }
        var files: [CacheFile.Stored] = []
        var pathBytes: [UInt8] = []
        var outcomes: [CacheFile.Outcome] = []
        var results: [Data] = []
        files.reserveCapacity(paths.count)
        // A scan that did not look for markers in a file it found unchanged keeps what the marker pass found in it:
        // the next lint, or generate, then reads only the files that changed.
        let storedMarkerPasses = Dictionary((stored.passes.flatMap { try? BinaryCoding.decode([StoredPass].self, from: $0) } ?? [])
            .filter { $0.markers != nil }.map { ($0.pass.context, $0.pass) }, uniquingKeysWith: { first, _ in first })
        var carried: Set<ContentHash> = []
        for (index, path) in paths.enumerated() {
            guard var entry = fresh[index], entry.stamp.size >= 0, !entry.outcomes.isEmpty else { continue }
            if !storedMarkerPasses.isEmpty, matches[index] >= 0, stored.files[matches[index]].stamp == entry.stamp, entry.computed == 0 {
                let known = Set(entry.outcomes.map(\.context))
                for outcome in stored.outcomes[stored.files[matches[index]].outcomes]
                where storedMarkerPasses[outcome.context] != nil && !known.contains(outcome.context) {
                    entry.outcomes.append((outcome.context, outcome.result.map { .stored($0) } ?? .noMatch))
                    carried.insert(outcome.context)
                }
            }
            let first = outcomes.count
            for (context, result) in entry.outcomes {
                switch result {
                case .noMatch:
                    outcomes.append(CacheFile.Outcome(context: context, result: nil))
                case let .stored(stored):
                    results.append(self.stored.results[stored])
                    outcomes.append(CacheFile.Outcome(context: context, result: results.count - 1))
                case let .new(data):
                    results.append(Data(data))
                    outcomes.append(CacheFile.Outcome(context: context, result: results.count - 1))
                }
            }
            pathBytes += path.utf8
            files.append(CacheFile.Stored(path: (pathBytes.count - path.utf8.count)..<pathBytes.count, stamp: entry.stamp,
                                          contentHash: entry.contentHash, racy: entry.racy, outcomes: first..<outcomes.count))
        }
        let usedPasses = Set(outcomes.map(\.context)).compactMap { passes[$0] ?? (carried.contains($0) ? storedMarkerPasses[$0] : nil) }
            .sorted { $0.context.hex < $1.context.hex }
        let encodedPasses = (try? BinaryCoding.encode(usedPasses.map(StoredPass.init))).map { Data($0) }
        var (tables, rest) = CacheFile(key: key, files: files, pathBytes: pathBytes, outcomes: outcomes, passes: encodedPasses, results: results,
                                       lastSurroundings: encodedLastScan?.problems, lastInventory: encodedLastScan?.inventory,
                                       lastInventoryJSON: nil).encodedTables()
        try write(&tables, then: rest)
    }

    /// A cache file is written again for new stamps only when the files they vouch for hold at least this
    /// fraction of its size: writing it (and its checksum) costs about what reading and analysing that fraction of
    /// it in files costs. Below it, the next re-scan checks those few files again (by their hash, or by analysing
    /// them) instead of this one rewriting tens of megabytes for a handful of touched files; past half the
    /// suspects a kept scan allows (`IPCScanner.maxSuspects`), it is written whatever their size.
    static let rewriteFraction = 16

    /// After the kept scan stood (see `lastScan`): stores the stamps the suspects have now (and drops racy marks
    /// no longer needed), and `json` when the file lacks it. Everything else is written again as it was read.
    func keep(_ kept: KeptScan, json: Data?) throws {
        inventoryReused = true
        var changed: [Int] = []
        // In place: a copy of the table would be another 100 bytes a file.
        for index in kept.suspects {
            let old = stored.files[index]
            guard let entry = fresh[index], entry.stamp != old.stamp || entry.contentHash != old.contentHash || entry.racy != old.racy else { continue }
            stored.files[index].stamp = entry.stamp
            stored.files[index].contentHash = entry.contentHash
            stored.files[index].racy = entry.racy
            changed.append(index)
        }
        let lacksJSON = json != nil && stored.lastInventoryJSON == nil
        let changedBytes = changed.reduce(0) { $0 + max(0, Int(stored.files[$1].stamp.size)) }
        let worthWriting = changedBytes * ScanCache.rewriteFraction >= stored.byteCount || 2 * changed.count > IPCScanner.maxSuspects
        guard lacksJSON || (!changed.isEmpty && worthWriting),
              let pieces = stored.patched(changed: changed, lastInventoryJSON: json ?? stored.lastInventoryJSON, sealedWith: seal) else { return }
        try write(pieces)
    }

    /// Writes the cache file, without the JSON section's content: `tables` and `rest` (from `CacheFile.encodedTables`).
    private func write(_ tables: inout [UInt8], then rest: [Data]) throws {
        let pieces = CacheFile.seal(&tables, then: rest, lastInventoryJSON: nil, with: seal)
        // Written from the buffer itself, not a copy of it.
        try tables.withUnsafeBytes { raw in
            try write([Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: raw.baseAddress!), count: raw.count, deallocator: .none)] + pieces)
        }
    }

    /// Writes the cache file from `pieces`, one after another; then trims the folder.
    private func write(_ pieces: [Data]) throws {
        let size = pieces.reduce(0) { $0 + $1.count }
        guard size <= ScanCache.maxBytes else {
            throw ScannerError.cacheUnusable(folder: (path as NSString).deletingLastPathComponent,
                                             reason: "the cache for this tree would take \(size >> 20) MB, over the \(ScanCache.maxBytes >> 20) MB limit")
        }
        // Never through whatever stands at the name: a link or device planted there is replaced.
        try FileOutput.writeAtomically(pieces: pieces, to: path, followingLinks: false)
        trim()
    }

    /// Removes the least recently written cache files beyond `maxFiles`.
    private func trim() {
        let folder = (path as NSString).deletingLastPathComponent
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("scan-") && $0.hasSuffix(".cache") }
        guard names.count > ScanCache.maxFiles else { return }
        let dated = names.map { name -> (String, Int64) in
            (folder + "/" + name, FileStamp.of(path: folder + "/" + name)?.modified ?? 0)
        }
        for (old, _) in dated.sorted(by: { ($0.1, $0.0) > ($1.1, $1.0) }).dropFirst(ScanCache.maxFiles) {
            unlink(old)
        }
    }

    /// Everything besides the files' bytes that decides what a scan finds, as text (kept whole in the cache
    /// file, so that two keys with the same hash still never share results).
    static func key(for options: ScanOptions) -> String {
        var lines = [
            "cache format \(CacheFile.formatVersion)",
            "mojify \(MojifyVersion.current)",
            "build \(buildIdentity)",
            "libclang \(libclangIdentity())",
            "max file bytes \(options.maxFileBytes)",
            "follow symlinks \(options.followSymlinks)",
            "gitignore \(options.honourGitIgnore)",
        ]
        // Relative paths mean another folder from elsewhere; absolute ones name the same tree from anywhere (a CI
        // job's steps run in different folders).
        let given = options.paths + options.includeDirs + (options.compileCommands.map { [$0] } ?? []) + (options.onlyFiles ?? [])
        if given.contains(where: { !$0.hasPrefix("/") }) { lines.append("cwd \(FileManager.default.currentDirectoryPath)") }
        lines += options.paths.map { "path \($0)" }
        lines += options.excludes.map { "exclude \($0)" }
        lines += options.includeDirs.map { "include dir \($0)" }
        if let only = options.onlyFiles {
            lines.append("only files \(ContentHash(only.sorted().joined(separator: "\n")).hex)")
        }
        if let database = options.compileCommands {
            let file = database.hasSuffix(".json") ? database : database + "/compile_commands.json"
            let contents = FileManager.default.contents(atPath: file) ?? Data()
            lines.append("compile commands \(file) \(ContentHash([UInt8](contents)).hex)")
        }
        lines.append("rules \(rulesHash())")
        return lines.joined(separator: "\n")
    }

    /// The running executable, by its file's identity: a scanner built anew (a changed recogniser, say) never reads
    /// results its predecessor stored, whether or not anyone bumped the version or the cache format.
    private static let buildIdentity: String = {
        guard let resolved = realpath("/proc/self/exe", nil) ?? CommandLine.arguments.first.flatMap({ realpath($0, nil) }) else { return "unknown" }
        defer { free(resolved) }
        let file = String(cString: resolved)
        guard let stamp = FileStamp.of(path: file) else { return file }
        return "\(file) \(stamp.size) \(stamp.modified) \(stamp.inode)"
    }()

    /// The libclang file that parses (links resolved), with its size and modification time: another libclang
    /// selects another cache, without loading the library (which a re-scan answered from the cache never needs).
    private static func libclangIdentity() -> String {
        let path = String(cString: mojify_libclang_path())
        guard let resolved = realpath(path, nil) else { return path + " (missing)" }
        defer { free(resolved) }
        let file = String(cString: resolved)
        guard let stamp = FileStamp.of(path: file) else { return file }
        return "\(file) \(stamp.size) \(stamp.modified)"
    }

    /// The Rules folder's files and contents, so that editing a rule file invalidates the cache.
    private static func rulesHash() -> String {
        guard let folder = try? RulesDirectory.locate(),
              let names = FileManager.default.enumerator(atPath: folder)?.compactMap({ $0 as? String }) else { return "none" }
        var bytes: [UInt8] = []
        for name in names.sorted() {
            guard let contents = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            bytes += Array(name.utf8) + [0] + Array(contents) + [0]
        }
        return ContentHash(bytes).hex
    }
}
