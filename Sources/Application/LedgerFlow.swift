import Foundation
import MojifyConversion
import MojifyCore
import MojifyLedger
import MojifyScanner

/// The `mojify ledger` subcommands: each reads or updates the ledger file and reports on standard output.
public enum LedgerFlow {
    /// A sync may mark up to this many messages converted whatever the share, so that the last few of a
    /// migration need no override.
    static let massConversionMinimum = 5

    /// `sync`: scans, updates the ledger (creating it if needed) and records today's counts in the history.
    /// The proposed interface and method come from the conversion plan `mojify generate` would make with `rulesFile`.
    /// A sync that would mark most of the open messages converted is refused unless `allowMassConversion`: that is
    /// what scanning the wrong folder looks like.
    public static func sync(
        input: InventoryInput, rulesFile: String?, ledger path: String, today: String?, allowMassConversion: Bool = false, console: Console
    ) throws -> Int32 {
        let date = try LedgerDate.today(override: today)
        let (inventory, learned) = try input.loadLearningMappings()
        let plan = try ConversionPlan.make(inventory: inventory, rules: ConversionRules.load(overridePath: rulesFile, learned: learned))
        let proposals = plan.proposals
        let historyPath = LedgerHistory.path(forLedger: path)
        let recordHistory = { (ledger: Ledger) in
            var history = try LedgerHistory.load(path: historyPath)
            history.record(ledger.historyEntry(date: date))
            return [(path: historyPath, text: try history.csvText())]
        }
        let (summary, total) = try LedgerStore.update(path: path, creating: true, companions: recordHistory) { ledger in
            let open = ledger.rows.filter { !$0.status.isDone }.count
            let summary = ledger.sync(with: inventory, today: date) { definition in
                proposals[definition.name].map { ProposedMethod(interface: $0.interface, declaration: $0.declaration) }
            }
            if !allowMassConversion, summary.vanished.count > massConversionMinimum, summary.vanished.count * 2 > open {
                throw LedgerError.massConversion(path: path, vanishing: summary.vanished.count, open: open, scanned: input.scan.paths)
            }
            return (summary, ledger.rows.count)
        }
        var report = "\(path): \(total) messages; \(summary.added.count) new, \(summary.vanished.count) gone from the code "
        report += "(now converted), \(summary.moved.count) moved"
        if !summary.keptUnread.isEmpty { report += ", \(summary.keptUnread.count) left as they were (the scan did not see their file)" }
        report += "\n"
        console.write(report)
        if !summary.convertedButPresent.isEmpty {
            console.message("marked converted but still in the code: \(summary.convertedButPresent.joined(separator: ", "))")
        }
        let unread = inventory.unreadFiles ?? []
        if !unread.isEmpty {
            console.message("could not read \(unread.count) file\(unread.count == 1 ? "" : "s"); the rows of their messages were left as they were:",
                            items: unread.map { "\($0.location.file): \($0.detail)" })
        }
        let skipped = inventory.skippedFolders ?? []
        if !skipped.isEmpty {
            console.message("did not list or enter \(skipped.count) folder\(skipped.count == 1 ? "" : "s"); the rows of messages in \(skipped.count == 1 ? "it" : "them") were left as they were:",
                            items: skipped.map { "\($0.location.file): \($0.detail)" })
        }
        let unseen = inventory.unseen
        let errors = inventory.diagnostics.filter { $0.severity == .error && !unseen.contains($0.location.file) }.count
        if errors > 0 {
            console.message("the scan reported \(errors) error\(errors == 1 ? "" : "s"), so some messages may be missing and wrongly marked converted; see 'mojify scan'")
        }
        return 0
    }

    /// `claim`, `release` and `set-status`: applies one edit under the ledger's lock.
    public static func edit(
        _ action: LedgerAction, selection: LedgerSelection, owner: String, steal: Bool,
        bug: String?, note: String?, today: String?, ledger path: String, console: Console
    ) throws -> Int32 {
        let edit = LedgerEdit(
            action: action, selection: selection, owner: owner, steal: steal, bug: bug, note: note,
            today: try LedgerDate.today(override: today)
        )
        let result = try LedgerStore.update(path: path, creating: false) { try $0.apply(edit) }
        var report = result.changed.map { "\($0.message): \($0.status.rawValue)\($0.owner.isEmpty ? "" : ", owner \($0.owner)")\n" }.joined()
        if !result.unchanged.isEmpty {
            report += "unchanged (already so): \(result.unchanged.joined(separator: ", "))\n"
        }
        if result.changed.isEmpty && result.unchanged.isEmpty {
            report += "nothing to change: every selected message is converted or won't-fix\n"
        }
        console.write(report)
        return 0
    }

    /// `show`: the rows that match `filter`, in ledger order.
    public static func show(ledger path: String, filter: LedgerFilter, format: LedgerFormat, console: Console) throws -> Int32 {
        let ledger = try Ledger.load(path: path)
        let rows = ledger.rows.sorted(by: LedgerRow.precedes).filter(filter.matches)
        console.write(try format.renderer.render(rows: rows, columns: ledger.columns))
        return 0
    }

    /// `stats`: totals per status, class and owner.
    public static func stats(ledger path: String, format: LedgerFormat, console: Console) throws -> Int32 {
        let ledger = try Ledger.load(path: path)
        console.write(try format.renderer.render(stats: LedgerStats(rows: ledger.rows)))
        return 0
    }
}
