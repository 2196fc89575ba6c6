import Foundation

/// The `git` the tests compare with: `git apply` judges migrate's patches.
public enum Git {
    /// Runs git in `folder`; the exit status and what it wrote to stderr.
    @discardableResult
    public static func run(_ arguments: [String], in folder: String) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// `git apply` (with `check`, only the check) of `patch` on a git copy of `root`; nil when git accepts it, else
    /// its complaint. The copy is made at `copy` and kept when given, else in a temporary folder removed after.
    public static func apply(_ patch: String, on root: String, check: Bool = true, into copy: String? = nil) throws -> String? {
        let folder = copy ?? NSTemporaryDirectory() + "mojify-apply-" + UUID().uuidString
        defer { if copy == nil { try? FileManager.default.removeItem(atPath: folder) } }
        try FileManager.default.copyItem(atPath: root, toPath: folder)
        try patch.write(toFile: folder + "/migrate.patch", atomically: true, encoding: .utf8)
        for arguments in [["init", "-q"], ["apply"] + (check ? ["--check"] : []) + ["migrate.patch"]] {
            let result = try run(arguments, in: folder)
            if result.status != 0 { return result.stderr }
        }
        try FileManager.default.removeItem(atPath: folder + "/migrate.patch")
        return nil
    }
}

/// Every file below a folder with its bytes, keyed by relative path: what a command must leave alone or change.
public func treeContents(_ root: String) -> [String: Data] {
    var contents: [String: Data] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: root)! {
        if let data = FileManager.default.contents(atPath: root + "/" + path) { contents[path] = data }
    }
    return contents
}
