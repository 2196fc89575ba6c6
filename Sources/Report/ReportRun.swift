import Foundation
import MojifyConversion
import MojifyCore
import MojifyLedger
import MojifyLint
import MojifyScanner

/// What `mojify report` was asked for.
public struct ReportOptions: Sendable {
    /// When the page says it was generated: now, a given text (for reproducible pages), or not at all.
    public enum Timestamp: Sendable, Equatable {
        case now
        case fixed(String)
        case omitted
    }

    public var scan: ScanOptions
    /// The ledger CSV; its history file (`LedgerHistory.path(forLedger:)`) feeds the burndown.
    public var ledgerPath: String?
    public var outputPath: String
    public var title: String
    public var timestamp: Timestamp

    public static let defaultTitle = "IPC to Mojo migration"

    public init(scan: ScanOptions, ledgerPath: String? = nil, outputPath: String, title: String = ReportOptions.defaultTitle, timestamp: Timestamp = .now) {
        self.scan = scan
        self.ledgerPath = ledgerPath
        self.outputPath = outputPath
        self.title = title
        self.timestamp = timestamp
    }
}

/// What a report is made from. Only the ledger parts are optional: rules always ship with mojify.
public struct ReportSources: Sendable {
    public var inventory: Inventory
    public var ledger: Ledger?
    public var history: LedgerHistory?
    public var plan: ConversionPlan
    public var findings: [Finding]
    public var bannedTypes: BannedTypes

    public init(inventory: Inventory, ledger: Ledger?, history: LedgerHistory?, plan: ConversionPlan, findings: [Finding], bannedTypes: BannedTypes) {
        self.inventory = inventory
        self.ledger = ledger
        self.history = history
        self.plan = plan
        self.findings = findings
        self.bannedTypes = bannedTypes
    }
}

/// `mojify report`: scan, plan the conversion, lint, join the ledger, render the page, write it atomically.
public enum ReportRun {
    public static func execute(options: ReportOptions, environment: [String: String] = ProcessInfo.processInfo.environment, progress: MojifyScanner.Scanner.Progress? = nil) throws -> Int32 {
        guard !options.title.trimmingCharacters(in: .whitespaces).isEmpty else { throw ReportError.emptyTitle }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.outputPath, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReportError.outputIsDirectory(path: options.outputPath)
        }
        // Read rules and ledger first: a malformed one should fail before a long scan.
        let root = try LintRun.scannedRoot(options.scan.paths)
        let learned = TreeTypeMappings.learn(scanned: options.scan.paths, upstream: options.scan.upstreamRoots)
        let lintOptions = try LintOptions.standard(root: root, learned: learned)
        let rules = try ConversionRules.load(learned: learned)
        let ledger = try options.ledgerPath.map { path in
            (rows: LedgerReference(ledger: try Ledger.load(path: path), path: path, root: root),
             history: try LedgerHistory.load(path: LedgerHistory.path(forLedger: path)))
        }
        let inventory = try MojifyScanner.Scanner.scan(options.scan, progress: progress)
        let sources = ReportSources(
            inventory: inventory, ledger: ledger?.rows.ledger, history: ledger?.history,
            plan: try ConversionPlan.make(inventory: inventory, rules: rules),
            findings: try Linter.lint(inventory: inventory, ledger: ledger?.rows, options: lintOptions),
            bannedTypes: lintOptions.bannedTypes
        )
        let model = model(sources, title: options.title, generatedAt: generatedAt(options.timestamp, environment: environment))
        try FileOutput.writeAtomically(try ReportPage.render(model), to: options.outputPath)
        return 0
    }

    /// The view model: the scanned messages joined with their ledger rows, conversion plan and lint findings.
    public static func model(_ sources: ReportSources, title: String, generatedAt: String?) -> ReportModel {
        var messages = ReportModelBuilder.messages(from: sources.inventory)
        var notes: [String] = []
        if let ledger = sources.ledger {
            let joined = ReportModelBuilder.attach(ledger, to: messages)
            messages = ReportModelBuilder.attachSites(from: sources.inventory, to: joined.messages)
            if !joined.notInLedger.isEmpty {
                let count = joined.notInLedger.count
                notes.append("\(count) scanned message\(count == 1 ? " is" : "s are") not in the ledger yet and count\(count == 1 ? "s" : "") as unclaimed; run 'mojify ledger sync' to add \(count == 1 ? "it" : "them").")
            }
        } else {
            notes.append("No ledger given: every message counts as unclaimed and there is no history. Pass --ledger FILE for owners, statuses and the burndown.")
        }
        messages = ReportModelBuilder.attach(sources.plan, to: messages)
        let banned = ReportModelBuilder.bannedTypes(in: sources.inventory, banned: sources.bannedTypes)
        for index in messages.indices { messages[index].bannedTypes = banned.byMessage[messages[index].name] ?? [] }
        let linted = ReportModelBuilder.attach(sources.findings, to: messages)
        return ReportModel(
            title: title,
            generatedAt: generatedAt,
            messages: linted.messages,
            history: sources.history.map(ReportModelBuilder.snapshots) ?? [],
            generalFindings: ReportModelBuilder.scanFindings(from: sources.inventory) + linted.general,
            typeProblems: ReportModelBuilder.unmappedTypeProblems(sources.plan) + banned.problems,
            notes: notes
        )
    }

    /// `MOJIFY_NOW` stands in for the clock so that tests and reproducible builds get a fixed page.
    static func generatedAt(_ timestamp: ReportOptions.Timestamp, environment: [String: String]) -> String? {
        switch timestamp {
        case .omitted: return nil
        case let .fixed(text): return text
        case .now:
            if let fixed = environment["MOJIFY_NOW"], !fixed.isEmpty { return fixed }
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            return formatter.string(from: Date())
        }
    }
}
