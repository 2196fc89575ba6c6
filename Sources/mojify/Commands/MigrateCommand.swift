import ArgumentParser
import MojifyApplication
import MojifyEmitters
import MojifyMigration

struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Draft the C++ side of a conversion: implementation skeletons and mocks per interface, and a patch rewriting senders, message-map entries and includes.",
        discussion: "Interfaces and methods are named as 'mojify generate' names them. The skeletons and mocks are written under --out; the rewrites go to --patch as a unified diff, and the scanned tree is changed only with --apply. Every file the patch changes is parsed by libclang (syntax only, no includes) before and after, and parse errors the patch adds are listed. Every sender and handler of the selected messages is rewritten or listed with the reason it was not. Exit status: 0 when the drafts were written (or shown with --dry-run), 1 when the patch adds parse errors with --check or --apply (--apply then changes nothing in the tree), 2 for usage or input errors, including a file changed since the scan with --apply (nothing is written)."
    )

    @OptionGroup var scan: ScanArguments
    @OptionGroup var draft: DraftArguments

    @Option(help: "Output folder for the skeletons and mocks; nothing is written outside it (except --patch).")
    var out: String

    @Option(help: "Write the rewrites of the scanned files to this file as a unified diff, for 'git apply'.")
    var patch: String?

    @Option(help: "How the interfaces are registered, which also decides where callers get remotes: binders (BinderMap, 2020 on), associated (AssociatedInterfaceRegistry, ordered with legacy IPC), manifest or cpp-manifest (service manager, 2016-2020). Default: the form of the tree's Mojo era, which the run detects and prints.")
    var registry: OutputFormat?

    @Option(name: .customLong("mojo-api"), help: "The Mojo C++ API the drafts and the patch are written in: current (mojo::Remote, mojo::Receiver, mojo::PendingReceiver, 2019 on) or legacy (FooPtr, mojo::Binding, FooRequest, 2016-2019; with --registry manifest, cpp-manifest or associated). Default: the tree's Mojo era's; an API that era does not use picks the nearest era that does.")
    var mojoAPI: MojoAPI?

    @Flag(help: "Also rewrite the scanned files themselves (each replaced atomically); refused when one changed since the scan or the rewrite would add a parse error.")
    var apply = false

    @Flag(help: "Exit 1 when the patch adds a parse error to a file it changes (the check runs and is reported always).")
    var check = false

    @Option(help: "The migration ledger (CSV); with --owner, convert the messages it says that person owns (narrowed by --only).")
    var ledger: String?

    @Option(help: "The owner whose messages to convert, as the ledger's owner column names them.")
    var owner: String?

    func run() throws {
        var options = MigrateOptions(input: scan.input, out: out)
        options.rulesFile = draft.rules
        options.only = draft.only
        options.ledgerPath = ledger
        options.owner = owner
        options.patchPath = patch
        options.registry = registry
        options.mojoAPI = mojoAPI
        options.dryRun = draft.dryRun
        options.force = draft.force
        options.apply = apply
        options.check = check
        try CommandSupport.run { try MigrateFlow.execute(options: options, console: $0) }
    }
}

extension MojoAPI: ExpressibleByArgument {}
