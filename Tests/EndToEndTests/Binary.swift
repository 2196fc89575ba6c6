import Foundation
import XCTest

/// Runs the built `mojify` binary, as a user or CI would.
struct Binary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func url() throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            testBinary.deletingLastPathComponent().appendingPathComponent("mojify"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("mojify"),
            Bundle.main.bundleURL.appendingPathComponent("mojify"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("the mojify binary is not built next to the tests (looked at \(candidates.map(\.path)))")
        }
        return found
    }

    /// A run still going after `timeout` seconds is stopped, so that a hang fails the test instead of the suite.
    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:], timeout: TimeInterval = 300) throws -> Result {
        let process = Process()
        process.executableURL = try url()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { if process.isRunning { process.terminate() } }
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).appendingPathComponent("../../..").standardized.path
    }
}

extension XCTestCase {
    /// A fresh folder for one test, removed when it ends.
    func scratchFolder() throws -> String {
        let path = NSTemporaryDirectory() + "mojify-test-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }
}
