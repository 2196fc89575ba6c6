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

    @OptionGroup var scan: ScanArguments

    @Option(help: "The ledger CSV (see 'mojify ledger'): statuses, owners, notes; its history file gives the burndown.")
    var ledger: String?

    @Option(help: "Write the page to this file.")
    var out: String

    @Option(help: "A rules file in the format of Rules/type-mappings.yaml whose entries override and extend the built-in ones (as for 'mojify generate').")
    var rules: String?

    @Option(help: "Rule severities and enablement to use instead of Rules/lint-rules.yaml (as 'mojify lint --rules').")
    var lintRules: String?

    @Option(help: "The page's title.")
    var title: String = ReportOptions.defaultTitle

    @Option(help: "Show this text as the generation time instead of the clock (also: environment MOJIFY_NOW).")
    var generatedAt: String?

    @Flag(help: "Leave the generation time out, so that pages of the same state are byte-identical.")
    var noTimestamp = false

    func validate() throws {
        if generatedAt != nil && noTimestamp { throw ValidationError("--generated-at and --no-timestamp exclude each other") }
    }

    func run() throws {
        let timestamp: ReportOptions.Timestamp = noTimestamp ? .omitted : generatedAt.map { .fixed($0) } ?? .now
        var options = ReportOptions(input: scan.input, ledgerPath: ledger, outputPath: out, title: title, timestamp: timestamp)
        options.mappingsFile = rules
        options.lintRulesFile = lintRules
        try CommandSupport.run { try ReportFlow.execute(options: options, console: $0) }
    }
}
