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
}
