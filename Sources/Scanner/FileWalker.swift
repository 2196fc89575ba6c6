internal import CClang
import Foundation
import MojifyCore

/// Lists the files of the scanned roots that could hold C++ or patches, honouring `.gitignore` files (and the
/// repository's `info/exclude` where a folder holds `.git`) as git does, and `--exclude` globs. As in git, only
/// untracked files are ignored: a path the git index holds is taken whatever the rules say, and an ignored folder is
/// entered only for the paths the index holds under it; other ignored folders are pruned without being listed.
/// Paths stay bytes until a file is kept. Never follows a symbolic link to a folder unless asked (each one not
/// followed is reported), and then never twice into one folder.
struct FileWalker {
    struct Entry: Sendable {
        /// Absolute (or as given) path to open.
        var path: String
        /// Path relative to the scanned root, `/`-separated: what the inventory shows.
        var relativePath: String
        /// Taken while listing, when the walker was asked to (for the scan cache).
        var stamp: FileStamp?
        /// `FileWalker.isNamedLikeMessagesHeader(relativePath)`, worked out while the walk has the name at hand:
        /// asked of every file of a large tree afterwards, on one thread, it waited on memory for each path.
        let isNamedLikeMessagesHeader: Bool

        init(path: String, relativePath: String, stamp: FileStamp? = nil) {
            self.path = path
            self.relativePath = relativePath
            self.stamp = stamp
            isNamedLikeMessagesHeader = FileWalker.isNamedLikeMessagesHeader(relativePath)
        }
    }

    static let sourceExtensions: Set<String> = ["h", "hh", "hpp", "hxx", "inc", "ipp", "c", "cc", "cpp", "cxx", "m", "mm"]
    static let patchExtensions: Set<String> = ["patch", "diff"]
    /// Compiled sources, as opposed to headers: multiply-included message definitions do not live there.
    static let compiledExtensions: Set<String> = ["c", "cc", "cpp", "cxx", "m", "mm"]
    /// The extensions of both kinds, lower-case, each packed into an integer (at most 8 bytes), for the walk.
    private static let scannableExtensions = Set((sourceExtensions.union(patchExtensions)).map { packed($0.utf8) })

    let excludes: IgnoreRules
    var followSymlinks: Bool
    var honourGitIgnore: Bool
    /// Threads that walk separate subtrees at once. Following links needs one walk that remembers every folder.
    var jobs = 1
    /// Also `stat` each file (through its folder's descriptor, which spares the kernel a path lookup).
    var collectStamps = false
    /// Other files to list, unread and unstamped, beside the scannable ones.
    var listing = FileNameSelection()
    /// The scanned root with every link resolved, set for a walk: where a folder link points decides what is said of it.
    private var rootRealPath: String?

    init(excludes: [String], followSymlinks: Bool, honourGitIgnore: Bool) {
        self.excludes = IgnoreRules(excludes: excludes)
        self.followSymlinks = followSymlinks
        self.honourGitIgnore = honourGitIgnore
    }

    /// The rules of one ignore file and how many bytes of the relative path name the folder that holds it.
    private struct IgnoreLevel {
        var base: Int
        var rules: IgnoreRules
    }

    /// What decides which children of a folder the walk takes: the ignore files in force (deepest last) and the
    /// index of the repository the folder is in.
    private struct Rules {
        var ignores: [IgnoreLevel] = []
        var index: IndexLevel?
    }

    /// A repository's index and where the paths it holds start: `base` bytes into the relative path (its work
    /// tree's folder, as for `IgnoreLevel`), after `prefix` (the scanned root's path in a repository around it).
    private struct IndexLevel {
        var base: Int
        var prefix: [UInt8] = []
        var index: GitIndex
    }

    /// A folder to list: its path to open and its path relative to the root, as bytes.
    private struct Folder {
        var path: [UInt8]
        var relative: [UInt8]
        /// Where its name starts in `relative`: it is opened by name through its parent's descriptor while that is
        /// open, which spares the kernel a lookup of every folder of the path.
        var nameStart = 0
        /// A folder ignore rules leave out that holds tracked paths: git lists nothing untracked in it, so only
        /// what the index holds is taken.
        var trackedOnly = false
    }

