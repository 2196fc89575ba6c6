import Foundation
import MojifyCore

/// Files other than C++ sources and patches that a caller wants listed from the scan's own walk (the tree's
/// typemaps, say), so that it need not walk the tree a second time: by exact name (`BUILD.gn`) or by what follows
/// the last dot (`mojom`), both case-sensitive.
public struct FileNameSelection: Sendable, Equatable {
    public var names: Set<String>
    public var extensions: Set<String>

    public init(names: Set<String> = [], extensions: Set<String> = []) {
        self.names = names
        self.extensions = extensions
        nameBytes = names.map { Array($0.utf8) }
        extensionBytes = extensions.map { Array($0.utf8) }
    }

    // Lists, not sets: a caller selects a handful, and comparing needs no array made per file name.
    private let nameBytes: [[UInt8]]
    private let extensionBytes: [[UInt8]]

    var isEmpty: Bool {
        names.isEmpty && extensions.isEmpty
    }

    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        if !extensionBytes.isEmpty, let dot = name.lastIndex(of: UInt8(ascii: ".")) {
            let suffix = name[(dot + 1)...]
            if extensionBytes.contains(where: { $0.elementsEqual(suffix) }) { return true }
        }
        return nameBytes.contains { $0.elementsEqual(name) }
    }

    public static func == (left: FileNameSelection, right: FileNameSelection) -> Bool {
        left.names == right.names && left.extensions == right.extensions
    }
}

/// The files of `ScanOptions.listing` under one scanned folder.
public struct ListedFiles: Sendable, Equatable {
    /// The folder as given.
    public var root: String
    /// Paths relative to `root`, `/`-separated, in walk order.
    public var relativePaths: [String]

    public init(root: String, relativePaths: [String]) {
        self.root = root
        self.relativePaths = relativePaths
    }
}

/// What a scan found, and the files of `ScanOptions.listing` its walk came across.
public struct ScanResult: Sendable {
    public var inventory: Inventory
    /// One entry per scanned path, in the order of `ScanOptions.paths` (none with `onlyFiles`, which walks nothing).
    public var listed: [ListedFiles]
    /// `inventory.jsonData()`, when the scan had it at hand: a re-scan of an unchanged tree keeps it in the cache.
    public var inventoryJSON: Data?

    public init(inventory: Inventory, listed: [ListedFiles], inventoryJSON: Data? = nil) {
        self.inventory = inventory
        self.listed = listed
        self.inventoryJSON = inventoryJSON
    }
}
