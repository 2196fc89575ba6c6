import Foundation
import MojifyCore
import MojifyLedger
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

/// `mojify report`: scan, join in what else is known about each message, render the page, write it atomically.
public enum ReportRun {
    public static func execute(options: ReportOptions, environment: [String: String] = ProcessInfo.processInfo.environment, progress: MojifyScanner.Scanner.Progress? = nil) throws -> Int32 {
        guard !options.title.trimmingCharacters(in: .whitespaces).isEmpty else { throw ReportError.emptyTitle }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.outputPath, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ReportError.outputIsDirectory(path: options.outputPath)
        }
        // Read the ledger first: a malformed ledger should fail before a long scan.
        let ledger = try options.ledgerPath.map { path in
            (rows: try Ledger.load(path: path), history: try LedgerHistory.load(path: LedgerHistory.path(forLedger: path)))
        }
        let inventory = try MojifyScanner.Scanner.scan(options.scan, progress: progress)
        let model = model(
            inventory: inventory, ledger: ledger?.rows, history: ledger?.history, title: options.title,
            generatedAt: generatedAt(options.timestamp, environment: environment)
        )
        try FileOutput.writeAtomically(try ReportPage.render(model), to: options.outputPath)
        return 0
    }

    /// The view model of a scanned tree and, when given, its ledger and the ledger's history.
    public static func model(inventory: Inventory, ledger: Ledger?, history: LedgerHistory?, title: String, generatedAt: String?) -> ReportModel {
        var messages = ReportModelBuilder.messages(from: inventory)
        var notes: [String] = []
        if let ledger {
            let joined = ReportModelBuilder.attach(ledger, to: messages)
            messages = joined.messages
            if !joined.notInLedger.isEmpty {
                notes.append("\(joined.notInLedger.count) scanned message\(joined.notInLedger.count == 1 ? " is" : "s are") not in the ledger yet and count as unclaimed; run 'mojify ledger sync' to add \(joined.notInLedger.count == 1 ? "it" : "them").")
            }
        } else {
            notes.append("No ledger given: every message counts as unclaimed and there is no history. Pass --ledger FILE for owners, statuses and the burndown.")
        }
        return ReportModel(
            title: title,
            generatedAt: generatedAt,
            messages: messages,
            history: history.map(ReportModelBuilder.snapshots) ?? [],
            generalFindings: ReportModelBuilder.scanFindings(from: inventory),
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
