/// Errors that stop a scan before it starts; problems inside files are diagnostics and never stop it, and so is a
/// git index the walk cannot read (`unreadableGitIndex`, which becomes a warning).
public enum ScannerError: Error, Equatable, CustomStringConvertible {
    case pathNotFound(String)
    case notAFolder(option: String, path: String)
    case notFileOrFolder(path: String, kind: String)
    case compileCommandsNotFound(String)
    case malformedCompileCommands(path: String, reason: String)
    case invalidExclude(String)
    case cacheUnusable(folder: String, reason: String)
    case onlyFilesNeedOneRoot([String])
    case includeDirOutsideRoot(path: String, root: String)
    case unreadableGitIndex(String)

    public var description: String {
        switch self {
        case let .notAFolder(option, path):
            "\(option) \(path): no such folder; give an existing folder (absolute, or relative to the scanned root for --include-dir)"
        case let .pathNotFound(path):
            "\(path): no such file or directory; pass a folder or file to scan"
        case let .notFileOrFolder(path, kind):
            "\(path): \(kind), not a regular file or folder; pass a folder or file to scan"
        case let .compileCommandsNotFound(path):
            "\(path): no compile_commands.json there; pass the folder that holds it (usually the build output folder)"
        case let .malformedCompileCommands(path, reason):
            "\(path): \(reason); regenerate it (gn gen --export-compile-commands, or CMAKE_EXPORT_COMPILE_COMMANDS=ON)"
        case let .invalidExclude(pattern):
            "--exclude '\(pattern)': empty pattern; give a glob such as 'third_party/**'"
        case let .cacheUnusable(folder, reason):
            "cache folder \(folder): \(reason); pass another --cache folder, or --no-cache"
        case let .includeDirOutsideRoot(path, root):
            "--include-dir \(path): outside the scanned folder \(root); mojify looks for headers among the files it scans, so scan a folder that holds both, or leave it out"
        case let .onlyFilesNeedOneRoot(paths):
            "a list of files needs exactly one folder to resolve them against, not \(paths.count) (\(paths.joined(separator: ", "))); pass the tree root once"
        case let .unreadableGitIndex(reason):
            reason
        }
    }
}
