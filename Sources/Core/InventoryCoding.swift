import Foundation

extension Inventory {
    /// Pretty, key-sorted JSON ending in a newline: byte-identical for the same inventory.
    ///
    /// Rendered in parts: the inventory with its lists emptied, then each list in batches, each batch spliced in
    /// where its empty list stands. Foundation's encoder first builds a tree of the whole value, which for a large
    /// tree's inventory takes many times the memory of the output; batches keep that tree small. The bytes are those
    /// of encoding the whole at once: every list sits at the top level, two spaces in, and the encoder writes a
    /// line feed nowhere but between values (one inside a string is escaped), so indenting a batch is inserting
    /// two spaces after each line feed.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var skeleton = self
        var lists: [ListRenderer] = []
        func split<Element: Encodable & Sendable>(_ key: String, _ list: WritableKeyPath<Inventory, [Element]>) {
            lists.append(ListRenderer(key: key, values: self[keyPath: list], encoder: encoder))
            skeleton[keyPath: list] = []
        }
        func split<Element: Encodable & Sendable>(_ key: String, _ list: WritableKeyPath<Inventory, [Element]?>) {
            guard let values = self[keyPath: list] else { return }
            lists.append(ListRenderer(key: key, values: values, encoder: encoder))
            skeleton[keyPath: list] = []
        }
        split("messages", \.messages)
        split("structs", \.structs)
        split("structTraits", \.structTraits)
        split("enumTraits", \.enumTraits)
        split("typeDefinitions", \.typeDefinitions)
        split("messageMaps", \.messageMaps)
        split("senders", \.senders)
        split("diagnostics", \.diagnostics)
        split("markedFiles", \.markedFiles)
        split("unreadFiles", \.unreadFiles)
        split("removedMessages", \.removedMessages)
        let frame = try encoder.encode(skeleton)
        var places: [(range: Range<Data.Index>, list: ListRenderer)] = []
        for list in lists where list.count > 0 {
            let empty = Data("\n  \"\(list.key)\" : [\n\n  ]".utf8)
            // Should the encoder ever write otherwise, the whole is encoded at once: slower, never different.
            guard let range = frame.range(of: empty), frame[range.upperBound...].range(of: empty) == nil else {
                var data = try encoder.encode(self)
                data.append(0x0A)
                return data
            }
            places.append((range, list))
        }
        places.sort { $0.range.lowerBound < $1.range.lowerBound }
        // The batches are encoded on every core at once: this is the last step of a scan, and on one thread the
        // longest after the files' analysis.
        let batches = places.flatMap { place in (0..<place.list.batchCount).map { (list: place.list, number: $0) } }
        let rendered = [Result<Data, Error>](unsafeUninitializedCapacity: batches.count) { buffer, initialized in
            let slots = DisjointSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: batches.count) { index in
                (slots.buffer.baseAddress! + index).initialize(to: Result { try batches[index].list.renderBatch(batches[index].number) })
            }
            initialized = batches.count
        }
        var data = Data()
        var copied = frame.startIndex
        var next = 0
        for (range, list) in places {
            data += frame[copied..<range.lowerBound]
            data += Data("\n  \"\(list.key)\" : [\n".utf8)
            for number in 0..<list.batchCount {
                if number > 0 { data += Data(",\n".utf8) }
                data += try rendered[next].get()
                next += 1
            }
            data += Data("\n  ]".utf8)
            copied = range.upperBound
        }
        data += frame[copied...]
        data.append(0x0A)
        return data
    }

    /// Reads an inventory written by `mojify scan --format json`, checking its schema version first.
    public static func load(from path: String) throws -> Inventory {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CoreError.unreadableFile(path: path, reason: (error as NSError).localizedDescription)
        }
        struct Header: Decodable { var schemaVersion: Int? }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw CoreError.malformedInventory(path: path, reason: "not a JSON object")
        }
        guard let version = header.schemaVersion else {
            throw CoreError.malformedInventory(path: path, reason: "no schemaVersion field")
        }
        guard version == Inventory.currentSchemaVersion else {
            throw CoreError.unsupportedSchemaVersion(path: path, found: version, supported: Inventory.currentSchemaVersion)
        }
        let inventory: Inventory
        do {
            inventory = try JSONDecoder().decode(Inventory.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            let where_ = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw CoreError.malformedInventory(path: path, reason: "missing field '\(key.stringValue)' at '\(where_)'")
        } catch {
            throw CoreError.malformedInventory(path: path, reason: "\(error)")
        }
        guard inventory.toolVersion == MojifyVersion.current else {
            throw CoreError.otherToolVersion(path: path, found: inventory.toolVersion, current: MojifyVersion.current)
        }
        return inventory
    }
}

/// One list of an inventory, rendered as the items of a top-level JSON array, a batch of items at a time.
private struct ListRenderer: Sendable {
    static let batchSize = 256

    let key: String
    let count: Int
    /// Encodes the items in `range` as a JSON array.
    private let encodeBatch: @Sendable (Range<Int>) throws -> Data

    init<Element: Encodable & Sendable>(key: String, values: [Element], encoder: JSONEncoder) {
        self.key = key
        count = values.count
        // An encoder per batch: batches are encoded on several threads at once.
        let formatting = encoder.outputFormatting
        encodeBatch = { range in
            let encoder = JSONEncoder()
            encoder.outputFormatting = formatting
            return try encoder.encode(Array(values[range]))
        }
    }

    var batchCount: Int {
        (count + ListRenderer.batchSize - 1) / ListRenderer.batchSize
    }

    /// The items of batch `number`, each line four spaces in, separated by `,` and a line feed.
    func renderBatch(_ number: Int) throws -> Data {
        let start = number * ListRenderer.batchSize
        let batch = try encodeBatch(start..<min(start + ListRenderer.batchSize, count))
        // "[\n  item,\n  item\n]": the items without the brackets' lines, two spaces in already.
        guard batch.count >= 4 else { throw EncodingError.invalidValue(key, .init(codingPath: [], debugDescription: "empty batch")) }
        var data = Data("  ".utf8)
        batch.withUnsafeBytes { bytes in
            var lineStart = 2
            for index in 2..<(bytes.count - 2) where bytes[index] == 0x0A {
                data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[lineStart...index]))
                // An empty array's blank line stays blank.
                if bytes[index + 1] != 0x0A { data.append(contentsOf: [0x20, 0x20]) }
                lineStart = index + 1
            }
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[lineStart..<(bytes.count - 2)]))
        }
        return data
    }
}
