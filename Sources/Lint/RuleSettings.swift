import Foundation
import MojifyCore
import Yams

/// Per-project severity and enablement of each rule, from `Rules/lint-rules.yaml` or the file given with `--rules`.
/// A rule the file does not mention keeps its default severity and runs. The file's `upstream:` section (not a
/// rule) names the message classes and prefixes defined outside the tree.
public struct RuleSettings: Sendable {
    public var severities: [String: Diagnostic.Severity] = [:]
    public var disabled: Set<String> = []
    public var upstream = Upstream()

    /// The key of the `upstream:` section.
    static let upstreamKey = "upstream"

    public init() {}

    public static func load(path: String) throws -> RuleSettings {
        struct Entry: Decodable {
            var severity: String?
            var enabled: Bool?
        }
        let text: String
        do {
            text = try readInputText(path, what: "a rules file (YAML)")
        } catch let CoreError.unreadableFile(_, reason) {
            throw LintError.unreadableRules(path: path, reason: reason)
        }
        struct UpstreamSection: Decodable {
            var upstream: [String: [String]]?
        }
        let entries: [String: Entry]
        let section: UpstreamSection
        do {
            entries = try YAMLDecoder().decode([String: Entry].self, from: text)
            section = try YAMLDecoder().decode(UpstreamSection.self, from: text)
        } catch {
            throw LintError.malformedRules(path: path, reason: RulesFileMessage.reason(decoding: error),
                                           expected: "a mapping from rule id to 'severity' and 'enabled', and an optional 'upstream' with 'classes' and 'prefixes' lists")
        }
        let known = LintRules.all.map { $0.id }
        var settings = RuleSettings()
        for (key, names) in (section.upstream ?? [:]).sorted(by: { $0.key < $1.key }) {
            // Names are matched as written: an empty one would match every message.
            guard !names.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw LintError.malformedRules(path: path, reason: "'upstream.\(key)' has an empty entry", expected: "message classes or name prefixes such as 'ViewMsgStart' or 'PrintMsg_'")
            }
            switch key {
            case "classes": settings.upstream.classes = Set(names)
            case "prefixes": settings.upstream.prefixes = names.sorted()
            default:
                throw LintError.malformedRules(path: path, reason: "'upstream' has an unknown key '\(key)'", expected: "'classes' and 'prefixes' lists under 'upstream'")
            }
        }
        for (id, entry) in entries.sorted(by: { $0.key < $1.key }) where id != upstreamKey {
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