    /// What one walk (or one piece of it) found, in walk order.
    private struct Found {
        var files: [Entry] = []
        var problems: [Diagnostic] = []
        /// Relative paths of the files `listing` selects.
        var listed: [String] = []
        /// Where the findings of the subfolders handed over to other pieces go, in walk order.
        var handedOff: [HandedOff] = []
        /// Folders not entered or not listed in full; put in order once the walk is done.
        var skipped: [SkippedFolder] = []
    }

    /// A subfolder walked as another piece, and how much of each list of its parent's piece comes before it.
    private struct HandedOff {
        var files: Int
        var listed: Int
        var problems: Int
        var piece: Int
    }

    /// The subfolders one thread has listed and not yet entered, by depth, for an idle thread to take. A thread
    /// claims each subfolder as it comes to it; one taken by another thread is walked as that thread's piece.
    private final class OpenFolders: @unchecked Sendable {
        private struct Slot {
            var folder: Folder
            /// `owned` once the thread that listed it has come to it, else the piece another thread walks it as.
            var piece: Int?
        }

        private static let owned = -1
        private let lock = NSLock()
        private var levels: [(slots: [Slot], rules: Rules)] = []

        /// Adds the subfolders of the folder just listed, in walk order; returns its level.
        func push(_ folders: [Folder], rules: Rules) -> Int {
            lock.lock()
            defer { lock.unlock() }
            levels.append((folders.map { Slot(folder: $0, piece: nil) }, rules))
            return levels.count - 1
        }

        func pop() {
            lock.lock()
            defer { lock.unlock() }
            levels.removeLast()
        }

        /// The piece that subfolder `index` of `level` was taken as, or nil when it is this thread's to walk.
        func claim(level: Int, index: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            if let piece = levels[level].slots[index].piece { return piece }
            levels[level].slots[index].piece = OpenFolders.owned
            return nil
        }

        /// The last subfolder not yet come to at the shallowest level that has one, taken as `piece`: the nearer
        /// the top, the more the piece is likely to hold, and the fewer times threads need to trade work.
        func take(as piece: Int) -> (folder: Folder, rules: Rules)? {
            lock.lock()
            defer { lock.unlock() }
            for level in levels.indices {
                guard let index = levels[level].slots.lastIndex(where: { $0.piece == nil }) else { continue }
                levels[level].slots[index].piece = piece
                return (levels[level].slots[index].folder, levels[level].rules)
            }
            return nil
        }
    }

    /// The pieces of a parallel walk: the root, then subfolders that idle threads take from busy ones, and the
    /// findings of each piece.
    private final class WalkPool: @unchecked Sendable {
        private let condition = NSCondition()
        private var root: Folder?
        private let rootRules: Rules
        private var pieces: [Found?] = [nil]
        private var busy = 0
        /// Each thread's open folders.
        let threads: [OpenFolders]

        init(root: Folder, rules: Rules, jobs: Int) {
            self.root = root
            rootRules = rules
            threads = (0..<jobs).map { _ in OpenFolders() }
        }

        /// The next piece for thread `thread` to walk; nil once every piece is walked.
        func take(for thread: Int) -> (piece: Int, folder: Folder, rules: Rules)? {
            condition.lock()
            defer { condition.unlock() }
            if let root {
                self.root = nil
                busy += 1
                return (0, root, rootRules)
            }
            while busy > 0 {
                for other in threads.indices where other != thread {
                    if let (folder, rules) = threads[other].take(as: pieces.count) {
                        pieces.append(nil)
                        busy += 1
                        return (pieces.count - 1, folder, rules)
                    }
                }
                // Busy threads list new folders all the time: looking again shortly costs less than a signal on
                // every folder listed.
                _ = condition.wait(until: Date(timeIntervalSinceNow: 0.0002))
            }
            return nil
        }

        func finish(_ piece: Int, _ found: Found) {
            condition.lock()
            defer { condition.unlock() }
            pieces[piece] = found
            busy -= 1
            if busy == 0 { condition.broadcast() }
        }

        /// The pieces' findings in walk order: each piece's, with those of the pieces it handed over spliced in. The
        /// entries are moved, not copied: a copy retains and releases both paths of each of 100,000 files.
        func joined() -> Found {
            var found = Found()
            let total = pieces.reduce(0) { $0 + ($1?.files.count ?? 0) }
            found.files = [Entry](unsafeUninitializedCapacity: total) { target, initialized in
                append(piece: 0, to: &found, moving: target.baseAddress!, &initialized)
            }
            return found
        }

