import MojifyConversion
import MojifyCore
import MojifyLedger
import MojifyLint

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
    /// Problems not tied to one message (scan diagnostics, as findings of the rule `scan`, and lint findings about
    /// structs, files or the ledger).
    public var generalFindings: [Finding]
    /// Unmapped and banned types with their users, for the attention list.
    public var typeProblems: [TypeProblem]
    /// What the page says about missing inputs, e.g. that no ledger was given.
    public var notes: [String]

    public init(
        title: String, generatedAt: String? = nil, toolVersion: String = MojifyVersion.current,
        messages: [MessageEntry] = [], history: [StatusSnapshot] = [], generalFindings: [Finding] = [],
        typeProblems: [TypeProblem] = [], notes: [String] = []
    ) {
        self.title = title
        self.generatedAt = generatedAt
        self.toolVersion = toolVersion
        self.messages = messages
        self.history = history
        self.generalFindings = generalFindings
        self.typeProblems = typeProblems
        self.notes = notes
    }

    public var counts: StatusCounts {
        StatusCounts(statuses: messages.map(\.status))
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

extension Proposal {
    /// The method as the generated `.mojom` file has it (its comments, attributes, and the declaration, wrapped past
    /// 80 columns), e.g. `// From FrameHostMsg_DidStop (...).` and `DidStop();`; for a message gone from the tree,
    /// the one-line declaration the ledger recorded.
    public var methodText: String { method.map(MojomText.methodText) ?? declaration }
}

/// A C++ type that keeps messages from converting as they are, with what uses it.
public struct TypeProblem: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// No mojom mapping in the rules.
        case unmapped
        /// Must not cross a process boundary.
        case banned
    }

    public var kind: Kind
    public var type: String
    public var why: String?
    /// Message names, or `Struct.member` for IPC struct members, sorted.
    public var users: [String]

    public init(kind: Kind, type: String, why: String? = nil, users: [String]) {
        self.kind = kind
        self.type = type
        self.why = why
        self.users = users
    }
}

/// A message with all that the report knows about it.
public struct MessageEntry: Sendable, Equatable {
    public var name: String
    public var messageClass: String
    /// Every definition of the name in the tree (several when `#if` branches define it differently); empty when
    /// only the ledger knows the message, e.g. once its conversion removed it from the source.
    public var definitions: [MessageDefinition]
    public var handlers: [CodeSite]
    public var senders: [CodeSite]
    /// Other code that names the message's class (`FooMsg_Bar::ID`, `FooMsg_Bar::WriteReplyParams`): uses as much as
    /// handlers and senders are, which must go before the message is converted.
    public var references: [CodeSite]
    /// The message's ledger row: status, owner, bug, notes, dates; absent without a ledger or before its next sync.
    public var ledger: LedgerRow?
    /// The interface and method `mojify generate` would write, or the ledger's record of them.
    public var proposal: Proposal?
    /// Why `mojify generate` leaves the message out, when it does.
    public var skipReason: String?
    /// C++ types of the parameters that have no mojom mapping.
    public var unmappedTypes: [String]
    /// C++ types of the parameters that must not cross a process boundary (`size_t`, `long`...).
    public var bannedTypes: [String]
    public var findings: [Finding]

    public init(
        name: String, messageClass: String, definitions: [MessageDefinition], handlers: [CodeSite] = [], senders: [CodeSite] = [],
        references: [CodeSite] = [], ledger: LedgerRow? = nil, proposal: Proposal? = nil, skipReason: String? = nil, unmappedTypes: [String] = [],
        bannedTypes: [String] = [], findings: [Finding] = []
    ) {
        self.name = name
        self.messageClass = messageClass
        self.definitions = definitions
        self.handlers = handlers
        self.senders = senders
        self.references = references
        self.ledger = ledger
        self.proposal = proposal
        self.skipReason = skipReason
        self.unmappedTypes = unmappedTypes
        self.bannedTypes = bannedTypes
        self.findings = findings
    }

    /// `to browser` or `to renderer`: the process that implements the proposed interface; empty when unknown.
    public var direction: String { proposal?.process.map { "to \($0)" } ?? "" }

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

/// A handler, sender or other use of a message: where it is and which function does it.
public struct CodeSite: Sendable, Equatable {
    public var location: SourceLocation
    /// The handling method, or the function that sends or names the message, as the scanner reports it.
    public var function: String?
    /// Extra facts worth a word, e.g. `delay reply`, `#if defined(OS_ANDROID)`.
    public var remarks: [String]

    public init(location: SourceLocation, function: String?, remarks: [String] = []) {
        self.location = location
        self.function = function
        self.remarks = remarks
    }
}
