import ArgumentParser
import MojifyCore

@main
struct Mojify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mojify",
        abstract: "Migrate a Chromium-based codebase from legacy Chrome IPC to Mojo.",
        version: MojifyVersion.current,
        subcommands: [ScanCommand.self, LedgerCommand.self, ReportCommand.self]
    )
}
