import Foundation
import MojifyCore
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
    public var outputPath: String
    public var title: String
    public var timestamp: Timestamp

    public static let defaultTitle = "IPC to Mojo migration"

    public init(scan: ScanOptions, outputPath: String, title: String = ReportOptions.defaultTitle, timestamp: Timestamp = .now) {
        self.scan = scan
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
        let inventory = try MojifyScanner.Scanner.scan(options.scan, progress: progress)
        let model = model(inventory: inventory, title: options.title, generatedAt: generatedAt(options.timestamp, environment: environment))
        try FileOutput.writeAtomically(try ReportPage.render(model), to: options.outputPath)
        return 0
    }

    /// The view model of a scanned tree.
    public static func model(inventory: Inventory, title: String, generatedAt: String?) -> ReportModel {
        ReportModel(
            title: title,
            generatedAt: generatedAt,
            messages: ReportModelBuilder.messages(from: inventory),
            generalFindings: ReportModelBuilder.scanFindings(from: inventory),
            notes: ["No ledger given: every message counts as unclaimed and there is no history. Pass --ledger FILE for owners, statuses and the burndown."]
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