        private func append(piece: Int, to found: inout Found, moving target: UnsafeMutablePointer<Entry>, _ moved: inout Int) {
            guard var walked = pieces[piece] else { return }
            pieces[piece] = nil
            var (files, listed, problems) = (0, 0, 0)
            func moveFiles(upTo end: Int) {
                walked.files.withUnsafeMutableBufferPointer { source in
                    (target + moved).moveInitialize(from: source.baseAddress! + files, count: end - files)
                    // What stays behind must still be initialised for the array to free: paths that hold no memory.
                    (source.baseAddress! + files).initialize(repeating: Entry(path: "", relativePath: ""), count: end - files)
                }
                moved += end - files
            }
            for handedOff in walked.handedOff {
                moveFiles(upTo: handedOff.files)
                found.listed += walked.listed[listed..<handedOff.listed]
                found.problems += walked.problems[problems..<handedOff.problems]
                (files, listed, problems) = (handedOff.files, handedOff.listed, handedOff.problems)
                append(piece: handedOff.piece, to: &found, moving: target, &moved)
            }
            moveFiles(upTo: walked.files.count)
            found.listed += walked.listed[listed...]
            found.problems += walked.problems[problems...]
            found.skipped += walked.skipped
        }
    }

    /// What a walk found, each list in a stable order.
    struct Walked {
        var files: [Entry]
        /// A diagnostic for each folder that could not be read, each folder link not followed, each broken link,
        /// each link loop, each git index that could not be read.
        var problems: [Diagnostic] = []
        /// The relative paths of the files `listing` selects.
        var listed: [String] = []
        /// The folders not entered (links not followed) or not listed in full, by path.
        var skipped: [SkippedFolder] = []
    }

    func walk(root: String) -> Walked {
        var found = Found()
        var info = stat()
        guard stat(root, &info) == 0 else {
            found.problems.append(Diagnostic(severity: .error, location: SourceLocation(file: root, line: 0, column: 0),
                                             message: "cannot read: \(String(cString: strerror(errno)))"))
            return Walked(files: found.files, problems: found.problems)
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            if FileWalker.isScannable(root) {
                found.files.append(Entry(path: root, relativePath: URL(fileURLWithPath: root).lastPathComponent,
                                         stamp: collectStamps ? FileStamp(info) : nil))
            }
            return Walked(files: found.files, problems: found.problems)
        }
        var walker = self
        walker.rootRealPath = realPath(root)
        let top = Folder(path: Array(root.utf8), relative: [])
        var rules = Rules()
        if honourGitIgnore, let real = walker.rootRealPath {
            rules.index = walker.enclosingRepositoryIndex(ofRoot: real, problems: &found.problems)
        }
        var visitedFolders = Set<FolderIdentity>()
        if followSymlinks || jobs <= 1 {
            walker.visit(top, parent: nil, rules: rules, visited: &visitedFolders, into: &found)
        } else {
            let problems = found.problems
            found = walker.walkInParallel(top, rules: rules)
            found.problems = problems + found.problems
        }
        let skipped = found.skipped.sorted { $0.location.file.utf8.lexicographicallyPrecedes($1.location.file.utf8) }
        return Walked(files: found.files, problems: found.problems, listed: found.listed, skipped: skipped)
    }

    /// The index of the repository around a scanned root that is not a work tree's top itself (`src/` of a
    /// checkout), with the root's path in it: its tracked files count under ignored folders too.
    private func enclosingRepositoryIndex(ofRoot real: String, problems: inout [Diagnostic]) -> IndexLevel? {
        guard access(real + "/.git", F_OK) != 0 else { return nil }
        var folder = real
        while let slash = folder.lastIndex(of: "/") {
            folder = String(folder[..<slash])
            let top = folder.isEmpty ? "/" : folder
            guard access(top + "/.git", F_OK) == 0 else { continue }
            let prefix = Array(real.utf8.dropFirst(folder.utf8.count + 1)) + [UInt8(ascii: "/")]
            return repositoryIndex(GitDirectory.locate(workTree: top), location: ".", problems: &problems)
                .map { IndexLevel(base: 0, prefix: prefix, index: $0) }
        }
        return nil
    }

