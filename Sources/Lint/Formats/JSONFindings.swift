import MojifyCore

/// The findings as versioned JSON, with locations relative to the scanned root like the inventory's.
public enum JSONFindings: FindingsRenderer {
    /// Bumped whenever a field changes meaning or disappears.
    public static let schemaVersion = 1

    public static func render(_ findings: [Finding], context: FindingsContext) throws -> String {
        struct Document: Encodable {
            var schemaVersion: Int
            var tool: String
            var version: String
            var counts: [String: Int]
            var findings: [Finding]
        }
        let counts = Dictionary(uniqueKeysWithValues: [Diagnostic.Severity.error, .warning, .note].map { severity in
            (severity.rawValue, findings.filter { $0.severity == severity }.count)
        })
        return try Document(schemaVersion: schemaVersion, tool: "mojify", version: context.version, counts: counts, findings: findings).stableJSON()
    }
}
