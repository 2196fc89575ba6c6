import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyMigration
import MojifyLedger
import MojifyScanner

public struct MigrateOptions: Sendable {
    public var input: InventoryInput
    /// Where the implementation skeletons and mocks are written.
    public var out: String
    public var rulesFile: String?
    /// Message classes or message names to convert; empty for all (or all the owner's, with a ledger).
    public var only: [String] = []
    /// With `owner`: convert the messages the ledger says this person owns.
    public var ledgerPath: String?
    public var owner: String?
    /// Where the unified diff of the rewrites goes; nil writes none.
    public var patchPath: String?
    /// The registration form, which also decides where callers get their remotes; nil for the tree's era's.
    public var registry: OutputFormat?
    /// The Mojo C++ API the drafts and the patch are written in; nil for the tree's era's.
    public var mojoAPI: MojoAPI?
    public var dryRun = false
    public var force = false
    /// Write the rewrites into the scanned tree itself.
    public var apply = false
    /// Exit 1 when the patch adds syntax errors to a file it touches.
    public var check = false

    public init(input: InventoryInput, out: String) {
        self.input = input
        self.out = out
    }
}

/// `mojify migrate`: the C++ side of a conversion. Plans as `generate` does (same names), then writes the
/// implementation skeletons and mocks under --out and the rewrites of senders, message maps and includes as a
/// patch; the scanned tree is changed only with `apply`, and not when the patch adds syntax errors.
public enum MigrateFlow {
    /// The C++ and build files of the tree (walked as the scan walks it) that name one of `deleted`'s file names:
    /// those that may include one of them.
    static func includers(of deleted: [String], root: String, scan: ScanOptions) throws -> [String] {
        let names = FileNameSelection.cppFiles.union(FileNameSelection(suffixes: [".gn", ".gni", ".gyp", ".gypi"]))
        let words = Set(deleted.map { ($0 as NSString).lastPathComponent }).sorted()
        return try files(names, mentioningAnyOf: words, root: root, scan: scan).filter { !deleted.contains($0) }
    }

    /// The C++ files of the tree that name any of `classes`.
    static func filesNaming(_ classes: [String], root: String, scan: ScanOptions) throws -> [String] {
        try files(FileNameSelection(suffixes: [".cc", ".cpp", ".mm", ".h"]), mentioningAnyOf: classes, root: root, scan: scan)
    }

    /// The files of the tree `names` selects that contain any of `words`, sorted.
    private static func files(_ names: FileNameSelection, mentioningAnyOf words: [String], root: String, scan: ScanOptions) throws -> [String] {
        guard !words.isEmpty else { return [] }
        var options = scan
        options.paths = [root]
        let files = IPCScanner.list(names, under: [root], options: options).first?.relativePaths ?? []
        return try IPCScanner.files(files, mentioningAnyOf: words, options: options).keys.sorted()
    }

