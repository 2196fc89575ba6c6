import Foundation
import MojifyCore
@testable import MojifyScanner
import XCTest

/// A temporary tree of files, removed when the test ends.
final class TemporaryTree {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "mojify-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, bytes: Array(text.utf8))
    }

    @discardableResult
    func write(_ relative: String, bytes: [UInt8]) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func scan(_ configure: (inout ScanOptions) -> Void = { _ in }) throws -> Inventory {
        var options = ScanOptions(paths: [root])
        configure(&options)
        return try IPCScanner.scan(options)
    }
}

/// Scans one file with the given contents.
func scanSource(_ source: String, named name: String = "test/foo_messages.h", file: StaticString = #filePath, line: UInt = #line) throws -> Inventory {
    let tree = try TemporaryTree()
    try tree.write(name, source)
    return try tree.scan()
}

extension Inventory {
    func message(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> MessageDefinition {
        try XCTUnwrap(messages.first { $0.name == name }, "no message \(name) in \(messages.map(\.name))", file: file, line: line)
    }
}
