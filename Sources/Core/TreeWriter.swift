import Foundation

/// A change to one file of a tree: its new bytes, or its deletion, and the bytes it was worked out from.
public struct TreeEdit: Sendable, Equatable {
    /// Relative to the tree's root.
    public var path: String
    /// What the file must hold for the change to apply; nil to change it whatever it holds.
    public var expected: Data?
    /// The new bytes; nil deletes the file.
    public var replacement: Data?
    /// The file is new: it must not exist yet.
    public var creates = false

    public init(path: String, expected: Data?, replacement: Data?) {
        self.path = path
        self.expected = expected
        self.replacement = replacement
    }

    /// A new file holding `contents`, refused where a file of that name exists.
    public static func creating(_ path: String, contents: Data) -> TreeEdit {
        var edit = TreeEdit(path: path, expected: nil, replacement: contents)
        edit.creates = true
        return edit
    }
}

/// Changes files of a tree all together or not at all, and only inside it.
///
/// - Only inside: each file is reached from the root's descriptor one folder at a time, never through a symbolic
///   link (as `git apply`, which tracks a link as a link and changes nothing beyond one), and only regular files
///   are changed or deleted. Paths are relative, without `..`. A new file goes only where no file is, into a folder
///   that exists.
/// - Together: the tree's root is locked for the whole write (a second run waits, then finds the files changed
///   and refuses); every file is checked against the bytes its change was made from under that lock; every new
///   file is written in full and every file to be replaced or deleted gets a hard link beside it before the first
///   one changes. A failure part way puts every original back. A journal at the root names the links and new
///   files while the tree is in between, so that a run killed there (SIGKILL, a power cut) is rolled back by the
///   next (`recoverInterrupted`).
public enum TreeWriter {
    /// The journal of a write under way, at the root.
    public static let journalName = ".mojify-apply-journal"
    private static let marker = ".mojify-apply-"

    /// Applies `edits` under `root` (see the type). Returns the files an interrupted earlier write had left changed
    /// and that were put back first.
    @discardableResult
    public static func apply(_ edits: [TreeEdit], in root: String) throws -> [String] {
        let tree = try Tree(root: root)
        let recovered = try tree.rollBackJournal()
        let opened = try edits.map(tree.opening)
        let changed = opened.filter { !$0.holdsExpected }.map(\.edit.path)
        if !changed.isEmpty { throw CoreError.changedOnDisk(paths: changed) }
        var steps: [Step] = []
        do {
            for edit in opened { steps.append(try tree.prepare(edit)) }
            try tree.writeJournal(steps)
            try tree.commit(steps)
        } catch {
            tree.discard(steps)
            throw error
        }
        for step in steps {
            guard let backup = step.backup else { continue }
            try? tree.inFolder(of: step.path) { folder, _ in unlinkat(folder, backup, 0) }
        }
        unlinkat(tree.root, journalName, 0)
        for step in steps where step.staged == nil { tree.removeEmptyFolders(above: step.path) }
        return recovered
    }

    /// Rolls back a write to `root` that was killed part way (its journal is still there): every file it changed or
    /// deleted is put back as it was. Returns those files; none when there was no such write.
    public static func recoverInterrupted(in root: String) throws -> [String] {
        try Tree(root: root).rollBackJournal()
    }

