import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// Walking subtrees on several threads must list exactly what one thread lists, in the same order.
final class ParallelWalkTests: XCTestCase {
    func testParallelWalkMatchesSerialWalk() throws {
        let folder = try temporaryFolder()
        let root = folder.path
        let files = [
            "a/b/c/one.cc", "a/b/two.h", "a/b-c/three.cc", "a/ignored/four.cc", "a/x/y/z/five.h", "a/x/y/z/skip.txt",
            "b/six.cc", "b/out/seven.h", "c.cc", "d/e/f/g/h/eight.mm", "d/e/nine.patch", "d/e/keep.h",
        ] + (0..<40).map { "many/folder\($0)/file\($0).cc" }
            // Several levels of several folders: idle threads take folders at different depths.
            + (0..<6).flatMap { top in (0..<5).flatMap { middle in (0..<4).map { "deep\(top)/m\(middle)/l\($0)/file.cc" } } }
        for relative in files {
            try folder.write(relative, "int x;\n")
        }
        try Data("ignored/\n".utf8).write(to: URL(fileURLWithPath: root + "/a/.gitignore"))
        try Data("out/\n".utf8).write(to: URL(fileURLWithPath: root + "/b/.gitignore"))
        try FileManager.default.createDirectory(atPath: root + "/locked", withIntermediateDirectories: true)
        chmod(root + "/locked", 0)
        defer { chmod(root + "/locked", 0o755) }

        var serial = FileWalker(excludes: ["d/e/f/**"], followSymlinks: false, honourGitIgnore: true)
        serial.jobs = 1
        var parallel = serial
        parallel.jobs = 4
        parallel.collectStamps = true
        let one = serial.walk(root: root)
        let four = parallel.walk(root: root)
        XCTAssertEqual(one.files.map(\.relativePath), four.files.map(\.relativePath))
        XCTAssertEqual(one.problems, four.problems)
        // Which thread takes which folder depends on timing: walk again, on other numbers of threads.
        for jobs in [2, 3, 8] {
            parallel.jobs = jobs
            for _ in 0..<10 {
                let again = parallel.walk(root: root)
                XCTAssertEqual(one.files.map(\.relativePath), again.files.map(\.relativePath), "\(jobs) threads")
                XCTAssertEqual(one.problems, again.problems, "\(jobs) threads")
            }
        }
        XCTAssertFalse(one.files.contains { $0.relativePath.contains("ignored") || $0.relativePath.contains("out/") || $0.relativePath.contains("eight") })
        XCTAssertEqual(one.files.prefix(3).map(\.relativePath), ["a/b/c/one.cc", "a/b/two.h", "a/b-c/three.cc"], "names sort bytewise within each folder")
        XCTAssertTrue(four.files.allSatisfy { $0.stamp != nil })
        XCTAssertTrue(one.files.allSatisfy { $0.stamp == nil })
    }
}
