import ArgumentParser
import Foundation
import MojifyCore

@main
struct Mojify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mojify",
        abstract: "Migrate a Chromium-based codebase from legacy Chrome IPC to Mojo.",
        version: MojifyVersion.current,
        subcommands: [ScanCommand.self, GenerateCommand.self, MigrateCommand.self, LedgerCommand.self, LintCommand.self, ReportCommand.self]
    )

    /// On SIGINT or SIGTERM: remove the temporary files of writes in flight, then exit 128 + the signal number,
    /// as shells report a death by that signal. The handlers run on a dispatch queue rather than in signal
    /// context, so they may take locks; the signals themselves are ignored so that only the handlers see them.
    /// The caller keeps the sources for the life of the process: a released source stops delivering.
    private static func installInterruptHandlers() -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TemporaryFiles.removeAllInFlight()
                _exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// Usage errors exit with 2, like input errors, rather than ArgumentParser's 64.
    static func main() {
        let interruptHandlers = installInterruptHandlers()
        defer { withExtendedLifetime(interruptHandlers) {} }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
