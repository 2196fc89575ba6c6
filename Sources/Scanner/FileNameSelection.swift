import Foundation
import MojifyCore

/// Files a caller wants listed from the scan's own walk (the tree's typemaps, say, or the headers that list message
/// classes), so that it need not walk the tree a second time: by exact name (`BUILD.gn`), by how the name ends
/// (`.mojom`) or by a glob on the name (`*message_generator*.h`, git's wildmatch), all case-sensitive. A C++ file
/// it selects is scanned and listed.
public struct FileNameSelection: Sendable, Equatable {
    public var names: Set<String>
    public var suffixes: Set<String>
    public var patterns: Set<String>

    public init(names: Set<String> = [], suffixes: Set<String> = [], patterns: Set<String> = []) {
        self.names = names
        self.suffixes = suffixes
        self.patterns = patterns
        nameBytes = names.map { Array($0.utf8) }
        suffixBytes = suffixes.map { Array($0.utf8) }
        // With wildmatch's end mark.
        patternBytes = patterns.map { Array($0.utf8) + [0] }
    }

    /// Every C++ source and header the scanner reads, by its extension.
    public static let cppFiles = FileNameSelection(suffixes: Set(FileWalker.sourceExtensions.map { "." + $0 }))

    /// Both selections: what two callers of one walk want.
    public func union(_ other: FileNameSelection) -> FileNameSelection {
        FileNameSelection(names: names.union(other.names), suffixes: suffixes.union(other.suffixes), patterns: patterns.union(other.patterns))
    }

    // Lists, not sets: a caller selects a handful, and comparing needs no array made per file name.
    private let nameBytes: [[UInt8]]
    private let suffixBytes: [[UInt8]]
    private let patternBytes: [[UInt8]]

    var isEmpty: Bool {
        names.isEmpty && suffixes.isEmpty && patterns.isEmpty
    }

    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        suffixBytes.contains { $0.count <= name.count && name[(name.count - $0.count)...].elementsEqual($0) }
            || nameBytes.contains { $0.elementsEqual(name) }
            || patternBytes.contains { pattern in pattern.withUnsafeBufferPointer { WildMatch.matches($0, from: 0, name, pathMode: true) } }
    }

    /// Whether the selection takes a file of this name (the last component of a path).
    public func contains(name: String) -> Bool {
        var name = name
        return name.withUTF8(contains)
    }

    public static func == (left: FileNameSelection, right: FileNameSelection) -> Bool {
        left.names == right.names && left.suffixes == right.suffixes && left.patterns == right.patterns
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