    public static func execute(options: MigrateOptions, console: Console) throws -> Int32 {
        // The patch, the build files it edits and --apply are of one tree, named by its root.
        guard options.input.scan.paths.count == 1 else { throw UsageError.migrateNeedsOneFolder(paths: options.input.scan.paths) }
        let root = try options.input.root()
        // An --apply killed part way is rolled back before anything is read, so that nothing reads a half-changed tree.
        let recovered = try TreeWriter.recoverInterrupted(in: root)
        let scanned = scanTime(options.input)
        // The headers listing message classes and the .gni files, and the files that show the era, come from the
        // scan's own walk, with the files mappings are learned from.
        let probe = EraProbe(options.input.scan)
        let checking = options.check || options.apply
        // The include-aware check also reads the BUILD.gn files' include_dirs.
        let listing = MigrationPatch.listing.union(probe.listing).union(checking ? FileNameSelection(names: ["BUILD.gn"]) : FileNameSelection())
        let (inventory, learned, listed, evidence) = try probe.load(options.input, listing: listing, skipping: [options.out])
        let target = MojoTarget(evidence: evidence, registry: options.registry, api: options.mojoAPI)
        if target.api == .legacy, target.registry == .binders {
            throw UsageError.legacyAPIWithBinders(apiGiven: target.apiGiven, era: target.era.title)
        }
        let only = try selection(options, inventory: inventory)
        let rules = try ConversionRules.load(overridePath: options.rulesFile, learned: learned).inEra(target.era)
        let plan = try ConversionPlan.make(inventory: inventory, rules: rules, only: only, takenMethodNames: MigrationPatch.takenMethodNames(inventory: inventory, read: { treeText(of: $0, root: root) }))
        if !only.isEmpty, plan.interfaces.isEmpty {
            // Messages the plan skips are selected too: say why none is left.
            throw plan.skippedMessages.isEmpty
                ? UsageError.onlyMatchesNothing(only: only)
                : UsageError.onlyMatchesSkippedMessages(only: only, skipped: plan.skippedMessages.map { "\($0.message): \($0.reason)" })
        }
        let migration = CppMigration(plan: plan, inventory: inventory, rules: rules, era: target.era)

        var sources: [String: String] = [:]
        func text(of file: String) -> String? { treeText(of: file, root: root) }
        func read(_ files: [String]) {
            for file in files {
                if let text = text(of: file) { sources[file] = text }
            }
        }
        let listedFiles = listed.first?.relativePaths ?? []
        read(MigrationPatch.filesToRead(plan: plan, inventory: inventory, rules: rules, listed: listedFiles))
        // Then what the handler classes' headers include: where their base classes are declared.
        read(MigrationPatch.headersIncludedByHandlerClasses(of: migration, sources: sources))
        let registry = target.registry
        // A handler class of no kind the guide registers may be passed its messages by an observer that is: the
        // sources naming the class and OnMessageReceived, found by a byte search of the tree, and their headers.
        if registry == .associated {
            let classes = MigrationPatch.handlerClassesOfNoRegistrationForm(of: migration, sources: sources)
            let naming = try filesNaming(classes, root: root, scan: options.input.scan)
            let found = MigrationPatch.forwarderSources(among: naming, known: { sources[$0] != nil }, read: text(of:))
            sources.merge(found) { known, _ in known }
        }
        let remotes = RemoteSettings(registry: registry, rules: rules, api: target.api)
        var patch = MigrationPatch.make(plan: plan, migration: migration, inventory: inventory, sources: sources, remotes: remotes)
        // A header the patch deletes may be included where none of its messages is used (an include left from
        // messages gone long ago): a byte search of the tree finds those files, and the patch is made again with
        // them read, so that no include of a deleted file is left.
        let includers = try includers(of: patch.deletedFiles, root: root, scan: options.input.scan).filter { sources[$0] == nil }
        if !includers.isEmpty {
            read(includers)
            patch = MigrationPatch.make(plan: plan, migration: migration, inventory: inventory, sources: sources, remotes: remotes)
        }
        // The registration lines name the Bind functions the drafts define; both only for interfaces the patch
        // converts something of.
        let drafted = patch.convertedInterfaces(of: migration)
        let draftedMigration = patch.drafted(migration)
        let draftedPlan = patch.drafted(plan, of: migration)
        let drafts = CppDraftEmitter.emit(draftedMigration, registry: registry, convertedInPlace: patch.convertedInPlace, registeredInPatch: patch.registeredInPatch, api: target.api)
        var files = drafts
        if !draftedPlan.files.isEmpty { files.merge(try registry.emitter.emit(draftedPlan, rules: rules)) { draft, _ in draft } }
        // An error no rewritten line causes is clang recovering differently from an earlier problem the file had
        // without its includes (a constructor it could not read), not something the patch wrote.
        var (regressions, unattributed) = syntaxRegressions(patch, sources: sources).partitioned { $0.rewrittenLine != nil }
        // The include-aware check costs a full parse of each file twice: run where its answer gates something.
        let compiled = checking ? try compileCheck(
            patch, sources: sources, drafts: drafts,
            declarations: declarations(plan: plan, migration: migration, inventory: inventory, rules: rules, target: target, sources: sources, root: root, options: options),
            root: root, options: options, buildIncludeDirs: buildIncludeDirs(listed: listed.first?.relativePaths ?? [], root: root)
        ) : nil
        // Read with its includes, a line that parsed without them only as an unknown template's `<` (a new
        // definition's `std::unique_ptr<base::ListValue>` parameter) is fine: that syntax error does not block.
        var readWithIncludes: [SyntaxRegression] = []
        if let compiled {
            let typeErrors = Set((compiled.added + compiled.unconfirmed).map { "\($0.file):\($0.error.line)" })
            (regressions, readWithIncludes) = regressions.partitioned { !$0.error.lineText.contains("<") || typeErrors.contains("\($0.file):\($0.error.line)") }
        }
        let passes = regressions.isEmpty && compiled?.added.isEmpty != false
        let applying = options.apply && passes
        if applying { try ensureUnchanged(patch, sources: sources, root: root, since: scanned) }
        // The patch is made from the files as they are: a reviewer of 'git diff' then sees the user's edits too.
        // Asked before --apply changes them.
        let dirty = options.patchPath != nil || options.apply ? GitStatus.uncommitted(patch.files, in: root) : []

        let writer = OutputWriter(root: options.out)
        let statuses = try writer.plan(files, force: options.force)
        var report = recovered.isEmpty ? "" : "recovered: an interrupted --apply was rolled back first; restored: \(recovered.joined(separator: ", ").escapingControlCharacters)\n"
        if options.dryRun {
            for (path, status) in statuses where status != .unchanged {
                report += "==> \(path) (\(status.rawValue)) <==\n\(files[path]!)\n"
            }
            if options.patchPath != nil, !patch.diff.isEmpty { report += "==> patch <==\n\(patch.diff)\n" }
        } else {
            try writer.write(files, statuses: statuses)
            if let patchPath = options.patchPath { try FileOutput.writeAtomically(patch.diff, to: patchPath) }
            if applying { try apply(patch, sources: sources, root: root) }
        }
        report += target.summary(withAPI: true) + "\n"
        report += summary(migration, patch: patch, drafted: drafted, statuses: statuses, patchPath: options.patchPath, dryRun: options.dryRun)
        report += syntaxSummary(regressions, unattributed: unattributed, checked: patch.rewritten.count - patch.addedFiles.count).joined(separator: "\n") + "\n"
        if !readWithIncludes.isEmpty {
            report += "syntax: \(readWithIncludes.count) more parse error\(readWithIncludes.count == 1 ? "" : "s") without includes, on lines the include-aware check read without one (a template the first parse did not see): \(readWithIncludes.map { "\($0.file):\($0.error.line)" }.joined(separator: ", "))\n".escapingControlCharacters
        }
        report += compileSummary(compiled, blocking: options.check || options.apply).joined(separator: "\n") + "\n"
        if !dirty.isEmpty {
            report += "warning: \(dirty.count) file\(dirty.count == 1 ? "" : "s") the patch changes \(dirty.count == 1 ? "has" : "have") uncommitted changes, which the patch builds on: \(dirty.joined(separator: ", ").escapingControlCharacters); commit or stash them first to review mojify's change alone\n"
        }
        if options.apply {
            let changed = patch.files.filter { patch.rewritten[$0] != nil && !patch.addedFiles.contains($0) }
            let added = patch.addedFiles.isEmpty ? "" : "; \(options.dryRun ? "would be " : "")added: \(patch.addedFiles.joined(separator: ", "))"
            let deleted = patch.deletedFiles.isEmpty ? "" : "; \(options.dryRun ? "would be " : "")deleted: \(patch.deletedFiles.joined(separator: ", "))"
            report += applying
                ? "applied: \(changed.count) file\(changed.count == 1 ? "" : "s") of the tree \(options.dryRun ? "would be " : "")rewritten: \(changed.joined(separator: ", "))\(added)\(deleted)\n"
                : "applied: nothing; the patch would add errors (listed above)\n"
        }
        console.write(report)
        return passes || !(options.check || options.apply) ? 0 : 1
    }

