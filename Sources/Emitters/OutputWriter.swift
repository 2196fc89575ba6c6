import Foundation
import MojifyCore

/// Writes generated files under the output folder only, atomically, skipping unchanged ones and refusing to
/// overwrite files changed by hand. What mojify wrote is remembered in `.mojify-generated` (a content hash per
/// file), so a file whose bytes no longer match is known to be someone's edit.
public struct OutputWriter {
    /// The file in the output folder that lists a content hash per file mojify wrote there.
    static let hashFileName = ".mojify-generated"

    public enum Status: String, Sendable {
        case created = "new"
        case updated = "changed"
        case unchanged
    }

    let root: String

    public init(root: String) {
        self.root = root
    }

    /// 64-bit FNV-1a: enough to tell an edited file from the one mojify wrote (this is not a security check).
    static func contentHash(_ text: String) -> String {
        StableHash.fnv1a(text)
    }

    func readHashes() -> [String: String] {
        guard let text = try? String(contentsOfFile: root + "/" + Self.hashFileName, encoding: .utf8) else { return [:] }
        var hashes: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { hashes[String(parts[1])] = String(parts[0]) }
        }
        return hashes
    }

    /// The status each file would get, or the list of files that may not be overwritten. Refuses, before anything
    /// is written, a path that a symbolic link already in the output folder would lead outside it.
    public func plan(_ files: [String: String], force: Bool) throws -> [(path: String, status: Status)] {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), !isFolder.boolValue {
            throw EmitterError.badOption("--out \(root) is a file; name a folder (it is created if missing)")
        }
        let hashes = readHashes()
        var result: [(String, Status)] = []
        var refused: [String] = []
        for path in files.keys.sorted() {
            let full = try FileOutput.contained(path, in: root)
            try checkFolders(of: path, full: full)
            guard let existing = try? String(contentsOfFile: full, encoding: .utf8) else {
                result.append((path, .created))
                continue
            }
            if existing == files[path] {
                result.append((path, .unchanged))
            } else if force || hashes[path] == Self.contentHash(existing) {
                result.append((path, .updated))
            } else {
                refused.append(path)
            }
        }
        if !refused.isEmpty { throw EmitterError.handEdited(paths: refused, root: root) }
        return result
    }

    /// Refuses `path` when the deepest of its folders that exists already resolves outside the output folder, or
    /// when it is a symbolic link (which writing follows) to a file outside it.
    private func checkFolders(of path: String, full: String) throws {
        var folder = (try FileOutput.resolvingLinks(full) as NSString).deletingLastPathComponent
        while !FileManager.default.fileExists(atPath: folder), folder.count > root.count {
            folder = (folder as NSString).deletingLastPathComponent
        }
        guard FileManager.default.fileExists(atPath: folder) else { return }
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        let realFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        guard realFolder == realRoot || realFolder.hasPrefix(realRoot + "/") else {
            throw EmitterError.outputEscapes(path: path, root: root)
        }
    }

    /// Files an earlier run wrote that `files` no longer has, and that are still there (sorted).
    public func stale(_ files: [String: String]) -> [String] {
        readHashes().keys.filter { path in
            files[path] == nil && (try? FileOutput.contained(path, in: root)).map { FileManager.default.fileExists(atPath: $0) } == true
        }.sorted()
    }

    public func write(_ files: [String: String], statuses: [(path: String, status: Status)]) throws {
        try FileOutput.createFolder(root)
        for (path, status) in statuses where status != .unchanged {
            let full = try FileOutput.contained(path, in: root)
            try checkFolders(of: path, full: full)
            try FileOutput.createFolder((full as NSString).deletingLastPathComponent)
            try FileOutput.writeAtomically(files[path]!, to: full)
        }
        // Stale files stay known as mojify's until someone deletes them; then they are forgotten.
        let stale = Set(stale(files))
        var hashes = readHashes().filter { stale.contains($0.key) }
        for path in files.keys { hashes[path] = Self.contentHash(files[path]!) }
        let text = hashes.keys.sorted().map { "\(hashes[$0]!) \($0)" }.joined(separator: "\n") + "\n"
        try FileOutput.writeAtomically(text, to: try FileOutput.contained(Self.hashFileName, in: root))
    }
}
