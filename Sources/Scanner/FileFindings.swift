import MojifyCore

/// A position inside the text being recognised, before it is mapped to the scanned tree.
struct RawLocation: Hashable, Sendable {
    var line: Int
    var column: Int
    var offset: Int

    init(_ token: Token) {
        line = token.line
        column = token.column
        offset = token.start
    }
}

/// What one file holds, with raw positions; `IPCScanner` maps positions and joins files.
struct FileFindings: Sendable {
    /// A struct or traits block with the positions of its members, placed with it.
    struct WithMembers<Value: Sendable>: Sendable {
        var value: Value
        var at: RawLocation
        var memberPositions: [RawLocation]
    }

    typealias Struct = WithMembers<IPCStruct>
    typealias Traits = WithMembers<StructTraits>

    struct Located<Value: Sendable>: Sendable {
        var value: Value
        var at: RawLocation
    }

    struct Map: Sendable {
        var value: MessageMap
        var at: RawLocation
        var handlerPositions: [RawLocation]
    }

    /// A name where a message may be used: built (a sender) or named with a member of its class (a reference).
    struct MessageUse: Sendable {
        var message: String
        var function: String?
        var conditions: Conditions
        var at: RawLocation
        /// Reached on only some paths of its function (see `ScopeTracker.isConditional`).
        var conditional = false
        /// The function then blocks its thread waiting (`condition_.TimedWait(...)`, `event.Wait()`).
        var blocksAfter = false
    }

    struct Problem: Sendable {
        var severity: Diagnostic.Severity
        var at: RawLocation
        var message: String
        var hint: String?
        /// About block structure (unbalanced parentheses, BEGIN without END, `#endif` without `#if`), which a
        /// fragment of a file, such as a patch hunk, breaks without anything being wrong.
        var isStructural: Bool
    }

    var messages: [Located<MessageDefinition>] = []
    var structs: [Struct] = []
    var structTraits: [Traits] = []
    var enumTraits: [Located<EnumTraits>] = []
    var maps: [Map] = []
    var senders: [MessageUse] = []
    /// `Name::Member` for the members a message class has; which names are messages is known only when joined.
    var references: [(candidate: MessageUse, member: String?)] = []
    var typedefs: [(name: String, type: String)] = []
    var includes: [String] = []
    var wrappers: [WrapperMacro] = []
    var problems: [Problem] = []
    /// Uses of macros whose expansion this does not follow, each with why: the file cannot be vouched for.
    var unfollowed: [(at: RawLocation, detail: String)] = []
    /// Function -> the functions of the same file whose names its body holds (a call, `&Foo::OnDone`).
    var calls: [String: [String]] = [:]
    /// Function -> the sends and the calls of the file's functions that no branch of it holds.
    var pathSites: [String: [PathSite]] = [:]
}
