import Foundation
import MojifyCore

/// Lists the files of the scanned roots that could hold C++ or patches, honouring `.gitignore` files and
/// `--exclude` globs. Never follows a symbolic link to a folder unless asked, and then never twice into one folder.
struct FileWalker {
    struct Entry: Sendable {
        /// Absolute (or as given) path to open.
        var path: String
        /// Path relative to the scanned root, `/`-separated: what the inventory shows.
        var relativePath: String
    }

    static let sourceExtensions: Set<String> = ["h", "hh", "hpp", "hxx", "inc", "ipp", "c", "cc", "cpp", "cxx", "m", "mm"]
    static let patchExtensions: Set<String> = ["patch", "diff"]
    /// Compiled sources, as opposed to headers: multiply-included message definitions do not live there.
    static let compiledExtensions: Set<String> = ["c", "cc", "cpp", "cxx", "m", "mm"]

    var excludes: [Glob]
    var followSymlinks: Bool
    var honourGitIgnore: Bool

    /// The files, in a stable order, and a diagnostic for each folder that could not be read.
    func walk(root: String) -> (files: [Entry], problems: [Diagnostic]) {
        var files: [Entry] = []
        var problems: [Diagnostic] = []
        var visitedFolders = Set<FolderIdentity>()
        var info = stat()
        guard stat(root, &info) == 0 else {
            problems.append(Diagnostic(severity: .error, location: SourceLocation(file: root, line: 0, column: 0),
                                       message: "cannot read: \(String(cString: strerror(errno)))"))
            return (files, problems)
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            if FileWalker.isScannable(root) {
                files.append(Entry(path: root, relativePath: URL(fileURLWithPath: root).lastPathComponent))
            }
            return (files, problems)
        }

        var ignoreStack: [(base: String, rules: GitIgnore)] = []
        func isExcluded(_ relative: String, isDirectory: Bool) -> Bool {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            for glob in excludes {
                if glob.matches(relative) || (!glob.pattern.contains("/") && glob.matches(name)) { return true }
                if isDirectory && glob.pattern.hasSuffix("/**") && glob.matches(relative + "/x") { return true }
            }
            guard honourGitIgnore else { return false }
            var ignored = false
            for (base, rules) in ignoreStack {
                let local = base.isEmpty ? relative : String(relative.dropFirst(base.count + 1))
                if let verdict = rules.verdict(for: local, isDirectory: isDirectory) { ignored = verdict }
            }
            return ignored
        }

        func visit(folder: String, relative: String) {
            // Only links can bring a folder back; without following them, no folder is seen twice.
            if followSymlinks {
                var info = stat()
                if stat(folder, &info) == 0 { visitedFolders.insert(FolderIdentity(info)) }
            }
            let pushed: Bool
            if honourGitIgnore, let text = try? String(contentsOfFile: folder + "/.gitignore", encoding: .utf8) {
                ignoreStack.append((relative, GitIgnore(text: text)))
                pushed = true
            } else {
                pushed = false
            }
            defer { if pushed { ignoreStack.removeLast() } }

            guard let handle = opendir(folder) else {
                problems.append(Diagnostic(
                    severity: .warning, location: SourceLocation(file: relative.isEmpty ? "." : relative, line: 0, column: 0),
                    message: "cannot list folder: \(String(cString: strerror(errno)))", hint: "check its permissions; it was skipped"
                ))
                return
            }
            var names: [(String, UInt8)] = []
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." || name == ".git" { continue }
                names.append((name, entry.pointee.d_type))
            }
            closedir(handle)
            names.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }

            for (name, type) in names {
                let path = folder + "/" + name
                let child = relative.isEmpty ? name : relative + "/" + name
                var kind = type
                if kind == UInt8(DT_UNKNOWN) || kind == UInt8(DT_LNK) {
                    var linkInfo = stat()
                    if lstat(path, &linkInfo) != 0 { continue }
                    let isLink = (linkInfo.st_mode & S_IFMT) == S_IFLNK
                    if isLink {
                        var target = stat()
                        guard stat(path, &target) == 0 else {
                            problems.append(Diagnostic(severity: .note, location: SourceLocation(file: child, line: 0, column: 0),
                                                       message: "broken symbolic link skipped"))
                            continue
                        }
                        if (target.st_mode & S_IFMT) == S_IFDIR {
                            guard followSymlinks else { continue }
                            guard !visitedFolders.contains(FolderIdentity(target)) else {
                                problems.append(Diagnostic(severity: .note, location: SourceLocation(file: child, line: 0, column: 0),
                                                           message: "symbolic link loop (or second link to a folder already scanned) skipped"))
                                continue
                            }
                            kind = UInt8(DT_DIR)
                        } else {
                            kind = (target.st_mode & S_IFMT) == S_IFREG ? UInt8(DT_REG) : UInt8(DT_UNKNOWN)
                        }
                    } else {
                        let mode = linkInfo.st_mode & S_IFMT
                        kind = mode == S_IFDIR ? UInt8(DT_DIR) : (mode == S_IFREG ? UInt8(DT_REG) : UInt8(DT_UNKNOWN))
                    }
                }
                if kind == UInt8(DT_DIR) {
                    guard !isExcluded(child, isDirectory: true) else { continue }
                    visit(folder: path, relative: child)
                } else if kind == UInt8(DT_REG) {
                    guard FileWalker.isScannable(name), !isExcluded(child, isDirectory: false) else { continue }
                    files.append(Entry(path: path, relativePath: child))
                }
            }
        }
        visit(folder: root, relative: "")
        return (files, problems)
    }

    static func isScannable(_ name: String) -> Bool {
        let ext = fileExtension(name)
        return sourceExtensions.contains(ext) || patchExtensions.contains(ext)
    }

    static func isPatch(_ name: String) -> Bool {
        patchExtensions.contains(fileExtension(name))
    }

    /// The lower-cased text after the last dot, `""` without one.
    static func fileExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

private struct FolderIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
