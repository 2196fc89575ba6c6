import Foundation
import MojifyCore

public struct ScanOptions: Sendable {
    public var paths: [String]
    public var excludes: [String] = []
    /// A folder holding `compile_commands.json` (or the file itself).
    public var compileCommands: String?
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Files larger than this are skipped with a diagnostic: generated blobs, not hand-written IPC.
    public static let defaultMaxFileBytes = 16 << 20
    public var maxFileBytes: Int = defaultMaxFileBytes
    public var followSymlinks = false
    public var honourGitIgnore = true
    /// Folder for results reused by later scans of unchanged files (see `ScanCache`); nil scans afresh.
    public var cacheDirectory: String?
    /// The secret that seals the cache's files; nil for `defaultCacheKeyFile()`.
    public var cacheKeyFile: String?
    /// Scan only these files, relative to the one folder in `paths` (the changed files of a pull request), instead
    /// of walking it. `--exclude` globs still apply; `.gitignore` does not, since a listed file was chosen on purpose.
    public var onlyFiles: [String]?
    /// Byte strings to look for in every file besides the IPC needles: the inventory lists the files that contain
    /// one in `markedFiles`. A file read for IPC is searched at no extra read; the cache keeps which files hold
    /// one, as it keeps their other outcomes.
    public var markers: [String] = []
    /// Folders `#include "..."` paths are relative to, besides the including file's folder and the tree root
    /// (the `-I` folders of the build), absolute or relative to the scanned root: where struct and enum
    /// definitions behind traits macros are looked for. A compile database's `-I` folders are added to these.
    public var includeDirs: [String] = []
    /// Other checkouts (the upstream Chromium of an embedder) whose typemaps and `.mojom` files teach type
    /// mappings; they are not scanned for IPC.
    public var upstreamRoots: [String] = []
    /// Other files to list from the walk, unread: `ScanResult.listed` holds them.
    public var listing = FileNameSelection()

    public init(paths: [String]) {
        self.paths = paths
    }
}

/// Scans C++ trees for legacy IPC. The only module that talks to libclang.
public enum IPCScanner {
    /// Byte strings that any file with an IPC construct contains: a macro name, or a message name by the
    /// `FooMsg_Bar` convention (sender files often include the messages header and mention no macro).
    static let needles = [IPCMacro.prefix, "Msg_"]

    /// Whether `name` holds one of `needles`: asked of every message and sender, so the bytes are searched as
    /// files are (Foundation's `String.contains` bridges each call, the standard library's generic search looks up
    /// type metadata each call).
    static func containsNeedle(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { needleSearch.matches(UnsafeRawBufferPointer($0)) }
    }

    private static let needleSearch = NeedleSearch(needles.map { Array($0.utf8) })

    public typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

    public static func scan(_ options: ScanOptions, progress: Progress? = nil) throws -> Inventory {
        try scanCounting(options, progress: progress).inventory
    }

    /// The inventory and the files of `options.listing` the walk found.
    public static func scanListing(_ options: ScanOptions, progress: Progress? = nil) throws -> ScanResult {
        try scanWithStatistics(options, progress: progress).result
    }

    /// The scan, and how many file outcomes the cache supplied.
    static func scanCounting(_ options: ScanOptions, progress: Progress? = nil) throws -> (inventory: Inventory, cache: ScanCache.Statistics?) {
        let (result, cache) = try scanWithStatistics(options, progress: progress)
        return (result.inventory, cache)
    }

    /// The inventory's JSON (`Inventory.jsonData()`) of a scan; when the cache keeps the last scan's inventory and
    /// JSON and they still stand, the stored JSON, with no inventory decoded.
    public static func scanJSON(_ options: ScanOptions, progress: Progress? = nil) throws -> Data {
        try scan(options, progress: progress,
                 answerFromKept: { kept, _, marked in
                     marked == nil ? kept.json : kept.decodedInventory(marked: marked).flatMap { try? $0.jsonData() }
                 },
                 answerFromScan: { result in try result.inventoryJSON ?? result.inventory.jsonData() }).answer
    }

    private static func scanWithStatistics(_ options: ScanOptions, progress: Progress?) throws -> (result: ScanResult, cache: ScanCache.Statistics?) {
        let (result, cache) = try scan(options, progress: progress, answerFromKept: { kept, listed, marked in
            kept.decodedInventory(marked: marked).map { ScanResult(inventory: $0, listed: listed, inventoryJSON: marked == nil ? kept.json : nil) }
        }, answerFromScan: { $0 })
        return (result, cache)
    }

