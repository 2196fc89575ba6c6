import MojifyCore
import MojifyLedger

/// Everything the HTML page shows, already joined and sorted. The page renders only from this, so the scan,
/// the ledger, the conversion plan and the lint findings each fill their own fields and tests can build it by hand.
public struct ReportModel: Sendable, Equatable {
    public var title: String
    /// Shown in the header when present; absent so that two reports of the same state are byte-identical.
    public var generatedAt: String?
    public var toolVersion: String
    /// One entry per message name (the unit the ledger tracks), sorted by name.
    public var messages: [MessageEntry]
    /// Dated counts for the burndown chart, oldest first; empty without a ledger history.
    public var history: [StatusSnapshot]
    /// Problems not tied to one message (scan diagnostics, findings about files).
    public var generalFindings: [FindingEntry]
    /// What the page says about missing inputs, e.g. that no ledger was given.
    public var notes: [String]

    public init(
        title: String, generatedAt: String? = nil, toolVersion: String = MojifyVersion.current,
        messages: [MessageEntry] = [], history: [StatusSnapshot] = [], generalFindings: [FindingEntry] = [], notes: [String] = []
    ) {
        self.title = title
        self.generatedAt = generatedAt
        self.toolVersion = toolVersion
        self.messages = messages
        self.history = history
        self.generalFindings = generalFindings
        self.notes = notes
    }

    public var counts: StatusCounts {
        var counts = StatusCounts()
        for message in messages { counts[message.status] += 1 }
        return counts
    }
}

extension LedgerStatus {
    /// How the page names the status.
    public var label: String {
        switch self {
        case .unclaimed: "Unclaimed"
        case .inProgress: "In progress"
        case .blocked: "Blocked"
        case .converted: "Converted"
        case .wontfix: "Won't fix"
        }
    }
}

/// Numbers of messages per status.
public struct StatusCounts: Sendable, Equatable {
    private var values: [Int]

    public init() {
        values = Array(repeating: 0, count: LedgerStatus.allCases.count)
    }

    public init(_ counts: [LedgerStatus: Int]) {
        self.init()
        for (status, count) in counts { self[status] = count }
    }

    public subscript(status: LedgerStatus) -> Int {
        get { values[LedgerStatus.allCases.firstIndex(of: status)!] }
        set { values[LedgerStatus.allCases.firstIndex(of: status)!] = newValue }
    }

    public var total: Int { values.reduce(0, +) }

    /// Converted and won't-fix messages, which need no more work (as the ledger counts them).
    public var done: Int { LedgerStatus.allCases.filter(\.isDone).reduce(0) { $0 + self[$1] } }

    public var remaining: Int { total - done }

    /// Done out of all, in percent, as `mojify ledger stats` computes it.
    public var percentDone: Double {
        total == 0 ? 0 : Double(done) * 100 / Double(total)
    }
}

/// The counts on one day of the ledger's history: one point of the burndown chart.
public struct StatusSnapshot: Sendable, Equatable {
    /// `YYYY-MM-DD`; points are placed on a time axis when every date parses, evenly spaced otherwise.
    public var date: String
    public var counts: StatusCounts

    public init(date: String, counts: StatusCounts) {
        self.date = date
        self.counts = counts
    }
}

public enum MessageDirection: String, Sendable {
    /// `FooHostMsg_*`: from a child process (renderer, utility...) to the browser.
    case toBrowser = "to browser"
    /// `FooMsg_*`: from the browser to a child process.
    case toChild = "to child"
    /// No `Msg_` in the name, so the convention does not tell.
    case unknown = "unknown"
}

/// A message with all that the report knows about it.
public struct MessageEntry: Sendable, Equatable {
    public var name: String
    public var messageClass: String
    public var direction: MessageDirection
    /// Every definition of the name in the tree (several when `#if` branches define it differently); empty when
    /// only the ledger knows the message, e.g. once its conversion removed it from the source.
    public var definitions: [MessageDefinition]
    public var handlers: [CodeSite]
    public var senders: [CodeSite]
    /// The message's ledger row: status, owner, bug, notes, dates; absent without a ledger or before its next sync.
    public var ledger: LedgerRow?
    /// The mojom method `mojify generate` would write, as mojom text.
    public var proposedMethod: String?
    /// C++ types of the parameters that have no mojom mapping.
    public var unmappedTypes: [String]
    /// C++ types of the parameters that must not cross a process boundary (`size_t`, `long`...).
    public var bannedTypes: [String]
    public var findings: [FindingEntry]

    public init(
        name: String, messageClass: String, direction: MessageDirection, definitions: [MessageDefinition],
        handlers: [CodeSite] = [], senders: [CodeSite] = [], ledger: LedgerRow? = nil, proposedMethod: String? = nil,
        unmappedTypes: [String] = [], bannedTypes: [String] = [], findings: [FindingEntry] = []
    ) {
        self.name = name
        self.messageClass = messageClass
        self.direction = direction
        self.definitions = definitions
        self.handlers = handlers
        self.senders = senders
        self.ledger = ledger
        self.proposedMethod = proposedMethod
        self.unmappedTypes = unmappedTypes
        self.bannedTypes = bannedTypes
        self.findings = findings
    }

    /// Unclaimed when the ledger does not know the message yet.
    public var status: LedgerStatus { ledger?.status ?? .unclaimed }

    public var owner: String? { ledger.flatMap { $0.owner.isEmpty ? nil : $0.owner } }

    public var kind: RoutingKind? { definitions.first?.kind ?? ledger?.kind }

    public var isSync: Bool { definitions.first?.isSync ?? ledger?.sync ?? false }

    /// The first definition, or where the ledger last saw the message.
    public var location: SourceLocation? {
        definitions.first?.location ?? ledger.map { SourceLocation(file: $0.file, line: $0.line, column: 1) }
    }

    /// The folder of `location`, e.g. `content/common`; `""` when nothing says where the message is.
    public var directory: String {
        guard let file = location?.file, !file.isEmpty else { return "" }
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return String(file[..<slash])
    }

    /// True when some definition is compiled only under a preprocessor condition (or never).
    public var isConditional: Bool { definitions.contains { !$0.conditions.isEmpty } }
}

/// A handler or sender of a message: where it is and which function does it.
public struct CodeSite: Sendable, Equatable {
    public var location: SourceLocation
    /// The handling method or the sending function, as the scanner reports it.
    public var function: String?
    /// Extra facts worth a word, e.g. `delay reply`, `#if defined(OS_ANDROID)`.
    public var remarks: [String]

    public init(location: SourceLocation, function: String?, remarks: [String] = []) {
        self.location = location
        self.function = function
        self.remarks = remarks
    }
}

/// A lint finding or scan diagnostic as the report shows it.
public struct FindingEntry: Sendable, Equatable {
    public enum Severity: String, Sendable, Comparable, CaseIterable {
        case note, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public var severity: Severity
    /// The lint rule id, or `scan` for scanner diagnostics.
    public var rule: String
    public var message: String
    public var location: SourceLocation?

    public init(severity: Severity, rule: String, message: String, location: SourceLocation?) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.location = location
    }
}