    /// `--only`, narrowed to the owner's messages when a ledger is given.
    static func selection(_ options: MigrateOptions, inventory: Inventory) throws -> [String] {
        let only = try ConversionPlan.selection(options.only, in: inventory)
        guard let ledgerPath = options.ledgerPath else {
            if options.owner != nil { throw UsageError.ownerWithoutLedger }
            return only
        }
        guard let owner = options.owner, !owner.isEmpty else {
            throw UsageError.ledgerWithoutOwner
        }
        let ledger = try Ledger.load(path: ledgerPath)
        let classes = Dictionary(inventory.messages.map { ($0.name, $0.messageClass) }, uniquingKeysWith: { first, _ in first })
        let owned = ledger.rows.filter { $0.owner == owner }.map(\.message).filter { message in
            only.isEmpty || only.contains(message) || classes[message].map(only.contains) == true
        }
        if owned.isEmpty {
            throw UsageError.ownsNothing(ledger: ledgerPath, owner: owner, only: only)
        }
        return owned.sorted()
    }

    static func summary(
        _ migration: CppMigration, patch: MigrationPatch, drafted: Set<String>, statuses: [(path: String, status: OutputWriter.Status)], patchPath: String?, dryRun: Bool
    ) -> String {
        let methods = migration.interfaces.flatMap(\.methods)
        let undrafted = migration.interfaces.map { $0.module + "." + $0.name }.filter { !drafted.contains($0) }
        var lines = [
            "interfaces: \(migration.interfaces.count) with \(methods.count) methods; \(methods.filter { $0.handler != nil }.count) call their legacy handler, \(methods.filter { $0.handler == nil }.count) NOTIMPLEMENTED",
        ]
        if !undrafted.isEmpty {
            lines.append("drafts: none for \(undrafted.joined(separator: ", ")), whose every message is left whole")
        }
        let headings: [MigrationPatch.Kind: (String, String)] = [
            .message: ("messages", "converted whole"), .sender: ("senders", "rewritten"), .handler: ("handlers", "rewritten"), .remote: ("remotes", "classes given Get<Interface>() and a remote"), .method: ("handler methods", "made interface methods"),
            .registration: ("registration", "interfaces registered by their handler class in the patch"),
            .friend: ("handler classes", "befriend their interface's implementation"), .reference: ("other uses", "rewritten"), .messageMap: ("message maps", "removed"), .definition: ("definitions", "removed"), .build: ("build targets of changed files", "depend on the mojom"),
            .converter: ("struct converters", "added as new files"),
        ]
        let leftWhole = Set(patch.outcomes.filter { $0.kind == .message && $0.reason != nil }.map(\.message))
        for kind in MigrationPatch.Kind.allCases {
            let all = patch.outcomes.filter { $0.kind == kind }
            // The sites of a message left whole are listed under it, once.
            let listed = all.filter { $0.reason != nil && (!$0.isSite || !leftWhole.contains($0.message)) }
            if let (noun, done) = headings[kind] {
                let deleted = kind == .definition && !patch.deletedFiles.isEmpty ? "; headers deleted: \(patch.deletedFiles.joined(separator: ", "))" : ""
                let added = kind == .converter && !patch.addedFiles.isEmpty ? "; files added: \(patch.addedFiles.joined(separator: ", "))" : ""
                let left = all.filter { $0.reason != nil }.count - listed.count
                let kept = left == 0 ? "" : ", \(left) left with their message\(left == 1 ? "" : "s")"
                lines.append("\(noun): \(all.count - listed.count - left) \(done), \(listed.count) listed\(kept)\(deleted)\(added)".escapingControlCharacters)
            } else if kind == .trap {
                // Traps are only ever listed: what the legacy dispatch did that the interface methods do not.
                lines.append("traps: \(listed.count) listed, behaviour the legacy dispatch gave that the rewritten code does not")
            } else {
                if listed.isEmpty { continue }
                lines.append("mentions: \(listed.count) listed, strings naming converted messages, whose text the patch leaves as it is")
            }
            lines += listed.map { "  \($0.location) \($0.message): \($0.reason!)".escapingControlCharacters }
        }
        let counts = Dictionary(grouping: statuses, by: \.status).mapValues(\.count)
        let verb = dryRun ? "would write" : "written"
        lines.append("files: \((counts[.created] ?? 0) + (counts[.updated] ?? 0)) \(verb) (\(counts[.created] ?? 0) new, \(counts[.updated] ?? 0) changed), \(counts[.unchanged] ?? 0) unchanged")
        if let patchPath {
            lines.append("patch: \(patch.files.count) file\(patch.files.count == 1 ? "" : "s") changed\(dryRun ? "" : ", written to \(patchPath)"); check it with 'git apply --check \(patchPath)'")
        } else {
            lines.append("patch: \(patch.files.count) file\(patch.files.count == 1 ? "" : "s") would change; give --patch FILE to write the diff")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