    /// Whether `path` (relative to `root`) is reached through a symbolic link, or is one: a file `apply` refuses
    /// to change, as `git apply` does.
    public static func isBehindLink(_ path: String, in root: String) -> Bool {
        var prefix = root
        for component in path.split(separator: "/") {
            prefix += "/" + component
            var info = stat()
            if lstat(prefix, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { return true }
        }
        return false
    }

    /// A file to change, with what it is now and whether it holds what the change was made from.
    private struct OpenedEdit {
        var edit: TreeEdit
        var info: stat
        var holdsExpected: Bool
    }

    /// A change ready to commit: the hard link to the original (`backup`; none for a new file) and, for a
    /// replacement or a new file, the new file (`staged`), both names in the file's folder. What the journal keeps.
    private struct Step: Codable {
        var path: String
        var backup: String?
        var staged: String?
    }

    /// The root, open and locked for as long as this value lives. Folders are opened for each step and closed
    /// after it, so a write of thousands of files holds a handful of descriptors.
    private final class Tree {
        let root: Int32
        let rootPath: String

        init(root: String) throws {
            rootPath = root
            let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw CoreError.writeFailed(path: root, reason: String(cString: strerror(errno))) }
            self.root = descriptor
            // A second writer waits here; it then finds the files changed by the first, and refuses.
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    let reason = String(cString: strerror(errno))
                    close(descriptor)
                    throw CoreError.writeFailed(path: root, reason: "cannot lock the tree: \(reason)")
                }
            }
        }

        deinit {
            close(root)
        }

        /// Runs `body` with the folder holding `path` and the file's name in it, every folder on the way opened
        /// without following a link.
        @discardableResult
        func inFolder<Result>(of path: String, _ body: (Int32, String) throws -> Result) throws -> Result {
            let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard !path.hasPrefix("/"), let name = components.last,
                  components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
                throw CoreError.pathEscapesOutput(path: path, root: rootPath)
            }
            var current = dup(root)
            defer { close(current) }
            for (index, component) in components.dropLast().enumerated() {
                let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard next >= 0 else {
                    let failure = errno
                    let prefix = components[...index].joined(separator: "/")
                    if failure == ELOOP || failure == ENOTDIR, isLink(prefix) { throw CoreError.throughLink(path: path, link: prefix) }
                    throw CoreError.writeFailed(path: path, reason: String(cString: strerror(failure)))
                }
                close(current)
                current = next
            }
            return try body(current, name)
        }

        private func isLink(_ relative: String) -> Bool {
            var info = stat()
            return fstatat(root, relative, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
        }

        func opening(_ edit: TreeEdit) throws -> OpenedEdit {
            try inFolder(of: edit.path) { folder, name in
                var info = stat()
                if edit.creates {
                    // Whatever is there, a file, a link or a folder, is not overwritten.
                    let free = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT
                    var created = stat()
                    created.st_mode = S_IFREG | 0o644
                    created.st_uid = getuid()
                    created.st_gid = getgid()
                    return OpenedEdit(edit: edit, info: created, holdsExpected: free)
                }
                guard fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    throw CoreError.writeFailed(path: edit.path, reason: String(cString: strerror(errno)))
                }
                switch info.st_mode & S_IFMT {
                case S_IFREG: break
                case S_IFLNK: throw CoreError.throughLink(path: edit.path, link: edit.path)
                default: throw CoreError.notWritableKind(path: edit.path, kind: "not a regular file")
                }
                let holds = edit.expected.map { contents(folder, name) == $0 } ?? true
                return OpenedEdit(edit: edit, info: info, holdsExpected: holds)
            }
        }

        private func contents(_ folder: Int32, _ name: String) -> Data? {
            let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
        }

        /// Writes the new file in full and links the original beside it; nothing visible changes yet. On a failure
        /// it leaves nothing behind.
        func prepare(_ opened: OpenedEdit) throws -> Step {
            let name = String(opened.edit.path.split(separator: "/").last ?? "")
            let suffix = "\(getpid())-\(UInt64.random(in: 0 ... UInt64.max))"
            let step = Step(path: opened.edit.path, backup: opened.edit.creates ? nil : ".\(name)\(marker)backup-\(suffix)",
                            staged: opened.edit.replacement.map { _ in ".\(name)\(marker)new-\(suffix)" })
            do {
                try inFolder(of: step.path) { folder, name in
                    if let replacement = opened.edit.replacement, let staged = step.staged {
                        let descriptor = openat(folder, staged, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                        guard descriptor >= 0 else { throw failure(step.path) }
                        defer { close(descriptor) }
                        if fchown(descriptor, opened.info.st_uid, opened.info.st_gid) != 0 {
                            _ = fchown(descriptor, uid_t.max, opened.info.st_gid)
                        }
                        guard fchmod(descriptor, opened.info.st_mode & 0o7777) == 0 else { throw failure(step.path) }
                        try FileOutput.writeAll([replacement], to: descriptor, reportedAs: step.path)
                    }
                    if let backup = step.backup, linkat(folder, name, folder, backup, 0) != 0 { throw failure(step.path) }
                }
            } catch {
                discard([step])
                throw error
            }
            return step
        }

        private func failure(_ path: String) -> CoreError {
            .applyFailed(path: path, reason: String(cString: strerror(errno)))
        }

        func writeJournal(_ steps: [Step]) throws {
            let data = try StableJSON.encode(steps, compact: true)
            let staged = "\(marker)journal-\(getpid())"
            let descriptor = openat(root, staged, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw failure(TreeWriter.journalName) }
            defer { close(descriptor) }
            try FileOutput.writeAll([data], to: descriptor, reportedAs: TreeWriter.journalName)
            // On disk before the first file changes: a power cut after that must find it.
            guard fsync(descriptor) == 0, renameat(root, staged, root, TreeWriter.journalName) == 0 else {
                unlinkat(root, staged, 0)
                throw failure(TreeWriter.journalName)
            }
        }

        /// Replaces and deletes, in order; on a failure puts back what was done and throws.
        func commit(_ steps: [Step]) throws {
            for index in steps.indices {
                let step = steps[index]
                let moved = try inFolder(of: step.path) { folder, name in
                    guard let staged = step.staged else { return unlinkat(folder, name, 0) }
                    guard step.backup == nil else { return renameat(folder, staged, folder, name) }
                    // A new file: a link fails where a file of that name appeared, which a rename would replace.
                    guard linkat(folder, staged, folder, name, 0) == 0 else { return -1 }
                    unlinkat(folder, staged, 0)
                    return 0
                }
                guard moved == 0 else {
                    let error = failure(step.path)
                    for earlier in steps[..<index].reversed() {
                        _ = try? inFolder(of: earlier.path) { folder, name in
                            earlier.backup.map { renameat(folder, $0, folder, name) } ?? unlinkat(folder, name, 0)
                        }
                    }
                    throw error
                }
            }
        }

        /// After a failure: removes what `prepare` made, and the journal.
        func discard(_ steps: [Step]) {
            for step in steps {
                try? inFolder(of: step.path) { folder, _ in
                    if let backup = step.backup { unlinkat(folder, backup, 0) }
                    if let staged = step.staged { unlinkat(folder, staged, 0) }
                }
            }
            unlinkat(root, TreeWriter.journalName, 0)
        }

        /// Puts back every file the journal's write changed, then removes the journal. Refuses a journal that does
        /// not parse, or names files not of mojify's making, rather than guess.
        func rollBackJournal() throws -> [String] {
            let descriptor = openat(root, TreeWriter.journalName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return [] }
            let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
            guard let steps = try? JSONDecoder().decode([Step].self, from: data) else {
                throw CoreError.unrecoverableJournal(path: rootPath + "/" + TreeWriter.journalName, reason: "the journal of an interrupted write does not parse, so it cannot be rolled back")
            }
            var restored: [String] = []
            for step in steps {
                try inFolder(of: step.path) { folder, name in
                    guard step.backup.map({ $0.hasPrefix(".\(name)\(marker)backup-") && !$0.contains("/") }) ?? (step.staged != nil),
                          step.staged.map({ $0.hasPrefix(".\(name)\(marker)new-") && !$0.contains("/") }) ?? true else {
                        throw CoreError.unrecoverableJournal(path: rootPath + "/" + TreeWriter.journalName, reason: "the journal of an interrupted write names files that are not mojify's")
                    }
                    var original = stat(), current = stat()
                    guard let backup = step.backup else {
                        // A new file: it was not there before the write, which checked so under the lock.
                        if unlinkat(folder, name, 0) == 0 { restored.append(step.path) }
                        if let staged = step.staged { unlinkat(folder, staged, 0) }
                        return
                    }
                    if fstatat(folder, backup, &original, AT_SYMLINK_NOFOLLOW) == 0 {
                        let untouched = fstatat(folder, name, &current, AT_SYMLINK_NOFOLLOW) == 0
                            && current.st_ino == original.st_ino && current.st_dev == original.st_dev
                        // Renaming a link over another link of the same file does nothing, so that case is unlinked.
                        if untouched {
                            unlinkat(folder, backup, 0)
                        } else if renameat(folder, backup, folder, name) == 0 {
                            restored.append(step.path)
                        }
                    }
                    if let staged = step.staged { unlinkat(folder, staged, 0) }
                }
            }
            unlinkat(root, TreeWriter.journalName, 0)
            return restored
        }

        /// As `git apply` does, folders a deletion leaves empty go too, up to (not including) the root.
        func removeEmptyFolders(above path: String) {
            var components = path.split(separator: "/").map(String.init).dropLast()
            while !components.isEmpty {
                // Fails, as it should, on a folder that is not empty.
                guard (try? inFolder(of: components.joined(separator: "/"), { unlinkat($0, $1, AT_REMOVEDIR) })) == 0 else { return }
                components = components.dropLast()
            }
        }
    }
}
