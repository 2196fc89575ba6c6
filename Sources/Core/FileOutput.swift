import Foundation

/// Writing that never leaves a half-written file behind and never strays outside its folder.
public enum FileOutput {
    /// Writes `data` to a temporary file beside `path`, then renames it over `path`, so readers see the old
    /// content or the new, never a mix, and a killed run leaves the previous file intact.
    public static func writeAtomically(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        TemporaryFiles.removeStale(beside: url)
        let temporary = TemporaryFiles.path(beside: url)
        TemporaryFiles.register(temporary.path)
        defer { TemporaryFiles.unregister(temporary.path) }
        do {
            try data.write(to: temporary)
        } catch {
            // A full disk leaves a partly written file behind.
            unlink(temporary.path)
            throw CoreError.writeFailed(path: path, reason: CoreError.reason(error))
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw CoreError.writeFailed(path: path, reason: reason)
        }
    }

    public static func writeAtomically(_ text: String, to path: String) throws {
        try writeAtomically(Data(text.utf8), to: path)
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
