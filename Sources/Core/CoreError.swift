import Foundation

/// Errors of the shared model: reading inventories, writing files, locating rule files.
public enum CoreError: Error, Equatable, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    case pathEscapesOutput(path: String, root: String)
    case malformedInventory(path: String, reason: String)
    case unsupportedSchemaVersion(path: String, found: Int, supported: Int)
    case rulesNotFound(searched: [String])
    case malformedRules(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            "\(path): cannot read: \(reason)"
        case let .writeFailed(path, reason):
            "\(path): cannot write: \(reason); check that the folder exists and is writable"
        case let .pathEscapesOutput(path, root):
            "refusing to write '\(path)': it would land outside the output folder '\(root)'"
        case let .malformedInventory(path, reason):
            "\(path): not a mojify inventory: \(reason); regenerate it with 'mojify scan --format json'"
        case let .unsupportedSchemaVersion(path, found, supported):
            "\(path): inventory schema version \(found) is not supported (this mojify reads version \(supported)); regenerate it with this mojify"
        case let .rulesNotFound(searched):
            "cannot find mojify's Rules folder (looked in \(searched.joined(separator: ", "))); set MOJIFY_RULES_DIR to the Rules folder of the mojify checkout"
        case let .malformedRules(path, reason):
            "\(path): \(reason)"
        }
    }
}
