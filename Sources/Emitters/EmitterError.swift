import Foundation

/// Errors of `mojify generate` after planning: what it refuses to write and why.
public enum EmitterError: Error, Equatable, CustomStringConvertible {
    case handEdited(paths: [String], root: String)
    case outputEscapes(path: String, root: String)
    case invalidManifest(path: String, line: Int, column: Int, reason: String)
    case manifestWithoutService(path: String, known: [String])
    /// Valid JSON that mojify cannot merge into safely; `problem` says what is wrong and what to do.
    case unusableManifest(path: String, line: Int, column: Int, problem: String)
    case badOption(String)
    /// `migrate --apply` found files of the tree changed since they were scanned.
    case changedSinceScan(paths: [String])

    public var description: String {
        switch self {
        case let .handEdited(paths, root):
            "\(paths.count) file\(paths.count == 1 ? "" : "s") in \(root) changed since mojify wrote them, or were not written by mojify: \(paths.joined(separator: ", ")); nothing was written. Keep your edits elsewhere, or pass --force to overwrite them"
        case let .outputEscapes(path, root):
            "refusing to write '\(path)': through a symbolic link it would land outside the output folder '\(root)'"
        case let .invalidManifest(path, line, column, reason):
            "\(path):\(line):\(column): not valid JSON: \(reason); the file was left untouched"
        case let .unusableManifest(path, line, column, problem):
            "\(path):\(line):\(column): \(problem); the file was left untouched"
        case let .manifestWithoutService(path, known):
            "\(path): the manifest needs a top-level \"name\" naming a service of the rules' processes (\(known.joined(separator: ", "))); the file was left untouched"
        case let .badOption(message):
            message
        case let .changedSinceScan(paths):
            "\(paths.joined(separator: ", ")) changed since the scan, so the rewrites may no longer fit; nothing was written. Run 'mojify migrate --apply' again (with a saved inventory, scan again first)"
        }
    }
}
