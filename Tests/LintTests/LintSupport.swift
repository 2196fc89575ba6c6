import Foundation
import MojifyCore
import XCTest

/// Runs the built `mojify` binary as CI would, optionally feeding standard input.
enum Mojify {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).appendingPathComponent("../../..").standardized.path
    }

    static var fixtures: String { repositoryRoot + "/Tests/LintTests/Fixtures" }

    static func binary() throws -> URL {
        let bundleFolder = Bundle(for: TemporaryTree.self).bundleURL.deletingLastPathComponent()
        let testBinaryFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [bundleFolder, testBinaryFolder].map { $0.appendingPathComponent("mojify") }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("the mojify binary is not built next to the tests (looked at \(candidates.map(\.path))); run swift build first")
        }
        return found
    }

    static func run(_ arguments: [String], in directory: String = repositoryRoot, input: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A temporary tree of files, removed when the test ends.
final class TemporaryTree {
    let root: String

    init(_ files: [String: String] = [:]) throws {
        root = NSTemporaryDirectory() + "mojify-lint-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files { try write(path, text) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// Compares `actual` with the golden file, or rewrites the golden file when MOJIFY_UPDATE_GOLDEN=1.
func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let path = Mojify.repositoryRoot + "/Tests/LintTests/Golden/" + name
    if ProcessInfo.processInfo.environment["MOJIFY_UPDATE_GOLDEN"] == "1" {
        try FileOutput.writeAtomically(actual, to: path)
        return
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        XCTFail("\(path) is missing; run the tests with MOJIFY_UPDATE_GOLDEN=1 to create it", file: file, line: line)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expectedLines.count, actualLines.count)
    XCTFail("""
        \(name) differs from the golden file at line \(first + 1) (MOJIFY_UPDATE_GOLDEN=1 rewrites it if the change is intended):
        - \(first < expectedLines.count ? expectedLines[first] : "<end of file>")
        + \(first < actualLines.count ? actualLines[first] : "<end of file>")
        """, file: file, line: line)
}
