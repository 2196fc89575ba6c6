import Foundation
import MojifyCore

extension ScanCache {
    /// The cache `options` ask for, or nil; a folder that cannot be used becomes a warning, not a failed scan.
    static func open(_ options: ScanOptions, diagnostics: inout [Diagnostic]) -> ScanCache? {
        guard let folder = options.cacheDirectory else { return nil }
        do {
            guard let keyFile = options.cacheKeyFile ?? ScanOptions.defaultCacheKeyFile() else {
                throw ScannerError.cacheUnusable(folder: folder, reason: "neither XDG_STATE_HOME nor HOME is set, so there is no place for the key that seals it")
            }
            return try ScanCache(folder: folder, keyFile: keyFile, options: options)
        } catch {
            diagnostics.append(ScanCache.problem(error))
            return nil
        }
    }

    func save(paths: [String], lastScan: LastScan?, diagnostics: inout [Diagnostic]) {
        do {
            try save(paths: paths, lastScan: lastScan)
        } catch {
            diagnostics.append(ScanCache.problem(error))
        }
    }

    private static func problem(_ error: Error) -> Diagnostic {
        Diagnostic(severity: .warning, location: SourceLocation(file: ".", line: 0, column: 0),
                   message: "scan cache not used: \(error)", hint: "the scan itself is complete")
    }
}

/// Tuples are not `Codable`: typedefs are stored as name/type pairs.
extension FileResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case parsed, partial, wrappers, includes, typedefNames, typedefTypes, types
    }

    /// Reads in the order `encode(to:)` writes: the binary cache coding is positional.
    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let parsed = try container.decode(Bool.self, forKey: .parsed)
        let partial = try container.decode(PartialInventory.self, forKey: .partial)
        let wrappers = try container.decode([WrapperMacro].self, forKey: .wrappers)
        let includes = try container.decode([String].self, forKey: .includes)
        let names = try container.decode([String].self, forKey: .typedefNames)
        let types = try container.decode([String].self, forKey: .typedefTypes)
        guard names.count == types.count else {
            throw DecodingError.dataCorruptedError(forKey: .typedefTypes, in: container, debugDescription: "typedef names and types differ in number")
        }
        self.init(
            parsed: parsed, partial: partial, wrappers: wrappers, includes: includes,
            typedefs: zip(names, types).map { (name: $0.0, type: $0.1) },
            types: try container.decode([TypeDefinition].self, forKey: .types)
        )
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(parsed, forKey: .parsed)
        try container.encode(partial, forKey: .partial)
        try container.encode(wrappers, forKey: .wrappers)
        try container.encode(includes, forKey: .includes)
        try container.encode(typedefs.map(\.name), forKey: .typedefNames)
        try container.encode(typedefs.map(\.type), forKey: .typedefTypes)
        try container.encode(types, forKey: .types)
    }
}

extension ScanOptions {
    /// Where `mojify scan` keeps its cache unless told otherwise: `$XDG_CACHE_HOME/mojify`, else `~/.cache/mojify`.
    public static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/mojify" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/mojify"
    }

    /// Where the secret that seals the user's cache files is kept (see `CacheSeal`): outside the cache folder, so
    /// that a cache folder copied from elsewhere does not bring its own key. `$XDG_STATE_HOME/mojify/cache-key`,
    /// else `~/.local/state/mojify/cache-key`.
    public static func defaultCacheKeyFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let base = environment["XDG_STATE_HOME"], base.hasPrefix("/") { return base + "/mojify/cache-key" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/mojify/cache-key"
    }
}
