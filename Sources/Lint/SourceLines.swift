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
                read = TextEncoding.text(of: data).split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.last == "\r" ? $0.dropLast() : $0 }
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
