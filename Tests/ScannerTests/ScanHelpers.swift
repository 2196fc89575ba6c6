import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

extension TemporaryFolder {
    func scan(_ configure: (inout ScanOptions) -> Void = { _ in }) throws -> Inventory {
        var options = ScanOptions(paths: [path])
        configure(&options)
        return try IPCScanner.scan(options)
    }
}

/// Scans one file with the given contents.
func scanSource(_ source: String, named name: String = "test/foo_messages.h", file: StaticString = #filePath, line: UInt = #line) throws -> Inventory {
    let tree = try TemporaryFolder()
    try tree.write(name, source)
    return try tree.scan()
}

extension Inventory {
    func message(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> MessageDefinition {
        try XCTUnwrap(messages.first { $0.name == name }, "no message \(name) in \(messages.map(\.name))", file: file, line: line)
    }
}
