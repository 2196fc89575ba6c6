import Foundation
import XCTest

/// A fresh folder under the system's temporary directory, removed with everything in it when released.
public final class TemporaryFolder {
    public let path: String
    /// Left in place, for a person to look at what a test made.
    public let keep: Bool

    /// Creates the folder and writes `files` (relative path → contents) into it.
    public init(files: [String: String] = [:], keep: Bool = false) throws {
        path = NSTemporaryDirectory() + "mojify-test-" + UUID().uuidString
        self.keep = keep
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (relative, text) in files { try write(relative, text) }
    }

    deinit {
        if !keep { try? FileManager.default.removeItem(atPath: path) }
    }

    public var url: URL { URL(fileURLWithPath: path) }

    /// Writes `text` to `relative`, creating the folders on the way; returns the full path.
    @discardableResult
    public func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    public func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let full = path + "/" + relative
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    public func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }
}

extension XCTestCase {
    /// A fresh folder kept until the test ends, then removed.
    public func temporaryFolder(files: [String: String] = [:], keep: Bool = false) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(files: files, keep: keep)
        addTeardownBlock { withExtendedLifetime(folder) {} }
        return folder
    }
}
