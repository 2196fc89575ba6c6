import Foundation
import MojifyCore

/// Writes generated files under the output folder only, atomically, skipping unchanged ones and refusing to
/// overwrite files changed by hand. What mojify wrote is remembered in `.mojify-generated` (a content hash per
/// file), so a file whose bytes no longer match is known to be someone's edit.
struct OutputWriter {
    static let ledgerName = ".mojify-generated"

    enum Status: String {
        case created = "new"
        case updated = "changed"
        case unchanged
    }

    let root: String

    /// 64-bit FNV-1a: enough to tell an edited file from the one mojify wrote (this is not a security check).
    static func contentHash(_ text: String) -> String {
        StableHash.fnv1a(text)
    }

    func readLedger() -> [String: String] {
        guard let text = try? String(contentsOfFile: root + "/" + Self.ledgerName, encoding: .utf8) else { return [:] }
        var ledger: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { ledger[String(parts[1])] = String(parts[0]) }
        }
        return ledger
    }

    /// The status each file would get, or the list of files that may not be overwritten.
    func plan(_ files: [String: String], force: Bool) throws -> [(path: String, status: Status)] {
        let ledger = readLedger()
        var result: [(String, Status)] = []
        var refused: [String] = []
        for path in files.keys.sorted() {
            let full = try FileOutput.contained(path, in: root)
            guard let existing = try? String(contentsOfFile: full, encoding: .utf8) else {
                result.append((path, .created))
                continue
            }
            if existing == files[path] {
                result.append((path, .unchanged))
            } else if force || ledger[path] == Self.contentHash(existing) {
                result.append((path, .updated))
            } else {
                refused.append(path)
            }
        }
        if !refused.isEmpty { throw EmitterError.handEdited(paths: refused, root: root) }
        return result
    }

    func write(_ files: [String: String], statuses: [(path: String, status: Status)]) throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        for (path, status) in statuses where status != .unchanged {
            let full = try FileOutput.contained(path, in: root)
            let folder = (full as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let realFolder = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
            guard realFolder == realRoot || realFolder.hasPrefix(realRoot + "/") else {
                throw EmitterError.outputEscapes(path: path, root: root)
            }
            try FileOutput.writeAtomically(files[path]!, to: full)
        }
        var ledger = readLedger()
        for path in files.keys { ledger[path] = Self.contentHash(files[path]!) }
        let text = ledger.keys.sorted().map { "\(ledger[$0]!) \($0)" }.joined(separator: "\n") + "\n"
        try FileOutput.writeAtomically(text, to: try FileOutput.contained(Self.ledgerName, in: root))
    }
}
