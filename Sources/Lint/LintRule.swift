import MojifyConversion
import MojifyCore
import MojifyLedger

/// One lint rule: its identity, documentation, examples and check. Each rule lives in its own file in `Rules/`;
/// severities and enablement can be changed per project in `Rules/lint-rules.yaml`.
public protocol LintRule: Sendable {
    /// The kebab-case id used in output, suppressions and `lint-rules.yaml`.
    static var id: String { get }
    static var defaultSeverity: Diagnostic.Severity { get }
    /// One sentence: what the rule reports.
    static var summary: String { get }
    /// Why it matters and what to do about it.
    static var documentation: String { get }
    static var scope: RuleScope { get }
    /// Rules about the ledger run only when one is given.
    static var needsLedger: Bool { get }
    /// Source snippets the rule must fire on and must stay quiet on; a generic test runs them all.
    static var examples: [RuleExample] { get }
    /// The rule's findings, made with `finding(location:message:messageName:)`.
    static func check(_ context: LintContext) -> [Finding]
}

extension LintRule {
    public static var needsLedger: Bool { false }

    /// A finding of this rule at its default severity and without a fingerprint: the linter applies the configured
    /// severity, and fingerprints once suppressions are judged.
    static func finding(location: SourceLocation, message: String, messageName: String? = nil) -> Finding {
        Finding(ruleID: id, severity: defaultSeverity, message: message, location: location, messageName: messageName)
    }
}

/// How much of the tree a rule must see, which decides what it can do when `--files` limits the check.
public enum RuleScope: Sendable {
    /// Findings in a file depend only on that file and the ledger.
    case file
    /// Also needs to know which messages are defined anywhere; with `--files` the definitions are looked up.
    case definitions
    /// Needs the whole tree (e.g. to see that something is gone); skipped with `--files`.
    case tree
    /// Judges suppression comments after the other rules ran.
    case suppressions
}

/// A small tree (and optionally a ledger) on which a rule must fire, or must stay quiet.
///
/// In an example the rule fires on, a keycap marker (`1️⃣`, `2️⃣`, …), which C++ and CSV never contain, stands
/// where each finding must be reported, in a file or in the ledger; `findings` says what each must say. The markers
/// are stripped before the example is scanned or shown.
public struct RuleExample: Sendable {
    /// Relative path → contents, with markers.
    public var markedFiles: [String: String]
    /// Contents of a ledger file passed with `--ledger`, with markers, if the example needs one.
    public var markedLedger: String?
    /// Symbolic links to make: relative path (a marker before it stands for a finding about the link itself, at
    /// line 0) → what the link holds.
    public var markedLinks: [String: String] = [:]
    /// One per marker; empty for an example the rule must stay quiet on.
    public var findings: [FindingSpec]

    public var fires: Bool { !findings.isEmpty }
    /// Relative path → contents, as scanned.
    public var files: [String: String] { markedFiles.mapValues { MarkedText($0).text } }
    public var ledger: String? { markedLedger.map { MarkedText($0).text } }
    /// Relative path → what the link holds, as made.
    public var links: [String: String] { Dictionary(uniqueKeysWithValues: markedLinks.map { (MarkedText($0.key).text, $0.value) }) }

    public static func fires(_ files: [String: String], ledger: String? = nil, links: [String: String] = [:], findings: [FindingSpec]) -> RuleExample {
        precondition(!findings.isEmpty, "an example the rule fires on says what it reports")
        return RuleExample(markedFiles: files, markedLedger: ledger, markedLinks: links, findings: findings)
    }

    public static func quiet(_ files: [String: String], ledger: String? = nil, links: [String: String] = [:]) -> RuleExample {
        RuleExample(markedFiles: files, markedLedger: ledger, markedLinks: links, findings: [])
    }

    /// A ledger file with one row per `(message, status)`, for examples.
    static func ledgerCSV(_ rows: [(message: String, status: LedgerStatus)]) -> String {
        let header = LedgerColumn.standardHeader.joined(separator: ",")
        return ([header] + rows.map { row in
            LedgerColumn.standardHeader.map { column -> String in
                switch LedgerColumn(rawValue: column) {
                case .message: row.message
                case .messageClass: "FooMsgStart"
                case .kind: "control"
                case .sync: "no"
                case .file: "foo/foo_messages.h"
                case .line: "2"
                case .status: row.status.rawValue
                default: ""
                }
            }.joined(separator: ",")
        }).joined(separator: "\n") + "\n"
    }
}

/// A finding a rule example must produce: where (`marker`) and what (a part of its message).
public struct FindingSpec: Sendable {
    public var marker: String
    public var message: String

    public init(_ marker: String = "1️⃣", message: String) {
        self.marker = marker
        self.message = message
    }
}

/// Text with keycap markers (`1️⃣` … `9️⃣`) taken out, and where each stood: 1-based line, and 1-based column in
/// UTF-8 bytes, as the scanner counts.
public struct MarkedText: Sendable {
    public var text = ""
    public var markers: [String: (line: Int, column: Int)] = [:]

    public init(_ marked: String) {
        var line = 1, column = 1
        for character in marked {
            if character.unicodeScalars.last == "\u{20E3}" {
                markers[String(character)] = (line, column)
                continue
            }
            text.append(character)
            if character.isNewline {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
    }
}

/// Everything a rule may look at.
public struct LintContext: Sendable {
    /// The constructs to judge: the whole tree, or only the changed files with `--files`.
    public var inventory: Inventory
    /// Every message defined in the tree (with `--files`: in the changed files and the headers that define what
    /// they handle or send). Definitions in `#if 0` code do not count: nothing compiles them.
    public var definedMessages: Set<String>
    public var bannedTypes: BannedTypes
    /// The C++ types the conversion plan could not map, with where they are used; empty when `unmapped-type` does
    /// not run.
    public var unmappedTypes: [UnmappedType]
    /// The ledger given with `--ledger`, if any.
    public var ledger: LedgerReference?
    /// What is defined outside the tree.
    public var upstream: Upstream
    /// The first message of each class that the tree's own files define: the message classes defined here, whose
    /// missing messages are orphans.
    public var classEvidence: [String: MessageDefinition]
    /// Filled for `.suppressions` rules only: every suppression comment read, with what it did.
    public var suppressions: [SuppressionOutcome]
}

extension LintContext {
    /// Whether the ledger marks `message` converted: leftovers of such messages are `converted-still-present`
    /// findings, and no other rule reports them again.
    func isMarkedConverted(_ message: String) -> Bool {
        ledger?.row(for: message)?.status == .converted
    }
}

extension MessageReference {
    /// What a finding says the code does with the message: `named (FooMsg_Bar::ID)`, or `named` for its name alone.
    var namedUse: String {
        member.map { "named (\(message)::\($0))" } ?? "named"
    }
}
