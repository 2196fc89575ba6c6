import ArgumentParser
import Foundation
import MojifyCore
import MojifyScanner

/// What every subcommand shares: turning library errors into exit code 2 with the error's message.
enum CommandSupport {
    static func run(_ body: () throws -> Int32) throws {
        let status: Int32
        do {
            status = try body()
        } catch let error as CustomStringConvertible & Error {
            FileHandle.standardError.write(Data("mojify: error: \(error.description)\n".utf8))
            throw ExitCode(2)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// A one-line progress counter on standard error, only when it is a terminal.
    static func progressReporter() -> (@Sendable (Int, Int) -> Void)? {
        guard isatty(STDERR_FILENO) != 0 else { return nil }
        return { done, total in
            FileHandle.standardError.write(Data("\rmojify: \(done)/\(total) files\(done == total ? "\n" : "")".utf8))
        }
    }
}

/// Where a scan finds the definitions of the types that cross IPC, and where mappings are learned from: shared by
/// every command that scans.
struct TypeSources: ParsableArguments {
    @Option(name: .customLong("include-dir"), help: "A folder #include paths are relative to (repeatable; absolute, or relative to the scanned root), where struct and enum definitions are looked for besides the including file's folder and the root.")
    var includeDirs: [String] = []

    @Option(help: "Folder holding compile_commands.json: use each file's real preprocessor flags and -I folders.")
    var compileCommands: String?

    @Option(name: .customLong("upstream-root"), help: "An upstream Chromium checkout (repeatable) whose *.typemap, BUILD.gn cpp_typemaps and .mojom files give type mappings; it is not scanned for IPC.")
    var upstreamRoots: [String] = []

    func apply(to options: inout ScanOptions) {
        options.includeDirs = includeDirs
        options.compileCommands = compileCommands
        options.upstreamRoots = upstreamRoots
    }
}