    /// Re-scans in which at most this many files changed try the last inventory first (see `ScanCache.lastScan`).
    static let maxSuspects = 256

    /// The scan, answered from the cache's kept inventory when it stands and `answerFromKept` can answer from it
    /// (given the walk's listings, and with markers the files holding one), else from a scan of the files: the walk,
    /// the kept inventory, the passes of `ScanPass` over the files, the cache saved.
    private static func scan<Answer>(
        _ options: ScanOptions, progress: Progress?,
        answerFromKept: (ScanCache.KeptScan, [ListedFiles], [String]?) -> Answer?, answerFromScan: (ScanResult) throws -> Answer
    ) throws -> (answer: Answer, cache: ScanCache.Statistics?) {
        if let empty = options.excludes.first(where: \.isEmpty) { throw ScannerError.invalidExclude(empty) }
        let database = try options.compileCommands.map(CompileDatabase.init(folder:))
        try checkFolders(options)
        var walker = FileWalker(excludes: options.excludes, followSymlinks: options.followSymlinks, honourGitIgnore: options.honourGitIgnore)
        walker.jobs = options.jobs
        walker.collectStamps = options.cacheDirectory != nil
        walker.listing = options.listing
        // The cache file is read and checked while the tree is walked.
        let openingCache = options.cacheDirectory.map { _ in
            BackgroundWork { () -> (cache: ScanCache?, problems: [Diagnostic]) in
                var problems: [Diagnostic] = []
                return (ScanCache.open(options, diagnostics: &problems), problems)
            }
        }
        let walk = try self.walk(options, walker: walker)
        var diagnostics = walk.problems
        let (cache, cacheProblems) = openingCache?.value() ?? (nil, [])
        diagnostics += cacheProblems
        if let cache, let answer = keptAnswer(cache, walk: walk, database: database, options: options, answerFromKept: answerFromKept) {
            releaseInBackground(walk)
            return (answer, cache.statistics)
        }
        cache?.attach(paths: walk.files.map(\.path))
        var run = ScanRun(files: walk.files, database: database, options: options, cache: cache, walker: walker, progress: progress)
        run.run()
        var inventory = run.joiner.inventory(extraDiagnostics: diagnostics, skippedFolders: walk.skippedFolders)
        if let cache {
            let before = diagnostics.count
            let lastScan = diagnostics == walk.problems
                ? ScanCache.LastScan(inventory: inventory, surroundings: .init(walkProblems: walk.problems, unlistedIncludes: run.unlisted)) : nil
            cache.save(paths: run.files.map(\.path), lastScan: lastScan, diagnostics: &diagnostics)
            if diagnostics.count > before { inventory = run.joiner.inventory(extraDiagnostics: diagnostics, skippedFolders: walk.skippedFolders) }
        }
        inventory.markedFiles = run.markedFiles
        let answer = try answerFromScan(ScanResult(inventory: inventory, listed: walk.listed))
        releaseInBackground((walk, run, inventory))
        return (answer, cache?.statistics)
    }

    /// What the walk of a scan found: the files to read (relative paths prefixed with their root's name when
    /// several roots are scanned), the files of `ScanOptions.listing`, and what it could not walk.
    private struct Walk {
        var files: [FileWalker.Entry] = []
        var listed: [ListedFiles] = []
        var problems: [Diagnostic] = []
        var skippedFolders: [SkippedFolder]?
    }

    /// Walks each scanned path, or takes `onlyFiles` instead.
    private static func walk(_ options: ScanOptions, walker: FileWalker) throws -> Walk {
        var walk = Walk()
        if let only = options.onlyFiles {
            walk.files = try listedFiles(only, options: options, walker: walker)
        }
        for path in options.paths where options.onlyFiles == nil {
            try checkNamedPath(path)
            var walked = walker.walk(root: path)
            if options.paths.count > 1 {
                let prefix = displayRoot(path)
                func prefixed(_ location: SourceLocation) -> SourceLocation {
                    var location = location
                    location.file = location.file == "." ? prefix : "\(prefix)/\(location.file)"
                    return location
                }
                walk.files += walked.files.map { FileWalker.Entry(path: $0.path, relativePath: "\(prefix)/\($0.relativePath)", stamp: $0.stamp) }
                for index in walked.skipped.indices { walked.skipped[index].location = prefixed(walked.skipped[index].location) }
                for index in walked.problems.indices { walked.problems[index].location = prefixed(walked.problems[index].location) }
            } else {
                walk.files = walked.files
            }
            walk.problems += walked.problems
            walk.skippedFolders = (walk.skippedFolders ?? []) + walked.skipped
            walk.listed.append(ListedFiles(root: path, relativePaths: walked.listed))
        }
        return walk
    }

