import ArgumentParser
import MojifyApplication
import MojifyCore
import MojifyLint
import MojifyScanner

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check a tree for new legacy IPC, leftovers of converted messages and banned parameter types.",
        discussion: """
            Rules: \(LintRules.all.map { $0.id }.joined(separator: ", ")). Silence one finding with \
            '// mojify:ignore[rule-id] reason' on its line or the line above.
            Exit status: 0 when no finding is at or above --fail-on, 1 when one is (a file the scan could not read, \
            or a folder it could not list, is an unreadable-file finding, an error by default), 2 for usage or \
            input errors.
            """
    )

    @OptionGroup var scan: ScanArguments

    @Option(help: "The migration ledger (CSV): messages it lists are not new, and its statuses are checked.")
    var ledger: String?

    @Option(help: ArgumentHelp(
        "An inventory of the upstream checkout ('mojify scan UPSTREAM --format json'): messages it defines are not orphans here.",
        valueName: "inventory.json"))
    var upstream: String?

    @Option(help: "Output format: \(LintFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: LintFormat = .text

    @Option(name: .shortAndLong, help: "Write the output to this file instead of standard output.")
    var output: String?

    @Option(help: "Lowest severity that makes the exit status 1: error, warning or note.")
    var failOn: Diagnostic.Severity = .error

    @Option(help: "Check only the files listed in this file (one path per line; '-' reads standard input).")
    var files: String?

    @Option(help: "Rule severities and enablement to use instead of Rules/lint-rules.yaml.")
    var rules: String?

    func run() throws {
        var request = LintRequest(input: scan.input)
        request.format = format
        request.output = output
        request.failOn = failOn
        request.filesList = files
        request.rulesFile = rules
        request.ledgerPath = ledger
        request.upstreamPath = upstream
        try CommandSupport.run { try LintFlow.execute(request, console: $0) }
    }
}

extension LintFormat: ExpressibleByArgument {}
extension Diagnostic.Severity: ExpressibleByArgument {}
