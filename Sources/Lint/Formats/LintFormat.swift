import Foundation
import MojifyCore

/// What the findings are rendered with, besides the findings themselves.
public struct FindingsContext: Sendable {
    /// The scanned root as the user named it (`Examples`), prefixed to paths in text and GitHub output so editors
    /// and CI logs can open them from the current folder; nil when paths are already relative to it.
    public var displayRoot: String?
    /// The scanned root as an absolute `file://` URI ending in `/`: SARIF's base for its relative URIs.
    public var rootURI: String
    /// The absolute current folder: absolute paths below it (a ledger outside the scanned root) are shown relative
    /// to it in text and GitHub output, as CI annotations need paths from the repository root.
    public var workingDirectory: String?
    public var settings: RuleSettings
    /// The least severity that fails the gate (`--fail-on`): formats that say pass or fail (JUnit) go by it.
    public var failOn: Diagnostic.Severity
    public var version: String

    public init(displayRoot: String?, rootURI: String, workingDirectory: String?, settings: RuleSettings, failOn: Diagnostic.Severity = .error,
                version: String = MojifyVersion.current) {
        self.displayRoot = displayRoot
        self.rootURI = rootURI
        self.workingDirectory = workingDirectory
        self.settings = settings
        self.failOn = failOn
        self.version = version
    }

    /// A finding's file as a path from the current folder.
    public func displayPath(_ file: String) -> String {
        if file.hasPrefix("/") {
            guard let workingDirectory, file.hasPrefix(workingDirectory + "/") else { return file }
            return String(file.dropFirst(workingDirectory.count + 1))
        }
        guard let displayRoot else { return file }
        return displayRoot.hasSuffix("/") ? displayRoot + file : displayRoot + "/" + file
    }

    /// The enabled rules, in catalog order: what SARIF describes.
    var enabledRules: [any LintRule.Type] {
        LintRules.all.filter { settings.isEnabled($0) }
    }
}

/// One output format of `mojify lint`.
public protocol FindingsRenderer {
    static func render(_ findings: [Finding], context: FindingsContext) throws -> String
}

/// The formats `mojify lint --format` accepts; the raw value is the CLI name.
public enum LintFormat: String, CaseIterable, Sendable {
    case text
    case json
    case sarif
    case github
    case junit
    case codequality
    case markdown

    public var renderer: FindingsRenderer.Type {
        switch self {
        case .text: TextFindings.self
        case .json: JSONFindings.self
        case .sarif: SARIFFindings.self
        case .github: GitHubFindings.self
        case .junit: JUnitFindings.self
        case .codequality: CodeQualityFindings.self
        case .markdown: MarkdownFindings.self
        }
    }
}

extension Encodable {
    /// Pretty, key-sorted JSON ending in a newline, so the same findings give the same bytes.
    func stableJSON() throws -> String {
        String(decoding: try StableJSON.encode(self), as: UTF8.self)
    }
}
