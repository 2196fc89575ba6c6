import Foundation
import XCTest

/// Golden files: expected output checked into the repository next to the tests, rewritten only when
/// `MOJIFY_UPDATE_GOLDEN=1` asks for it.
public enum Golden {
    public static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["MOJIFY_UPDATE_GOLDEN"] == "1"
    }

    /// Compares `actual` with the file at `path`, failing with the differing lines; when updating, rewrites the file
    /// instead.
    public static func assertMatches(_ actual: String, path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        if isUpdating {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return XCTFail("no golden file \(path); run the tests with MOJIFY_UPDATE_GOLDEN=1 to create it", file: file, line: line)
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected != actual || data != Data(actual.utf8) {
            XCTFail("output differs from the golden file \(path) (MOJIFY_UPDATE_GOLDEN=1 rewrites it if the change is intended):\n\(lineDiff(expected, actual))",
                    file: file, line: line)
        }
    }

    /// Compares a whole folder of files (relative path → contents) with the golden folder at `path`: the same set of
    /// files, each with the same contents. When updating, replaces the folder.
    public static func assertMatches(folder files: [String: String], path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        if isUpdating {
            try? FileManager.default.removeItem(atPath: path)
            for (relative, text) in files {
                try assertMatches(text, path: path + "/" + relative, file: file, line: line)
            }
            return
        }
        let enumerator = FileManager.default.enumerator(at: URL(fileURLWithPath: path), includingPropertiesForKeys: [.isRegularFileKey])
        let golden = Set((enumerator?.allObjects as? [URL] ?? []).filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { String($0.standardized.path.dropFirst(URL(fileURLWithPath: path).standardized.path.count + 1)) })
        XCTAssertEqual(golden, Set(files.keys), "the file set differs from the golden folder \(path); MOJIFY_UPDATE_GOLDEN=1 rewrites it if intended",
                       file: file, line: line)
        for relative in files.keys.sorted() where golden.contains(relative) {
            try assertMatches(files[relative]!, path: path + "/" + relative, file: file, line: line)
        }
    }

    /// The differing lines of two texts (at most 40), each with its line number.
    public static func lineDiff(_ expected: String, _ actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for index in 0 ..< max(left.count, right.count) where out.count < 40 {
            let old = index < left.count ? String(left[index]) : "<end of text>"
            let new = index < right.count ? String(right[index]) : "<end of text>"
            if old != new { out.append("line \(index + 1):\n- \(old)\n+ \(new)") }
        }
        return out.isEmpty ? "(the texts differ only in their bytes, e.g. line endings or normalisation)" : out.joined(separator: "\n")
    }
}
