import Foundation
import MojifyConversion
import MojifyCore
import MojifyScanner

/// What a run's tree shows of its Mojo era (`MojoEra.Evidence`), gathered around the run's one scan: the headers of
/// `MojoEra.headers` by a file test each, before the scan; and only where none was found (an embedder's tree, without
/// Chromium's `mojo/`), the code mentions of `MojoEra.codeMarkers` in the C++ files the scan's own walk lists.
struct EraProbe {
    /// Header path -> where it was found: `the tree`, a folder above it, or an `--upstream-root`.
    let headers: [String: String]

    /// Looks in each scanned folder and each folder above it (an embedder checked out inside Chromium's `src/`, or a
    /// scan of part of a checkout), then in each `--upstream-root`: the first place holding a header names it.
    init(_ scan: ScanOptions) {
        var places: [(folder: String, name: String)] = []
        for path in scan.paths {
            var folder = URL(fileURLWithPath: path).standardizedFileURL
            places.append((folder.path, "the tree"))
            while folder.path != "/" {
                folder = folder.deletingLastPathComponent()
                places.append((folder.path, folder.path))
            }
        }
        places += scan.upstreamRoots.map { ($0, "--upstream-root \($0)") }
        var found: [String: String] = [:]
        for header in MojoEra.headers.map(\.path) {
            found[header] = places.first { Self.holds($0.folder + "/" + header, text: MojoEra.headerTexts[header]) }?.name
        }
        headers = found
    }

    /// Whether `path` is a file, holding `text` when one is given.
    private static func holds(_ path: String, text: String?) -> Bool {
        guard let text else { return FileManager.default.fileExists(atPath: path) }
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return contains(data, Array(text.utf8))
    }

    /// What the scan's walk must list for `evidence`: nothing when a header was found, else the C++ files and the
    /// manifest overlays.
    var listing: FileNameSelection {
        headers.isEmpty ? FileNameSelection(suffixes: Set(Self.codeSuffixes + MojoEra.fileMarkers.map(\.suffix))) : FileNameSelection()
    }

    /// `input` with the scan looking for the code markers (among `InventoryInput.markers`) where no header was
    /// found: the scan finds the files that mention one at no extra read, and its cache keeps them, so that
    /// `evidence` reads those few files, where it read every C++ file of the tree on every run.
    func looking(_ input: InventoryInput) -> InventoryInput {
        var input = input
        if headers.isEmpty, input.savedInventory == nil { input.scan.markers = InventoryInput.markers }
        return input
    }

    /// `input.loadLearningMappings`, with the scan looking for the markers, and the evidence of the tree's era. The
    /// inventory is returned without the marked files: they were the probe's, not the user's.
    func load(_ input: InventoryInput, listing: FileNameSelection, skipping: [String])
        throws -> (inventory: Inventory, learned: [TreeTypeMappings], listed: [ListedFiles], evidence: MojoEra.Evidence) {
        let looking = self.looking(input)
        var (inventory, learned, listed) = try looking.loadLearningMappings(listing: listing, skipping: skipping)
        let evidence = self.evidence(listed: listed, skipping: skipping, maxFileBytes: input.scan.maxFileBytes,
                                     marked: looking.scan.markers.isEmpty ? nil : inventory.markedFiles)
        inventory.markedFiles = nil
        return (inventory, learned, listed, evidence)
    }

    private static let codeSuffixes = [".h", ".hh", ".hpp", ".cc", ".cpp", ".cxx", ".mm"]

    /// The evidence: the headers, or the mentions in `listed` (the walk's files, `listing` among them) outside hidden
    /// folders and `skipping` (the output folder, whose drafts are mojify's own). Files are read in path order, and
    /// the reading stops once `base::Value::List` or `Dict` and a `BinderMap` mention are found, which no other can
    /// outrank. `marked`: the files a scan that looked for `markers` found them in (`Inventory.markedFiles`); only
    /// those C++ files are read. Nil (a saved inventory) reads them all.
    func evidence(listed: [ListedFiles], skipping: [String], maxFileBytes: Int, marked: [String]?) -> MojoEra.Evidence {
        guard headers.isEmpty else { return MojoEra.Evidence(headers: headers) }
        let skipped = skipping.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let mentioning = marked.map(Set.init)
        var files: [(shown: String, path: String)] = []
        for list in listed {
            let root = URL(fileURLWithPath: list.root).standardizedFileURL.path
            for relative in list.relativePaths {
                let shown = listed.count == 1 ? relative : list.root + "/" + relative
                // Most of a tree's files are C++ files no marker is in: those go before any path is taken apart.
                guard mentioning.map({ $0.contains(shown) }) ?? true || MojoEra.fileMarkers.contains(where: { relative.hasSuffix($0.suffix) }) else { continue }
                let path = root + "/" + relative
                guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                      !skipped.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
                files.append((shown, path))
            }
        }
        var mentions: [String: String] = [:]
        let markers = MojoEra.codeMarkers.map { (text: $0.text, bytes: Array($0.text.utf8), sign: $0.sign) }
        for file in files.sorted(by: { $0.shown < $1.shown }) {
            if let marker = MojoEra.fileMarkers.first(where: { file.path.hasSuffix($0.suffix) }) {
                if mentions[marker.suffix] == nil { mentions[marker.suffix] = file.shown }
                continue
            }
            guard Self.codeSuffixes.contains(where: file.path.hasSuffix),
                  let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int, size <= maxFileBytes,
                  let data = FileManager.default.contents(atPath: file.path) else { continue }
            for marker in markers where mentions[marker.text] == nil && Self.contains(data, marker.bytes) {
                mentions[marker.text] = file.shown
            }
            // Typed values with a binder map is the newest era whatever else is found.
            let found = Set(markers.filter { mentions[$0.text] != nil }.map(\.sign))
            if found.contains(.typedValues) && found.contains(.binderMap) { break }
        }
        return MojoEra.Evidence(mentions: mentions)
    }

    /// Whether `needle` (not empty) occurs in `data`, a needle ending in a name character not followed by another:
    /// candidates by `memchr` on its first byte, confirmed by `memcmp`.
    private static func contains(_ data: Data, _ needle: [UInt8]) -> Bool {
        let endsInName = isNameByte(needle[needle.count - 1])
        return data.withUnsafeBytes { haystack in
            guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
            var start = 0
            while let found = memchr(base + start, Int32(needle[0]), haystack.count - needle.count + 1 - start) {
                let offset = base.distance(to: found)
                if memcmp(found, needle, needle.count) == 0,
                   !endsInName || offset + needle.count == haystack.count || !isNameByte(haystack[offset + needle.count]) {
                    return true
                }
                start = offset + 1
                if start > haystack.count - needle.count { return false }
            }
            return false
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
