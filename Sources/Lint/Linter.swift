import MojifyConversion
import MojifyCore

/// Runs the rules over an inventory: the library entry point that `mojify lint` and the HTML report share.
public enum Linter {
    /// The findings, sorted by location, after suppressions, each with a fingerprint. Without a ledger, the rules
    /// about the ledger do not run and every legacy message counts as new.
    public static func lint(inventory: Inventory, ledger: LedgerReference?, options: LintOptions) throws -> [Finding] {
        let lines = SourceLines(root: options.root)
        let active = LintRules.all.filter { rule in
            options.settings.isEnabled(rule) && !(options.changedFiles != nil && rule.scope == .tree) && (ledger != nil || !rule.needsLedger)
        }
        let defined = Set((inventory.messages + options.otherDefinitions).filter { !$0.conditions.disabled }.map(\.name))
        // Building the conversion plan costs a pass over everything; only the rule that needs it pays for it.
        let unmapped = active.contains { $0 == UnmappedParameterType.self }
            ? try (options.plan ?? ConversionPlan.make(inventory: inventory, rules: options.conversionRules)).unmappedTypes : []
        var context = LintContext(inventory: inventory, definedMessages: defined, bannedTypes: options.bannedTypes,
                                  unmappedTypes: unmapped, ledger: ledger, upstream: options.upstream,
                                  classEvidence: (inventory.messages + options.otherDefinitions).firstOwnDefinitionByClass(), suppressions: [])

        func findings(of rules: [any LintRule.Type]) -> [Finding] {
            rules.flatMap { rule in
                rule.check(context)
                    .filter { options.changedFiles?.contains($0.location.file) ?? true }
                    .map { finding in
                        var finding = finding
                        finding.severity = options.settings.severity(of: rule)
                        return finding
                    }
            }
        }

        let found = findings(of: active.filter { $0.scope != .suppressions })
        // A file the scan could not read cannot vouch for itself: none of its comments is read, so none silences
        // its unreadable-file finding (nothing else of it was kept to be found).
        let unseen = inventory.unseen
        var commentFiles = (options.changedFiles
            ?? Set(found.map(\.location.file)).union(inventory.filesWithConstructs).union(inventory.markedFiles ?? []))
            .filter { !unseen.contains($0) }
        // A scan that looked for the marker knows every file holding one: no other can hold a suppression.
        if let marked = inventory.markedFiles { commentFiles.formIntersection(marked) }
        let filter = SuppressionFilter(files: commentFiles.sorted(), lines: lines)
        let (kept, outcomes) = filter.apply(to: found, knownRules: Set(LintRules.all.map { $0.id }), ranRules: Set(active.map { $0.id }))
        context.suppressions = outcomes
        let judged = kept + findings(of: active.filter { $0.scope == .suppressions })
        return Fingerprint.assign(to: judged.sorted(), lines: lines)
    }
}

extension Inventory {
    /// Files holding a construct a rule can report: where suppression comments can matter.
    var filesWithConstructs: Set<String> {
        var files = Set(messages.map(\.location.file))
        files.formUnion(structs.map(\.location.file))
        files.formUnion(messageMaps.flatMap { map in [map.location.file] + map.handlers.map(\.location.file) })
        files.formUnion(senders.map(\.location.file))
        files.formUnion((references ?? []).map(\.location.file))
        return files
    }

    /// Handlers that name a message, outside `#if 0` code.
    public var activeHandlers: [MessageHandler] {
        messageMaps.filter { !$0.conditions.disabled }.flatMap(\.handlers).filter { $0.message != nil && !$0.conditions.disabled }
    }
}
