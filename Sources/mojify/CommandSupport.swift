import ArgumentParser
import Foundation
import MojifyCore

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
