import Foundation
import MojifyCore
import XCTest

final class FileOutputTests: XCTestCase {
    func testDerivedNamesCannotEscapeTheOutputFolder() throws {
        XCTAssertEqual(try FileOutput.contained("content/common/foo.mojom", in: "/out"), "/out/content/common/foo.mojom")
        for hostile in ["../etc/passwd", "a/../../b", "/etc/passwd", "", "a//b", "./a", "a\\..\\b", "a/\0/b"] {
            XCTAssertThrowsError(try FileOutput.contained(hostile, in: "/out"), hostile) { error in
                XCTAssertEqual(error as? CoreError, .pathEscapesOutput(path: hostile, root: "/out"))
            }
        }
    }

    func testAtomicWriteReplacesWholeFileAndLeavesNoTemporaries() throws {
        let folder = NSTemporaryDirectory() + "mojify-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/ledger.csv"
        try FileOutput.writeAtomically("old", to: path)
        try FileOutput.writeAtomically("new content", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "new content")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["ledger.csv"])
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: folder + "/missing/file.txt")) { error in
            XCTAssertTrue("\(error)".contains("cannot write"), "\(error)")
        }
    }

    private func temporaryFolder() throws -> String {
        let folder = NSTemporaryDirectory() + "mojify-out-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    private func permissions(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    }

    func testAtomicWriteGoesThroughSymbolicLinksAndKeepsPermissions() throws {
        let folder = try temporaryFolder()
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/shared", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/mine", withIntermediateDirectories: true)
        let target = folder + "/shared/ledger.csv"
        for mode in [0o600, 0o640, 0o664] {
            try FileOutput.writeAtomically("old", to: target)
            try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: target)
            // A relative link to a relative link to the file.
            try? manager.removeItem(atPath: folder + "/mine/ledger.csv")
            try? manager.removeItem(atPath: folder + "/mine/alias.csv")
            try manager.createSymbolicLink(atPath: folder + "/mine/alias.csv", withDestinationPath: "../shared/ledger.csv")
            try manager.createSymbolicLink(atPath: folder + "/mine/ledger.csv", withDestinationPath: "alias.csv")
            try FileOutput.writeAtomically("new \(mode)", to: folder + "/mine/ledger.csv")
            XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "new \(mode)")
            XCTAssertEqual(try manager.destinationOfSymbolicLink(atPath: folder + "/mine/ledger.csv"), "alias.csv")
            XCTAssertEqual(try permissions(target), mode)
        }
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder + "/shared"), ["ledger.csv"])
        XCTAssertEqual(try manager.contentsOfDirectory(atPath: folder + "/mine").sorted(), ["alias.csv", "ledger.csv"])
        // A link to a file not there yet creates it; a loop of links is an error.
        try manager.createSymbolicLink(atPath: folder + "/mine/new.csv", withDestinationPath: folder + "/shared/new.csv")
        try FileOutput.writeAtomically("created", to: folder + "/mine/new.csv")
        XCTAssertEqual(try String(contentsOfFile: folder + "/shared/new.csv", encoding: .utf8), "created")
        try manager.createSymbolicLink(atPath: folder + "/mine/loop", withDestinationPath: "loop")
        XCTAssertThrowsError(try FileOutput.writeAtomically("x", to: folder + "/mine/loop")) { error in
            XCTAssertEqual(error as? CoreError, .writeFailed(path: folder + "/mine/loop", reason: "too many levels of symbolic links"))
        }
    }

    func testSeveralFilesAreAllWrittenBeforeAnyIsReplaced() throws {
        let folder = try temporaryFolder()
        let first = folder + "/ledger.csv", second = folder + "/ledger.history.csv"
        try FileOutput.writeAtomically([(first, Data("ledger 1".utf8)), (second, Data("history 1".utf8))])
        // The second file cannot be written: the first is not replaced either.
        XCTAssertThrowsError(try FileOutput.writeAtomically([(first, Data("ledger 2".utf8)), (folder + "/missing/h.csv", Data("h".utf8))]))
        XCTAssertEqual(try String(contentsOfFile: first, encoding: .utf8), "ledger 1")
        // The first rename fails (a folder is in the way): the second file is not replaced.
        try FileManager.default.createDirectory(atPath: folder + "/in-the-way", withIntermediateDirectories: true)
        XCTAssertThrowsError(try FileOutput.writeAtomically([(folder + "/in-the-way", Data("x".utf8)), (second, Data("history 2".utf8))]))
        XCTAssertEqual(try String(contentsOfFile: second, encoding: .utf8), "history 1")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["in-the-way", "ledger.csv", "ledger.history.csv"])
    }
}
