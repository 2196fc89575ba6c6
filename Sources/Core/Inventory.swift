/// The complete result of scanning a tree: every legacy IPC construct with its position.
/// This is the contract between the scanner and every later stage; its JSON form is versioned by `schemaVersion`.
public struct Inventory: Codable, Equatable, Sendable {
    /// Bumped whenever a field changes meaning or disappears (adding an optional field does not bump it).
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var tool: String
    /// The mojify version that scanned the tree: a saved inventory is read back only by the same version, whose
    /// scanner found what the later stages expect. Absent in inventories written before the field existed.
    public var toolVersion: String?
    public var messages: [MessageDefinition]
    public var structs: [IPCStruct]
    public var structTraits: [StructTraits]
    public var enumTraits: [EnumTraits]
    public var typeDefinitions: [TypeDefinition]
    public var messageMaps: [MessageMap]
    public var senders: [Sender]
    public var diagnostics: [Diagnostic]
    public var stats: ScanStats
    /// Files whose bytes contain one of the scan's `markers` (e.g. suppression comments), whether or not they hold
    /// IPC; absent when the scan was given no markers.
    public var markedFiles: [String]?
    /// Files the scan visited but could not read in full (unreadable, too large, NUL bytes, not decodable text):
    /// whatever IPC they hold is missing above, so nothing may conclude that it is gone. Every scan sets it;
    /// absent only in inventories written before the field existed.
    public var unreadFiles: [UnreadFile]?
    /// Folders the walk did not list in full (no permission, a path too long, a listing that failed part way) or
    /// did not enter (a link to a folder, not followed): nothing may conclude that what their files held is gone.
    /// Set by scans that walk a tree; absent in inventories written before the field existed.
    public var skippedFolders: [SkippedFolder]?
    /// Messages that `.patch`/`.diff` files remove (on `-` lines) from the files they patch and do not add back:
    /// the patched tree does not have them. Absent when no patch removes one.
    public var removedMessages: [MessageDefinition]?
    /// Uses of a message's class other than sends and map entries (`FooMsg_Bar::ID` in a switch,
    /// `FooMsg_Bar::WriteReplyParams(...)` in a delayed reply): code that names the definition, which must go or
    /// change with it; lint and the report count them as uses, like handlers and senders. Absent when the tree has
    /// none.
    public var references: [MessageReference]?
    /// Headers with IPC constructs under an overlay folder (Electron's `chromium_src/`, a fork's `<vendor>_src/`),
    /// whose subfolders mirror those of the Chromium the tree builds against: path in the tree -> the upstream path
    /// it mirrors, as the code includes it (`chromium_src/chrome/common/tts_messages.h` ->
    /// `chrome/common/tts_messages.h`). Absent when there is none.
    public var overlayHeaders: [String: String]?

    public init(
        tool: String = "mojify",
        messages: [MessageDefinition] = [],
        structs: [IPCStruct] = [],
        structTraits: [StructTraits] = [],
        enumTraits: [EnumTraits] = [],
        typeDefinitions: [TypeDefinition] = [],
        messageMaps: [MessageMap] = [],
        senders: [Sender] = [],
        diagnostics: [Diagnostic] = [],
        stats: ScanStats = ScanStats()
    ) {
        self.schemaVersion = Inventory.currentSchemaVersion
        self.tool = tool
        self.toolVersion = MojifyVersion.current
        self.messages = messages
        self.structs = structs
        self.structTraits = structTraits
        self.enumTraits = enumTraits
        self.typeDefinitions = typeDefinitions
        self.messageMaps = messageMaps
        self.senders = senders
        self.diagnostics = diagnostics
        self.stats = stats
    }

