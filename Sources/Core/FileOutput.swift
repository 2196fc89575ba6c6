import Foundation

/// Writing that never leaves a half-written file behind and never strays outside its folder.
public enum FileOutput {
    /// Writes `data` to a temporary file beside `path`, then renames it over `path`, so readers see the old
    /// content or the new, never a mix, and a killed run leaves the previous file intact. A symbolic link is
    /// written through (its target is replaced, the link stays) and an existing file keeps its permissions.
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
        try writeAtomically(pieces: files.map { ($0.path, [$0.data]) })
    }

    /// As `writeAtomically(_:to:)`, with the file's bytes given in pieces written one after another, so that a
    /// large file need not first be joined into one buffer.
    public static func writeAtomically(pieces: [Data], to path: String) throws {
        try writeAtomically(pieces: [(path, pieces)])
    }

    private static func writeAtomically(pieces files: [(path: String, pieces: [Data])]) throws {
        var staged: [(temporary: String, target: String, path: String)] = []
        defer {
            for file in staged {
                unlink(file.temporary)
                TemporaryFiles.unregister(file.temporary)
            }
        }
        for (path, pieces) in files {
            let target = try resolvingLinks(path)
            TemporaryFiles.removeStale(beside: URL(fileURLWithPath: target))
            staged.append((try stage(pieces, beside: target, reportedAs: path), target, path))
        }
        while let file = staged.first {
            if rename(file.temporary, file.target) != 0 {
                throw CoreError.writeFailed(path: file.path, reason: String(cString: strerror(errno)))
            }
            TemporaryFiles.unregister(file.temporary)
            staged.removeFirst()
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
    /// is private until then, so a 0600 file's content is never readable by others, even briefly. The temporary
    /// file is registered (`TemporaryFiles`) before it exists, so an interrupt removes it; the caller unregisters it.
    private static func stage(_ pieces: [Data], beside target: String, reportedAs path: String) throws -> String {
        let temporary = TemporaryFiles.path(beside: URL(fileURLWithPath: target)).path
        var existing = stat()
        let keeps = stat(target, &existing) == 0
        TemporaryFiles.register(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, keeps ? 0o600 : 0o666)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            TemporaryFiles.unregister(temporary)
            throw CoreError.writeFailed(path: path, reason: reason)
        }
        defer { close(descriptor) }
        func failed() -> CoreError {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            TemporaryFiles.unregister(temporary)
            return CoreError.writeFailed(path: path, reason: reason)
        }
        if keeps {
            // Only root may give a file away, and only members may hand it to a group; failing that, the
            // writer's own owner or group is the best there is.
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0 {
                _ = fchown(descriptor, uid_t.max, existing.st_gid)
            }
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw failed() }
        }
        for data in pieces {
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        guard errno == EINTR else { throw failed() }
                        continue
                    }
                    offset += written
                }
            }
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
