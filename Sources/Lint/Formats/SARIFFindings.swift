import Foundation
import MojifyCore

/// SARIF 2.1.0 for GitHub code scanning and other SARIF viewers: rule metadata, URIs relative to the scanned root
/// (`SRCROOT` in `originalUriBaseIds`), and line-independent `partialFingerprints`.
public enum SARIFFindings: FindingsRenderer {
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    static let rootBase = "SRCROOT"
    static let fingerprintKey = "mojify/v1"

    struct Log: Encodable {
        var schema = SARIFFindings.schema
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    struct Run: Encodable {
        var tool: Tool
        /// One invocation that ran to the end: mojify writes no SARIF when a run fails.
        var invocations = [Invocation(executionSuccessful: true)]
        var originalUriBaseIds: [String: ArtifactLocation]
        var results: [Result]
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "mojify"
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Text
        var fullDescription: Text
        var help: Help
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Text: Encodable {
        var text: String
    }

    /// Code scanning shows `markdown` in an alert's help panel, and `text` where markdown is not rendered.
    struct Help: Encodable {
        var text: String
        var markdown: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Text
        var locations: [Location]
        var partialFingerprints: [String: String]
        var properties: [String: String]?
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    public static func render(_ findings: [Finding], context: FindingsContext) throws -> String {
        let rules = context.enabledRules
        let indices = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results = findings.map { finding in
            let location = finding.location
            let artifact = location.file.hasPrefix("/")
                ? ArtifactLocation(uri: URL(fileURLWithPath: location.file).absoluteString, uriBaseId: nil)
                : ArtifactLocation(uri: relativeURI(location.file), uriBaseId: rootBase)
            let region = location.line > 0 ? Region(startLine: location.line, startColumn: location.column > 0 ? location.column : nil) : nil
            return Result(
                ruleId: finding.ruleID, ruleIndex: indices[finding.ruleID] ?? -1, level: finding.severity.rawValue,
                message: Text(text: finding.message),
                locations: [Location(physicalLocation: PhysicalLocation(artifactLocation: artifact, region: region))],
                partialFingerprints: [fingerprintKey: finding.fingerprint],
                properties: finding.messageName.map { ["messageName": $0] }
            )
        }
        let driver = Driver(version: context.version, semanticVersion: context.version, rules: rules.map { rule in
            Rule(id: rule.id, name: ruleName(rule.id), shortDescription: Text(text: rule.summary),
                 fullDescription: Text(text: rule.documentation),
                 help: Help(text: rule.documentation, markdown: helpMarkdown(rule)),
                 defaultConfiguration: Configuration(level: context.settings.severity(of: rule).rawValue))
        })
        let run = Run(tool: Tool(driver: driver), originalUriBaseIds: [rootBase: ArtifactLocation(uri: context.rootURI, uriBaseId: nil)], results: results)
        return try Log(runs: [run]).stableJSON()
    }

    /// The documentation, then the rule's first example it fires on and first it stays quiet on, as code blocks.
    static func helpMarkdown(_ rule: any LintRule.Type) -> String {
        var parts = [rule.documentation]
        for (title, fires) in [("Reported", true), ("Not reported", false)] {
            guard let example = rule.examples.first(where: { $0.fires == fires }) else { continue }
            parts.append("**\(title):**")
            for (file, text) in example.files.sorted(by: { $0.key < $1.key }) {
                parts.append("`\(file)`:\n\n```cpp\n\(text)\n```")
            }
            for (link, target) in example.links.sorted(by: { $0.key < $1.key }) {
                parts.append("`\(link)`: a symbolic link to `\(target)`")
            }
            if let ledger = example.ledger { parts.append("With the ledger:\n\n```csv\n\(ledger)```") }
        }
        return parts.joined(separator: "\n\n")
    }

    /// `new-legacy-ipc` → `NewLegacyIpc`: SARIF's `name` is an identifier-like form of the id.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative path as a URI reference: each component percent-encoded, `/` kept.
    static func relativeURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":;")
        return path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
    }
}
