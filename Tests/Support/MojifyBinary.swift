import Foundation
import XCTest

/// The repository this test code sits in: Examples/, Rules/ and the golden files are found from here.
public let repositoryRoot = URL(fileURLWithPath: #filePath).appendingPathComponent("../../..").standardized.path

/// What a finished process printed, and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// The folder that stands in for the user's cache and state folders in every process the tests start, one per
/// test run.
public let testHome = NSTemporaryDirectory() + "mojify-test-home-\(getpid())"

/// A started process whose output is collected by `finish()`.
public final class RunningProcess {
    public let process: Process
    private let stdout = Pipe()
    private let stderr = Pipe()

    /// Starts `executable`; `input` is written to its standard input, which is then closed. A run still going after
    /// `timeout` seconds is stopped, so that a hang fails the test instead of stalling the suite.
    public init(_ executable: URL, _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
                input: String? = nil, timeout: TimeInterval = 300) throws {
        process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        // The run's own cache and cache key, never the developer's: a test must not read results an older build
        // stored, nor leave its own behind.
        let isolated = ["XDG_CACHE_HOME": testHome + "/cache", "XDG_STATE_HOME": testHome + "/state"]
        process.environment = ProcessInfo.processInfo.environment.merging(isolated) { _, new in new }.merging(environment) { _, new in new }
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        let process = process
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { if process.isRunning { process.terminate() } }
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
    }

    /// Waits for the process to end and returns what it printed.
    public func finish() -> ProcessOutput {
        // Read both pipes while the process runs, so that neither can fill up and block it.
        final class Box: @unchecked Sendable { var data = Data() }
        let errors = Box()
        let readErrors = DispatchSemaphore(value: 0)
        let stderr = stderr
        DispatchQueue.global().async {
            errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
            readErrors.signal()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        readErrors.wait()
        process.waitUntilExit()
        return ProcessOutput(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                             stderr: String(decoding: errors.data, as: UTF8.self))
    }
}

/// The built `mojify` executable, run as a user or CI would.
public enum MojifyBinary {
    /// SwiftPM builds it next to the tests: on Linux beside the test executable, on macOS beside the `.xctest`
    /// bundle. Not built yet means the test is skipped, with what to do.
    public static func url() throws -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            testBinary.deletingLastPathComponent().appendingPathComponent("mojify"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("mojify"),
            Bundle.main.bundleURL.appendingPathComponent("mojify"),
        ]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("the mojify binary is not built next to the tests (looked at \(candidates.map(\.path))); run 'swift build' first")
        }
        return found
    }

    /// Starts `mojify` with `arguments` (in the repository root unless `directory` is given); see `RunningProcess`.
    public static func start(_ arguments: [String], in directory: String = repositoryRoot, environment: [String: String] = [:],
                             input: String? = nil, timeout: TimeInterval = 300) throws -> RunningProcess {
        try RunningProcess(url(), arguments, in: directory, environment: environment, input: input, timeout: timeout)
    }

    public static func run(_ arguments: [String], in directory: String = repositoryRoot, environment: [String: String] = [:],
                           input: String? = nil, timeout: TimeInterval = 300) throws -> ProcessOutput {
        try start(arguments, in: directory, environment: environment, input: input, timeout: timeout).finish()
    }
}
