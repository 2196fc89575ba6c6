import Foundation

/// The on-disk form of a scan cache: a checksummed binary table of files with their stamps and outcomes, the passes
/// those outcomes were worked out in, then the binary encoding (`BinaryCoding`) of each cached result, which is
/// decoded only when a file is reused, then the last scan's surroundings (walk problems, unlisted includes) and
/// whole inventory, which answer a re-scan of a tree in which nothing changed (or nothing that changes an outcome),
/// and that inventory's JSON, which is then the output as it stands.
/// In memory, the paths are one byte buffer rather than a string each.
///
/// Layout (little-endian): magic, format version, payload length, the payload checksum (`ContentHash`) tagged
/// with the user's secret (`CacheSeal`), payload. Any mismatch (truncated, edited, written by someone else, other
/// format) makes the whole file unreadable, and the scan starts afresh.
struct CacheFile {
    struct Stored {
        /// Where the path lies in `pathBytes`.
        var path: Range<Int>
        var stamp: FileStamp
        /// The hash of the file's bytes, kept when the stamp was too close to the scan that stored it to prove
        /// anything (see `FileStamp.isRacy`), and for a file with a result, so that the same bytes under a new
        /// stamp (a touched file, one checked out again unchanged) are not parsed again.
        var contentHash: ContentHash?
        /// Whether the stamp cannot vouch for the file: the hash must match even when the stamp does.
        var racy = false
        /// This file's share of `outcomes`.
        var outcomes: Range<Int>
    }

    /// The outcome in one scan context: the index of a result in `results`, or nil when the file held no needle.
    struct Outcome {
        var context: ContentHash
        var result: Int?
    }

    static let magic = Array("MOJIFYSCANCACHE\n".utf8)
    /// Bumped whenever this layout or the meaning of a stored result changes.
    static let formatVersion: UInt32 = 19

    var key: String
    var files: [Stored]
    var pathBytes: [UInt8]
    var outcomes: [Outcome]
    /// The binary encoding of the passes (`ScanCache.StoredPass`) that `outcomes` name by context, so that a file
    /// can be analysed again as the last scan did.
    var passes: Data?
    /// Slices of the file as read (no copies): a large tree's results and inventory are tens of MB.
    var results: [Data]
    /// The binary encodings of the last scan's surroundings (`ScanCache.Surroundings`) and inventory, when the scan
    /// that wrote the file can vouch for them; apart, so that the former can be compared without decoding the latter.
    var lastSurroundings: Data?
    var lastInventory: Data?
    /// `Inventory.jsonData()` of the last scan's inventory, stored with `lastInventory`.
    var lastInventoryJSON: Data?
    /// For a cache read from a file: the file, where each file's stamp lies in it and where the JSON section
    /// starts, so that a file that only changes stamps is written as slices of this one (see `patched`).
    private var read: (file: Data, stampOffsets: [Int], jsonSection: Int)?

    /// The size of the file this was read from; 0 for a cache not read from a file.
    var byteCount: Int {
        read?.file.count ?? 0
    }

    func path(at index: Int) -> ArraySlice<UInt8> {
        pathBytes[files[index].path]
    }

    /// Whether file `index` is at `path`: a byte comparison, with no per-byte iteration of the string.
    func hasPath(_ path: String, at index: Int) -> Bool {
        var path = path
        let range = files[index].path
        return path.withUTF8 { bytes in
            bytes.count == range.count && pathBytes.withUnsafeBufferPointer { stored in
                bytes.isEmpty || memcmp(bytes.baseAddress!, stored.baseAddress! + range.lowerBound, range.count) == 0
            }
        }
    }

    private static let headerSize = magic.count + 8 + 8 + 17

    /// The file's bytes in one buffer.
    func encoded(sealedWith seal: CacheSeal) -> [UInt8] {
        var (tables, rest) = encodedTables()
        let pieces = CacheFile.seal(&tables, then: rest, lastInventoryJSON: lastInventoryJSON, with: seal)
        return pieces.reduce(tables) { $0 + $1 }
    }

