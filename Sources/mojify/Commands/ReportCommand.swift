import ArgumentParser
import MojifyApplication
import MojifyReport
import MojifyScanner

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write a self-contained HTML page on the state of the migration.",
        discussion: """
        The page shows counts and progress, a burndown from the ledger's history, tables by message class, directory \
        and owner, a drill-down for every message and what needs attention. It loads nothing from the network.
        Exit status: 0 when the page was written, 2 for usage or input errors.
        """
    )

    @Argument(help: "Folders or files to scan.")
    var paths: [String]

    @Option(help: "The ledger CSV (see 'mojify ledger'): statuses, owners, notes; its history file gives the burndown.")
    var ledger: String?

    @Option(help: "Write the page to this file.")
    var out: String

    @Option(help: "The page's title.")
    var title: String = ReportOptions.defaultTitle

    @OptionGroup var typeSources: TypeSources

    @Option(name: .customLong("exclude"), help: "Skip paths matching this glob (repeatable), e.g. 'third_party/**'.")
    var excludes: [String] = []

    @Option(help: "Show this text as the generation time instead of the clock (also: environment MOJIFY_NOW).")
    var generatedAt: String?

    @Flag(help: "Leave the generation time out, so that pages of the same state are byte-identical.")
    var noTimestamp = false

    func validate() throws {
        if generatedAt != nil && noTimestamp { throw ValidationError("--generated-at and --no-timestamp exclude each other") }
    }

    func run() throws {
        var scan = ScanOptions(paths: paths)
        scan.excludes = excludes
        typeSources.apply(to: &scan)
        let timestamp: ReportOptions.Timestamp = noTimestamp ? .omitted : generatedAt.map { .fixed($0) } ?? .now
        let options = ReportOptions(scan: scan, ledgerPath: ledger, outputPath: out, title: title, timestamp: timestamp)
        try CommandSupport.run {
            try ReportFlow.execute(options: options, progress: CommandSupport.progressReporter())
        }
    }
}
