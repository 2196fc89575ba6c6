import MojifyConversion
import MojifyCore
import MojifyLedger
import MojifyLint

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

extension ReportModelBuilder {
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
}
