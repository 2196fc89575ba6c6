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
    /// Scan only these files, relative to the one folder in `paths` (the changed files of a pull request), instead
    /// of walking it. `--exclude` globs still apply; `.gitignore` does not, since a listed file was chosen on purpose.
    public var onlyFiles: [String]?
    /// Byte strings to look for in every file besides the IPC needles, at no extra read: the inventory lists the
    /// files that contain one in `markedFiles`. Files are then read even when a cache could vouch for them.
    public var markers: [String] = []
    /// Folders `#include "..."` paths are relative to, besides the including file's folder and the tree root
    /// (the `-I` folders of the build), absolute or relative to the scanned root: where struct and enum
    /// definitions behind traits macros are looked for. A compile database's `-I` folders are added to these.
    public var includeDirs: [String] = []
    /// Other checkouts (the upstream Chromium of an embedder) whose typemaps and `.mojom` files teach type
    /// mappings; they are not scanned for IPC.
    public var upstreamRoots: [String] = []

    public init(paths: [String]) {
        self.paths = paths
    }
}

/// Scans C++ trees for legacy IPC. The only module that talks to libclang.
public enum IPCScanner {
    /// Byte strings that any file with an IPC construct contains: a macro name, or a message name by the
    /// `FooMsg_Bar` convention (sender files often include the messages header and mention no macro).
    static let needles = [IPCMacro.prefix, "Msg_"]

    public typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

    public static func scan(_ options: ScanOptions, progress: Progress? = nil) throws -> Inventory {
        try scanCounting(options, progress: progress).inventory
    }

