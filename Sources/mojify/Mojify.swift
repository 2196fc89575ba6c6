import ArgumentParser
import Foundation
import MojifyCore

@main
struct Mojify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mojify",
        abstract: "Migrate a Chromium-based codebase from legacy Chrome IPC to Mojo.",
        version: MojifyVersion.current,
        subcommands: [ScanCommand.self, GenerateCommand.self, LedgerCommand.self, LintCommand.self, ReportCommand.self]
    )

    /// Usage errors exit with 2, like input errors, rather than ArgumentParser's 64.
    static func main() {
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
