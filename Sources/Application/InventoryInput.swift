import Foundation
import MojifyConversion
import MojifyCore
import MojifyLint
import MojifyScanner

/// Where a command's inventory comes from: a scan of the tree, or an inventory that `mojify scan --format json -o
/// FILE` saved, so that a CI job scans once and lints, reports and generates from the one file.
public struct InventoryInput: Sendable {
    /// The tree: what is scanned, or, with a saved inventory, the folder it was scanned from (its paths are
    /// relative to it, and lint reads the lines of its files from there).
    public var scan: ScanOptions
    /// An inventory saved by `mojify scan --format json`; read instead of scanning.
    public var savedInventory: String?

    public init(scan: ScanOptions, savedInventory: String? = nil) {
        self.scan = scan
        self.savedInventory = savedInventory
    }

    public func load(progress: IPCScanner.Progress? = nil) throws -> Inventory {
        if let savedInventory { return try loadSaved(savedInventory) }
        return try IPCScanner.scan(scan, progress: progress)
    }

    /// The inventory and, when the scan had it at hand, its JSON as `Inventory.jsonData()` renders it (a re-scan of
    /// an unchanged tree keeps it from the last scan).
    public func loadWithJSON(progress: IPCScanner.Progress? = nil) throws -> (inventory: Inventory, json: Data?) {
        if let savedInventory { return (try loadSaved(savedInventory), nil) }
        let result = try IPCScanner.scanListing(scan, progress: progress)
        return (result.inventory, result.inventoryJSON)
    }

    /// What the flows that look for markers ask the scan for (`ScanOptions.markers`): lint's suppression comments
    /// and the era probe's code mentions. One set, so that the outcomes one flow's scan leaves in the cache serve
    /// the other's; each reads the few files marked for what it looks for.
    static let markers = [Suppression.marker] + MojoEra.codeMarkers.map(\.text)

    /// A saved inventory, checked against the folder it is used with (see `Inventory.checkFiles`).
    private func loadSaved(_ path: String) throws -> Inventory {
        let inventory = try Inventory.load(from: path)
        try inventory.checkFiles(under: try root(), inventoryPath: path)
        return inventory
    }

    /// The folder that inventory paths are relative to: the one folder scanned, the folder of the one file scanned,
    /// or the current folder when several paths are scanned (the scanner then prefixes each path's name).
    public func root() throws -> String {
        guard scan.paths.count == 1, let path = scan.paths.first else { return "." }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw ScannerError.pathNotFound(path) }
        if isDirectory.boolValue { return path }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The inventory, and the type mappings the scanned tree and the `--upstream-root` checkouts declare
    /// (typemaps, `.mojom` files), except under `skipping` folders such as the output folder. The tree's mapping
    /// files are listed by the scan's own walk (so they honour `.gitignore` and `--exclude` as scanned files do);
    /// only a saved inventory or an upstream checkout needs a walk of its own, which scans nothing.
    public func loadLearningMappings(skipping: [String] = [], progress: IPCScanner.Progress? = nil) throws -> (inventory: Inventory, learned: [TreeTypeMappings]) {
        let (inventory, learned, _) = try loadLearningMappings(listing: FileNameSelection(), skipping: skipping, progress: progress)
        return (inventory, learned)
    }

    /// The same, and the files `extra` selects in the scanned tree, listed by the same walk (one per scanned path).
    public func loadLearningMappings(listing extra: FileNameSelection, skipping: [String] = [], progress: IPCScanner.Progress? = nil) throws
        -> (inventory: Inventory, learned: [TreeTypeMappings], listed: [ListedFiles]) {
        let mappingFiles = FileNameSelection(names: TreeTypeMappings.sourceNames, suffixes: TreeTypeMappings.sourceSuffixes)
        let names = mappingFiles.union(extra)
        let inventory: Inventory
        let listed: [ListedFiles]
        if let savedInventory {
            inventory = try loadSaved(savedInventory)
            listed = IPCScanner.list(names, under: scan.paths, options: scan)
        } else {
            var options = scan
            options.listing = names
            let result = try IPCScanner.scanListing(options, progress: progress)
            inventory = result.inventory
            listed = result.listed
        }
        // The --exclude globs are the scanned tree's; an upstream checkout is taken whole.
        var upstream = scan
        upstream.excludes = []
        let learned = (listed + IPCScanner.list(mappingFiles, under: scan.upstreamRoots, options: upstream)).map {
            TreeTypeMappings.learn(root: $0.root, files: $0.relativePaths, skipping: skipping)
        }
        return (inventory, learned, listed)
    }
}