    /// Puts every list in a canonical order so that output is byte-identical whatever order files were scanned in.
    public mutating func sort() {
        messages.sort { ($0.location, $0.name) < ($1.location, $1.name) }
        structs.sort { ($0.location, $0.name) < ($1.location, $1.name) }
        structTraits.sort { ($0.location, $0.type) < ($1.location, $1.type) }
        enumTraits.sort { ($0.location, $0.type) < ($1.location, $1.type) }
        typeDefinitions.sort { ($0.location, $0.name) < ($1.location, $1.name) }
        messageMaps.sort { $0.location < $1.location }
        senders.sort { ($0.location, $0.message) < ($1.location, $1.message) }
        diagnostics.sort { ($0.location, $0.message) < ($1.location, $1.message) }
        unreadFiles?.sort { ($0.location, $0.detail) < ($1.location, $1.detail) }
        skippedFolders?.sort { ($0.location, $0.detail) < ($1.location, $1.detail) }
        removedMessages?.sort { ($0.location, $0.name) < ($1.location, $1.name) }
        references?.sort { ($0.location, $0.message) < ($1.location, $1.message) }
    }

    /// The paths of `unreadFiles`.
    public var unreadPaths: Set<String> {
        Set((unreadFiles ?? []).map(\.location.file))
    }

    /// What the scan did not see: no conclusion may be drawn from the absence of something there.
    public var unseen: UnseenPaths {
        UnseenPaths(files: unreadPaths, folders: skippedFolders ?? [])
    }

    public var messageClasses: [String] {
        Array(Set(messages.map(\.messageClass))).sorted()
    }
}

/// A position in a scanned file. `file` is relative to the scanned root, with `/` separators.
public struct SourceLocation: Codable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// The largest line or column a location may name: clang's own positions are 32-bit, and arithmetic on a
    /// position read from a saved inventory must never overflow.
    public static let maxPosition = Int(Int32.max)

    private enum CodingKeys: String, CodingKey { case file, line, column }

    /// Set in a decoder's `userInfo` for a saved inventory, whose paths are relative to the one folder it is used
    /// with: a location anywhere else (`../x`, `/etc/x`) is refused rather than read.
    public static let savedInventoryKey = CodingUserInfoKey(rawValue: "mojify.savedInventory")!

    /// Refuses a line or column outside 0...`maxPosition`: a saved inventory is input like any other.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        line = try container.decode(Int.self, forKey: .line)
        column = try container.decode(Int.self, forKey: .column)
        for (key, value) in [(CodingKeys.line, line), (.column, column)] where !(0...SourceLocation.maxPosition).contains(value) {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(value) is not a \(key.stringValue) number (0 to \(SourceLocation.maxPosition))")
        }
        if decoder.userInfo[SourceLocation.savedInventoryKey] as? Bool == true, !SourceLocation.isInsideTree(file) {
            throw DecodingError.dataCorruptedError(forKey: .file, in: container, debugDescription: "it names '\(file.escapingControlCharacters)', which is not a path inside the scanned folder")
        }
    }

    /// Whether `file` is a relative path that stays inside the folder it is relative to. "." is the tree's own
    /// place for problems of the tree as a whole.
    public static func isInsideTree(_ file: String) -> Bool {
        file == "." || !file.hasPrefix("/") && file.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// Where a construct found in a `.patch` file will land once the patch is applied.
public struct PatchOrigin: Codable, Hashable, Sendable {
    public enum Change: String, Codable, Sendable {
        /// On a `+` line: the patch adds it.
        case added
        /// On a context line: the patch relies on it being there. Context lines belong to the patched file, not
        /// to the patch, so the inventory holds no construct from them.
        case context
        /// On a `-` line: the patch removes it (only in `Inventory.removedMessages`).
        case removed
    }

    /// The patched file as the diff names it (`b/` prefix removed).
    public var targetFile: String
    /// The line in the patched file.
    public var targetLine: Int
    public var change: Change

    public init(targetFile: String, targetLine: Int, change: Change) {
        self.targetFile = targetFile
        self.targetLine = targetLine
        self.change = change
    }

    private enum CodingKeys: String, CodingKey { case targetFile, targetLine, change }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        targetFile = try container.decode(String.self, forKey: .targetFile)
        targetLine = try container.decode(Int.self, forKey: .targetLine)
        change = try container.decode(Change.self, forKey: .change)
        guard (0...SourceLocation.maxPosition).contains(targetLine) else {
            throw DecodingError.dataCorruptedError(forKey: .targetLine, in: container, debugDescription: "\(targetLine) is not a line number (0 to \(SourceLocation.maxPosition))")
        }
    }
}

