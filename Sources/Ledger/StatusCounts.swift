/// Numbers of messages per status: one group of the ledger's stats, one day of its history, the report's totals.
public struct StatusCounts: Equatable, Sendable {
    private var values: [Int]

    public init() {
        values = Array(repeating: 0, count: LedgerStatus.allCases.count)
    }

    public init(_ counts: [LedgerStatus: Int]) {
        self.init()
        for (status, count) in counts { self[status] = count }
    }

    public init(statuses: some Sequence<LedgerStatus>) {
        self.init()
        for status in statuses { self[status] += 1 }
    }

    public subscript(status: LedgerStatus) -> Int {
        get { values[LedgerStatus.allCases.firstIndex(of: status)!] }
        set { values[LedgerStatus.allCases.firstIndex(of: status)!] = newValue }
    }

    public var total: Int { values.reduce(0, +) }

    /// Converted and won't-fix messages, which need no more work.
    public var done: Int { LedgerStatus.allCases.filter(\.isDone).reduce(0) { $0 + self[$1] } }

    public var remaining: Int { total - done }

    /// Done out of all, in percent, rounded to one decimal.
    public var percentDone: Double { percent(done) }

    /// `part` out of all, in percent, rounded to one decimal; 0 when there are no messages.
    public func percent(_ part: Int) -> Double {
        total == 0 ? 0 : (Double(part) * 1000 / Double(total)).rounded() / 10
    }

}

extension StatusCounts: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (LedgerStatus, Int)...) {
        self.init()
        for (status, count) in elements { self[status] += count }
    }
}