    /// The file's bytes up to the kept inventory's JSON, which comes last: the tables in one buffer allocated once at
    /// its final size (a large tree's cache is tens of MB, and a growing buffer would need twice that at its peak),
    /// with the header left for `seal`; then the results and the last scan as pieces, each after its length, the
    /// stored slices themselves (of the file read, for results reused), so that none of them is copied. The JSON is
    /// not written here: the caller may render it once these tables, and the old cache behind them, are freed.
    func encodedTables() -> (tables: [UInt8], rest: [Data]) {
        var size = CacheFile.headerSize + 8 + key.utf8.count + 8 + 16 + (passes?.count ?? 0)
        size += files.count * (8 + 5 * 8 + 17 + 8) + pathBytes.count + outcomes.count * (17 + 8)
        var file = Writer()
        file.bytes.reserveCapacity(size)
        file.bytes += CacheFile.magic
        file.integer(UInt64(CacheFile.formatVersion))
        // The payload's length and checksum are filled in by `seal`.
        file.bytes += [UInt8](repeating: 0, count: 8 + 17)
        file.string(key)
        file.integer(UInt64(files.count))
        for stored in files {
            file.integer(UInt64(stored.path.count))
            file.bytes.append(contentsOf: pathBytes[stored.path])
            file.stamp(stored.stamp)
            file.contentHash(stored.contentHash, racy: stored.racy)
            file.integer(UInt64(stored.outcomes.count))
            for outcome in outcomes[stored.outcomes] {
                file.hash(outcome.context)
                file.integer(outcome.result.map { UInt64($0) + 1 } ?? 0)
            }
        }
        file.section(passes)
        file.integer(UInt64(results.count))
        var rest: [Data] = []
        rest.reserveCapacity(2 * results.count + 4)
        for result in results {
            rest.append(Data(Writer.integerBytes(UInt64(result.count))))
            rest.append(result)
        }
        for section in [lastSurroundings, lastInventory] {
            rest.append(Data(Writer.integerBytes(section.map { UInt64($0.count) + 1 } ?? 0)))
            if let section { rest.append(section) }
        }
        return (file.bytes, rest)
    }

    /// Completes `tables` (from `encodedTables`) with the header for a file that goes on with `rest` (from
    /// `encodedTables` too), then the JSON section: returns the pieces to write after `tables`.
    static func seal(_ tables: inout [UInt8], then rest: [Data], lastInventoryJSON json: Data?, with seal: CacheSeal) -> [Data] {
        var length = Writer()
        length.integer(json.map { UInt64($0.count) + 1 } ?? 0)
        let pieces = rest + [Data(length.bytes)] + (json.map { [$0] } ?? [])
        var hasher = ContentHash.Hasher()
        tables.withUnsafeBytes { hasher.add(UnsafeRawBufferPointer(rebasing: $0[headerSize...])) }
        for piece in pieces {
            piece.withUnsafeBytes { hasher.add($0) }
        }
        tables.replaceSubrange((headerSize - 25)..<headerSize,
                               with: lengthAndChecksum(tables.count - headerSize + pieces.reduce(0) { $0 + $1.count }, seal.tag(hasher.finish())))
        return pieces
    }

    private static func lengthAndChecksum(_ length: Int, _ checksum: ContentHash) -> [UInt8] {
        var header = Writer()
        header.integer(UInt64(length))
        header.hash(checksum)
        return header.bytes
    }

    /// The pieces of this cache written again with the stamps and hashes `files` hold now for the files at
    /// `changed` (ascending) and `json` as the JSON section: all but those entries and the header are slices of
    /// the file as read, so no table is encoded and nothing is copied. Nil for a cache not read from a file.
    func patched(changed: [Int], lastInventoryJSON json: Data?, sealedWith seal: CacheSeal) -> [Data]? {
        guard let (file, stampOffsets, jsonSection) = read else { return nil }
        var body: [Data] = []
        var position = file.startIndex + CacheFile.headerSize
        for index in changed {
            let offset = stampOffsets[index]
            body.append(file[position..<offset])
            var stamp = Writer()
            stamp.stamp(files[index].stamp)
            stamp.contentHash(files[index].contentHash, racy: files[index].racy)
            body.append(Data(stamp.bytes))
            // Five integers, then the hash's flag byte (not 0 when 16 bytes of hash follow).
            position = offset + 40 + (file[offset + 40] == 0 ? 1 : 17)
        }
        body.append(file[position..<jsonSection])
        var length = Writer()
        length.integer(json.map { UInt64($0.count) + 1 } ?? 0)
        body.append(Data(length.bytes))
        if let json { body.append(json) }
        var hasher = ContentHash.Hasher()
        for piece in body {
            piece.withUnsafeBytes { hasher.add($0) }
        }
        let header = CacheFile.magic + Writer.integerBytes(UInt64(CacheFile.formatVersion))
            + CacheFile.lengthAndChecksum(body.reduce(0) { $0 + $1.count }, seal.tag(hasher.finish()))
        return [Data(header)] + body
    }

