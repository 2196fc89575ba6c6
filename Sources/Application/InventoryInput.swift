import MojifyConversion
import MojifyCore
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
        if let savedInventory { return try Inventory.load(from: savedInventory) }
        return try IPCScanner.scan(scan, progress: progress)
    }

    /// Type mappings the scanned tree and the `--upstream-root` checkouts declare (typemaps, `.mojom` files),
    /// `skipping` folders such as the output folder.
    public func learnedMappings(skipping: [String] = []) -> [TreeTypeMappings] {
        TreeTypeMappings.learn(scanned: scan.paths, upstream: scan.upstreamRoots, skipping: skipping)
    }
}
