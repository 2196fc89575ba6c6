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
        var read: [Substring] = []
        if let root {
            let path = file.hasPrefix("/") ? file : (root.hasSuffix("/") ? root + file : root + "/" + file)
            if let data = FileManager.default.contents(atPath: path) {
                // Lines end as the scanner's lexers end them: at `\n`, `\r\n` (one character here) or a lone `\r`.
                read = TextEncoding.text(of: data).split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            }
        }
        cache[file] = read
        return read
    }

    /// The 1-based line, or "" when the file or line does not exist.
    func line(_ number: Int, of file: String) -> Substring {
        let all = lines(of: file)
        return number >= 1 && number <= all.count ? all[number - 1] : ""
    }
}
