/// Counts for `mojify ledger stats`: overall, per message class and per owner.
public struct LedgerStats: Encodable, Equatable, Sendable {
    /// Messages per status in one group (a class, an owner, or everything).
    public struct Tally: Encodable, Equatable, Sendable {
        /// The class or owner; empty for no class or no owner.
        public var name: String
        public var counts: StatusCounts

        public init(name: String, rows: [LedgerRow]) {
            self.name = name
            counts = StatusCounts(statuses: rows.map(\.status))
        }

        private enum CodingKeys: String, CodingKey { case name, total, counts }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(counts.total, forKey: .total)
            try container.encode(Dictionary(uniqueKeysWithValues: LedgerStatus.allCases.map { ($0.rawValue, counts[$0]) }), forKey: .counts)
        }
    }

    public var overall: Tally
    /// Sorted by class name.
    public var byClass: [Tally]
    /// Sorted by owner name; unowned messages are the group with the empty name.
    public var byOwner: [Tally]
    /// Converted messages out of all, in percent, rounded to one decimal.
    public var percentConverted: Double
    /// Converted and won't-fix messages out of all, in percent, rounded to one decimal.
    public var percentDone: Double

    public init(rows: [LedgerRow]) {
        overall = Tally(name: "", rows: rows)
        byClass = Dictionary(grouping: rows, by: \.messageClass).map { Tally(name: $0.key, rows: $0.value) }.sorted { $0.name < $1.name }
        byOwner = Dictionary(grouping: rows, by: \.owner).map { Tally(name: $0.key, rows: $0.value) }.sorted { $0.name < $1.name }
        percentConverted = overall.counts.percent(overall.counts[.converted])
        percentDone = overall.counts.percentDone
    }
}
