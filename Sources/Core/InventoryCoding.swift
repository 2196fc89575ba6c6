import Foundation

extension Inventory {
    /// Pretty, key-sorted JSON ending in a newline: byte-identical for the same inventory.
    public func jsonData() throws -> Data {
        try StableJSON.encode(self)
    }

    /// Reads an inventory written by `mojify scan --format json`, checking its schema version first and every
    /// value as it decodes (lines and columns in range). A pipe (`--inventory <(mojify scan ...)`) is read too.
    public static func load(from path: String) throws -> Inventory {
        let data = try readInput(path, what: "the inventory file that 'mojify scan --format json -o FILE' wrote")
        struct Header: Decodable { var schemaVersion: Int? }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw CoreError.malformedInventory(path: path, reason: reason(error, fallback: "not a JSON object", data: data))
        }
        guard let version = header.schemaVersion else {
            throw CoreError.malformedInventory(path: path, reason: "no schemaVersion field")
        }
        guard version == Inventory.currentSchemaVersion else {
            throw CoreError.unsupportedSchemaVersion(path: path, found: version, supported: Inventory.currentSchemaVersion)
        }
        let inventory: Inventory
        do {
            let decoder = JSONDecoder()
            decoder.userInfo[SourceLocation.savedInventoryKey] = true
            inventory = try decoder.decode(Inventory.self, from: data)
        } catch {
            throw CoreError.malformedInventory(path: path, reason: reason(error, fallback: "\(error)", data: data))
        }
        guard inventory.toolVersion == MojifyVersion.current else {
            throw CoreError.otherToolVersion(path: path, found: inventory.toolVersion, current: MojifyVersion.current)
        }
        return inventory
    }

    /// A decoding error in words, with the place in the file: "at 'messages.0.location.column': ...".
    private static func reason(_ error: Error, fallback: String, data: Data) -> String {
        func place(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty ? "" : "at '" + context.codingPath.map(\.stringValue).joined(separator: ".") + "': "
        }
        switch error {
        case let DecodingError.keyNotFound(key, context):
            return "missing field '\(key.stringValue)'" + (context.codingPath.isEmpty ? "" : " at '" + context.codingPath.map(\.stringValue).joined(separator: ".") + "'")
        case let DecodingError.typeMismatch(type, context):
            return "\(place(context))expected \(type == Int.self ? "a whole number" : "\(type)")"
        case let DecodingError.valueNotFound(_, context):
            return "\(place(context))a value is missing"
        case let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty:
            return "\(place(context))\(context.debugDescription)"
        case DecodingError.dataCorrupted:
            // Foundation calls a whole number too large for 64 bits "not valid JSON", like any syntax error.
            if (try? JSONSerialization.jsonObject(with: data)) != nil,
               let number = String(decoding: data, as: UTF8.self).range(of: #"-?[0-9]{19,}"#, options: .regularExpression) {
                let text = String(decoding: data, as: UTF8.self)
                let line = text[..<number.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                return "line \(line): the number \(text[number].prefix(40)) is too large for a whole number"
            }
            return fallback
        default:
            return fallback
        }
    }

    /// Checks a saved inventory against the folder it is used with: every file its messages, senders, references and maps name
    /// must be a relative path inside `root` (no `..`, not absolute; `load` checked every location for that) and be
    /// there. An inventory used from another folder would otherwise read
    /// the wrong lines without a word, and one naming `../x` would read outside the tree.
    public func checkFiles(under root: String, inventoryPath: String) throws {
        var files = Set<String>()
        for message in messages { files.insert(message.location.file) }
        for sender in senders { files.insert(sender.location.file) }
        for reference in references ?? [] { files.insert(reference.location.file) }
        for map in messageMaps { files.insert(map.location.file) }
        for file in files.sorted() {
            guard SourceLocation.isInsideTree(file) else {
                throw CoreError.malformedInventory(path: inventoryPath, reason: "it names '\(file.escapingControlCharacters)', which is not a path inside the scanned folder")
            }
            var info = stat()
            guard stat(root + "/" + file, &info) == 0 else {
                throw CoreError.inventoryNotOfRoot(path: inventoryPath, root: root, file: file)
            }
        }
    }
}

/// `readInput` as UTF-8 text.
public func readInputText(_ path: String, what: String) throws -> String {
    let data = try readInput(path, what: what)
    guard let text = String(validating: data, as: UTF8.self) else {
        throw CoreError.unreadableFile(path: path, reason: "not UTF-8 text; save it as UTF-8")
    }
    return text
}

/// Reads a file given as input, a pipe included, with mojify's own words for what cannot be read.
public func readInput(_ path: String, what: String) throws -> Data {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw CoreError.unreadableFile(path: path, reason: String(cString: strerror(errno))) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
        close(descriptor)
        throw CoreError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
        close(descriptor)
        throw CoreError.unreadableFile(path: path, reason: "it is a folder; give \(what)")
    case S_IFREG, S_IFIFO:
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true).readDataToEndOfFile()
    case S_IFCHR:
        // A device would be read without end (/dev/zero) or wait on a terminal.
        close(descriptor)
        throw CoreError.unreadableFile(path: path, reason: "it is a device; give \(what)")
    default:
        close(descriptor)
        throw CoreError.unreadableFile(path: path, reason: "it is not a regular file; give \(what)")
    }
}
