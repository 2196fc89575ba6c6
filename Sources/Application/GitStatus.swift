import Foundation

/// What git says of files in a checkout, for warnings only: without git, or outside a checkout, it says nothing.
enum GitStatus {
    /// Of `files` (relative to `root`), those with changes git has not committed: staged, unstaged or untracked.
    static func uncommitted(_ files: [String], in root: String) -> [String] {
        guard !files.isEmpty else { return [] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root, "status", "--porcelain=v1", "-z", "--untracked-files=all", "--"] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        // Entries are "XY path", NUL-ended; a rename is followed by its old path, which is not one of ours.
        let paths = data.split(separator: 0).compactMap { entry -> String? in
            entry.count > 3 ? String(decoding: entry.dropFirst(3), as: UTF8.self) : nil
        }
        // git names paths relative to the checkout's top, which may be above the root.
        let wanted = Set(files)
        return paths.filter { path in wanted.contains(path) || wanted.contains { path.hasSuffix("/" + $0) } }.sorted()
    }
}