    /// The index of the repository in `directory` (`location` is where diagnostics point); nil when nothing is
    /// tracked there or the index cannot be read, which is a warning: ignore rules alone decide then.
    private func repositoryIndex(_ directory: Result<GitDirectory, ScannerError>, location: String, problems: inout [Diagnostic]) -> GitIndex? {
        let reason: String
        switch directory {
        case let .failure(error):
            reason = error.description
        case let .success(directory):
            switch GitIndex.read(gitDirectory: directory.path, commonDirectory: directory.common) {
            case let .index(index): return index
            case .empty: return nil
            case let .failed(why): reason = why
            }
        }
        problems.append(Diagnostic(
            severity: .warning, location: SourceLocation(file: location, line: 0, column: 0),
            message: "cannot read the git index, so files git tracks where .gitignore rules match were skipped: \(reason)",
            hint: "run 'git status' there to see what git makes of it, or scan with --no-ignore"
        ))
        return nil
    }

    /// Walks the tree on `jobs` threads. A thread with nothing to do takes, from another, a subfolder that thread
    /// has listed but not yet come to (the nearest the top), and walks it as a piece of its own; the thread that
    /// listed it notes, when it comes to it, where in its own findings those of the piece go, so the findings are
    /// joined in the order one walk would have produced. Taking folders near the top keeps the pieces large:
    /// handing over the next subfolder a busy thread entered made hundreds of small pieces on a large tree, and
    /// the idle thread spent a third of the walk waiting to be woken for each.
    private func walkInParallel(_ root: Folder, rules: Rules) -> Found {
        let pool = WalkPool(root: root, rules: rules, jobs: jobs)
        DispatchQueue.concurrentPerform(iterations: jobs) { thread in
            while let (piece, folder, rules) = pool.take(for: thread) {
                var walked = Found()
                var unused = Set<FolderIdentity>()
                visit(folder, parent: nil, rules: rules, visited: &unused, into: &walked, openFolders: pool.threads[thread])
                pool.finish(piece, walked)
            }
        }
        return pool.joined()
    }

    private enum Child {
        case file(Entry)
        /// A file `listing` selects, by its relative path.
        case listed(String)
        case folder(Folder)
    }

    /// `parent`: the open descriptor of the folder that holds `folder`, if any. `openFolders`: where this thread
    /// offers the subfolders it lists to other threads, in a parallel walk.
    private func visit(
        _ folder: Folder, parent: Int32?, rules inherited: Rules, visited: inout Set<FolderIdentity>, into found: inout Found,
        openFolders: OpenFolders? = nil
    ) {
        var children: [Child], rules: Rules, descriptor: Int32?
        (children, rules, descriptor) = list(folder, parent: parent, rules: inherited, visited: &visited, into: &found)
        // Kept open while the subfolders are opened through it.
        defer { if let descriptor { close(descriptor) } }
        // Offered to idle threads until this one comes to them.
        let subfolders = openFolders == nil ? [] : children.compactMap { child -> Folder? in
            if case let .folder(folder) = child { folder } else { nil }
        }
        let level = subfolders.isEmpty ? nil : openFolders?.push(subfolders, rules: rules)
        defer { if level != nil { openFolders?.pop() } }
        // Taken from the end, each child is moved out rather than copied (a copy retains and releases both paths).
        children.reverse()
        var subfolder = 0
        while let child = children.popLast() {
            switch child {
            case let .file(entry):
                found.files.append(entry)
            case let .listed(relative):
                found.listed.append(relative)
            case let .folder(child):
                defer { subfolder += 1 }
                if let level, let piece = openFolders?.claim(level: level, index: subfolder) {
                    found.handedOff.append(HandedOff(files: found.files.count, listed: found.listed.count, problems: found.problems.count, piece: piece))
                } else {
                    visit(child, parent: descriptor, rules: rules, visited: &visited, into: &found, openFolders: openFolders)
                }
            }
        }
    }

    /// What the walk does with a child: leaves it out, takes it, or takes it because the index tracks it (or, for a
    /// folder, paths under it) though ignore rules match it.
    private enum Verdict {
        case leftOut, taken, tracked
    }

