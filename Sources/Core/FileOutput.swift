import Foundation

/// Writing that never leaves a half-written file behind and never strays outside its folder.
public enum FileOutput {
    /// Writes `data` to a temporary file beside `path`, then renames it over `path`, so readers see the old
    /// content or the new, never a mix, and a killed run leaves the previous file intact. A symbolic link is
    /// written through (its target is replaced, the link stays) and an existing file keeps its permissions. A
    /// character device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) is opened and written, never replaced;
    /// a folder, a block device or a socket is refused.
    public static func writeAtomically(_ data: Data, to path: String) throws {
        try writeAtomically([(path, data)])
    }

    public static func writeAtomically(_ text: String, to path: String) throws {
        try writeAtomically(Data(text.utf8), to: path)
    }

    /// Replaces several files as `writeAtomically(_:to:)` does, in the order given. Every temporary file is written
    /// in full before the first rename, so a write that fails (a full disk, a killed run) changes none of the files;
    /// a rename that fails leaves the files before it replaced and those after it as they were.
    public static func writeAtomically(_ files: [(path: String, data: Data)]) throws {
        try writeAtomically(pieces: files.map { ($0.path, [$0.data]) }, followingLinks: true)
    }

    /// As `writeAtomically(_:to:)`, with the file's bytes given in pieces written one after another, so that a
    /// large file need not first be joined into one buffer. With `followingLinks` false, whatever stands at `path`
    /// (a symbolic link, a device node) is replaced by a new file private to its owner (mode 0600), and nothing it
    /// points to is touched: for files in a folder of mojify's own, where something planted must not redirect the
    /// write.
    public static func writeAtomically(pieces: [Data], to path: String, followingLinks: Bool = true) throws {
        try writeAtomically(pieces: [(path, pieces)], followingLinks: followingLinks)
    }

    private static func writeAtomically(pieces files: [(path: String, pieces: [Data])], followingLinks: Bool) throws {
        var staged: [(temporary: String, target: String, path: String)] = []
        defer {
            for file in staged {
                unlink(file.temporary)
                TemporaryFiles.unregister(file.temporary)
            }
        }
        var streams: [(path: String, pieces: [Data])] = []
        for (path, pieces) in files {
            if followingLinks, try isStream(path) {
                streams.append((path, pieces))
                continue
            }
            let target = followingLinks ? try resolvingLinks(path) : path
            TemporaryFiles.removeStale(beside: URL(fileURLWithPath: target))
            staged.append((try stage(pieces, beside: target, reportedAs: path, followingLinks: followingLinks), target, path))
        }
        while let file = staged.first {
            if rename(file.temporary, file.target) != 0 {
                throw CoreError.writeFailed(path: file.path, reason: String(cString: strerror(errno)))
            }
            TemporaryFiles.unregister(file.temporary)
            staged.removeFirst()
        }
        for stream in streams {
            try writeInPlace(stream.pieces, to: stream.path)
        }
    }

    /// Whether `path` (links followed) is a character device or a pipe, which is written by opening it: renaming a
    /// file over `/dev/null` would replace the system's. Throws for what is neither that nor a regular file.
    private static func isStream(_ path: String) throws -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return false
        case S_IFCHR, S_IFIFO: return true
        case S_IFDIR: throw CoreError.writeFailed(path: path, reason: "it is a folder, not a file")
        case S_IFBLK: throw CoreError.notWritableKind(path: path, kind: "a block device")
        case S_IFSOCK: throw CoreError.notWritableKind(path: path, kind: "a socket")
        default: throw CoreError.notWritableKind(path: path, kind: "a special file")
        }
    }

    /// Writes `pieces` into the device or pipe at `path` as they come: such a file has no content to keep whole.
    private static func writeInPlace(_ pieces: [Data], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CoreError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        try writeAll(pieces, to: descriptor, reportedAs: path)
    }

    /// Writes every byte of `pieces` to `descriptor`, retrying interrupted and partial writes.
    public static func writeAll(_ pieces: [Data], to descriptor: Int32, reportedAs path: String) throws {
        for data in pieces {
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        guard errno == EINTR else { throw CoreError.writeFailed(path: path, reason: String(cString: strerror(errno))) }
                        continue
                    }
                    offset += written
                }
            }
        }
    }

    /// The file `path` names once every symbolic link is followed; `path` itself when it is no link. The target
    /// need not exist yet (a link to a file still to be created).
    public static func resolvingLinks(_ path: String) throws -> String {
        var current = path
        // The kernel's own limit on links in a row (ELOOP).
        for _ in 0..<40 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            // A relative link is relative to the folder holding the link.
            let folder = (current as NSString).deletingLastPathComponent
            current = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
        }
        throw CoreError.writeFailed(path: path, reason: "too many levels of symbolic links")
    }

    /// Writes `pieces` to a new temporary file in `target`'s folder and returns its path. The file gets `target`'s
    /// permissions and, where allowed, its owner and group (a shared file stays usable by those who share it); it
    /// is private until then, so a 0600 file's content is never readable by others, even briefly. Without
    /// `followingLinks` it stays private. The temporary file is registered
    /// (`TemporaryFiles`) before it exists, so an interrupt removes it; the caller unregisters it.
    private static func stage(_ pieces: [Data], beside target: String, reportedAs path: String, followingLinks: Bool) throws -> String {
        let temporary = TemporaryFiles.path(beside: URL(fileURLWithPath: target)).path
        var existing = stat()
        let keeps = followingLinks && stat(target, &existing) == 0
        TemporaryFiles.register(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, keeps || !followingLinks ? 0o600 : 0o666)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryFiles.unregister(temporary)
            throw CoreError.writeFailed(path: path, reason: reason)
        }
        defer { close(descriptor) }
        func discard() {
            unlink(temporary)
            TemporaryFiles.unregister(temporary)
        }
        if keeps {
            // Only root may give a file away, and only members may hand it to a group; failing that, the
            // writer's own owner or group is the best there is.
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
                _ = fchown(descriptor, uid_t.max, existing.st_gid)
            }
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw CoreError.writeFailed(path: path, reason: reason)
            }
        }
        do {
            try writeAll(pieces, to: descriptor, reportedAs: path)
        } catch {
            discard()
            throw error
        }
        return temporary
    }

    /// Joins `relative` (which may come from scanned, untrusted code) onto `root` and refuses any result outside it:
    /// absolute paths, `..` components and empty components are rejected rather than normalised away.
    public static func contained(_ relative: String, in root: String) throws -> String {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        let safe = !relative.isEmpty && !relative.hasPrefix("/") && components.allSatisfy { component in
            !component.isEmpty && component != "." && component != ".." && !component.contains("\0") && !component.contains("\\")
        }
        guard safe else { throw CoreError.pathEscapesOutput(path: relative, root: root) }
        return root.hasSuffix("/") ? root + relative : root + "/" + relative
    }
}