    /// nil for anything that is not an intact cache file of this format sealed with `seal`.
    init?(decoding data: Data, sealedWith seal: CacheSeal) {
        guard let decoded = data.withUnsafeBytes({ CacheFile.decode(Reader(bytes: $0), file: data, seal: seal) }) else { return nil }
        self = decoded
    }

    init(key: String, files: [Stored], pathBytes: [UInt8], outcomes: [Outcome], passes: Data?, results: [Data],
         lastSurroundings: Data?, lastInventory: Data?, lastInventoryJSON: Data?) {
        self.key = key
        self.files = files
        self.pathBytes = pathBytes
        self.outcomes = outcomes
        self.passes = passes
        self.results = results
        self.lastSurroundings = lastSurroundings
        self.lastInventory = lastInventory
        self.lastInventoryJSON = lastInventoryJSON
    }

    /// A cache that holds nothing yet.
    init(empty key: String) {
        self.init(key: key, files: [], pathBytes: [], outcomes: [], passes: nil, results: [], lastSurroundings: nil,
                  lastInventory: nil, lastInventoryJSON: nil)
    }

    /// `start` reads `file`'s bytes.
    private static func decode(_ start: Reader, file: Data, seal: CacheSeal) -> CacheFile? {
        var reader = start
        guard reader.take(magic.count).map(Array.init) == magic,
              reader.integer() == UInt64(formatVersion),
              let length = reader.integer(), let checksum = reader.hash() ?? nil, length == UInt64(reader.remaining) else { return nil }
        let bodyStart = file.startIndex + reader.offset
        guard let body = reader.take(Int(length)), seal.tag(ContentHash(body)) == checksum else { return nil }
        reader = Reader(bytes: body)
        /// The next `length` bytes as a slice of `file`, which shares its storage.
        func slice(_ length: Int, _ reader: inout Reader) -> Data? {
            let start = bodyStart + reader.offset
            guard reader.take(length) != nil else { return nil }
            return file[start..<start + length]
        }
        guard let key = reader.string(), let fileCount = reader.count() else { return nil }
        var files: [Stored] = []
        var pathBytes: [UInt8] = []
        var outcomes: [Outcome] = []
        var stampOffsets: [Int] = []
        files.reserveCapacity(fileCount)
        stampOffsets.reserveCapacity(fileCount)
        outcomes.reserveCapacity(fileCount)
        // The paths take some of the body; memory reserved and never written costs nothing, a buffer grown by
        // doubling copies itself each time.
        pathBytes.reserveCapacity(reader.remaining)
        for _ in 0..<fileCount {
            guard let pathLength = reader.count(), let path = reader.take(pathLength) else { return nil }
            stampOffsets.append(bodyStart + reader.offset)
            guard let size = reader.integer(), let modified = reader.integer(),
                  let changed = reader.integer(), let inode = reader.integer(), let device = reader.integer(),
                  let (contentHash, racy) = reader.contentHash(), let outcomeCount = reader.count() else { return nil }
            let first = outcomes.count
            for _ in 0..<outcomeCount {
                guard let context = reader.hash() ?? nil, let result = reader.integer() else { return nil }
                outcomes.append(Outcome(context: context, result: result == 0 ? nil : Int(result - 1)))
            }
            let stamp = FileStamp(size: Int64(bitPattern: size), modified: Int64(bitPattern: modified),
                                  changed: Int64(bitPattern: changed), inode: inode, device: device)
            pathBytes.append(contentsOf: path)
            files.append(Stored(path: (pathBytes.count - path.count)..<pathBytes.count, stamp: stamp, contentHash: contentHash, racy: racy,
                                outcomes: first..<outcomes.count))
        }
        /// A section stored with its length plus one, 0 for none: `.some(nil)` for none, nil when malformed.
        func optionalSection(_ reader: inout Reader) -> Data?? {
            guard let length = reader.integer() else { return nil }
            if length == 0 { return .some(nil) }
            guard length - 1 <= UInt64(reader.remaining), let bytes = slice(Int(length - 1), &reader) else { return nil }
            return .some(bytes)
        }
        guard let passes = optionalSection(&reader) else { return nil }
        guard let resultCount = reader.count() else { return nil }
        var results: [Data] = []
        results.reserveCapacity(resultCount)
        for _ in 0..<resultCount {
            guard let length = reader.count(), let bytes = slice(length, &reader) else { return nil }
            results.append(bytes)
        }
        guard let lastSurroundings = optionalSection(&reader), let lastInventory = optionalSection(&reader) else { return nil }
        let jsonSection = bodyStart + reader.offset
        guard let lastInventoryJSON = optionalSection(&reader), reader.remaining == 0,
              (lastSurroundings == nil) == (lastInventory == nil),
              outcomes.allSatisfy({ $0.result.map { $0 < resultCount } ?? true }) else { return nil }
        var decoded = CacheFile(key: key, files: files, pathBytes: pathBytes, outcomes: outcomes, passes: passes, results: results,
                                lastSurroundings: lastSurroundings, lastInventory: lastInventory, lastInventoryJSON: lastInventoryJSON)
        decoded.read = (file, stampOffsets, jsonSection)
        return decoded
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func integer(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        static func integerBytes(_ value: UInt64) -> [UInt8] {
            var writer = Writer()
            writer.integer(value)
            return writer.bytes
        }

        /// Five integers: what `patched` replaces in place.
        mutating func stamp(_ stamp: FileStamp) {
            for value in [UInt64(bitPattern: stamp.size), UInt64(bitPattern: stamp.modified), UInt64(bitPattern: stamp.changed), stamp.inode, stamp.device] {
                integer(value)
            }
        }

        mutating func string(_ value: String) {
            integer(UInt64(value.utf8.count))
            bytes.append(contentsOf: value.utf8)
        }

        mutating func append(_ data: Data) {
            data.withUnsafeBytes { bytes.append(contentsOf: $0) }
        }

        /// An optional section: its length plus one (0 for none), then its bytes.
        mutating func section(_ data: Data?) {
            integer(data.map { UInt64($0.count) + 1 } ?? 0)
            data.map { append($0) }
        }

        mutating func hash(_ value: ContentHash?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            integer(value.high)
            integer(value.low)
        }

        /// A file's content hash: flagged 1 when its stamp is racy, 2 when not (a hash with no racy stamp is
        /// kept only to recognise the same bytes under a new stamp).
        mutating func contentHash(_ value: ContentHash?, racy: Bool) {
            guard let value else { return bytes.append(0) }
            bytes.append(racy ? 1 : 2)
            integer(value.high)
            integer(value.low)
        }
    }

    /// Reads with bounds checks only: every accessor returns nil past the end instead of trapping.
    private struct Reader {
        var bytes: UnsafeRawBufferPointer
        var offset = 0

        var remaining: Int { bytes.count - offset }

        mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= remaining else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        mutating func integer() -> UInt64? {
            guard let raw = take(8) else { return nil }
            return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        }

        /// A length or count, refused when it could not possibly fit in what is left.
        mutating func count() -> Int? {
            guard let value = integer(), value <= UInt64(remaining) else { return nil }
            return Int(value)
        }

        mutating func string() -> String? {
            guard let length = count(), let raw = take(length) else { return nil }
            return String(decoding: raw, as: UTF8.self)
        }

        /// As `Writer.contentHash` writes it; nil when the bytes are malformed.
        mutating func contentHash() -> (ContentHash?, racy: Bool)? {
            guard let flag = take(1)?.first else { return nil }
            if flag == 0 { return (nil, false) }
            guard flag == 1 || flag == 2, let high = integer(), let low = integer() else { return nil }
            return (ContentHash(high: high, low: low), flag == 1)
        }

        /// `.some(nil)` for an absent hash; nil when the bytes are malformed.
        mutating func hash() -> ContentHash?? {
            guard let flag = take(1)?.first else { return nil }
            if flag == 0 { return .some(nil) }
            guard flag == 1, let high = integer(), let low = integer() else { return nil }
            return .some(ContentHash(high: high, low: low))
        }
    }
}
