/// Counts for `mojify ledger stats`: overall, per message class and per owner.
public struct LedgerStats: Encodable, Equatable, Sendable {
    /// Messages per status in one group (a class, an owner, or everything).
    public struct Tally: Encodable, Equatable, Sendable {
        /// The class or owner; empty for no class or no owner.
        public var name: String
        public var counts: [LedgerStatus: Int]

        public init(name: String, rows: [LedgerRow]) {
            self.name = name
            let grouped = Dictionary(grouping: rows, by: \.status).mapValues(\.count)
            self.counts = Dictionary(uniqueKeysWithValues: LedgerStatus.allCases.map { ($0, grouped[$0] ?? 0) })
        }

        public var total: Int { counts.values.reduce(0, +) }
        public func count(_ status: LedgerStatus) -> Int { counts[status] ?? 0 }

        private enum CodingKeys: String, CodingKey { case name, total, counts }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(total, forKey: .total)
            try container.encode(Dictionary(uniqueKeysWithValues: counts.map { ($0.key.rawValue, $0.value) }), forKey: .counts)
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
        func percent(_ part: Int) -> Double {
            rows.isEmpty ? 0 : (Double(part) * 1000 / Double(rows.count)).rounded() / 10
        }
        percentConverted = percent(overall.count(.converted))
        percentDone = percent(overall.count(.converted) + overall.count(.wontfix))
    }
}
