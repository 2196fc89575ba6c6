import Foundation

/// Writing that never leaves a half-written file behind and never strays outside its folder.
public enum FileOutput {
    /// Writes `data` to a temporary file beside `path`, then renames it over `path`, so readers see the old
    /// content or the new, never a mix, and a killed run leaves the previous file intact.
    public static func writeAtomically(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).mojify-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).tmp")
        do {
            try data.write(to: temporary)
        } catch {
            throw CoreError.writeFailed(path: path, reason: (error as NSError).localizedDescription)
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
