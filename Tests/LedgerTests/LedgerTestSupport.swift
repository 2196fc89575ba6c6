import Foundation
import MojifyCore
import MojifyLedger
import XCTest

/// Builders and file helpers shared by the ledger tests.
enum Fixture {
    static func message(
        _ name: String, file: String = "foo/foo_messages.h", line: Int, messageClass: String = "FooMsgStart",
        kind: RoutingKind = .routed, sync: Bool = false
    ) -> MessageDefinition {
        MessageDefinition(
            name: name, messageClass: messageClass, kind: kind, isSync: sync, inputs: [], outputs: [],
            macro: "IPC_MESSAGE_ROUTED0", exportMacro: nil, conditions: Conditions(),
            location: SourceLocation(file: file, line: line, column: 1), source: "IPC_MESSAGE_ROUTED0(\(name))"
        )
    }

    static func inventory(_ messages: MessageDefinition...) -> Inventory {
        Inventory(messages: messages)
    }

    static func row(_ message: String, line: Int, messageClass: String = "FooMsgStart", status: LedgerStatus = .unclaimed, owner: String = "") -> LedgerRow {
        LedgerRow(message: message, messageClass: messageClass, kind: .routed, sync: false, file: "foo/foo_messages.h",
                  line: line, status: status, owner: owner)
    }

    /// A fresh folder for one test, removed at the end of the test.
    static func temporaryFolder(for testCase: XCTestCase) throws -> String {
        let path = NSTemporaryDirectory() + "mojify-ledger-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        testCase.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Compares `actual` with `Golden/<name>`; `MOJIFY_UPDATE_GOLDEN=1` rewrites the golden file instead.
    static func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)").path
        if ProcessInfo.processInfo.environment["MOJIFY_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileOutput.writeAtomically(actual, to: path)
            return
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            return XCTFail("no golden file \(path); run with MOJIFY_UPDATE_GOLDEN=1 to create it", file: file, line: line)
        }
        guard expected != actual else { return }
        let expectedLines = expected.components(separatedBy: "\n")
        let actualLines = actual.components(separatedBy: "\n")
        let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let shown = { (lines: [String]) in first < lines.count ? lines[first] : "(end of text)" }
        XCTFail("""
        output differs from \(name) at line \(first + 1):
          expected: \(shown(expectedLines))
          actual:   \(shown(actualLines))
        (run with MOJIFY_UPDATE_GOLDEN=1 if the change is intended)
        """, file: file, line: line)
    }
}
