import ArgumentParser
import MojifyApplication
import Foundation
import MojifyEmitters

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write draft .mojom interfaces, BUILD.gn targets and manifest entries (or binders) for the legacy IPC messages of C++ trees.",
        discussion: "Writes only under --out. Exit status: 0 when the files were written (or shown with --dry-run), 2 for usage or input errors, including hand-edited files in --out without --force."
    )

    @Argument(help: "Folders or files to scan.")
    var paths: [String]

    @Option(help: "Output folder; nothing is written outside it (except the --manifest files).")
    var out: String

    @Option(help: "A rules file in the format of Rules/type-mappings.yaml whose entries override and extend the built-in ones.")
    var rules: String?

    @Option(parsing: .upToNextOption, help: "Convert only these message classes (FrameMsgStart) or messages (FrameHostMsg_Foo).")
    var only: [String] = []

    @Flag(help: "Print the files that would be written instead of writing them.")
    var dryRun = false

    @Flag(help: "Overwrite files in --out that were edited by hand.")
    var force = false

    @Option(help: "Merge the interface entries into this existing manifest JSON, in place (repeatable).")
    var manifest: [String] = []

    @Option(help: "How the interfaces are registered: \(OutputFormat.registries.map(\.rawValue).joined(separator: ", ")).")
    var registry: OutputFormat = .manifest

    @Option(name: .customLong("exclude"), help: "Skip paths matching this glob (repeatable), e.g. 'third_party/**'.")
    var excludes: [String] = []

    func run() throws {
        var options = GenerateOptions(paths: paths, out: out)
        options.rulesFile = rules
        options.only = only
        options.dryRun = dryRun
        options.force = force
        options.manifests = manifest
        options.registry = registry
        options.excludes = excludes
        try CommandSupport.run { try GenerateFlow.execute(options: options) }
    }
}

extension OutputFormat: ExpressibleByArgument {}
