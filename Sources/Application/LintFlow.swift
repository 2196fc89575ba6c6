import Foundation
import MojifyCore
import MojifyConversion
import MojifyLedger
import MojifyLint
import MojifyScanner

/// What `mojify lint` was asked to do.
public struct LintRequest: Sendable {
    public var input: InventoryInput
    public var format: LintFormat = .text
    public var output: String?
    public var failOn: Diagnostic.Severity = .error
    /// A file listing the changed files, or `-` for standard input.
    public var filesList: String?
    /// Replaces `Rules/lint-rules.yaml`.
    public var rulesFile: String?
    /// The migration ledger (CSV) to check the code against.
    public var ledgerPath: String?
    /// An inventory (`mojify scan --format json`) of the upstream checkout: what it defines is not orphaned here.
    public var upstreamPath: String?

    public init(input: InventoryInput) {
        self.input = input
    }
}

/// `mojify lint`: scan (all of the tree, or the changed files and what they need), lint, render, write, and
/// answer with the exit status: 1 when a finding is at or above `failOn`, else 0.
public enum LintFlow {
    public static func execute(_ request: LintRequest, console: Console) throws -> Int32 {
        var input = request.input
        // Suppression comments can outlive the IPC they were for: a scan finds every file that still has one.
        input.scan.markers = InventoryInput.markers
        let scan = input.scan
        let root = try input.root()
        var options = try LintOptions.standard(root: root, rulesFile: request.rulesFile)
        // An unreadable or malformed ledger is an input error, never "no findings".
        let ledger = try request.ledgerPath.map { LedgerReference(ledger: try Ledger.load(path: $0), path: $0, root: root) }
        if let path = request.upstreamPath {
            options.upstream.add(try Inventory.load(from: path))
        }
        let inventory: Inventory
        if let list = request.filesList {
            let changed = try ChangedFiles.read(
                list: list, root: root, isScanned: IPCScanner.reads(fileNamed:),
                standardInput: { FileHandle.standardInput.readDataToEndOfFile() }
            )
            options.changedFiles = Set(changed)
            if input.savedInventory != nil {
                // A saved inventory holds the whole tree: every definition is in it already.
                inventory = try input.load()
            } else {
                var only = scan
                only.onlyFiles = changed
                inventory = try IPCScanner.scan(only)
                options.otherDefinitions = try definitions(neededBy: inventory, outside: changed, scan: only)
            }
        } else {
            // Learned mappings serve unmapped-type, which needs the whole tree and so does not run with --files.
            let learned: [TreeTypeMappings]
            (inventory, learned) = try input.loadLearningMappings()
            options.conversionRules = try ConversionRules.load(learned: learned)
        }
        if input.savedInventory != nil, inventory.markedFiles == nil {
            console.note("the saved inventory does not list the suppression comments of files without IPC, so unused-suppression checks only files with IPC; a full 'mojify lint' checks them all")
        }
        let findings = try Linter.lint(inventory: inventory, ledger: ledger, options: options)

        let displayRoot = scan.paths.count == 1 ? IPCScanner.displayRoot(root) : nil
        let context = FindingsContext(displayRoot: displayRoot == "." ? nil : displayRoot,
                                      rootURI: URL(fileURLWithPath: root, isDirectory: true).standardized.absoluteString,
                                      workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardized.path,
                                      settings: options.settings, failOn: request.failOn)
        let rendered = try request.format.renderer.render(findings, context: context)
        if let output = request.output {
            try FileOutput.writeAtomically(rendered, to: output)
        } else {
            console.write(rendered)
        }
        let unread = inventory.unreadFiles ?? []
        if !unread.isEmpty {
            // Said whatever the rule settings, so that a tree not fully read never looks clean.
            console.message("could not read \(unread.count) file\(unread.count == 1 ? "" : "s"), so \(unread.count == 1 ? "it was" : "they were") not checked:",
                            items: unread.map { "\(context.displayPath($0.location.file)): \($0.detail)" })
        }
        let skipped = inventory.skippedFolders ?? []
        let unlisted = skipped.filter { $0.reason != .linkNotFollowed }
        if !unlisted.isEmpty {
            console.message("could not list \(unlisted.count) folder\(unlisted.count == 1 ? "" : "s") in full, so what \(unlisted.count == 1 ? "it holds was" : "they hold was") not checked:",
                            items: unlisted.map { "\(context.displayPath($0.location.file)): \($0.detail)" })
        }
        let links = skipped.count - unlisted.count
        if links > 0 {
            console.note("\(links) symbolic link\(links == 1 ? "" : "s") to folders not followed (folder-link-not-followed); --follow-symlinks follows them")
        }
        let unseen = inventory.unseen
        let problems = inventory.diagnostics.filter { $0.severity >= .warning && !unseen.contains($0.location.file) }.count
        if problems > 0 {
            console.note("the scan met \(problems) problem\(problems == 1 ? "" : "s") inside files, which may hide constructs; 'mojify scan' lists them")
        }
        return findings.contains { $0.severity >= request.failOn } ? 1 : 0
    }

    /// With `--files`, the orphan rules must know whether messages handled, sent or named in the changed files are
    /// defined anywhere, and whether the tree defines their conventional message classes. Rather than parse the
    /// tree, a byte search finds the headers that mention those names or classes (`FooMsgStart`), and they are parsed
    /// one at a time, `*_messages.h` first, until every name and class is found: usually one header per message class.
    /// Only a name defined nowhere (an orphan, or a message defined upstream) makes every header that mentions it be
    /// parsed.
    static func definitions(neededBy inventory: Inventory, outside changed: [String], scan: ScanOptions) throws -> [MessageDefinition] {
        let defined = Set(inventory.messages.filter { !$0.conditions.disabled }.map(\.name))
        let used = Set(inventory.activeHandlers.compactMap(\.message) + inventory.senders.filter { !$0.conditions.disabled }.map(\.message)
            + (inventory.references ?? []).filter { !$0.conditions.disabled }.map(\.message))
        let missing = used.subtracting(defined)
        let ownClasses = Set(inventory.messages.filter { $0.patch == nil }.map(\.messageClass))
        // A word is wanted until a definition of that name, or of that class, is found.
        var wanted = missing.union(Set(missing.compactMap(IPCNaming.conventionalClass(of:))).subtracting(ownClasses))
        guard !wanted.isEmpty else { return [] }
        let skip = Set(changed)
        let headers = try IPCScanner.definitionFiles(options: scan).filter { !skip.contains($0) }
        let conventional = headers.filter { $0.hasSuffix("messages.h") }
        let others = headers.filter { !$0.hasSuffix("messages.h") }
        var found: [MessageDefinition] = []
        var lookup = scan
        // `*_messages.h` first; the other headers only for words still missing, so that a pull request's check
        // reads a few dozen files, not every header of the tree.
        for tier in [conventional, others] where !wanted.isEmpty {
            let candidates = try IPCScanner.files(tier, mentioningAnyOf: wanted.sorted(), options: scan).sorted { $0.key < $1.key }
            for (header, words) in candidates where !wanted.isDisjoint(with: words) {
                lookup.onlyFiles = [header]
                let definitions = try IPCScanner.scan(lookup).messages
                found += definitions
                for definition in definitions {
                    if !definition.conditions.disabled { wanted.remove(definition.name) }
                    if definition.patch == nil { wanted.remove(definition.messageClass) }
                }
                if wanted.isEmpty { break }
            }
        }
        return found
    }
}