    /// The answer from the cache's kept inventory of the last scan, when it stands: the files it suspects (changed
    /// since, up to `maxSuspects`) are read again in the last scan's passes, and their outcomes must match the kept
    /// ones. The stored inventory never holds the marked files: the marker pass's stored outcomes give them. Nil: the
    /// files are scanned.
    private static func keptAnswer<Answer>(
        _ cache: ScanCache, walk: Walk, database: CompileDatabase?, options: ScanOptions,
        answerFromKept: (ScanCache.KeptScan, [ListedFiles], [String]?) -> Answer?
    ) -> Answer? {
        guard let unlisted = cache.keptUnlistedIncludes(), let included = unlisted.entriesIfUnchanged() else { return nil }
        let keptFiles = included.isEmpty ? walk.files : walk.files + included
        let analyser = FileAnalyser(files: keptFiles, database: database, options: options, cache: cache)
        let scheduler = ScanScheduler(analyser: analyser, jobs: options.jobs)
        guard var kept = cache.lastScan(files: keptFiles, walkProblems: walk.problems, maxSuspects: maxSuspects) else { return nil }
        if !kept.suspects.isEmpty {
            cache.attach(paths: keptFiles.map(\.path))
            for pass in kept.passes {
                _ = scheduler.run(cache.suspects(of: kept, in: pass.context), pass: pass, progress: nil)
            }
        }
        let marked = analyser.markerPass.map { pass in
            cache.markedFiles(of: kept, context: pass.context).map { $0.map { keptFiles[$0].relativePath }.sorted() }
        }
        // With markers, only when the cache knows every file's.
        guard kept.suspects.isEmpty || cache.outcomesStand(kept), marked.map({ $0 != nil }) ?? true else { return nil }
        kept.renderMissingJSON()
        guard let answer = answerFromKept(kept, walk.listed, marked ?? nil) else { return nil }
        // A cache that cannot be written only costs the re-scans after this one time.
        try? cache.keep(kept, json: kept.json)
        releaseInBackground((keptFiles, analyser, scheduler))
        return answer
    }

