import Foundation

/// A change to one file of a tree: its new bytes, or its deletion, and the bytes it was worked out from.
public struct TreeEdit: Sendable, Equatable {
    /// Relative to the tree's root.
    public var path: String
    /// What the file must hold for the change to apply; nil to change it whatever it holds.
    public var expected: Data?
    /// The new bytes; nil deletes the file.
    public var replacement: Data?

    public init(path: String, expected: Data?, replacement: Data?) {
        self.path = path
        self.expected = expected
        self.replacement = replacement
    }
}

/// Changes files of a tree all together or not at all, and only inside it.
///
/// - Only inside: each file is reached from the root's descriptor one folder at a time, never through a symbolic
///   link (as `git apply`, which tracks a link as a link and changes nothing beyond one), and only regular files
///   are changed or deleted. Paths are relative, without `..`.
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
        var opened: [OpenedEdit] = []
        defer { opened.forEach { $0.folder.release() } }
        for edit in edits { opened.append(try tree.opening(edit)) }
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
            unlinkat(step.folder.descriptor, step.backup, 0)
            step.folder.release()
        }
        unlinkat(tree.root.descriptor, journalName, 0)
        for step in steps where step.edit.replacement == nil { tree.removeEmptyFolders(above: step.edit.path) }
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

    /// A file to change, with the folder it is in (open, not through a link) and whether it holds what the change
    /// was made from.
    private struct OpenedEdit {
        var edit: TreeEdit
        var folder: Folder
        var name: String
        var info: stat
        var holdsExpected: Bool
    }

    /// A change ready to commit: the hard link to the original (`backup`) and, for a replacement, the new file.
    private struct Step: Codable {
        var edit: TreeEdit
        var folder: Folder
        var name: String
        var backup: String
        var staged: String?

        enum CodingKeys: String, CodingKey { case path, backup, staged }

        init(edit: TreeEdit, folder: Folder, name: String, backup: String, staged: String?) {
            self.edit = edit
            self.folder = folder
            self.name = name
            self.backup = backup
            self.staged = staged
        }

        /// The journal keeps names relative to the file's folder; the folder is found again from the path.
        init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            edit = TreeEdit(path: try container.decode(String.self, forKey: .path), expected: nil, replacement: nil)
            folder = Folder(descriptor: -1)
            name = ""
            backup = try container.decode(String.self, forKey: .backup)
            staged = try container.decodeIfPresent(String.self, forKey: .staged)
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(edit.path, forKey: .path)
            try container.encode(backup, forKey: .backup)
            try container.encodeIfPresent(staged, forKey: .staged)
        }
    }

    /// An open folder descriptor.
    private struct Folder {
        var descriptor: Int32

        func release() {
            if descriptor >= 0 { close(descriptor) }
        }
    }

    /// The root, open and locked for as long as this value lives.
    private final class Tree {
        let root: Folder
        let rootPath: String

        init(root: String) throws {
            rootPath = root
            let descriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { throw CoreError.writeFailed(path: root, reason: String(cString: strerror(errno))) }
            self.root = Folder(descriptor: descriptor)
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
            root.release()
        }

        /// The folder holding `path` and the file's name in it, every folder on the way opened without following a
        /// link.
        func folder(of path: String) throws -> (Folder, String) {
            let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard !path.hasPrefix("/"), let name = components.last,
                  components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." && !$0.contains("\0") }) else {
                throw CoreError.pathEscapesOutput(path: path, root: rootPath)
            }
            var current = dup(root.descriptor)
            for (index, component) in components.dropLast().enumerated() {
                let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                let failure = errno
                close(current)
                guard next >= 0 else {
                    let prefix = components[...index].joined(separator: "/")
                    if failure == ELOOP || failure == ENOTDIR, isLink(prefix) { throw CoreError.throughLink(path: path, link: prefix) }
                    throw CoreError.writeFailed(path: path, reason: String(cString: strerror(failure)))
                }
                current = next
            }
            return (Folder(descriptor: current), name)
        }

        private func isLink(_ relative: String) -> Bool {
            var info = stat()
            return fstatat(root.descriptor, relative, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
        }

        func opening(_ edit: TreeEdit) throws -> OpenedEdit {
            let (folder, name) = try folder(of: edit.path)
            var info = stat()
            guard fstatat(folder.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                let reason = String(cString: strerror(errno))
                folder.release()
                throw CoreError.writeFailed(path: edit.path, reason: reason)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFLNK:
                folder.release()
                throw CoreError.throughLink(path: edit.path, link: edit.path)
            default:
                folder.release()
                throw CoreError.notWritableKind(path: edit.path, kind: "not a regular file")
            }
            let holds = edit.expected.map { contents(folder, name) == $0 } ?? true
            return OpenedEdit(edit: edit, folder: folder, name: name, info: info, holdsExpected: holds)
        }

        private func contents(_ folder: Folder, _ name: String) -> Data? {
            let descriptor = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
        }

        /// Writes the new file in full and links the original beside it; nothing visible changes yet. On a failure
        /// it leaves nothing behind.
        func prepare(_ opened: OpenedEdit) throws -> Step {
            let suffix = "\(getpid())-\(UInt64.random(in: 0 ... UInt64.max))"
            let step = Step(edit: opened.edit, folder: Folder(descriptor: dup(opened.folder.descriptor)), name: opened.name,
                            backup: ".\(opened.name)\(marker)backup-\(suffix)",
                            staged: opened.edit.replacement.map { _ in ".\(opened.name)\(marker)new-\(suffix)" })
            do {
                if let replacement = opened.edit.replacement, let staged = step.staged {
                    let descriptor = openat(step.folder.descriptor, staged, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                    guard descriptor >= 0 else { throw failure(opened.edit.path) }
                    defer { close(descriptor) }
                    if fchown(descriptor, opened.info.st_uid, opened.info.st_gid) != 0 {
                        _ = fchown(descriptor, uid_t.max, opened.info.st_gid)
                    }
                    guard fchmod(descriptor, opened.info.st_mode & 0o7777) == 0 else { throw failure(opened.edit.path) }
                    try FileOutput.writeAll([replacement], to: descriptor, reportedAs: opened.edit.path)
                }
                guard linkat(step.folder.descriptor, step.name, step.folder.descriptor, step.backup, 0) == 0 else {
                    throw failure(opened.edit.path)
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
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(steps)
            let staged = "\(marker)journal-\(getpid())"
            let descriptor = openat(root.descriptor, staged, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw failure(TreeWriter.journalName) }
            defer { close(descriptor) }
            try FileOutput.writeAll([data], to: descriptor, reportedAs: TreeWriter.journalName)
            // On disk before the first file changes: a power cut after that must find it.
            guard fsync(descriptor) == 0, renameat(root.descriptor, staged, root.descriptor, TreeWriter.journalName) == 0 else {
                unlinkat(root.descriptor, staged, 0)
                throw failure(TreeWriter.journalName)
            }
        }

        /// Replaces and deletes, in order; on a failure puts back what was done and throws.
        func commit(_ steps: [Step]) throws {
            for index in steps.indices {
                let step = steps[index]
                let moved = step.staged.map { renameat(step.folder.descriptor, $0, step.folder.descriptor, step.name) }
                    ?? unlinkat(step.folder.descriptor, step.name, 0)
                guard moved == 0 else {
                    let error = failure(step.edit.path)
                    for earlier in steps[..<index].reversed() {
                        renameat(earlier.folder.descriptor, earlier.backup, earlier.folder.descriptor, earlier.name)
                    }
                    throw error
                }
            }
        }

        /// After a failure: removes what `prepare` made, and the journal.
        func discard(_ steps: [Step]) {
            for step in steps {
                unlinkat(step.folder.descriptor, step.backup, 0)
                if let staged = step.staged { unlinkat(step.folder.descriptor, staged, 0) }
                step.folder.release()
            }
            unlinkat(root.descriptor, TreeWriter.journalName, 0)
        }

        /// Puts back every file the journal's write changed, then removes the journal. Refuses a journal that does
        /// not parse rather than guess.
        func rollBackJournal() throws -> [String] {
            let descriptor = openat(root.descriptor, TreeWriter.journalName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { return [] }
            let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
            guard let steps = try? JSONDecoder().decode([Step].self, from: data) else {
                throw CoreError.unrecoverableJournal(path: rootPath + "/" + TreeWriter.journalName, reason: "the journal of an interrupted write does not parse, so it cannot be rolled back")
            }
            var restored: [String] = []
            for step in steps {
                let (folder, name) = try folder(of: step.edit.path)
                defer { folder.release() }
                guard step.backup.hasPrefix(".\(name)\(marker)backup-"), !step.backup.contains("/"),
                      step.staged.map({ $0.hasPrefix(".\(name)\(marker)new-") && !$0.contains("/") }) ?? true else {
                    throw CoreError.unrecoverableJournal(path: rootPath + "/" + TreeWriter.journalName, reason: "the journal of an interrupted write names files that are not mojify's")
                }
                var original = stat(), current = stat()
                if fstatat(folder.descriptor, step.backup, &original, AT_SYMLINK_NOFOLLOW) == 0 {
                    let untouched = fstatat(folder.descriptor, name, &current, AT_SYMLINK_NOFOLLOW) == 0
                        && current.st_ino == original.st_ino && current.st_dev == original.st_dev
                    // Renaming a link over another link of the same file does nothing, so that case is unlinked.
                    if untouched {
                        unlinkat(folder.descriptor, step.backup, 0)
                    } else if renameat(folder.descriptor, step.backup, folder.descriptor, name) == 0 {
                        restored.append(step.edit.path)
                    }
                }
                if let staged = step.staged { unlinkat(folder.descriptor, staged, 0) }
            }
            unlinkat(root.descriptor, TreeWriter.journalName, 0)
            return restored
        }

        /// As `git apply` does, folders a deletion leaves empty go too, up to (not including) the root.
        func removeEmptyFolders(above path: String) {
            var components = path.split(separator: "/").map(String.init).dropLast()
            while !components.isEmpty {
                guard let (parent, name) = try? folder(of: components.joined(separator: "/")) else { return }
                defer { parent.release() }
                // Fails, as it should, on a folder that is not empty.
                guard unlinkat(parent.descriptor, name, AT_REMOVEDIR) == 0 else { return }
                components = components.dropLast()
            }
        }
    }
}
