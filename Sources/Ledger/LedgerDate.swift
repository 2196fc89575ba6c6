import Foundation

/// Dates in the ledger and its history: `YYYY-MM-DD`, the day a command ran.
public enum LedgerDate {
    /// `override` (from `--today`), else `MOJIFY_TODAY` from `environment`, else the local calendar day of `now`.
    /// The overrides make runs reproducible in tests and let a sync be recorded for a given day.
    public static func today(
        override: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        now: Date = Date()
    ) throws -> String {
        if let given = override ?? environment["MOJIFY_TODAY"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard isValid(given) else { throw LedgerError.invalidDate(value: given) }
            return given
        }
        let parts = Calendar(identifier: .gregorian).dateComponents([.year, .month, .day], from: now)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// Whether `text` is a real calendar day written `YYYY-MM-DD`.
    public static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
        let components = DateComponents(year: year, month: month, day: day)
        return components.isValidDate(in: Calendar(identifier: .gregorian))
    }
}