    /// The verdict on `relative` (its name starting at `nameStart`): `--exclude` first; then, in a folder that holds
    /// only what is tracked or where the ignore files in force (deepest first) ignore it, whether the index holds it.
    private func verdict(_ relative: UnsafeBufferPointer<UInt8>, nameStart: Int, isDirectory: Bool, trackedOnly: Bool, by rules: Rules) -> Verdict {
        if !excludes.isEmpty && excludes.verdict(path: relative, nameStart: nameStart, isDirectory: isDirectory) == true { return .leftOut }
        guard honourGitIgnore, trackedOnly || isIgnored(relative, nameStart: nameStart, isDirectory: isDirectory, by: rules.ignores) else { return .taken }
        guard let level = rules.index else { return .leftOut }
        let start = level.base == 0 ? 0 : level.base + 1
        // Only what the walk would take from the folder makes it worth entering.
        let wanted = { (name: UnsafeBufferPointer<UInt8>) in FileWalker.isScannable(name: name) || (!listing.isEmpty && listing.contains(name)) }
        let tracked = level.prefix.isEmpty
            ? level.index.holds(UnsafeBufferPointer(rebasing: relative[start...]), isDirectory: isDirectory, wanted: wanted)
            : (level.prefix + relative).withUnsafeBufferPointer { level.index.holds($0, isDirectory: isDirectory, wanted: wanted) }
        return tracked ? .tracked : .leftOut
    }

    /// Whether the ignore files in force, deepest first, ignore `relative`.
    private func isIgnored(_ relative: UnsafeBufferPointer<UInt8>, nameStart: Int, isDirectory: Bool, by ignores: [IgnoreLevel]) -> Bool {
        for level in ignores.reversed() {
            let start = level.base == 0 ? 0 : level.base + 1
            if let verdict = level.rules.verdict(path: UnsafeBufferPointer(rebasing: relative[start...]),
                                                 nameStart: nameStart - start, isDirectory: isDirectory) {
                return verdict
            }
        }
        return false
    }

