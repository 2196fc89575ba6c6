import ArgumentParser
import MojifyApplication
import MojifyCore
import MojifyLedger
import MojifyScanner

struct LedgerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ledger",
        abstract: "Track who converts which message in a CSV ledger kept in the repository.",
        discussion: "Exit status: 0 on success, 2 for usage errors, a malformed ledger or a refused claim (nothing is written then).",
        subcommands: [Sync.self, Claim.self, Release.self, SetStatus.self, Show.self, Stats.self]
    )

    struct LedgerFile: ParsableArguments {
        @Option(help: "The ledger CSV file.")
        var ledger = "ipc-ledger.csv"
    }

    struct Today: ParsableArguments {
        @Option(help: "The date to record, YYYY-MM-DD (default: MOJIFY_TODAY, else today).")
        var today: String?
    }

    /// What `claim`, `release` and `set-status` share: the selection and who makes the change.
    struct Edit: ParsableArguments {
        @Argument(help: "Message names or globs, e.g. FrameHostMsg_DidStop 'FrameHostMsg_*'.")
        var messages: [String] = []

        @Option(name: .customLong("class"), help: "Select every message still to do of this message class (repeatable, globs allowed).")
        var classes: [String] = []

        @Option(help: "Who makes the change (your username).")
        var owner: String

        @Flag(help: "Take over messages someone else owns.")
        var steal = false

        @Option(help: "Set the bug cell.")
        var bug: String?

        @Option(help: "Set the notes cell.")
        var note: String?

        @OptionGroup var today: Today
        @OptionGroup var file: LedgerFile

        func run(_ action: LedgerAction) throws {
            try CommandSupport.run { console in
                try LedgerFlow.edit(
                    action, selection: LedgerSelection(messages: messages, classes: classes), owner: owner, steal: steal,
                    bug: bug, note: note, today: today.today, ledger: file.ledger, console: console
                )
            }
        }
    }

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create or update the ledger from a scan, and append today's counts to its history file."
        )

        @OptionGroup var scan: ScanArguments

        @Option(help: "A rules file overriding the built-in Rules/type-mappings.yaml, as for 'mojify generate' (for the proposed_* columns).")
        var rules: String?

        @Flag(help: "Allow marking more than half of the messages still to do converted (refused by default: it is what scanning the wrong folder looks like).")
        var allowMassConversion = false

        @OptionGroup var today: Today
        @OptionGroup var file: LedgerFile

        func run() throws {
            let input = scan.input
            try CommandSupport.run { console in
                try LedgerFlow.sync(
                    input: input, rulesFile: rules, ledger: file.ledger, today: today.today, allowMassConversion: allowMassConversion, console: console
                )
            }
        }
    }

    struct Claim: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Claim messages: you become the owner and they are in-progress. Refused if someone else owns one."
        )

        @OptionGroup var edit: Edit

        func run() throws { try edit.run(.claim) }
    }

    struct Release: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give up your claim: the messages are unclaimed again.")

        @OptionGroup var edit: Edit

        func run() throws { try edit.run(.release) }
    }

    struct SetStatus: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-status",
            abstract: "Set the status of messages (an unowned message becomes yours)."
        )

        @Option(help: "One of: \(LedgerStatus.allCases.map(\.rawValue).joined(separator: ", ")).")
        var status: LedgerStatus

        @OptionGroup var edit: Edit

        func run() throws { try edit.run(.setStatus(status)) }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List ledger rows, optionally filtered.")

        @Option(help: "Only messages this person owns.")
        var owner: String?

        @Option(help: "Only messages with this status.")
        var status: LedgerStatus?

        @Option(name: .customLong("class"), help: "Only messages of this message class (globs allowed).")
        var messageClass: String?

        @Option(help: "Output format: \(LedgerFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
        var format: LedgerFormat = .text

        @OptionGroup var file: LedgerFile

        func run() throws {
            let filter = LedgerFilter(owner: owner, status: status, messageClass: messageClass)
            try CommandSupport.run { try LedgerFlow.show(ledger: file.ledger, filter: filter, format: format, console: $0) }
        }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Totals per status, class and owner, and percent converted.")

        @Option(help: "Output format: \(LedgerFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
        var format: LedgerFormat = .text

        @OptionGroup var file: LedgerFile

        func run() throws {
            try CommandSupport.run { try LedgerFlow.stats(ledger: file.ledger, format: format, console: $0) }
        }
    }
}

extension LedgerStatus: ExpressibleByArgument {}
extension LedgerFormat: ExpressibleByArgument {}