    /// The scan, and how many file outcomes the cache supplied.
    static func scanCounting(_ options: ScanOptions, progress: Progress? = nil) throws -> (inventory: Inventory, cache: ScanCache.Statistics?) {
        if let empty = options.excludes.first(where: \.isEmpty) { throw ScannerError.invalidExclude(empty) }
        let database = try options.compileCommands.map(CompileDatabase.init(folder:))
        try checkFolders(options)
        var walker = FileWalker(excludes: options.excludes, followSymlinks: options.followSymlinks, honourGitIgnore: options.honourGitIgnore)
        walker.jobs = options.jobs
        walker.collectStamps = options.cacheDirectory != nil

        var files: [FileWalker.Entry] = []
        var diagnostics: [Diagnostic] = []
        if let only = options.onlyFiles {
            files = try listedFiles(only, options: options, walker: walker)
        }
        for path in options.paths where options.onlyFiles == nil {
            try checkNamedPath(path)
            let walked = walker.walk(root: path)
            let prefix = options.paths.count > 1 ? displayRoot(path) : nil
            files += walked.files.map { entry in
                FileWalker.Entry(path: entry.path, relativePath: prefix.map { "\($0)/\(entry.relativePath)" } ?? entry.relativePath, stamp: entry.stamp)
            }
            diagnostics += walked.problems
        }

        let walkProblems = diagnostics
        let cache = ScanCache.open(options, diagnostics: &diagnostics)
        // Markers ask for every file to be read; the stored inventory never holds them.
        if let cache, options.markers.isEmpty, let last = cache.unchangedInventory(files: files, walkProblems: walkProblems) {
            return (last, cache.statistics)
        }
        cache?.attach(paths: files.map(\.path))
        let work = ScanWork(files: files, database: database, options: options, cache: cache)
        work.run(indices: Array(files.indices), needles: needles, wrappers: [:], progress: progress)

        // Project wrappers around IPC macros are only known once every file has been read once.
        let wrappers = work.wrapperTable()
        if !wrappers.isEmpty {
            let users = files.indices.filter { work.results[$0]?.parsed == true }
            work.run(indices: users, needles: wrappers.keys.sorted(), wrappers: wrappers, progress: nil)
        }
        // Messages named without the `Msg_` convention can be sent from files the first pass did not parse.
        let unconventional = work.messageNames().filter { name in !needles.contains { name.contains($0) } }
        if !unconventional.isEmpty {
            let rest = files.indices.filter { work.results[$0]?.parsed != true }
            work.run(indices: rest, needles: unconventional.sorted() + wrappers.keys.sorted(), wrappers: wrappers, progress: nil)
        }
        // Enums and structs behind traits macros usually live in a types header that mentions no IPC at all.
        let includedTypeHeaders = work.includedTypeHeaders()
        if !includedTypeHeaders.isEmpty {
            work.run(indices: includedTypeHeaders, needles: [], wrappers: wrappers, progress: nil)
        }
        var inventory = work.inventory(extraDiagnostics: diagnostics)
        if let cache {
            let before = diagnostics.count
            let lastScan = options.markers.isEmpty && diagnostics == walkProblems ? ScanCache.LastScan(inventory: inventory, walkProblems: walkProblems) : nil
            cache.save(paths: files.map(\.path), lastScan: lastScan, diagnostics: &diagnostics)
            if diagnostics.count > before { inventory = work.inventory(extraDiagnostics: diagnostics) }
        }
        return (inventory, cache?.statistics)
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
        let needles = words.map { ($0, Array($0.utf8)) }
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
                guard case .bytes = buffer.readStamped(root + "/" + files[index], maxBytes: options.maxFileBytes).contents else { continue }
                slots.buffer[index] = TextEncoding.withUTF8(buffer.contents) { text in needles.filter { SourceFile.contains(text, anyOf: [$0.1]) }.map(\.0) }
            }
        }
        var found: [String: [String]] = [:]
        for (index, words) in mentions.enumerated() where !words.isEmpty {
            found[files[index]] = words
        }
        return found
    }

    /// Export macros of class heads: `class CONTENT_EXPORT Foo`, `struct BASE_EXPORT Bar : Baz`.
    static func exportMacros(in tokens: [Token]) -> [String] {
        var found = Set<String>()
        for index in tokens.indices.dropLast(2) where ["class", "struct", "union"].contains(tokens[index].text) {
            let candidate = tokens[index + 1]
            guard candidate.kind == .identifier, candidate.text.contains("EXPORT"),
                  candidate.text.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }),
                  tokens[index + 2].kind == .identifier else { continue }
            found.insert(candidate.text)
        }
        return found.sorted()
    }

    /// Whether the tokens hold an enum, struct, class or union definition (a body, not a declaration or use).
    static func definesTypes(_ tokens: [Token]) -> Bool {
        for index in tokens.indices where tokens[index].kind == .keyword && ["enum", "struct", "class", "union"].contains(tokens[index].text) {
            for next in tokens[(index + 1)...].lazy.filter({ $0.kind != .comment }).prefix(12) {
                if next.text == "{" { return true }
                if [";", "(", ")", ",", ">", "="].contains(next.text) { break }
            }
        }
        return false
    }

    /// Whether `tokens` run to the last byte of `bytes` that is not white space.
    static func tokensCover(_ bytes: [UInt8], _ tokens: [Token]) -> Bool {
        guard let last = bytes.lastIndex(where: { !(($0 >= 9 && $0 <= 13) || $0 == 32) }) else { return true }
        return (tokens.last?.end ?? 0) > last
    }

    /// A root as the user named it, without `./` or a trailing `/`, for prefixing paths when several are scanned.
    public static func displayRoot(_ path: String) -> String {
        var root = path
        while root.hasPrefix("./") { root.removeFirst(2) }
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        return root
    }
}

/// The mutable state of one scan, shared by its worker threads under a lock.
final class ScanWork: @unchecked Sendable {
    struct FileResult {
        var parsed: Bool
        var partial: PartialInventory
        var wrappers: [WrapperMacro]
        var includes: [String]
        var typedefs: [(name: String, type: String)]
        var types: [TypeDefinition]

        /// Drops everything found in the file: it was not read in full, so what was found cannot be trusted.
        mutating func markUnread(at location: SourceLocation, reason: UnreadFile.Reason, detail: String, hint: String) {
            self = FileResult(parsed: parsed, partial: .unread(location, reason: reason, detail: detail, hint: hint),
                              wrappers: [], includes: [], typedefs: [], types: [])
        }
    }

    let files: [FileWalker.Entry]
    let database: CompileDatabase?
    let options: ScanOptions
    let cache: ScanCache?
    var results: [FileResult?]
    /// Indices of files that contain one of `options.markers`.
    private var marked = Set<Int>()
    private let markerBytes: [[UInt8]]
    private let lock = NSLock()