    /// Whether `--exclude` leaves out the file at `relative`, or a folder above it.
    func isExcluded(_ relative: String) -> Bool {
        guard !excludes.isEmpty else { return false }
        let bytes = Array(relative.utf8)
        return bytes.withUnsafeBufferPointer { path in
            var nameStart = 0
            for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
                let folder = UnsafeBufferPointer(rebasing: path[..<index])
                if excludes.verdict(path: folder, nameStart: nameStart, isDirectory: true) == true { return true }
                nameStart = index + 1
            }
            return excludes.verdict(path: path, nameStart: nameStart, isDirectory: false) == true
        }
    }

    /// Opens a folder for listing: by name through `parent` when given, else by path.
    private func open(_ folder: Folder, parent: Int32?) -> Int32? {
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
        let descriptor: Int32
        if let parent, folder.nameStart < folder.relative.count {
            descriptor = (folder.relative[folder.nameStart...] + [0]).withUnsafeBufferPointer { name in
                openat(parent, UnsafeRawPointer(name.baseAddress!).assumingMemoryBound(to: CChar.self), flags)
            }
        } else {
            descriptor = (folder.path + [0]).withUnsafeBufferPointer { path in
                Glibc.open(UnsafeRawPointer(path.baseAddress!).assumingMemoryBound(to: CChar.self), flags)
            }
        }
        return descriptor >= 0 ? descriptor : nil
    }

    /// The scannable files and the folders to enter in one folder, in name order, the rules in force below it, and
    /// the folder still open (for the caller to close). Problems (unreadable folder, folder link not followed,
    /// broken link, link loop, unreadable git index) go to `found`.
    private func list(
        _ folder: Folder, parent: Int32?, rules inherited: Rules, visited visitedFolders: inout Set<FolderIdentity>,
        into found: inout Found
    ) -> (children: [Child], rules: Rules, descriptor: Int32?) {
        var rules = inherited
        let folderPath = String(decoding: folder.path, as: UTF8.self)
        let relativeText = String(decoding: folder.relative, as: UTF8.self)
        let location = SourceLocation(file: folder.relative.isEmpty ? "." : relativeText, line: 0, column: 0)
        // Only links can bring a folder back; without following them, no folder is seen twice. A folder walked
        // through a link before the walk came to it is not walked again.
        if followSymlinks {
            var info = stat()
            if stat(folderPath, &info) == 0 && !visitedFolders.insert(FolderIdentity(info)).inserted {
                found.problems.append(Diagnostic(severity: .note, location: location, message: "folder already scanned through a symbolic link, skipped"))
                return ([], rules, nil)
            }
        }
        guard let descriptor = open(folder, parent: parent) else {
            // Whatever it holds went unchecked: an error, as for a file that cannot be read.
            let detail = "cannot list folder: \(String(cString: strerror(errno)))"
            found.problems.append(Diagnostic(severity: .error, location: location, message: detail, hint: "check its permissions; it was skipped"))
            found.skipped.append(SkippedFolder(location: location, reason: .unlistable, detail: detail))
            return ([], rules, nil)
        }
        // The names, one after another in one buffer, each followed by a 0 (so it is a C string for fstatat).
        var nameBytes: [UInt8] = []
        var names: [(start: Int, end: Int, type: UInt8)] = []
        var hasGitFolder = false, hasGitIgnore = false
        var listingError: Int32?
        var entries = mojify_folder_listing()
        mojify_listing_begin(&entries, descriptor)
        withUnsafeTemporaryAllocation(byteCount: FileWalker.listingBufferBytes, alignment: 8) { buffer in
            while true {
                let filled = mojify_listing_read(&entries, buffer.baseAddress!, buffer.count)
                if filled < 0 { listingError = errno }
                guard filled > 0 else { return }
                var record = 0
                while record < filled {
                    let entry = buffer.baseAddress! + record
                    record += Int(entry.loadUnaligned(fromByteOffset: DirectoryRecord.lengthOffset, as: UInt16.self))
                    let name = UnsafeBufferPointer(start: (entry + DirectoryRecord.nameOffset).assumingMemoryBound(to: UInt8.self),
                                                   count: strlen((entry + DirectoryRecord.nameOffset).assumingMemoryBound(to: CChar.self)))
                    if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) || name.elementsEqual(".git".utf8) {
                        hasGitFolder = hasGitFolder || name.count == 4
                        continue
                    }
                    hasGitIgnore = hasGitIgnore || name.elementsEqual(".gitignore".utf8)
                    let start = nameBytes.count
                    nameBytes.append(contentsOf: name)
                    names.append((start, nameBytes.count, entry.load(fromByteOffset: DirectoryRecord.typeOffset, as: UInt8.self)))
                    nameBytes.append(0)
                }
            }
        }
        mojify_listing_end(&entries)
        if let listingError {
            // What was listed before the failure is kept: a partial listing, said so, rather than a silent one.
            let detail = "cannot list all of folder: \(String(cString: strerror(listingError)))"
            found.problems.append(Diagnostic(severity: .error, location: location, message: detail, hint: "files after the failure were skipped"))
            found.skipped.append(SkippedFolder(location: location, reason: .partlyListed, detail: detail))
        }
        nameBytes.withUnsafeBufferPointer { bytes in
            names.sort { left, right in
                let common = min(left.end - left.start, right.end - right.start)
                let order = memcmp(bytes.baseAddress! + left.start, bytes.baseAddress! + right.start, common)
                return order != 0 ? order < 0 : left.end - left.start < right.end - right.start
            }
        }
        /// `fstatat` on the name at `start`, relative to the folder's descriptor.
        func statName(at start: Int, _ info: inout Glibc.stat, flags: Int32) -> Int32 {
            nameBytes.withUnsafeBufferPointer { bytes in
                fstatat(descriptor, UnsafeRawPointer(bytes.baseAddress! + start).assumingMemoryBound(to: CChar.self), &info, flags)
            }
        }

        if honourGitIgnore {
            let base = folder.relative.count
            if hasGitFolder {
                // A work tree of its own (a nested checkout, a submodule): its index says what is tracked below.
                let directory = GitDirectory.locate(workTree: folderPath)
                rules.index = repositoryIndex(directory, location: location.file, problems: &found.problems).map { IndexLevel(base: base, index: $0) }
                // Below a folder that holds only what is tracked, git reads no ignore file: nothing untracked is
                // listed. A repository's own exclude file ranks below its .gitignore files.
                if !folder.trackedOnly, case let .success(directory) = directory,
                   let text = FileManager.default.contents(atPath: directory.common + "/info/exclude") {
                    let ignores = IgnoreRules(gitignore: Array(text))
                    if !ignores.isEmpty { rules.ignores.append(IgnoreLevel(base: base, rules: ignores)) }
                }
            }
            // Only folders that list a .gitignore are asked for one: most have none, and a failed read is costly.
            if hasGitIgnore && !folder.trackedOnly, let text = FileManager.default.contents(atPath: folderPath + "/.gitignore") {
                let ignores = IgnoreRules(gitignore: Array(text))
                if !ignores.isEmpty { rules.ignores.append(IgnoreLevel(base: base, rules: ignores)) }
            }
        }

        var children: [Child] = []
        var child = folder.relative
        if !child.isEmpty { child.append(UInt8(ascii: "/")) }
        let nameStart = child.count
        for (start, end, type) in names {
            child.removeSubrange(nameStart...)
            child += nameBytes[start..<end]
            var kind = type
            var unfollowedLink = false
            if kind == UInt8(DT_UNKNOWN) || kind == UInt8(DT_LNK) {
                var linkInfo = Glibc.stat()
                if statName(at: start, &linkInfo, flags: AT_SYMLINK_NOFOLLOW) != 0 { continue }
                let isLink = (linkInfo.st_mode & S_IFMT) == S_IFLNK
                if isLink {
                    let childText = String(decoding: child, as: UTF8.self)
                    var target = Glibc.stat()
                    guard statName(at: start, &target, flags: 0) == 0 else {
                        found.problems.append(Diagnostic(severity: .note, location: SourceLocation(file: childText, line: 0, column: 0),
                                                         message: "broken symbolic link skipped"))
                        continue
                    }
                    if (target.st_mode & S_IFMT) == S_IFDIR {
                        // Reported below, unless the rules leave it out: they speak of it as of the folder it would be.
                        unfollowedLink = !followSymlinks
                        guard unfollowedLink || !visitedFolders.contains(FolderIdentity(target)) else {
                            found.problems.append(Diagnostic(severity: .note, location: SourceLocation(file: childText, line: 0, column: 0),
                                                             message: "symbolic link loop (or second link to a folder already scanned) skipped"))
                            continue
                        }
                        kind = UInt8(DT_DIR)
                    } else {
                        kind = (target.st_mode & S_IFMT) == S_IFREG ? UInt8(DT_REG) : UInt8(DT_UNKNOWN)
                    }
                } else {
                    let mode = linkInfo.st_mode & S_IFMT
                    kind = mode == S_IFDIR ? UInt8(DT_DIR) : (mode == S_IFREG ? UInt8(DT_REG) : UInt8(DT_UNKNOWN))
                }
            }
            let isDirectory = kind == UInt8(DT_DIR)
            let (scannable, listed) = kind == UInt8(DT_REG) ? nameBytes.withUnsafeBufferPointer { bytes in
                let name = UnsafeBufferPointer(rebasing: bytes[start..<end])
                return (FileWalker.isScannable(name: name), !listing.isEmpty && listing.contains(name))
            } : (false, false)
            guard isDirectory || scannable || listed else { continue }
            let verdict = child.withUnsafeBufferPointer {
                self.verdict($0, nameStart: nameStart, isDirectory: isDirectory, trackedOnly: folder.trackedOnly, by: rules)
            }
            guard verdict != .leftOut else { continue }
            if unfollowedLink {
                let fullPath = String(decoding: folder.path + [UInt8(ascii: "/")] + nameBytes[start..<end], as: UTF8.self)
                noteUnfollowedLink(String(decoding: child, as: UTF8.self), target: realPath(fullPath), into: &found)
                continue
            }
            if listed {
                children.append(.listed(String(decoding: child, as: UTF8.self)))
                if !scannable { continue }
            }
            if isDirectory {
                children.append(.folder(Folder(path: folder.path + [UInt8(ascii: "/")] + nameBytes[start..<end], relative: child,
                                               nameStart: nameStart, trackedOnly: verdict == .tracked)))
                continue
            }
            var stamp: FileStamp?
            if collectStamps {
                var info = Glibc.stat()
                // A file gone since the listing is left to the read, which reports it.
                if statName(at: start, &info, flags: 0) == 0 { stamp = FileStamp(info) }
            }
            // The path is written straight into its string: joining arrays first made two more of them per file.
            let path = String(unsafeUninitializedCapacity: folder.path.count + 1 + end - start) { buffer in
                _ = buffer.initialize(from: folder.path)
                buffer[folder.path.count] = UInt8(ascii: "/")
                _ = UnsafeMutableBufferPointer(rebasing: buffer[(folder.path.count + 1)...]).initialize(from: nameBytes[start..<end])
                return buffer.count
            }
            children.append(.file(Entry(path: path, relativePath: String(decoding: child, as: UTF8.self), stamp: stamp)))
        }
        return (children, rules, descriptor)
    }

    /// A link to a folder, not followed: the walk says so, and whether the folder is in the scanned tree (walked
    /// where it is) or outside it (not part of the tree; `--follow-symlinks` scans it).
    private func noteUnfollowedLink(_ relative: String, target: String?, into found: inout Found) {
        let location = SourceLocation(file: relative, line: 0, column: 0)
        let detail: String, hint: String
        if let target, let root = rootRealPath, target == root || target.hasPrefix(root == "/" ? "/" : root + "/") {
            let inTree = target == root ? "." : String(target.dropFirst(root == "/" ? 1 : root.count + 1))
            detail = "symbolic link to the folder \(inTree) of the scanned tree, not followed"
            hint = "that folder is walked where it is; --follow-symlinks also walks it through the link"
        } else {
            detail = "symbolic link to a folder outside the scanned tree (\(target ?? "unresolvable")), not followed"
            hint = "what it holds is not part of the tree; pass --follow-symlinks to scan it"
        }
        found.problems.append(Diagnostic(severity: .note, location: location, message: detail, hint: hint))
        found.skipped.append(SkippedFolder(location: location, reason: .linkNotFollowed, detail: detail))
    }

    /// The path with every link resolved, or nil.
    private func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Bytes asked of the kernel per listing call: what glibc's readdir asks for.
    private static let listingBufferBytes = 32768

    /// Where the fields of Linux's `struct linux_dirent64` are, as `mojify_listing_read` lays out every entry:
    /// inode (8 bytes), offset (8), record length (2), type (1), then the name and its terminating 0.
    private enum DirectoryRecord {
        static let lengthOffset = 16
        static let typeOffset = 18
        static let nameOffset = 19
    }

    static func isScannable(_ name: String) -> Bool {
        Array(name.utf8).withUnsafeBufferPointer { isScannable(name: $0) }
    }

    /// Whether the lower-cased text after the last dot names a source, header or patch.
    static func isScannable(name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), name.count - dot - 1 <= 8 else { return false }
        return scannableExtensions.contains(packed(name[(dot + 1)...]))
    }

    /// Up to 8 bytes, ASCII letters lower-cased, in one integer.
    private static func packed(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0) { packed, byte in packed << 8 | UInt64(byte >= 65 && byte <= 90 ? byte | 0x20 : byte) }
    }

    /// Whether a header or patch is named like the headers that define messages (`frame_messages.h`,
    /// `ipc_test_messages.h`, `render_messages.h.patch`).
    /// Asked of every file of a scan on one thread, so it looks at bytes and builds no strings for most names.
    static func isNamedLikeMessagesHeader(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            let name = UnsafeBufferPointer(rebasing: bytes[((bytes.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1)...])
            guard containsIgnoringASCIICase(name, "message") else { return false }
            return !compiledExtensions.contains(fileExtension(String(decoding: name, as: UTF8.self)))
        }
    }

    /// Whether `bytes` hold `word` (lower-case ASCII), ASCII letters compared without case.
    private static func containsIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count >= word.count else { return false }
        var start = 0
        while start <= bytes.count - word.count {
            // Most names hold no `m` at all: the first byte rules out nearly every place.
            if bytes[start] | 0x20 == word[0] {
                var offset = 1
                while offset < word.count && bytes[start + offset] | 0x20 == word[offset] { offset += 1 }
                if offset == word.count { return true }
            }
            start += 1
        }
        return false
    }

    static func isPatch(_ name: String) -> Bool {
        patchExtensions.contains(fileExtension(name))
    }

    /// The lower-cased text after the last dot, `""` without one.
    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

private struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
