import Foundation
import MojifyCore

/// The lines of scanned files, read on demand and kept for the run: suppression comments and fingerprints need the
/// text of the lines findings point at, which the inventory does not keep.
final class SourceLines {
    private let root: String?
    private var cache: [String: [Substring]] = [:]

    /// `root` is the folder inventory paths are relative to; nil reads nothing (every file looks empty).
    init(root: String?) {
        self.root = root
    }

    func lines(of file: String) -> [Substring] {
        if let known = cache[file] { return known }
        return split(file, read(file))
    }

    /// The lines of `file` when its bytes hold `needle` (ASCII), else none: a search of the bytes, where splitting
    /// and decoding every file that might hold a suppression comment cost a quarter of a report.
    func linesIfMentioning(_ needle: String, in file: String) -> [Substring] {
        if let known = cache[file] { return known }
        guard let data = read(file), data.range(of: Data(needle.utf8)) != nil else { return [] }
        return split(file, data)
    }

    private func read(_ file: String) -> Data? {
        guard let root else { return nil }
        let path = file.hasPrefix("/") ? file : (root.hasSuffix("/") ? root + file : root + "/" + file)
        return FileManager.default.contents(atPath: path)
    }

    private func split(_ file: String, _ data: Data?) -> [Substring] {
        // Lines end as the scanner's lexers end them: at `\n`, `\r\n` (one character here) or a lone `\r`.
        let lines = data.map { TextEncoding.text(of: $0).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" } } ?? []
        cache[file] = lines
        return lines
    }

    /// The 1-based line, or "" when the file or line does not exist.
    func line(_ number: Int, of file: String) -> Substring {
        let all = lines(of: file)
        return number >= 1 && number <= all.count ? all[number - 1] : ""
    }
}
