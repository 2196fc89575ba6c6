import Foundation

/// Errors of the shared model: reading inventories, writing files, locating rule files.
public enum CoreError: Error, Equatable, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    case writeFailed(path: String, reason: String)
    case pathEscapesOutput(path: String, root: String)
    case notWritableKind(path: String, kind: String)
    case throughLink(path: String, link: String)
    case changedOnDisk(paths: [String])
    case applyFailed(path: String, reason: String)
    case unrecoverableJournal(path: String, reason: String)
    case malformedInventory(path: String, reason: String)
    case unsupportedSchemaVersion(path: String, found: Int, supported: Int)
    case inventoryNotOfRoot(path: String, root: String, file: String)
    case otherToolVersion(path: String, found: String?, current: String)
    case rulesNotFound(searched: [String])

    /// The system's short reason a file operation failed ("Not a directory", "No space left on device"), rather
    /// than Foundation's long sentence or a raw NSError dump.
    public static func reason(_ error: Error) -> String {
        let error = error as NSError
        // Foundation on Linux keeps the underlying error as a Swift `POSIXError`, which does not cast to NSError.
        let underlying = (error.userInfo[NSUnderlyingErrorKey] as? Error).map { $0 as NSError }
        let posix = [error, underlying].compactMap { $0 }.first { $0.domain == NSPOSIXErrorDomain }
        return posix.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription
    }

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            "\(path): cannot read: \(reason)"
        case let .writeFailed(path, reason):
            "cannot write \(path): \(reason); choose a path in a folder that exists (or can be created) and is writable, on a disk with room"
        case let .pathEscapesOutput(path, root):
            "refusing to write '\(path)': it would land outside the output folder '\(root)'"
        case let .notWritableKind(path, kind):
            "refusing to write \(path): it is \(kind); mojify writes regular files, character devices such as /dev/null, and pipes; choose another path"
        case let .throughLink(path, link):
            "refusing to change \(path): \(link == path ? "it" : link) is a symbolic link, and mojify, like git, changes nothing through a link inside the tree; change the file at its real path by hand, or scan the folder the link points to"
        case let .changedOnDisk(paths):
            "\(paths.joined(separator: ", ")) changed since it was read, so the changes may no longer fit; nothing was written. Scan again and rerun"
        case let .applyFailed(path, reason):
            "cannot change \(path): \(reason); every file of the tree was left as it was"
        case let .unrecoverableJournal(path, reason):
            "\(path): \(reason); restore the files it names from version control, then delete it"
        case let .malformedInventory(path, reason):
            "\(path): not a mojify inventory: \(reason); regenerate it with 'mojify scan --format json'"
        case let .inventoryNotOfRoot(path, root, file):
            "\(path): it names \(file.escapingControlCharacters), which is not in \(root); give the folder the inventory was scanned from as PATH (its paths are relative to it), or scan again"
        case let .unsupportedSchemaVersion(path, found, supported):
            "\(path): inventory schema version \(found) is not supported (this mojify reads version \(supported)); regenerate it with this mojify"
        case let .otherToolVersion(path, found, current):
            "\(path): the inventory was written by \(found.map { "mojify " + $0 } ?? "an older mojify"), and this is mojify \(current), whose scanner may find more or other constructs; scan the tree again with this mojify ('mojify scan --format json -o \(path)')"
        case let .rulesNotFound(searched):
            "cannot find mojify's Rules folder (looked in \(searched.joined(separator: ", "))); set MOJIFY_RULES_DIR to the Rules folder of the mojify checkout"
        }
    }
}

/// How every module words a rules file it cannot use, so that the messages of `mojify generate` and `mojify lint`
/// read alike; each module still reports them as its own error.
public enum RulesFileMessage {
    public static func unreadable(path: String, reason: String) -> String {
        "\(path): cannot read the rules: \(reason)"
    }

    /// `reason` says what is wrong and where in the file; `expected`, what belongs there.
    public static func malformed(path: String, reason: String, expected: String? = nil) -> String {
        "\(path): \(reason); " + (expected.map { "expected \($0); " } ?? "") + "see Rules/README.md for the format"
    }

    /// A YAML decoding error as a short reason naming its place: the line and column of a syntax error, or the key
    /// path of a value of the wrong kind, without Foundation's debug text.
    public static func reason(decoding error: Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty ? "the top level" : "'" + context.codingPath.map(\.stringValue).joined(separator: ".") + "'"
        }
        switch error {
        case let DecodingError.dataCorrupted(context):
            return context.underlyingError.map { "not valid YAML: \($0)" } ?? "\(path(context)): \(context.debugDescription)"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "\(path(context)) has the wrong kind of value"
        case let DecodingError.keyNotFound(key, context):
            return "\(path(context)) lacks '\(key.stringValue)'"
        default:
            return "\(error)"
        }
    }
}
