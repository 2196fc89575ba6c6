import Foundation
import MojifyConversion
import MojifyCore
import MojifyLedger
import MojifyLint
import MojifyReport
import MojifyScanner

/// What `mojify report` was asked for.
public struct ReportOptions: Sendable {
    /// When the page says it was generated: now, a given text (for reproducible pages), or not at all.
    public enum Timestamp: Sendable, Equatable {
        case now
        case fixed(String)
        case omitted
    }

    public var input: InventoryInput
    /// Type mappings that override and extend `Rules/type-mappings.yaml` (as `generate --rules`).
    public var mappingsFile: String?
    /// Rule severities and enablement instead of `Rules/lint-rules.yaml` (as `lint --rules`).
    public var lintRulesFile: String?
    /// The ledger CSV; its history file (`LedgerHistory.path(forLedger:)`) feeds the burndown.
    public var ledgerPath: String?
    public var outputPath: String
    public var title: String
    public var timestamp: Timestamp

    public static let defaultTitle = "IPC to Mojo migration"

    public init(input: InventoryInput, ledgerPath: String? = nil, outputPath: String, title: String = ReportOptions.defaultTitle, timestamp: Timestamp = .now) {
        self.input = input
        self.ledgerPath = ledgerPath
        self.outputPath = outputPath
        self.title = title
        self.timestamp = timestamp
    }
}

/// `mojify report`: scan, plan the conversion, lint, join the ledger, render the page, write it atomically.
public enum ReportFlow {
    public static func execute(options: ReportOptions, console: Console, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int32 {
        guard !options.title.trimmingCharacters(in: .whitespaces).isEmpty else { throw ReportError.emptyTitle }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.outputPath, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReportError.outputIsDirectory(path: options.outputPath)
        }
        // Read rules and ledger first: a malformed one should fail before a long scan.
        let root = try options.input.root()
        var lintOptions = try LintOptions.standard(root: root, rulesFile: options.lintRulesFile, mappingsFile: options.mappingsFile)
        let ledger = try options.ledgerPath.map { path in
            (rows: LedgerReference(ledger: try Ledger.load(path: path), path: path, root: root),
             history: try LedgerHistory.load(path: LedgerHistory.path(forLedger: path)))
        }
        let (inventory, learned) = try options.input.loadLearningMappings(progress: console.progress)
        lintOptions.conversionRules = try ConversionRules.load(overridePath: options.mappingsFile, learned: learned)
        let plan = try ConversionPlan.make(inventory: inventory, rules: lintOptions.conversionRules)
        lintOptions.plan = plan
        let sources = ReportSources(
            inventory: inventory, ledger: ledger?.rows.ledger, history: ledger?.history, plan: plan,
            findings: try Linter.lint(inventory: inventory, ledger: ledger?.rows, options: lintOptions),
            bannedTypes: lintOptions.bannedTypes
        )
        let model = ReportModelBuilder.model(sources, title: options.title, generatedAt: generatedAt(options.timestamp, environment: environment))
        try FileOutput.writeAtomically(try ReportPage.render(model), to: options.outputPath)
        return 0
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