/// The preprocessor context of a construct: the `#if` conditions around it, outermost first.
public struct Conditions: Codable, Hashable, Sendable {
    /// Each entry is a branch's condition, include guards left out: `defined(OS_WIN)`, `!defined(NDEBUG)` for an
    /// `#ifndef`, `!(defined(OS_WIN)) && (BUILDFLAG(IS_MAC))` for an `#elif`.
    public var stack: [String]
    /// True when some enclosing branch can never be compiled (`#if 0`, or the `#else` of `#if 1`).
    public var disabled: Bool
    /// Whether the build configuration of `compile_commands.json` compiles this code; absent without one.
    public var activeInBuild: Bool?

    public init(stack: [String] = [], disabled: Bool = false, activeInBuild: Bool? = nil) {
        self.stack = stack
        self.disabled = disabled
        self.activeInBuild = activeInBuild
    }

    public var isEmpty: Bool { stack.isEmpty && !disabled }
}

public enum RoutingKind: String, Codable, Sendable, CaseIterable {
    /// Sent over a channel with a routing id that targets a frame, view or widget.
    case routed
    /// Sent to the process as a whole.
    case control
}

public struct Parameter: Codable, Hashable, Sendable {
    /// The C++ type exactly as written, whitespace normalised (`std::map<int, std::string>`).
    public var type: String
    /// The name given in a comment next to the type (`std::string /* mime_type */`), if any.
    public var name: String?
    /// The type behind a typedef or `using` alias when the scanner found it in the tree.
    public var resolvedType: String?

    public init(type: String, name: String? = nil, resolvedType: String? = nil) {
        self.type = type
        self.name = name
        self.resolvedType = resolvedType
    }
}

public struct MessageDefinition: Codable, Hashable, Sendable {
    public var name: String
    /// The `IPC_MESSAGE_START` value in force, e.g. `FrameMsgStart`; `""` when none was defined before the message.
    public var messageClass: String
    public var kind: RoutingKind
    public var isSync: Bool
    public var inputs: [Parameter]
    public var outputs: [Parameter]
    /// The macro as written, e.g. `IPC_SYNC_MESSAGE_ROUTED1_2`.
    public var macro: String
    /// The `IPC_MESSAGE_EXPORT` value in force, if the file defines one.
    public var exportMacro: String?
    public var conditions: Conditions
    public var location: SourceLocation
    /// The whole invocation as it appears in the source, for reports.
    public var source: String
    public var patch: PatchOrigin?
    /// The comment block right above the definition, markers removed (absent in JSON when there is none).
    public var comment: String?

    public init(
        name: String, messageClass: String, kind: RoutingKind, isSync: Bool,
        inputs: [Parameter], outputs: [Parameter], macro: String, exportMacro: String?,
        conditions: Conditions, location: SourceLocation, source: String, patch: PatchOrigin? = nil, comment: String? = nil
    ) {
        self.comment = comment
        self.name = name
        self.messageClass = messageClass
        self.kind = kind
        self.isSync = isSync
        self.inputs = inputs
        self.outputs = outputs
        self.macro = macro
        self.exportMacro = exportMacro
        self.conditions = conditions
        self.location = location
        self.source = source
        self.patch = patch
    }
}

/// A struct declared with `IPC_STRUCT_BEGIN` / `IPC_STRUCT_BEGIN_WITH_PARENT` ... `IPC_STRUCT_END`.
public struct IPCStruct: Codable, Hashable, Sendable {
    public struct Member: Codable, Hashable, Sendable {
        public var type: String
        public var name: String
        /// The default value given as the third macro argument, as written.
        public var defaultValue: String?
        public var location: SourceLocation
        /// The comment block right above the member, markers removed.
        public var comment: String?

        public init(type: String, name: String, defaultValue: String?, location: SourceLocation, comment: String? = nil) {
            self.comment = comment
            self.type = type
            self.name = name
            self.defaultValue = defaultValue
            self.location = location
        }
    }

    public var name: String
    public var parent: String?
    public var members: [Member]
    public var messageClass: String
    public var conditions: Conditions
    public var location: SourceLocation
    public var patch: PatchOrigin?
    /// The comment block right above `IPC_STRUCT_BEGIN`, markers removed.
    public var comment: String?

