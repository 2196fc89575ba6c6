import Foundation
import MojifyCore
import MojifyLedger
import MojifyScanner

/// What `mojify lint` was asked to do.
public struct LintRequest: Sendable {
    public var scan: ScanOptions
    public var format: LintFormat = .text
    public var output: String?
    public var failOn: Diagnostic.Severity = .error
    /// A file listing the changed files, or `-` for standard input.
    public var filesList: String?
    /// Replaces `Rules/lint-rules.yaml`.
    public var rulesFile: String?
    /// The migration ledger (CSV) to check the code against.
    public var ledgerPath: String?

    public init(scan: ScanOptions) {
        self.scan = scan
    }
}

/// `mojify lint`: scan (all of the tree, or the changed files and what they need), lint, render, write, and
/// answer with the exit status: 1 when a finding is at or above `failOn`, else 0.
public enum LintRun {
    public static func execute(_ request: LintRequest) throws -> Int32 {
        let root = try scannedRoot(request.scan.paths)
        var options = try LintOptions.standard(root: root, rulesFile: request.rulesFile)
        // An unreadable or malformed ledger is an input error, never "no findings".
        let ledger = try request.ledgerPath.map { LedgerReference(ledger: try Ledger.load(path: $0), path: $0, root: root) }
        let inventory: Inventory
        var request = request
        // Suppression comments can outlive the IPC they were for: find every file that still has one.
        request.scan.markers = [Suppression.marker]
        if let list = request.filesList {
            let changed = try ChangedFiles.read(list: list, root: root)
            var scan = request.scan
            scan.onlyFiles = changed
            inventory = try Scanner.scan(scan)
            options.changedFiles = Set(changed)
            options.otherDefinitions = try definitions(neededBy: inventory, outside: changed, scan: scan)
        } else {
            inventory = try Scanner.scan(request.scan)
        }
        let findings = try Linter.lint(inventory: inventory, ledger: ledger, options: options)

        let displayRoot = request.scan.paths.count == 1 ? Scanner.displayRoot(root) : nil
        let context = FindingsContext(displayRoot: displayRoot == "." ? nil : displayRoot,
                                      rootURI: URL(fileURLWithPath: root, isDirectory: true).standardized.absoluteString,
                                      workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardized.path,
                                      settings: options.settings)
        let rendered = try request.format.renderer.render(findings, context: context)
        if let output = request.output {
            try FileOutput.writeAtomically(rendered, to: output)
        } else {
            FileHandle.standardOutput.write(Data(rendered.utf8))
        }
        let problems = inventory.diagnostics.filter { $0.severity >= .warning }.count
        if problems > 0 {
            FileHandle.standardError.write(Data("mojify: note: the scan met \(problems) problem\(problems == 1 ? "" : "s") inside files, which may hide constructs; 'mojify scan' lists them\n".utf8))
        }
        return findings.contains { $0.severity >= request.failOn } ? 1 : 0
    }

    /// The folder that inventory paths are relative to: the one folder scanned, the folder of the one file scanned,
    /// or the current folder when several paths are scanned (the scanner then prefixes each path's name).
    public static func scannedRoot(_ paths: [String]) throws -> String {
        guard paths.count == 1, let path = paths.first else { return "." }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw ScannerError.pathNotFound(path) }
        if isDirectory.boolValue { return path }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// With `--files`, the orphan rules must know whether messages handled or sent in the changed files are defined
    /// anywhere. Rather than parse the tree, a byte search finds the headers that mention those names, and they are
    /// parsed one at a time until every name is found: usually one header per message class. `*_messages.h`
    /// headers are searched and parsed first, and the other headers only for names still missing then, so that a
    /// pull request's check reads a few dozen files, not every header of the tree. Only a name defined nowhere (a
    /// real orphan) makes every header that mentions it be parsed.
    static func definitions(neededBy inventory: Inventory, outside changed: [String], scan: ScanOptions) throws -> Set<String> {
        let defined = Set(inventory.messages.filter { !$0.conditions.disabled }.map(\.name))
        let used = Set(inventory.activeHandlers.compactMap(\.message) + inventory.senders.filter { !$0.conditions.disabled }.map(\.message))
        var wanted = used.subtracting(defined)
        guard !wanted.isEmpty else { return [] }
        let skip = Set(changed)
        let headers = try Scanner.definitionFiles(options: scan).filter { !skip.contains($0) }
        let conventional = headers.filter { $0.hasSuffix("messages.h") }
        let others = headers.filter { !$0.hasSuffix("messages.h") }
        var found = Set<String>()
        var lookup = scan
        for tier in [conventional, others] where !wanted.isEmpty {
            let candidates = try Scanner.files(tier, mentioningAnyOf: wanted.sorted(), options: scan).sorted { $0.key < $1.key }
            for (header, names) in candidates where !wanted.isDisjoint(with: names) {
                lookup.onlyFiles = [header]
                let definitions = Set(try Scanner.scan(lookup).messages.filter { !$0.conditions.disabled }.map(\.name))
                found.formUnion(definitions)
                wanted.subtract(definitions)
                if wanted.isEmpty { break }
            }
        }
        return found
    }
}
