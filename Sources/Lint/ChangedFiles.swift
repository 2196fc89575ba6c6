import Foundation
import MojifyScanner

/// The list given with `--files`: one path per line (as `git diff --name-only` prints them), relative to the current
/// folder or to the scanned root, or absolute. Paths outside the root, files that no longer exist (a deleted file
/// holds no findings) and files the scanner does not read (documentation, build files) are dropped.
enum ChangedFiles {
    static func read(list: String, root: String, standardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }) throws -> [String] {
        let data: Data
        if list == "-" {
            data = standardInput()
        } else {
            guard let read = FileManager.default.contents(atPath: list) else {
                throw LintError.unreadableFileList(path: list, reason: FileManager.default.fileExists(atPath: list) ? "permission denied" : "no such file")
            }
            data = read
        }
        let entries = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return Array(Set(entries.compactMap { relative($0, to: root) }.filter(Scanner.reads(fileNamed:)))).sorted()
    }

    /// `entry` as a path relative to `root`, if it names an existing file inside it.
    static func relative(_ entry: String, to root: String) -> String? {
        let absoluteRoot = URL(fileURLWithPath: root).standardized.path
        let candidates = entry.hasPrefix("/") ? [entry] : [entry, absoluteRoot + "/" + entry]
        for candidate in candidates {
            let path = URL(fileURLWithPath: candidate).standardized.path
            var isDirectory: ObjCBool = false
            guard path.hasPrefix(absoluteRoot + "/"), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                  !isDirectory.boolValue else { continue }
            return String(path.dropFirst(absoluteRoot.count + 1))
        }
        return nil
    }
}