    public init(
        name: String, parent: String?, members: [Member], messageClass: String,
        conditions: Conditions, location: SourceLocation, patch: PatchOrigin? = nil, comment: String? = nil
    ) {
        self.comment = comment
        self.name = name
        self.parent = parent
        self.members = members
        self.messageClass = messageClass
        self.conditions = conditions
        self.location = location
        self.patch = patch
    }
}

/// `IPC_STRUCT_TRAITS_BEGIN(Type)` ... `IPC_STRUCT_TRAITS_END()`: serialisation of an existing C++ struct.
public struct StructTraits: Codable, Hashable, Sendable {
    public var type: String
    /// Member names listed with `IPC_STRUCT_TRAITS_MEMBER`, in order.
    public var members: [String]
    /// Base types listed with `IPC_STRUCT_TRAITS_PARENT`.
    public var parents: [String]
    /// The `IPC_MESSAGE_START` value in force where the traits are declared.
    public var messageClass: String
    public var conditions: Conditions
    public var location: SourceLocation
    public var patch: PatchOrigin?
    /// Where each of `members` is listed, in the same order: a finding about one member points at its line.
    public var memberLocations: [SourceLocation]?

    public init(
        type: String, members: [String], parents: [String], conditions: Conditions,
        location: SourceLocation, patch: PatchOrigin? = nil, messageClass: String = "", memberLocations: [SourceLocation]? = nil
    ) {
        self.type = type
        self.members = members
        self.parents = parents
        self.messageClass = messageClass
        self.conditions = conditions
        self.location = location
        self.patch = patch
        self.memberLocations = memberLocations
    }

    /// Where member `index` is listed, or the traits' own place when that is not known.
    public func location(ofMember index: Int) -> SourceLocation {
        memberLocations.flatMap { index < $0.count ? $0[index] : nil } ?? location
    }
}

/// `IPC_ENUM_TRAITS*`: serialisation of an existing C++ enum, with the bounds the macro checks.
public struct EnumTraits: Codable, Hashable, Sendable {
    public var type: String
    public var macro: String
    public var minValue: String?
    public var maxValue: String?
    /// The validation expression of `IPC_ENUM_TRAITS_VALIDATE`.
    public var validation: String?
    /// The `IPC_MESSAGE_START` value in force where the traits are declared.
    public var messageClass: String
    public var conditions: Conditions
    public var location: SourceLocation
    public var patch: PatchOrigin?

    public init(
        type: String, macro: String, minValue: String?, maxValue: String?, validation: String?,
        conditions: Conditions, location: SourceLocation, patch: PatchOrigin? = nil, messageClass: String = ""
    ) {
        self.messageClass = messageClass
        self.type = type
        self.macro = macro
        self.minValue = minValue
        self.maxValue = maxValue
        self.validation = validation
        self.conditions = conditions
        self.location = location
        self.patch = patch
    }
}

/// A C++ enum or struct found in the tree whose name a traits macro refers to.
public struct TypeDefinition: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case enumeration = "enum"
        case structure = "struct"
    }

    public struct Enumerator: Codable, Hashable, Sendable {
        public var name: String
        /// The value libclang computed for the enumerator.
        public var value: Int64

        public init(name: String, value: Int64) {
            self.name = name
            self.value = value
        }
    }

    public struct Field: Codable, Hashable, Sendable {
        public var name: String
        public var type: String
        /// The comment block right above the field's declaration, markers removed.
        public var comment: String?

        public init(name: String, type: String, comment: String? = nil) {
            self.name = name
            self.type = type
            self.comment = comment
        }
    }

    /// Fully qualified, e.g. `content::ScrollType`.
    public var name: String
    public var kind: Kind
    public var enumerators: [Enumerator]
    public var fields: [Field]
    public var location: SourceLocation

    public init(name: String, kind: Kind, enumerators: [Enumerator], fields: [Field], location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.enumerators = enumerators
        self.fields = fields
        self.location = location
    }
}

/// `IPC_BEGIN_MESSAGE_MAP(Class, msg)` ... `IPC_END_MESSAGE_MAP()` and its handlers.
public struct MessageMap: Codable, Hashable, Sendable {
    public var macro: String
    /// The class named by the map, which implements the handlers.
    public var handlerClass: String
    /// The function the map is written in, e.g. `RenderFrameHostImpl::OnMessageReceived`.
    public var function: String?
    public var handlers: [MessageHandler]
    public var conditions: Conditions
    public var location: SourceLocation
    public var patch: PatchOrigin?