    /// The files `names` selects under each of `roots` that is a folder, walked as a scan would walk it (honouring
    /// `.gitignore` files and `--exclude` globs as `options` say), without scanning anything: for a tree whose
    /// inventory was saved earlier, and for checkouts that are not scanned.
    public static func list(_ names: FileNameSelection, under roots: [String], options: ScanOptions) -> [ListedFiles] {
        var walker = FileWalker(excludes: options.excludes, followSymlinks: options.followSymlinks, honourGitIgnore: options.honourGitIgnore)
        walker.jobs = options.jobs
        walker.listing = names
        return roots.map { root in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                return ListedFiles(root: root, relativePaths: [])
            }
            return ListedFiles(root: root, relativePaths: walker.walk(root: root).listed)
        }
    }

    /// Refuses a named path that is neither a regular file nor a folder (after links): reading a FIFO waits for a
    /// writer forever, and a device such as `/dev/zero` never ends or holds no source.
    static func checkNamedPath(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ScannerError.pathNotFound(path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFDIR: return
        case S_IFIFO: throw ScannerError.notFileOrFolder(path: path, kind: "a FIFO (named pipe)")
        case S_IFCHR: throw ScannerError.notFileOrFolder(path: path, kind: "a character device")
        case S_IFBLK: throw ScannerError.notFileOrFolder(path: path, kind: "a block device")
        case S_IFSOCK: throw ScannerError.notFileOrFolder(path: path, kind: "a socket")
        default: throw ScannerError.notFileOrFolder(path: path, kind: "a special file")
        }
    }

    /// Include folders and upstream checkouts must exist: a mistyped one would silently teach nothing.
    static func checkFolders(_ options: ScanOptions) throws {
        let root = options.paths.count == 1 ? options.paths[0] : nil
        for (option, folders) in [("--include-dir", options.includeDirs), ("--upstream-root", options.upstreamRoots)] {
            for folder in folders {
                let path = folder.hasPrefix("/") || root == nil || option == "--upstream-root" ? folder : root! + "/" + folder
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw ScannerError.notAFolder(option: option, path: folder)
                }
                // Headers are looked up among the files the walk lists, so a folder outside the tree would teach
                // nothing, silently.
                if option == "--include-dir", let root {
                    let base = URL(fileURLWithPath: root).standardizedFileURL.path
                    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
                    if absolute != base && !absolute.hasPrefix(base == "/" ? "/" : base + "/") {
                        throw ScannerError.includeDirOutsideRoot(path: folder, root: root)
                    }
                }
            }
        }
    }

    /// Whether a file of this name is one the scanner reads (C, C++, Objective-C sources and headers, patches).
    public static func reads(fileNamed name: String) -> Bool {
        FileWalker.isScannable(name)
    }

    /// The listed files that exist under the single root and could hold IPC, in a stable order.
    private static func listedFiles(_ relativePaths: [String], options: ScanOptions, walker: FileWalker) throws -> [FileWalker.Entry] {
        guard options.paths.count == 1, let root = options.paths.first else { throw ScannerError.onlyFilesNeedOneRoot(options.paths) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ScannerError.pathNotFound(root)
        }
        return Set(relativePaths).sorted().compactMap { relative in
            let path = root.hasSuffix("/") ? root + relative : root + "/" + relative
            guard FileWalker.isScannable(relative), FileManager.default.isReadableFile(atPath: path),
                  !walker.isExcluded(relative) else { return nil }
            return FileWalker.Entry(path: path, relativePath: relative)
        }
    }

    /// The headers and patches under the single root of `options` (relative paths, in walk order): where
    /// definitions of messages can be. Message definitions live in multiply-included headers (or patches adding to
    /// them), so sources are left out.
    public static func definitionFiles(options: ScanOptions) throws -> [String] {
        guard options.paths.count == 1, let root = options.paths.first else { throw ScannerError.onlyFilesNeedOneRoot(options.paths) }
        var walker = FileWalker(excludes: options.excludes, followSymlinks: options.followSymlinks, honourGitIgnore: options.honourGitIgnore)
        walker.jobs = options.jobs
        return walker.walk(root: root).files.map(\.relativePath).filter { !FileWalker.compiledExtensions.contains(FileWalker.fileExtension($0)) }
    }

    /// Which of `files` (relative to the single root of `options`) contain any of `words`, each with the words it
    /// contains, found by a byte search on `options.jobs` threads, without parsing.
    public static func files(_ files: [String], mentioningAnyOf words: [String], options: ScanOptions) throws -> [String: [String]] {
        guard options.paths.count == 1, let root = options.paths.first else { throw ScannerError.onlyFilesNeedOneRoot(options.paths) }
        guard !words.isEmpty, !files.isEmpty else { return [:] }
        let needles = words.map { ($0, NeedleSearch([Array($0.utf8)])) }
        let mentions = UnsafeMutableBufferPointer<[String]>.allocate(capacity: files.count)
        mentions.initialize(repeating: [])
        defer {
            mentions.deinitialize()
            mentions.deallocate()
        }
        let jobs = max(1, min(options.jobs, files.count))
        let slots = DisjointSlots(mentions)
        DispatchQueue.concurrentPerform(iterations: jobs) { job in
            let buffer = SourceFile.ReadBuffer()
            for index in stride(from: job, to: files.count, by: jobs) {
                guard case .bytes = buffer.read(root + "/" + files[index], maxBytes: options.maxFileBytes, stamped: true).contents else { continue }
                slots.buffer[index] = TextEncoding.withUTF8(buffer.contents) { text in needles.filter { $0.1.matches(text) }.map(\.0) }
            }
        }
        var found: [String: [String]] = [:]
        for (index, words) in mentions.enumerated() where !words.isEmpty {
            found[files[index]] = words
        }
        return found
    }

    /// A root as the user named it, without `./` or a trailing `/`, for prefixing paths when several are scanned.
    public static func displayRoot(_ path: String) -> String {
        var root = path
        while root.hasPrefix("./") { root.removeFirst(2) }
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        return root
    }
}

