import Foundation
import MojifyCore

/// Lists the files of the scanned roots that could hold C++ or patches, honouring `.gitignore` files and
/// `--exclude` globs. Never follows a symbolic link to a folder unless asked, and then never twice into one folder.
struct FileWalker {
    struct Entry: Sendable {
        /// Absolute (or as given) path to open.
        var path: String
        /// Path relative to the scanned root, `/`-separated: what the inventory shows.
        var relativePath: String
        /// Taken while listing, when the walker was asked to (for the scan cache).
        var stamp: FileStamp?

        init(path: String, relativePath: String, stamp: FileStamp? = nil) {
            self.path = path
            self.relativePath = relativePath
            self.stamp = stamp
        }
    }

    static let sourceExtensions: Set<String> = ["h", "hh", "hpp", "hxx", "inc", "ipp", "c", "cc", "cpp", "cxx", "m", "mm"]
    static let patchExtensions: Set<String> = ["patch", "diff"]
    /// Compiled sources, as opposed to headers: multiply-included message definitions do not live there.
    static let compiledExtensions: Set<String> = ["c", "cc", "cpp", "cxx", "m", "mm"]

    var excludes: [Glob]
    var followSymlinks: Bool
    var honourGitIgnore: Bool
    /// Threads that walk separate subtrees at once. Following links needs one walk that remembers every folder.
    var jobs = 1
    /// Also `stat` each file (through its folder's descriptor, which spares the kernel a path lookup).
    var collectStamps = false

    private typealias IgnoreStack = [(base: String, rules: GitIgnore)]

    /// What one walk (or one subtree of it) found, in walk order.
    private struct Found {
        var files: [Entry] = []
        var problems: [Diagnostic] = []
    }

    /// The files, in a stable order, and a diagnostic for each folder that could not be read.
    func walk(root: String) -> (files: [Entry], problems: [Diagnostic]) {
        var found = Found()
        var info = stat()
        guard stat(root, &info) == 0 else {
            found.problems.append(Diagnostic(severity: .error, location: SourceLocation(file: root, line: 0, column: 0),
                                             message: "cannot read: \(String(cString: strerror(errno)))"))
            return (found.files, found.problems)
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            if FileWalker.isScannable(root) {
                found.files.append(Entry(path: root, relativePath: URL(fileURLWithPath: root).lastPathComponent,
                                         stamp: collectStamps ? FileStamp(info) : nil))
            }
            return (found.files, found.problems)
        }
        var visitedFolders = Set<FolderIdentity>()
        if followSymlinks || jobs <= 1 {
            visit(folder: root, relative: "", ignoreStack: [], visited: &visitedFolders, into: &found)
        } else {
            walkInParallel(root: root, into: &found)
        }
        return (found.files, found.problems)
    }