    public init(
        macro: String, handlerClass: String, function: String?, handlers: [MessageHandler],
        conditions: Conditions, location: SourceLocation, patch: PatchOrigin? = nil
    ) {
        self.macro = macro
        self.handlerClass = handlerClass
        self.function = function
        self.handlers = handlers
        self.conditions = conditions
        self.location = location
        self.patch = patch
    }
}

public struct MessageHandler: Codable, Hashable, Sendable {
    /// The IPC macro that does the work (for a project wrapper, the IPC macro it expands to).
    public var macro: String
    /// The project macro written in the source when it wraps an IPC macro, e.g. `MY_FRAME_HANDLER`.
    public var wrapper: String?
    /// `nil` for `IPC_MESSAGE_UNHANDLED` and the generic handlers that take code instead of a message.
    public var message: String?
    /// The handling method or code as written (`OnFocus`, `RenderFrameImpl::OnClose`).
    public var method: String?
    /// The object the message goes to, for `IPC_MESSAGE_FORWARD*`.
    public var target: String?
    public var delayReply: Bool
    public var conditions: Conditions
    public var location: SourceLocation

    public init(
        macro: String, wrapper: String?, message: String?, method: String?, target: String?,
        delayReply: Bool, conditions: Conditions, location: SourceLocation
    ) {
        self.macro = macro
        self.wrapper = wrapper
        self.message = message
        self.method = method
        self.target = target
        self.delayReply = delayReply
        self.conditions = conditions
        self.location = location
    }
}

/// A message's class named in code other than by a sender, a map entry or its definition, e.g.
/// `case FrameHostMsg_Close::ID:` or `DispatchSimpleEvent<FrameHostMsg_Close>(...)`.
public struct MessageReference: Codable, Hashable, Sendable {
    /// The members of the class `IPC_MESSAGE_*` defines that code names: the ID, reading and writing the
    /// parameters, logging and dispatch.
    public static let members: Set<String> = [
        "ID", "WriteReplyParams", "Read", "ReadSendParam", "ReadReplyParam", "Log", "Dispatch", "DispatchDelayReply",
        "DispatchWithParamGetter", "Param", "SendParam", "ReplyParam", "Schema", "kName",
    ]

    public var message: String
    /// `ID`, `WriteReplyParams`, ...: one of `members`; nil where the name is used alone (a template argument, a
    /// message built on the stack).
    public var member: String?
    public var function: String?
    public var conditions: Conditions
    /// Where the message's name is.
    public var location: SourceLocation
    public var patch: PatchOrigin?

    public init(message: String, member: String?, function: String?, conditions: Conditions, location: SourceLocation, patch: PatchOrigin? = nil) {
        self.message = message
        self.member = member
        self.function = function
        self.conditions = conditions
        self.location = location
        self.patch = patch
    }
}

/// A place that constructs a message object, e.g. `Send(new FrameHostMsg_Close(routing_id_))`.
public struct Sender: Codable, Hashable, Sendable {
    public var message: String
    /// The enclosing function, qualified when libclang can tell (`RenderFrameImpl::Close`).
    public var function: String?
    public var conditions: Conditions
    public var location: SourceLocation
    public var patch: PatchOrigin?
    /// True when the send runs on only some paths of its function (inside an `if`, a loop or a lambda, under a
    /// condition, or after a `return`), or of every handler that reaches it (`reachedFrom`); nil otherwise. A
    /// reply sent so is no evidence for folding.
    public var conditional: Bool?
    /// The message-map handlers (`Class::Method`) of the same file whose code reaches the function the send is in,
    /// through calls or bound callbacks (`base::BindOnce(&Foo::OnDone, ...)`); nil when none does.
    public var reachedFrom: [String]?
    /// True when the function then blocks its thread until another thread signals (`condition_.TimedWait(...)`):
    /// the answer to this message cannot be a callback run on that thread. Nil otherwise.
    public var blocksAfter: Bool?

