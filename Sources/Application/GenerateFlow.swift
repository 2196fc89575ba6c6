import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyMigration
import MojifyScanner

public struct GenerateOptions: Sendable {
    public var input: InventoryInput
    public var out: String
    public var rulesFile: String?
    /// Message classes or message names to convert; empty for all.
    public var only: [String] = []
    public var dryRun = false
    public var force = false
    /// Existing manifest JSON files to merge the entries into, in place.
    public var manifests: [String] = []
    /// How interfaces are made reachable: one of `OutputFormat.registries`; nil for the tree's era's.
    public var registry: OutputFormat?

    public init(input: InventoryInput, out: String) {
        self.input = input
        self.out = out
    }
}

/// `mojify generate`: scan, plan, render every output format, then write (or show) the files and a summary.
public enum GenerateFlow {
    public static func execute(options: GenerateOptions, console: Console) throws -> Int32 {
        let probe = EraProbe(options.input.scan)
        let (inventory, learned, _, evidence) = try probe.load(options.input, listing: probe.listing, skipping: [options.out])
        let target = MojoTarget(evidence: evidence, registry: options.registry, api: nil)
        let rules = try ConversionRules.load(overridePath: options.rulesFile, learned: learned).inEra(target.era)
        // Named as `migrate` names them: a name the handler's class takes the address of is not reused.
        let root = try options.input.root()
        let taken = MigrationPatch.takenMethodNames(inventory: inventory, read: { MigrateFlow.treeText(of: $0, root: root) })
        let plan = try ConversionPlan.make(inventory: inventory, rules: rules, only: try ConversionPlan.selection(options.only, in: inventory), takenMethodNames: taken)
        if !options.only.isEmpty, plan.files.isEmpty {
            // Messages the plan skips are selected too: say why none is left.
            throw plan.skippedMessages.isEmpty
                ? UsageError.onlyMatchesNothing(only: options.only)
                : UsageError.onlyMatchesSkippedMessages(only: options.only, skipped: plan.skippedMessages.map { "\($0.message): \($0.reason)" })
        }
        let files = try OutputFormat.render(plan, rules: rules, registry: target.registry)

        let writer = OutputWriter(root: options.out)
        let statuses = try writer.plan(files, force: options.force)
        // With --only, the files of the other classes are not stale, just not part of this run.
        let stale = options.only.isEmpty ? writer.stale(files) : []
        var merges: [(path: String, text: String, added: Int, changed: Bool)] = []
        for path in options.manifests {
            // Decoded by hand: Foundation's String(contentsOfFile:) drops a leading byte-order mark, which would
            // then be missing from the file written back.
            let data: Data
            data = try readInput(path, what: "the manifest file to merge into")
            guard let text = String(validating: data, as: UTF8.self) else {
                throw CoreError.unreadableFile(path: path, reason: "not UTF-8 text; save the manifest as UTF-8")
            }
            let merged = try ManifestMerge.merge(text: text, path: path, plan: plan, rules: rules)
            merges.append((path, merged.text, merged.added, merged.text != text))
        }

        var report = ""
        if options.dryRun {
            for (path, status) in statuses where status != .unchanged {
                report += "==> \(path) (\(status.rawValue)) <==\n\(files[path]!)\n"
            }
            for merge in merges where merge.changed {
                report += "==> \(merge.path) (manifest, \(merge.added) entries added) <==\n\(merge.text)\n"
            }
        } else {
            try writer.write(files, statuses: statuses)
            for merge in merges where merge.changed {
                try FileOutput.writeAtomically(merge.text, to: merge.path)
            }
        }
        report += target.summary(withAPI: false) + "\n"
        report += summary(plan, statuses: statuses, stale: stale, merges: merges.map { ($0.path, $0.added) }, dryRun: options.dryRun,
                          typemapChoices: TreeTypeMappings.combined(learned).choices)
        console.write(report)
        for warning in plan.warnings { console.warning(warning.description) }
        return 0
    }

    static func summary(
        _ plan: ConversionPlan, statuses: [(path: String, status: OutputWriter.Status)], stale: [String], merges: [(String, Int)], dryRun: Bool,
        typemapChoices: [String] = []
    ) -> String {
        let methods = plan.interfaces.reduce(0) { $0 + $1.methods.count }
        var lines = [
            "interfaces: \(plan.interfaces.count) with \(methods) methods",
            "structs: \(plan.files.reduce(0) { $0 + $1.structs.count }), enums: \(plan.files.reduce(0) { $0 + $1.enums.count })",
            "folded pairs: \(plan.foldedPairs.count)\(plan.foldedPairs.isEmpty ? "" : " (" + plan.foldedPairs.map { "\($0.request) + \($0.replies.joined(separator: " + "))" }.joined(separator: ", ") + ")")",
            "unmapped types: \(plan.unmappedTypes.count)",
        ]
        for type in plan.unmappedTypes {
            lines.append("  \(type.cppType): used by \(type.uses.map { "\($0.user) (\($0.location))" }.joined(separator: ", "))")
        }
        // Said once per run, not in each file that uses the type.
        if !typemapChoices.isEmpty {
            lines.append("C++ types with several typemaps: \(typemapChoices.count) (the first is used)")
            lines += typemapChoices.map { "  \($0)" }
        }
        if !plan.skippedMessages.isEmpty {
            lines.append("skipped messages: \(plan.skippedMessages.count)")
            lines += plan.skippedMessages.map { "  \($0.message) (\($0.location)): \($0.reason)" }
        }
        let counts = Dictionary(grouping: statuses, by: \.status).mapValues(\.count)
        let verb = dryRun ? "would write" : "written"
        lines.append("files: \((counts[.created] ?? 0) + (counts[.updated] ?? 0)) \(verb) (\(counts[.created] ?? 0) new, \(counts[.updated] ?? 0) changed), \(counts[.unchanged] ?? 0) unchanged")
        if !stale.isEmpty {
            lines.append("stale: \(stale.count) file\(stale.count == 1 ? "" : "s") an earlier run wrote, which this run no longer does; delete \(stale.count == 1 ? "it" : "them") if nothing uses \(stale.count == 1 ? "it" : "them")")
            lines += stale.map { "  \($0)" }
        }
        for (path, added) in merges {
            lines.append("manifest \(path): \(added) entr\(added == 1 ? "y" : "ies") \(dryRun ? "would be " : "")added")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
