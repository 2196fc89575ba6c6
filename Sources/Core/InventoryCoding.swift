import Foundation

extension Inventory {
    /// Pretty, key-sorted JSON ending in a newline: byte-identical for the same inventory.
    public func jsonData() throws -> Data {
        try StableJSON.encode(self)
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
