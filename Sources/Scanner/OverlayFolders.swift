import MojifyCore

/// Headers that sit under an overlay folder: a folder of the tree whose subfolders mirror those of the Chromium it
/// builds against (Electron's `chromium_src/chrome/...`, a fork's `brave_src/content/...`), put first on the
/// include path so that its copies replace upstream's. What the code says decides, not the folder's name: it
/// includes such a header by the upstream path (`chrome/common/tts_messages.h`), never by its place in the tree,
/// and includes other files under that path's first folder that the overlay does not hold, which come from
/// upstream. A checkout's own include root (`cef/`, whose `libcef/` includes all resolve inside it) is no overlay.
enum OverlayFolders {
    /// The files read, each with the `#include` paths it holds.
    struct Includer {
        var path: String
        var includes: [String]
    }

    /// Header path in the tree -> the upstream path it mirrors, for the `headers` under an overlay folder.
    /// `treeFiles` (every path the walk found) is asked for only when a header is included by a shorter path.
    static func mirroredPaths(of headers: Set<String>, includers: [Includer], treeFiles: () -> Set<String>) -> [String: String] {
        // Each ending of a header's path that keeps a folder: how code names it when a folder above is included.
        var byEnding: [String: [String]] = [:]
        for header in headers {
            let parts = header.split(separator: "/")
            for dropped in 1..<max(parts.count - 1, 1) {
                byEnding[parts.dropFirst(dropped).joined(separator: "/"), default: []].append(header)
            }
        }
        guard !byEnding.isEmpty else { return [:] }
        var includedWhole = Set<String>()
        var spellings: [String: String] = [:]
        var includesByFirstFolder: [Substring: Set<String>] = [:]
        for includer in includers {
            let folder = includer.path.split(separator: "/").dropLast().joined(separator: "/")
            for include in includer.includes {
                guard let slash = include.firstIndex(of: "/") else { continue }
                // An include beside the including file says nothing about include folders.
                if let beside = TreePath.resolved(folder.isEmpty ? include : folder + "/" + include), headers.contains(beside), beside != include {
                    continue
                }
                includesByFirstFolder[include[..<slash], default: []].insert(include)
                if headers.contains(include) { includedWhole.insert(include) }
                // The longest spelling drops the fewest folders: an include folder deeper down says less.
                for header in byEnding[include] ?? [] where include.count > (spellings[header]?.count ?? 0) {
                    spellings[header] = include
                }
            }
        }
        let candidates = spellings.filter { !includedWhole.contains($0.key) }
        guard !candidates.isEmpty else { return [:] }
        let treeFiles = treeFiles()
        var mirrored: [String: String] = [:]
        for (header, spelling) in candidates {
            let overlay = String(header.dropLast(spelling.count + 1))
            let first = spelling[..<spelling.firstIndex(of: "/")!]
            let fromUpstream = includesByFirstFolder[first]?.contains { !treeFiles.contains(overlay + "/" + $0) } ?? false
            if fromUpstream { mirrored[header] = spelling }
        }
        return mirrored
    }
}
