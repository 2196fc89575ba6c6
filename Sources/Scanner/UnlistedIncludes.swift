import Foundation
import MojifyCore

/// Files that scanned files `#include` though the walk does not list them, for their names (`foo_messages.inl`,
/// `msgs.def`, `ipc_list`, `weird.h `): a compiler reads them all the same, so the scan does. Only such includes
/// of files the scan reads are looked up, each path once: a `stat` for each of a few names.
struct UnlistedIncludes: Codable, Equatable {
    /// A place an include may be.
    struct Candidate {
        /// The path to open.
        var path: String
        /// Relative to the scanned root: what the inventory shows.
        var relativePath: String
    }

    struct Found: Codable, Equatable {
        var path: String
        var relativePath: String
    }

    /// The files found, in the order they were, which is the order they follow the walk's files in.
    private(set) var found: [Found] = []
    /// Where an include was looked for and no file was: a file put there later must be read, so a kept inventory
    /// stands only while these stay empty.
    private(set) var missing: [String] = []
    /// Relative paths looked up so far.
    private var lookedUp = Set<String>()

    private enum CodingKeys: String, CodingKey {
        case found, missing
    }

    init() {}

    static func == (left: UnlistedIncludes, right: UnlistedIncludes) -> Bool {
        left.found == right.found && left.missing == right.missing
    }

    /// Looks `candidates` up, those not looked up before; returns the regular files among them (`--exclude` still
    /// applies), stamped when `stamped`.
    mutating func lookUp(_ candidates: [Candidate], excluding walker: FileWalker, stamped: Bool) -> [FileWalker.Entry] {
        var entries: [FileWalker.Entry] = []
        for candidate in candidates where lookedUp.insert(candidate.relativePath).inserted && !walker.isExcluded(candidate.relativePath) {
            var info = stat()
            guard stat(candidate.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                missing.append(candidate.path)
                continue
            }
            found.append(Found(path: candidate.path, relativePath: candidate.relativePath))
            entries.append(FileWalker.Entry(path: candidate.path, relativePath: candidate.relativePath, stamp: stamped ? FileStamp(info) : nil))
        }
        return entries
    }

    /// The files found, as entries stamped now, when each is still a regular file and no path that held none holds
    /// one now; nil otherwise (the scan then looks again).
    func entriesIfUnchanged() -> [FileWalker.Entry]? {
        var info = stat()
        for path in missing where stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
            return nil
        }
        var entries: [FileWalker.Entry] = []
        for file in found {
            guard stat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            entries.append(FileWalker.Entry(path: file.path, relativePath: file.relativePath, stamp: FileStamp(info)))
        }
        return entries
    }
}