    /// Lists the first levels of folders on one thread until there are subtrees enough to share out, walks
    /// those on `jobs` threads, and joins their findings in the order a single walk would have produced.
    private func walkInParallel(root: String, into found: inout Found) {
        enum Piece {
            case done(Found)
            case folder(path: String, relative: String, ignoreStack: IgnoreStack)
        }
        var pieces: [Piece] = [.folder(path: root, relative: "", ignoreStack: [])]
        var unused = Set<FolderIdentity>()
        for _ in 0..<3 {
            guard pieces.count < 16 * jobs else { break }
            pieces = pieces.flatMap { piece -> [Piece] in
                guard case let .folder(path, relative, ignoreStack) = piece else { return [piece] }
                var listing = Found()
                let (children, stack) = list(folder: path, relative: relative, ignoreStack: ignoreStack, visited: &unused, into: &listing)
                return [.done(listing)] + children.map { child in
                    switch child {
                    case let .file(entry):
                        return .done(Found(files: [entry], problems: []))
                    case let .folder(childPath, childRelative):
                        return .folder(path: childPath, relative: childRelative, ignoreStack: stack)
                    }
                }
            }
        }
        let walked = UnsafeMutableBufferPointer<Found>.allocate(capacity: pieces.count)
        walked.initialize(repeating: Found())
        defer {
            walked.deinitialize()
            walked.deallocate()
        }
        let lock = NSLock()
        var next = 0
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            while true {
                lock.lock()
                let index = next
                next += 1
                lock.unlock()
                guard index < pieces.count else { return }
                switch pieces[index] {
                case let .done(done):
                    walked[index] = done
                case let .folder(path, relative, ignoreStack):
                    var visited = Set<FolderIdentity>()
                    visit(folder: path, relative: relative, ignoreStack: ignoreStack, visited: &visited, into: &walked[index])
                }
            }
        }
        for piece in walked {
            found.files += piece.files
            found.problems += piece.problems
        }
    }

    private enum Child {
        case file(Entry)
        case folder(path: String, relative: String)
    }

    private func visit(folder: String, relative: String, ignoreStack: IgnoreStack, visited: inout Set<FolderIdentity>, into found: inout Found) {
        let (children, stack) = list(folder: folder, relative: relative, ignoreStack: ignoreStack, visited: &visited, into: &found)
        for child in children {
            switch child {
            case let .file(entry):
                found.files.append(entry)
            case let .folder(path, childRelative):
                visit(folder: path, relative: childRelative, ignoreStack: stack, visited: &visited, into: &found)
            }
        }
    }

    /// The scannable files and the folders to enter in one folder, in name order, and the `.gitignore` rules in
    /// force below it. Problems (unreadable folder, broken link, link loop) go to `found`.
    private func list(
        folder: String, relative: String, ignoreStack inherited: IgnoreStack, visited visitedFolders: inout Set<FolderIdentity>,
        into found: inout Found
    ) -> (children: [Child], ignoreStack: IgnoreStack) {
        var ignoreStack = inherited
        func isExcluded(_ relative: String, isDirectory: Bool) -> Bool {
            // The common case, no excludes and no .gitignore in force, costs nothing per file.
            guard !excludes.isEmpty || (honourGitIgnore && !ignoreStack.isEmpty) else { return false }
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            for glob in excludes {
                if glob.matches(relative) || (!glob.pattern.contains("/") && glob.matches(name)) { return true }
                if isDirectory && glob.pattern.hasSuffix("/**") && glob.matches(relative + "/x") { return true }
            }
            guard honourGitIgnore else { return false }
            var ignored = false
            for (base, rules) in ignoreStack {
                let local = base.isEmpty ? relative : String(relative.dropFirst(base.count + 1))
                if let verdict = rules.verdict(for: local, isDirectory: isDirectory) { ignored = verdict }
            }
            return ignored
        }

        // Only links can bring a folder back; without following them, no folder is seen twice.
        if followSymlinks {
            var info = stat()
            if stat(folder, &info) == 0 { visitedFolders.insert(FolderIdentity(info)) }
        }
        guard let handle = opendir(folder) else {
            found.problems.append(Diagnostic(
                severity: .warning, location: SourceLocation(file: relative.isEmpty ? "." : relative, line: 0, column: 0),
                message: "cannot list folder: \(String(cString: strerror(errno)))", hint: "check its permissions; it was skipped"
            ))
            return ([], ignoreStack)
        }
        defer { closedir(handle) }
        var names: [(String, UInt8)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." || name == ".git" { continue }
            names.append((name, entry.pointee.d_type))
        }
        names.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }

        // Only folders that list a .gitignore are asked for one: most have none, and a failed read is costly.
        if honourGitIgnore, names.contains(where: { $0.0 == ".gitignore" }),
           let text = try? String(contentsOfFile: folder + "/.gitignore", encoding: .utf8) {
            ignoreStack.append((relative, GitIgnore(text: text)))
        }

        var children: [Child] = []
        for (name, type) in names {
            let path = folder + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var kind = type
            if kind == UInt8(DT_UNKNOWN) || kind == UInt8(DT_LNK) {
                var linkInfo = stat()
                if lstat(path, &linkInfo) != 0 { continue }
                let isLink = (linkInfo.st_mode & S_IFMT) == S_IFLNK
                if isLink {
                    var target = stat()
                    guard stat(path, &target) == 0 else {
                        found.problems.append(Diagnostic(severity: .note, location: SourceLocation(file: child, line: 0, column: 0),
                                                         message: "broken symbolic link skipped"))
                        continue
                    }
                    if (target.st_mode & S_IFMT) == S_IFDIR {
                        guard followSymlinks else { continue }
                        guard !visitedFolders.contains(FolderIdentity(target)) else {
                            found.problems.append(Diagnostic(severity: .note, location: SourceLocation(file: child, line: 0, column: 0),
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
            if kind == UInt8(DT_DIR) {
                guard !isExcluded(child, isDirectory: true) else { continue }
                children.append(.folder(path: path, relative: child))
            } else if kind == UInt8(DT_REG) {
                guard FileWalker.isScannable(name), !isExcluded(child, isDirectory: false) else { continue }
                var stamp: FileStamp?
                if collectStamps {
                    var info = stat()
                    // A file gone since the listing is left to the read, which reports it.
                    if fstatat(dirfd(handle), name, &info, 0) == 0 { stamp = FileStamp(info) }
                }
                children.append(.file(Entry(path: path, relativePath: child, stamp: stamp)))
            }
        }
        return (children, ignoreStack)
    }

    static func isScannable(_ name: String) -> Bool {
        let ext = fileExtension(name)
        return sourceExtensions.contains(ext) || patchExtensions.contains(ext)
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
