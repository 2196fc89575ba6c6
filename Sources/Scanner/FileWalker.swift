internal import CClang
import Foundation
import MojifyCore

/// Lists the files of the scanned roots that could hold C++ or patches, honouring `.gitignore` files (and
/// `.git/info/exclude` where a `.git` folder is) as git does, and `--exclude` globs. Ignored folders are pruned
/// without being listed. Paths stay bytes until a file is kept. Never follows a symbolic link to a folder unless
/// asked, and then never twice into one folder.
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

    private typealias IgnoreStack = [IgnoreLevel]

    /// A folder to list: its path to open and its path relative to the root, as bytes.
    private struct Folder {
        var path: [UInt8]
        var relative: [UInt8]
        /// Where its name starts in `relative`: it is opened by name through its parent's descriptor while that is
        /// open, which spares the kernel a lookup of every folder of the path.
        var nameStart = 0
    }

    /// What one walk (or one piece of it) found, in walk order.
    private struct Found {
        var files: [Entry] = []
        var problems: [Diagnostic] = []
        /// Relative paths of the files `listing` selects.
        var listed: [String] = []
        /// Where the findings of the subfolders handed over to other pieces go, in walk order.
        var handedOff: [HandedOff] = []
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
        private var levels: [(slots: [Slot], ignoreStack: IgnoreStack)] = []

        /// Adds the subfolders of the folder just listed, in walk order; returns its level.
        func push(_ folders: [Folder], ignoreStack: IgnoreStack) -> Int {
            lock.lock()
            defer { lock.unlock() }
            levels.append((folders.map { Slot(folder: $0, piece: nil) }, ignoreStack))
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
        func take(as piece: Int) -> (folder: Folder, ignoreStack: IgnoreStack)? {
            lock.lock()
            defer { lock.unlock() }
            for level in levels.indices {
                guard let index = levels[level].slots.lastIndex(where: { $0.piece == nil }) else { continue }
                levels[level].slots[index].piece = piece
                return (levels[level].slots[index].folder, levels[level].ignoreStack)
            }
            return nil
        }
    }

    /// The pieces of a parallel walk: the root, then subfolders that idle threads take from busy ones, and the
    /// findings of each piece.
    private final class WalkPool: @unchecked Sendable {
        private let condition = NSCondition()
        private var root: Folder?
        private var pieces: [Found?] = [nil]
        private var busy = 0
        /// Each thread's open folders.
        let threads: [OpenFolders]

        init(root: Folder, jobs: Int) {
            self.root = root
            threads = (0..<jobs).map { _ in OpenFolders() }
        }

        /// The next piece for thread `thread` to walk; nil once every piece is walked.
        func take(for thread: Int) -> (piece: Int, folder: Folder, ignoreStack: IgnoreStack)? {
            condition.lock()
            defer { condition.unlock() }
            if let root {
                self.root = nil
                busy += 1
                return (0, root, [])
            }
            while busy > 0 {
                for other in threads.indices where other != thread {
                    if let (folder, ignoreStack) = threads[other].take(as: pieces.count) {
                        pieces.append(nil)
                        busy += 1
                        return (pieces.count - 1, folder, ignoreStack)
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
        }
    }

    /// What a walk found, each list in a stable order.
    struct Walked {
        var files: [Entry]
        /// A diagnostic for each folder that could not be read, each broken link, each link loop.
        var problems: [Diagnostic]
        /// The relative paths of the files `listing` selects.
        var listed: [String]
    }

    func walk(root: String) -> Walked {
        var found = Found()
        var info = stat()
        guard stat(root, &info) == 0 else {
            found.problems.append(Diagnostic(severity: .error, location: SourceLocation(file: root, line: 0, column: 0),
                                             message: "cannot read: \(String(cString: strerror(errno)))"))
            return Walked(files: found.files, problems: found.problems, listed: [])
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            if FileWalker.isScannable(root) {
                found.files.append(Entry(path: root, relativePath: URL(fileURLWithPath: root).lastPathComponent,
                                         stamp: collectStamps ? FileStamp(info) : nil))
            }
            return Walked(files: found.files, problems: found.problems, listed: [])
        }
        let top = Folder(path: Array(root.utf8), relative: [])
        var visitedFolders = Set<FolderIdentity>()
        if followSymlinks || jobs <= 1 {
            visit(top, parent: nil, ignoreStack: [], visited: &visitedFolders, into: &found)
        } else {
            found = walkInParallel(top)
        }
        return Walked(files: found.files, problems: found.problems, listed: found.listed)
    }

    /// Walks the tree on `jobs` threads. A thread with nothing to do takes, from another, a subfolder that thread
    /// has listed but not yet come to (the nearest the top), and walks it as a piece of its own; the thread that
    /// listed it notes, when it comes to it, where in its own findings those of the piece go, so the findings are
    /// joined in the order one walk would have produced. Taking folders near the top keeps the pieces large:
    /// handing over the next subfolder a busy thread entered made hundreds of small pieces on a large tree, and
    /// the idle thread spent a third of the walk waiting to be woken for each.
    private func walkInParallel(_ root: Folder) -> Found {
        let pool = WalkPool(root: root, jobs: jobs)
        DispatchQueue.concurrentPerform(iterations: jobs) { thread in
            while let (piece, folder, ignoreStack) = pool.take(for: thread) {
                var walked = Found()
                var unused = Set<FolderIdentity>()
                visit(folder, parent: nil, ignoreStack: ignoreStack, visited: &unused, into: &walked, openFolders: pool.threads[thread])
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
        _ folder: Folder, parent: Int32?, ignoreStack: IgnoreStack, visited: inout Set<FolderIdentity>, into found: inout Found,
        openFolders: OpenFolders? = nil
    ) {
        var children: [Child], stack: IgnoreStack, descriptor: Int32?
        (children, stack, descriptor) = list(folder, parent: parent, ignoreStack: ignoreStack, visited: &visited, into: &found)
        // Kept open while the subfolders are opened through it.
        defer { if let descriptor { close(descriptor) } }
        // Offered to idle threads until this one comes to them.
        let subfolders = openFolders == nil ? [] : children.compactMap { child -> Folder? in
            if case let .folder(folder) = child { folder } else { nil }
        }
        let level = subfolders.isEmpty ? nil : openFolders?.push(subfolders, ignoreStack: stack)
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
                    visit(child, parent: descriptor, ignoreStack: stack, visited: &visited, into: &found, openFolders: openFolders)
                }
            }
        }
    }

    /// Whether `relative` (its name starting at `nameStart`) is left out by `--exclude` or, deepest file first,
    /// by the ignore files in force.
    private func isIgnored(_ relative: UnsafeBufferPointer<UInt8>, nameStart: Int, isDirectory: Bool, by ignoreStack: IgnoreStack) -> Bool {
        if !excludes.isEmpty && excludes.verdict(path: relative, nameStart: nameStart, isDirectory: isDirectory) == true { return true }
        guard honourGitIgnore else { return false }
        for level in ignoreStack.reversed() {
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

    /// The scannable files and the folders to enter in one folder, in name order, the ignore rules in force below
    /// it, and the folder still open (for the caller to close). Problems (unreadable folder, broken link, link
    /// loop) go to `found`.
    private func list(
        _ folder: Folder, parent: Int32?, ignoreStack inherited: IgnoreStack, visited visitedFolders: inout Set<FolderIdentity>,
        into found: inout Found
    ) -> (children: [Child], ignoreStack: IgnoreStack, descriptor: Int32?) {
        var ignoreStack = inherited
        let folderPath = String(decoding: folder.path, as: UTF8.self)
        let relativeText = String(decoding: folder.relative, as: UTF8.self)
        // Only links can bring a folder back; without following them, no folder is seen twice.
        if followSymlinks {
            var info = stat()
            if stat(folderPath, &info) == 0 { visitedFolders.insert(FolderIdentity(info)) }
        }
        guard let descriptor = open(folder, parent: parent) else {
            found.problems.append(Diagnostic(
                severity: .warning, location: SourceLocation(file: folder.relative.isEmpty ? "." : relativeText, line: 0, column: 0),
                message: "cannot list folder: \(String(cString: strerror(errno)))", hint: "check its permissions; it was skipped"
            ))
            return ([], ignoreStack, nil)
        }
        // The names, one after another in one buffer, each followed by a 0 (so it is a C string for fstatat).
        var nameBytes: [UInt8] = []
        var names: [(start: Int, end: Int, type: UInt8)] = []
        var hasGitFolder = false, hasGitIgnore = false
        var listingError: Int32?
        withUnsafeTemporaryAllocation(byteCount: FileWalker.listingBufferBytes, alignment: 8) { buffer in
            while true {
                let filled = mojify_read_folder(descriptor, buffer.baseAddress!, buffer.count)
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
        if let listingError {
            // What was listed before the failure is kept: a partial listing, said so, rather than a silent one.
            found.problems.append(Diagnostic(
                severity: .warning, location: SourceLocation(file: folder.relative.isEmpty ? "." : relativeText, line: 0, column: 0),
                message: "cannot list all of folder: \(String(cString: strerror(listingError)))", hint: "files after the failure were skipped"
            ))
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
            // A repository's own exclude file ranks below its .gitignore files; only folders that list a
            // .gitignore are asked for one: most have none, and a failed read is costly.
            let base = folder.relative.count
            if hasGitFolder, let text = FileManager.default.contents(atPath: folderPath + "/.git/info/exclude") {
                let rules = IgnoreRules(gitignore: Array(text))
                if !rules.isEmpty { ignoreStack.append(IgnoreLevel(base: base, rules: rules)) }
            }
            if hasGitIgnore, let text = FileManager.default.contents(atPath: folderPath + "/.gitignore") {
                let rules = IgnoreRules(gitignore: Array(text))
                if !rules.isEmpty { ignoreStack.append(IgnoreLevel(base: base, rules: rules)) }
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
                        guard followSymlinks else { continue }
                        guard !visitedFolders.contains(FolderIdentity(target)) else {
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
            let ignored = child.withUnsafeBufferPointer { isIgnored($0, nameStart: nameStart, isDirectory: isDirectory, by: ignoreStack) }
            guard !ignored else { continue }
            if listed {
                children.append(.listed(String(decoding: child, as: UTF8.self)))
                if !scannable { continue }
            }
            if isDirectory {
                children.append(.folder(Folder(path: folder.path + [UInt8(ascii: "/")] + nameBytes[start..<end], relative: child, nameStart: nameStart)))
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
        return (children, ignoreStack, descriptor)
    }

    /// Bytes asked of the kernel per listing call: what glibc's readdir asks for.
    private static let listingBufferBytes = 32768

    /// Where the fields of Linux's `struct linux_dirent64` are: inode (8 bytes), offset (8), record length (2),
    /// type (1), then the name and its terminating 0.
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
