import Foundation
import MojifyCore
import Yams

/// Per-project severity and enablement of each rule, from `Rules/lint-rules.yaml` or the file given with `--rules`.
/// A rule the file does not mention keeps its default severity and runs.
public struct RuleSettings: Sendable {
    public var severities: [String: Diagnostic.Severity] = [:]
    public var disabled: Set<String> = []

    public init() {}

    public static func load(path: String) throws -> RuleSettings {
        struct Entry: Decodable {
            var severity: String?
            var enabled: Bool?
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw LintError.unreadableRules(path: path, reason: (error as NSError).localizedDescription)
        }
        let entries: [String: Entry]
        do {
            entries = try YAMLDecoder().decode([String: Entry].self, from: text)
        } catch {
            throw LintError.malformedRules(path: path, reason: LintError.reason(decoding: error), expected: "a mapping from rule id to 'severity' and 'enabled'")
        }
        let known = LintRules.all.map { $0.id }
        var settings = RuleSettings()
        for (id, entry) in entries.sorted(by: { $0.key < $1.key }) {
            guard known.contains(id) else { throw LintError.unknownRule(path: path, id: id, known: known) }
            if let value = entry.severity {
                guard let severity = Diagnostic.Severity(rawValue: value) else {
                    throw LintError.invalidSeverity(path: path, rule: id, value: value)
                }
                settings.severities[id] = severity
            }
            if entry.enabled == false { settings.disabled.insert(id) }
        }
        return settings
    }

    public func severity(of rule: any LintRule.Type) -> Diagnostic.Severity {
        severities[rule.id] ?? rule.defaultSeverity
    }

    public func isEnabled(_ rule: any LintRule.Type) -> Bool {
        !disabled.contains(rule.id)
    }
}