    public init(message: String, function: String?, conditions: Conditions, location: SourceLocation, patch: PatchOrigin? = nil,
                conditional: Bool? = nil, blocksAfter: Bool? = nil) {
        self.message = message
        self.function = function
        self.conditions = conditions
        self.location = location
        self.patch = patch
        self.conditional = conditional
        self.blocksAfter = blocksAfter
    }
}

public struct Diagnostic: Codable, Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Codable, Sendable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    /// What the user can do about it.
    public var hint: String?

    public init(severity: Severity, location: SourceLocation, message: String, hint: String? = nil) {
        self.severity = severity
        self.location = location
        self.message = message
        self.hint = hint
    }

    public var description: String {
        var text = "\(location): \(severity.rawValue): \(message)"
        if let hint { text += " (\(hint))" }
        return text
    }
}

/// What the scan did not read in full, and why: a file (`UnreadFile`) or a folder (`SkippedFolder`).
public struct NotRead<Why: RawRepresentable & Codable & Hashable & Sendable>: Codable, Hashable, Sendable where Why.RawValue == String {
    public typealias Reason = Why

    /// For a file, the line and column of the first offending byte, line 0 when the file as a whole is the
    /// problem (unreadable, too large); for a folder (`.` for the scanned root), line and column 0.
    public var location: SourceLocation
    public var reason: Reason
    /// What went wrong, in words (the message of its diagnostic).
    public var detail: String

    public init(location: SourceLocation, reason: Reason, detail: String) {
        self.location = location
        self.reason = reason
        self.detail = detail
    }
}

/// A file the scan visited but did not read in full, so it contributed nothing to the inventory.
public typealias UnreadFile = NotRead<UnreadFileReason>

public enum UnreadFileReason: String, Codable, Sendable, CaseIterable {
    /// Opening or reading it failed (permissions, I/O error, not a regular file).
    case unreadable
    /// Larger than the scan's size limit (`--max-file-size`).
    case tooLarge
    /// It holds NUL bytes, so it is not text that libclang can read.
    case binary
    /// Bytes that are not UTF-8 (nor UTF-16) in its code, e.g. inside a message name.
    case undecodable
    /// libclang could not process it.
    case unparsable
    /// It uses a macro in a way the scanner does not follow; the detail says which, and where.
    case unfollowedMacro
}

/// A folder the walk did not list in full, or did not enter.
public typealias SkippedFolder = NotRead<SkippedFolderReason>

public enum SkippedFolderReason: String, Codable, Sendable, CaseIterable {
    /// It could not be opened or listed (permissions, a path longer than the system takes).
    case unlistable
    /// Its listing failed part way: what came after the failure was not seen.
    case partlyListed
    /// A symbolic link to a folder, not followed (`--follow-symlinks` follows it).
    case linkNotFollowed
}

extension NotRead where Why == SkippedFolderReason {
    /// Whether `file` (relative, as inventory paths are) lies in this folder or below it.
    public func holds(_ file: String) -> Bool {
        location.file == "." || (file.hasPrefix(location.file) && file.dropFirst(location.file.count).first == "/")
    }
}

/// The files a scan could not read and the folders it did not list in full or did not enter.
public struct UnseenPaths: Sendable {
    public var files: Set<String>
    public var folders: [SkippedFolder]

    /// Whether the scan may have missed what `path` (a file, or a folder a finding names) holds.
    public func contains(_ path: String) -> Bool {
        files.contains(path) || folders.contains { $0.location.file == path || $0.holds(path) }
    }
}

/// Counts that describe the scan itself; deterministic (no timings) so inventories diff cleanly.
public struct ScanStats: Codable, Hashable, Sendable {
    /// Files the walk visited after excludes and `.gitignore`.
    public var filesVisited: Int
    /// Files whose bytes could contain IPC constructs and went to libclang.
    public var filesParsed: Int
    /// Files that were skipped as binary, too large, undecodable or unreadable: those in `Inventory.unreadFiles`.
    public var filesSkipped: Int

    public init(filesVisited: Int = 0, filesParsed: Int = 0, filesSkipped: Int = 0) {
        self.filesVisited = filesVisited
        self.filesParsed = filesParsed
        self.filesSkipped = filesSkipped
    }
}
