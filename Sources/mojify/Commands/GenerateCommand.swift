import ArgumentParser
import MojifyApplication
import Foundation
import MojifyEmitters
import MojifyScanner

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write draft .mojom interfaces, BUILD.gn targets and manifest entries (or binders) for the legacy IPC messages of C++ trees.",
        discussion: "Writes only under --out. Exit status: 0 when the files were written (or shown with --dry-run), 2 for usage or input errors, including hand-edited files in --out without --force."
    )

    @OptionGroup var scan: ScanArguments
    @OptionGroup var draft: DraftArguments

    @Option(help: "Output folder; nothing is written outside it (except the --manifest files).")
    var out: String

    @Option(help: "Merge the interface entries into this existing manifest JSON, in place (repeatable).")
    var manifest: [String] = []

    @Option(help: "How the interfaces are registered, for the target Chromium: manifest (service manager JSON overlays, 2016-2019), cpp-manifest (C++ service manifests, 2019-2020), binders (BinderMap, 2020 on), associated (AssociatedInterfaceRegistry, ordered with legacy IPC). Default: the form of the tree's Mojo era, which the run detects and prints.")
    var registry: OutputFormat?

    func run() throws {
        var options = GenerateOptions(input: scan.input, out: out)
        options.rulesFile = draft.rules
        options.only = draft.only
        options.dryRun = draft.dryRun
        options.force = draft.force
        options.manifests = manifest
        options.registry = registry
        try CommandSupport.run { try GenerateFlow.execute(options: options, console: $0) }
    }
}

/// Only the registry formats are values of `--registry`: the help lists them alone, and others are refused.
extension OutputFormat: ExpressibleByArgument {
    public init?(argument: String) {
        guard let format = OutputFormat(rawValue: argument), OutputFormat.registries.contains(format) else { return nil }
        self = format
    }

    public static var allValueStrings: [String] { registries.map(\.rawValue) }
}
