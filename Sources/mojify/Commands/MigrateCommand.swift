import ArgumentParser
import MojifyApplication

struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Draft the C++ side of a conversion: implementation skeletons and mocks per interface, and a patch rewriting senders, message-map entries and includes.",
        discussion: "Interfaces and methods are named as 'mojify generate' names them. The skeletons and mocks are written under --out; the rewrites go to --patch as a unified diff, and the scanned tree is never changed. Every sender and handler of the selected messages is rewritten or listed with the reason it was not. Exit status: 0 when the drafts were written (or shown with --dry-run), 2 for usage or input errors."
    )

    @OptionGroup var scan: ScanArguments

    @Option(help: "Output folder for the skeletons and mocks; nothing is written outside it (except --patch).")
    var out: String

    @Option(help: "Write the rewrites of the scanned files to this file as a unified diff, for 'git apply'.")
    var patch: String?

    @Option(help: "A rules file in the format of Rules/type-mappings.yaml whose entries override and extend the built-in ones.")
    var rules: String?

    @Option(parsing: .upToNextOption, help: "Convert only these message classes (FrameMsgStart) or messages (FrameHostMsg_Foo).")
    var only: [String] = []

    @Option(help: "The migration ledger (CSV); with --owner, convert the messages it says that person owns (narrowed by --only).")
    var ledger: String?

    @Option(help: "The owner whose messages to convert, as the ledger's owner column names them.")
    var owner: String?

    @Flag(help: "Print the files and the patch that would be written instead of writing them.")
    var dryRun = false

    @Flag(help: "Overwrite files in --out that were edited by hand.")
    var force = false

    func run() throws {
        var options = MigrateOptions(input: scan.input, out: out)
        options.rulesFile = rules
        options.only = only
        options.ledgerPath = ledger
        options.owner = owner
        options.patchPath = patch
        options.dryRun = dryRun
        options.force = force
        try CommandSupport.run { try MigrateFlow.execute(options: options) }
    }
}