    init(files: [FileWalker.Entry], database: CompileDatabase?, options: ScanOptions, cache: ScanCache?) {
        self.files = files
        self.database = database
        self.options = options
        self.cache = cache
        self.results = Array(repeating: nil, count: files.count)
        self.markerBytes = options.markers.map { Array($0.utf8) }
    }

    /// Processes `indices` on `options.jobs` threads, each with its own libclang index. A file is parsed only when
    /// it contains one of `needles` (all of them when `needles` is empty). Each thread gathers the files that pass
    /// the prefilter and lexes them in batches, since a translation unit costs more to set up than a file to lex.
    func run(indices: [Int], needles: [String], wrappers: [String: WrapperMacro], progress: IPCScanner.Progress?) {
        let needleBytes = needles.map { Array($0.utf8) }
        let context = ScanCache.context(needles: needles, wrappers: wrappers)
        // Files that traits macros lead to (an empty needle list) need their AST: they are parsed one by one.
        let batchSize = needles.isEmpty ? 1 : 48
        let next = WorkCounter()
        let done = WorkCounter()
        let jobs = max(1, min(options.jobs, indices.count))
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            let session = ClangSession()
            let buffer = SourceFile.ReadBuffer()
            var pending: [PendingFile] = []
            func store(_ outcomes: [(Int, FileResult?)]) {
                lock.lock()
                for (index, result) in outcomes {
                    if let result { results[index] = result } else if results[index] == nil {
                        results[index] = FileResult(parsed: false, partial: PartialInventory(), wrappers: [], includes: [], typedefs: [], types: [])
                    }
                }
                lock.unlock()
                let snapshot = done.add(outcomes.count)
                if !outcomes.isEmpty, snapshot % 256 < outcomes.count || snapshot == indices.count { progress?(snapshot, indices.count) }
            }
            func flush() {
                let results = analyse(pending, wrappers: wrappers, session: session)
                for (file, result) in zip(pending, results) {
                    (file.original ?? file.bytes).withUnsafeBytes { remember(file.index, stamp: file.stamp, bytes: $0, result: result, context: context) }
                }
                store(Array(zip(pending.map(\.index), results)))
                pending.removeAll(keepingCapacity: true)
            }
            while true {
                let position = next.next()
                guard position < indices.count else { break }
                let index = indices[position]

                switch begin(index, needles: needleBytes, context: context, buffer: buffer) {
                case let .finished(result):
                    store([(index, result)])
                case let .analyse(file):
                    pending.append(file)
                    if pending.count >= batchSize { flush() }
                }
            }
            flush()
        }
    }

    /// What a file still needs after its bytes were read and passed the prefilter.
    struct PendingFile {
        var index: Int
        /// The text as UTF-8, what libclang lexes.
        var bytes: [UInt8]
        /// The file's own bytes when `bytes` are their transcoding, for the cache, which vouches for files on disk.
        var original: [UInt8]?
        /// The stamp of the open file, for the cache (when it is on) to remember the outcome under.
        var stamp: FileStamp?
    }

    enum Step {
        /// Decided without libclang: cached, no needle, unreadable, too large, binary or not decodable.
        case finished(FileResult?)
        case analyse(PendingFile)
    }

    /// Checks the cache, reads the file into `buffer` and runs the byte prefilter; only a file that passes is
    /// copied out of it.
    private func begin(_ index: Int, needles: [[UInt8]], context: ContentHash, buffer: SourceFile.ReadBuffer) -> Step {
        let entry = files[index]
        switch options.markers.isEmpty ? cache?.reuse(index: index, path: entry.path, listed: entry.stamp, context: context) : nil {
        case .noMatch?:
            return .finished(nil)
        case let .result(result)?:
            return .finished(result)
        case nil:
            break
        }
        let read = buffer.readStamped(entry.path, maxBytes: options.maxFileBytes)
        switch read.contents {
        case .bytes:
            break
        case let .tooLarge(size):
            return .finished(unread(entry, .tooLarge, "file of \(size) bytes is larger than the \(options.maxFileBytes)-byte limit",
                                    hint: "raise --max-file-size if it holds hand-written IPC, or --exclude it"))
        case let .failed(reason):
            return .finished(unread(entry, .unreadable, "cannot read: \(reason)", hint: "check its permissions and type"))
        }
        let raw = buffer.contents
        // UTF-16 text is scanned as UTF-8: its needles, NUL bytes and positions are those of the transcoded text.
        var transcoded: [UInt8]?
        if let (order, markLength) = TextEncoding.utf16Order(raw) {
            switch TextEncoding.utf8(fromUTF16: raw, order: order, markLength: markLength) {
            case let .success(text):
                transcoded = text
            case let .failure(problem):
                let result = unread(entry, .undecodable, "UTF-16 text that stops decoding at line \(problem.position.line) (an unpaired surrogate or an odd byte at the end)",
                                    hint: "save the file as UTF-8", at: problem.position)
                remember(index, stamp: read.stamp, bytes: raw, result: result, context: context)
                return .finished(result)
            }
        }
        func examine(_ bytes: UnsafeRawBufferPointer) -> Step {
            if !markerBytes.isEmpty, SourceFile.contains(bytes, anyOf: markerBytes) {
                lock.lock()
                marked.insert(index)
                lock.unlock()
            }
            guard needles.isEmpty || SourceFile.contains(bytes, anyOf: needles) else {
                remember(index, stamp: read.stamp, bytes: raw, result: nil, context: context)
                return .finished(nil)
            }
            // A NUL byte anywhere: libclang would read past it, but this is no text one can trust to be C++.
            if let nul = TextEncoding.firstNUL(bytes) {
                let position = TextEncoding.position(ofOffset: nul, in: bytes)
                let result = unread(entry, .binary, "binary file: NUL byte at line \(position.line)",
                                    hint: "remove the NUL byte, or --exclude the file if it is not source", at: position)
                remember(index, stamp: read.stamp, bytes: raw, result: result, context: context)
                return .finished(result)
            }
            return .analyse(PendingFile(index: index, bytes: Array(bytes), original: transcoded == nil ? nil : Array(raw), stamp: read.stamp))
        }
        return transcoded.map { text in text.withUnsafeBytes(examine) } ?? examine(raw)
    }

    /// Keeps the outcome of bytes actually read: a failed read says nothing about the next one.
    private func remember(_ index: Int, stamp: FileStamp?, bytes: UnsafeRawBufferPointer, result: FileResult?, context: ContentHash) {
        guard let cache, let stamp else { return }
        cache.record(index: index, stamp: stamp, bytes: bytes, context: context, result: result)
    }

    /// Runs libclang and the recogniser over files that passed the prefilter. Plain files are lexed together in
    /// one batch; patches, files with real compile flags and files whose enums or structs matter are parsed alone.
    private func analyse(_ pending: [PendingFile], wrappers: [String: WrapperMacro], session: ClangSession) -> [FileResult] {
        var results = pending.map { _ in FileResult(parsed: true, partial: PartialInventory(), wrappers: [], includes: [], typedefs: [], types: []) }
        var batched: [Int] = []
        for (position, file) in pending.enumerated() {
            let entry = files[file.index]
            let flags = FileWalker.isPatch(entry.relativePath) ? nil : self.flags(for: entry)
            if pending.count > 1, !FileWalker.isPatch(entry.relativePath), flags == nil {
                batched.append(position)
            } else {
                analyseAlone(file, flags: flags, wrappers: wrappers, session: session, into: &results[position])
            }
        }
        guard !batched.isEmpty else { return results }
        // Batched files have no compile flags: that is what let them into the batch.
        guard let batch = session.lexBatch(batched.map { pending[$0].bytes }) else {
            for position in batched { analyseAlone(pending[position], flags: nil, wrappers: wrappers, session: session, into: &results[position]) }
            return results
        }
        for (slot, position) in batched.enumerated() {
            let file = pending[position]
            let tokens = batch.tokens(ofFileAt: slot)
            // A file can stop libclang from entering the files after it in a batch (seen with invalid UTF-8 after
            // certain others); raw lexing always reaches a file's last non-blank byte, so a shortfall means: again, alone.
            guard IPCScanner.tokensCover(file.bytes, tokens) else {
                analyseAlone(file, flags: nil, wrappers: wrappers, session: session, into: &results[position])
                continue
            }
            let mapper = LocationMapper.plain(file: files[file.index].relativePath)
            guard !rejectsUndecodable(file.bytes, tokens: tokens, mapper: mapper, into: &results[position]) else { continue }
            let findings = recognise(tokens: tokens, bytes: file.bytes, wrappers: wrappers, isHunk: false, functionAt: { _ in nil })
            // Traits name enums and structs whose definitions only an AST of the file alone gives.
            if (!findings.enumTraits.isEmpty || !findings.structTraits.isEmpty) && IPCScanner.definesTypes(tokens) {
                analyseAlone(file, flags: nil, wrappers: wrappers, session: session, into: &results[position])
            } else {
                add(findings, mapper: mapper, inactiveRanges: nil, into: &results[position])
            }
        }
        return results
    }

    private func flags(for entry: FileWalker.Entry) -> [String]? {
        database?.flags(absolutePath: absolutePath(of: entry), relativePath: entry.relativePath)
    }

    private func absolutePath(of entry: FileWalker.Entry) -> String {
        entry.path.hasPrefix("/") ? entry.path : FileManager.default.currentDirectoryPath + "/" + entry.path
    }

    /// `flags`: the file's compile flags, already looked up by the caller (nil for patches and without a database).
    private func analyseAlone(
        _ file: PendingFile, flags: [String]?, wrappers: [String: WrapperMacro], session: ClangSession, into result: inout FileResult
    ) {
        let entry = files[file.index]
        if FileWalker.isPatch(entry.relativePath) {
            for (index, section) in PatchFile(bytes: file.bytes).sections.enumerated() where result.partial.unread == nil {
                let virtualPath = "/mojify-patch/\(entry.relativePath)/\(index)/\(section.targetFile)"
                let mapper = LocationMapper.patch(file: entry.relativePath, section: section)
                analyse(path: virtualPath, bytes: section.text, flags: nil, mapper: mapper, wrappers: wrappers, session: session, into: &result)
            }
        } else {
            analyse(path: absolutePath(of: entry), bytes: file.bytes, flags: flags, mapper: .plain(file: entry.relativePath),
                    wrappers: wrappers, session: session, into: &result)
        }
    }

    /// Whether `bytes` hold a byte that is not UTF-8 where it changes what the code says; the file is then recorded
    /// as not read, since its names cannot be trusted (see `TextEncoding.firstUndecodableCodeByte`).
    private func rejectsUndecodable(_ bytes: [UInt8], tokens: [Token], mapper: LocationMapper, into result: inout FileResult) -> Bool {
        guard let offset = TextEncoding.firstUndecodableCodeByte(bytes, tokens: tokens) else { return false }
        let position = TextEncoding.position(ofOffset: offset, in: bytes)
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        result.markUnread(
            at: mapper.location(line: position.line, column: position.column), reason: .undecodable,
            detail: "byte 0x\(byte) at line \(position.line) is not UTF-8 and sits in code, where it would change a name",
            hint: "save the file as UTF-8"
        )
        return true
    }

    private func recognise(tokens: [Token], bytes: [UInt8], wrappers: [String: WrapperMacro], isHunk: Bool,
                           functionAt: @escaping (Int) -> String?) -> FileFindings {
        var recognizer = Recognizer(tokens: tokens, source: bytes, wrappers: wrappers, isHunk: isHunk, functionAt: functionAt)
        return recognizer.run()
    }

    private func add(_ findings: FileFindings, mapper: LocationMapper, inactiveRanges: [Range<Int>]?, into result: inout FileResult) {
        result.partial.add(findings, mapper: mapper, inactiveRanges: inactiveRanges)
        result.wrappers += findings.wrappers
        result.includes += findings.includes
        result.typedefs += findings.typedefs
    }

    private func analyse(
        path: String, bytes: [UInt8], flags: [String]?, mapper: LocationMapper, wrappers: [String: WrapperMacro],
        session: ClangSession, into result: inout FileResult
    ) {
        let language = path.hasSuffix(".c") ? "c" : (path.hasSuffix(".m") ? "objective-c" : (path.hasSuffix(".mm") ? "objective-c++" : "c++"))
        let arguments = ["-x", language, "-fsyntax-only", "-w", "-nostdinc", "-nobuiltininc", "-ferror-limit=0"]
            + (language.hasSuffix("c++") ? ["-std=c++17", "-nostdinc++"] : [])
            + (flags ?? [])
        guard var file = session.parse(path: path, contents: bytes, arguments: arguments, singleFile: flags == nil) else {
            result.markUnread(at: mapper.location(line: 0, column: 0), reason: .unparsable, detail: "libclang could not parse this file",
                              hint: "check that it is C or C++ text")
            return
        }
        let tokens = file.tokens()
        guard !rejectsUndecodable(bytes, tokens: tokens, mapper: mapper, into: &result) else { return }
        // `struct CONTENT_EXPORT Foo {` hides the struct from the AST when the export header is not followed:
        // parse again with those macros defined empty, so type definitions and enclosing functions are found.
        let exportMacros = flags == nil ? IPCScanner.exportMacros(in: tokens) : []
        if !exportMacros.isEmpty,
           let reparsed = session.parse(path: path, contents: bytes, arguments: arguments + exportMacros.map { "-D\($0)=" }, singleFile: true) {
            file = reparsed
        }
        let findings = recognise(tokens: tokens, bytes: bytes, wrappers: wrappers, isHunk: mapper.isPatch) { offset in
            file.enclosingFunction(atOffset: offset)
        }
        add(findings, mapper: mapper, inactiveRanges: flags == nil ? nil : file.skippedRanges(), into: &result)
        result.types += file.typeDefinitions(tokens: tokens).map { found in
            let line = tokens.last(where: { $0.start <= found.offset }) ?? tokens.first
            return TypeDefinition(
                name: found.name, kind: found.kind, enumerators: found.enumerators, fields: found.fields,
                location: mapper.location(line: line?.line ?? 1, column: line?.column ?? 1)
            )
        }
    }

    /// The outcome of a file not read in full; `at` is where in its text the problem is, nil for the whole file.
    private func unread(_ entry: FileWalker.Entry, _ reason: UnreadFile.Reason, _ detail: String, hint: String,
                        at position: TextEncoding.Position? = nil) -> FileResult {
        var result = FileResult(parsed: false, partial: PartialInventory(), wrappers: [], includes: [], typedefs: [], types: [])
        result.markUnread(at: SourceLocation(file: entry.relativePath, line: position?.line ?? 0, column: position?.column ?? 0),
                          reason: reason, detail: detail, hint: hint)
        return result
    }

    // MARK: - Between passes

    func wrapperTable() -> [String: WrapperMacro] {
        var table: [String: WrapperMacro] = [:]
        for result in results.compactMap({ $0 }) {
            for wrapper in result.wrappers where table[wrapper.name] == nil {
                table[wrapper.name] = wrapper
            }
        }
        return table
    }

    func messageNames() -> Set<String> {
        Set(results.compactMap { $0 }.flatMap { $0.partial.messages.map(\.name) })
    }

    /// Files in the tree that a file with traits macros includes, and that were not parsed yet: an include is
    /// looked for next to the including file, at the root, and in every include folder (the user's and the
    /// compile database's `-I` folders that lie inside the root).
    func includedTypeHeaders() -> [Int] {
        let byPath = Dictionary(files.indices.map { (files[$0].relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        let includeFolders = includeFolders()
        var wanted = Set<Int>()
        for (index, result) in results.enumerated() {
            guard let result, !result.partial.enumTraits.isEmpty || !result.partial.structTraits.isEmpty else { continue }
            let folder = (files[index].relativePath as NSString).deletingLastPathComponent
            for include in result.includes {
                // Include paths are relative to the source root, which the scanned root may sit below
                // (`xwalk/runtime/foo.h` scanned as `runtime/foo.h`): also try the path without leading folders.
                let components = include.split(separator: "/")
                let shortened = (1..<max(components.count, 1)).map { components.dropFirst($0).joined(separator: "/") }
                let candidates = [include, folder.isEmpty ? include : folder + "/" + include] + includeFolders.map { $0 + "/" + include } + shortened
                // A header lexed in a batch has no AST yet: it is parsed alone now, like one never read.
                if let target = candidates.compactMap({ byPath[$0] }).first, results[target]?.types.isEmpty ?? true {
                    wanted.insert(target)
                }
            }
        }
        return wanted.sorted()
    }

    /// The include folders inside the single scanned root, relative to it, in the order given.
    func includeFolders() -> [String] {
        guard options.paths.count == 1, let root = options.paths.first else { return [] }
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let given = options.includeDirs.map { $0.hasPrefix("/") ? $0 : base + "/" + $0 } + (database?.includeFolders ?? [])
        var seen = Set<String>()
        return given.compactMap { folder in
            let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
            guard absolute.hasPrefix(base + "/"), seen.insert(absolute).inserted else { return nil }
            return String(absolute.dropFirst(base.count + 1))
        }
    }

    // MARK: - Joining

    /// A patch hunk rarely shows the `#define IPC_MESSAGE_START` of the file it patches: take the class in force
    /// at the patched line from the tree's copy of that file (the class of the nearest message above it).
    private func inferPatchMessageClasses(_ messages: inout [MessageDefinition]) {
        let inTree = Dictionary(grouping: messages.filter { $0.patch == nil && !$0.messageClass.isEmpty }, by: \.location.file)
        for index in messages.indices {
            guard let patch = messages[index].patch, messages[index].messageClass.isEmpty,
                  let candidates = inTree[patch.targetFile]?.sorted(by: { $0.location < $1.location }) else { continue }
            let above = candidates.last { $0.location.line <= patch.targetLine } ?? candidates.first
            messages[index].messageClass = above?.messageClass ?? ""
        }
    }

    func inventory(extraDiagnostics: [Diagnostic]) -> Inventory {
        var inventory = Inventory()
        var typedefs: [String: String] = [:]
        var types: [TypeDefinition] = []
        var senders: [Sender] = []
        var removedMessages: [MessageDefinition] = []
        var unreadFiles: [UnreadFile] = []
        for result in results.compactMap({ $0 }) {
            let partial = result.partial
            inventory.messages += partial.messages
            removedMessages += partial.removedMessages
            inventory.structs += partial.structs
            inventory.structTraits += partial.structTraits
            inventory.enumTraits += partial.enumTraits
            inventory.messageMaps += partial.messageMaps
            inventory.diagnostics += partial.diagnostics
            senders += partial.senders
            types += result.types
            if let unread = partial.unread {
                unreadFiles.append(unread)
                inventory.stats.filesSkipped += 1
            }
            if result.parsed { inventory.stats.filesParsed += 1 }
            for (name, type) in result.typedefs {
                if typedefs[name] == nil { typedefs[name] = type }
                let short = String(name.split(separator: ":").last ?? "")
                if typedefs[short] == nil { typedefs[short] = type }
            }
        }
        inventory.stats.filesVisited = files.count
        inventory.unreadFiles = unreadFiles
        // A message a patch removes and adds back (on other lines, or changed) is still there.
        let present = Set(inventory.messages.map(\.name))
        removedMessages.removeAll { present.contains($0.name) }
        if !removedMessages.isEmpty { inventory.removedMessages = removedMessages }
        if !options.markers.isEmpty { inventory.markedFiles = marked.map { files[$0].relativePath }.sorted() }
        inventory.diagnostics += extraDiagnostics

        for index in inventory.messages.indices {
            for keyPath in [\MessageDefinition.inputs, \MessageDefinition.outputs] {
                inventory.messages[index][keyPath: keyPath] = inventory.messages[index][keyPath: keyPath].map { parameter in
                    var resolved = parameter
                    resolved.resolvedType = typedefs[parameter.type]
                    return resolved
                }
            }
        }
        inferPatchMessageClasses(&inventory.messages)
        let defined = Set(inventory.messages.map(\.name))
        // `new PrintMsg_PrintPages_Params(settings)` allocates an IPC struct, not a message: a name the tree
        // declares as a struct (IPC_STRUCT_BEGIN, traits), or one named like such a struct, is no sender.
        let structs = Set(inventory.structs.map(\.name) + inventory.structTraits.map { IPCNaming.unqualified($0.type) })
        inventory.senders = senders.filter { sender in
            defined.contains(sender.message)
                || (IPCScanner.needles.contains(where: sender.message.contains) && !structs.contains(sender.message)
                    && !IPCNaming.looksLikeParamsStruct(sender.message))
        }

        let traitTypes = Set(inventory.enumTraits.map(\.type) + inventory.structTraits.map(\.type) + inventory.structs.compactMap(\.parent))
        var seen = Set<String>()
        inventory.typeDefinitions = types.sorted { $0.location < $1.location }.filter { type in
            let wanted = traitTypes.contains(type.name) || traitTypes.contains { type.name.hasSuffix("::" + $0) }
            return wanted && seen.insert(type.name).inserted
        }
        inventory.sort()
        return inventory
    }
}
