import Foundation

/// The list given with `--files`: one path per line (as `git diff --name-only` prints them), relative to the current
/// folder or to the scanned root, or absolute. Paths outside the root, files that no longer exist (a deleted file
/// holds no findings) and files `isScanned` refuses (documentation, build files) are dropped. Paths git
/// quotes (`"d\303\251/a_messages.h"`, for bytes outside printable ASCII, `"` and `\\`) are unquoted first: dropped
/// as missing, they would let new legacy IPC in such files through the check.
public enum ChangedFiles {
    public static func read(
        list: String, root: String, isScanned: (String) -> Bool,
        standardInput: () -> Data
    ) throws -> [String] {
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
            .map(unquoted)
        return Array(Set(entries.compactMap { relative($0, to: root) }.filter(isScanned))).sorted()
    }

    /// A path as git writes it when `core.quotePath` applies: in double quotes, with C escapes and bytes as octal
    /// (`\303\251` is `é`). Anything else, or a quoted string git would not write, is returned as it is.
    static func unquoted(_ entry: String) -> String {
        guard entry.count >= 2, entry.hasPrefix("\""), entry.hasSuffix("\"") else { return entry }
        let escapes: [UInt8: UInt8] = [UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9, UInt8(ascii: "n"): 10,
                                       UInt8(ascii: "v"): 11, UInt8(ascii: "f"): 12, UInt8(ascii: "r"): 13,
                                       UInt8(ascii: "\""): UInt8(ascii: "\""), UInt8(ascii: "\\"): UInt8(ascii: "\\")]
        let octal = UInt8(ascii: "0")...UInt8(ascii: "7")
        var input = Array(entry.utf8.dropFirst().dropLast())[...]
        var bytes: [UInt8] = []
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            if let next = input.first, let escaped = escapes[next] {
                input.removeFirst()
                bytes.append(escaped)
            } else if input.count >= 3, input.prefix(3).allSatisfy(octal.contains) {
                let digits = input.prefix(3).map { Int($0 - UInt8(ascii: "0")) }
                input.removeFirst(3)
                let value = digits[0] * 64 + digits[1] * 8 + digits[2]
                guard value <= 255 else { return entry }
                bytes.append(UInt8(value))
            } else {
                return entry
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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
