import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// The rewrites of the existing code, as a unified diff (migration guide 2.4.3 and 2.4.5): each sender
/// `Send(new FooHostMsg_Bar(routing_id(), a, b));` becomes `GetFooHost()->Bar(a, b);`, each message-map entry of
/// a converted message is deleted, and the legacy `*_messages.h` include becomes the `.mojom.h` one. Every sender
/// and handler of the selected messages is either rewritten or listed with the reason it was not.
public struct MigrationPatch: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A selected message as a whole: converted (every sender and handler entry rewritten), or left whole,
        /// with every reason, when one of them could not be.
        case message
        case sender
        case handler
        /// A class whose senders now call `Get<Interface>()`, given the getter and its remote.
        case remote
        /// A handler method made the interface method (or listed with why not).
        case method
        /// An interface its handler class implements, registered in the patch in the guide's form for the class.
        case registration
        /// The handler classes of an interface made friends of its forwarding implementation.
        case friend
        /// An `OnMessageReceived` shell left without entries.
        case messageMap
        /// Another use of a message's class: `case FooMsg_Bar::ID:`, `FooMsg_Bar::WriteReplyParams(...)`.
        case reference
        /// A legacy message definition in its `*_messages.h`.
        case definition
        /// A changed file's build target and the mojom dependency it needs.
        case build
        /// The TypeConverters of a mojom file's structs, added to the tree as new files (or listed with why not).
        case converter
        /// What the legacy dispatch gave a rewritten handler that its interface method no longer gets: always
        /// listed, for a human to check (per-message state, a thread override).
        case trap
        /// A string literal naming a converted message (`"Unable to send AtomFrameHostMsg_Message_To"`): listed, its
        /// text left as it is, since it may be shown or compared.
        case mention
    }

    public struct Outcome: Sendable, Hashable {
        public var kind: Kind
        public var message: String
        public var location: SourceLocation
        /// Why it was left alone; nil when it was rewritten.
        public var reason: String?

        /// A sender, a handler entry or another use of a message: the sites that must all change for it to change.
        public var isSite: Bool { kind == .sender || kind == .handler || kind == .reference }
    }

    /// The unified diff, files in path order; empty when nothing could be rewritten.
    public var diff: String
    /// The files the diff changes, sorted.
    public var files: [String]
    /// One per sender and handler of the selected messages, in inventory order, then the other kinds.
    public var outcomes: [Outcome]
    /// Files the diff deletes (legacy headers left empty), sorted.
    public var deletedFiles: [String] = []
    /// Files the diff adds (struct converters), sorted; their text is in `rewritten`.
    public var addedFiles: [String] = []
    /// Interfaces (`module.Name`) whose handler class now implements them itself: no forwarding skeleton needed.
    public var convertedInPlace: Set<String> = []
    /// Those of them the patch also registers: no `Bind<Interface>` draft and no registration line beside it.
    public var registeredInPatch: Set<String> = []
    /// The text of each file in `files` but `deletedFiles` once the diff is applied.
    public var rewritten: [String: String] = [:]
    /// By interface (`module.Name`): the namespace its forwarding implementation goes in, that of the handler
    /// classes the patch makes it a friend of.
    public var implementationNamespaces: [String: String] = [:]

    /// Handlers of `IPC_BEGIN_MESSAGE_MAP_WITH_PARAM` maps declared without the map's parameter (`Class::method`):
    /// the legacy dispatch passes it only to those declared with it.
    public var handlersWithoutMapParameter: Set<String> = []
    /// Handlers reached through a local helper the map forwards to, by message.
    public var helperHandlers: [String: CppMigration.Handler] = [:]

    /// `migration` as the drafts are written: the interfaces worth drafts (`convertedInterfaces`), each
    /// implementation in the namespace the patch befriended it in, each handler taking its map's parameter only
    /// if it is declared with it.
    public func drafted(_ migration: CppMigration) -> CppMigration {
        let drafted = convertedInterfaces(of: migration)
        var result = migration.withHandlers(helperHandlers).withoutMapParameter(handlersWithoutMapParameter)
        result.interfaces = result.interfaces.compactMap { interface in
            let key = interface.module + "." + interface.name
            guard drafted.contains(key) else { return nil }
            var interface = interface
            if let namespace = implementationNamespaces[key] { interface.implementationNamespace = namespace }
            return interface
        }
        return result
    }

    /// `plan` as the registration lines are written: only the interfaces `drafted(migration)` keeps, and the files
    /// holding them.
    public func drafted(_ plan: ConversionPlan, of migration: CppMigration) -> ConversionPlan {
        let drafted = convertedInterfaces(of: migration).subtracting(registeredInPatch)
        var result = plan
        result.files = plan.files.compactMap { file in
            var file = file
            let module = file.module
            file.interfaces.removeAll { !drafted.contains(module + "." + $0.name) }
            return file.interfaces.isEmpty ? nil : file
        }
        return result
    }

    /// The interfaces (`module.Name`) at least one of whose messages is converted: the only ones worth drafts and
    /// registration. An interface whose every message is left whole would get an implementation nothing binds, and
    /// a run after the patch is applied would draft it again, over the first drafts, with fewer methods.
    public func convertedInterfaces(of migration: CppMigration) -> Set<String> {
        let converted = Set(outcomes.filter { $0.kind == .message && $0.reason == nil }.map(\.message))
        return Set(migration.interfaces.filter { $0.methods.contains { $0.messages.contains(where: converted.contains) } }.map { $0.module + "." + $0.name })
    }

    /// The files holding senders or handlers of `plan`'s messages, the headers beside the senders' files where
    /// their classes are declared, the companions (class headers, message headers, registry headers, BUILD.gn
    /// and `.gni` files) and the rules' provider headers: what `make` needs the text of (missing ones are skipped). `listed` is what the scan's walk
    /// listed with `listing`.
    public static func filesToRead(plan: ConversionPlan, inventory: Inventory, rules: ConversionRules, listed: [String]) -> [String] {
        let selected = Set(plan.interfaces.flatMap { $0.methods.flatMap(\.messages) })
        let senders = inventory.senders.filter { selected.contains($0.message) }.map(\.location.file)
        let handlers = inventory.messageMaps.flatMap(\.handlers).filter { $0.message.map(selected.contains) ?? false }.map(\.location.file)
        let references = (inventory.references ?? []).filter { selected.contains($0.message) }.map(\.location.file)
        let companions = companionFiles(plan: plan, inventory: inventory, listed: listed)
        // Those the tree holds of the headers remotes are bound through.
        let providers = rules.providerHeaders.values.joined()
        return Array(Set(senders + senders.flatMap(CppRewriter.classHeaders) + handlers + references + companions + providers)).sorted()
    }

    /// The paths, from the tree's root, that the headers of `migration`'s handler classes include with quotes and
    /// `sources` does not hold yet (those the tree has are read): where a handler a base class declares is found.
    /// Only plain relative paths: an include never makes the rewrite read outside the tree.
    public static func headersIncludedByHandlerClasses(of migration: CppMigration, sources: [String: String]) -> [String] {
        let headers = Set(migration.interfaces.flatMap { $0.methods.compactMap(\.handler?.header) })
        let included = headers.compactMap { sources[$0] }.flatMap { text in text.split(separator: "\n").compactMap { IncludeDirective.path(in: $0) } }
        return Set(included).filter { path in
            sources[path] == nil && !path.hasPrefix("/") && !path.split(separator: "/").contains { $0 == ".." || $0 == "." }
        }.sorted()
    }

    /// The extensions of the C++ sources (not headers) a class's members are defined in.
    public static let sourceSuffixes = [".cc", ".cpp", ".mm"]

    /// The handler classes (last name component) of `migration` that derive from none of the classes whose
    /// registration the migration guide gives, as their headers in `sources` declare them: those an observer
    /// passing them their messages may register for (the files naming them are read to find one).
    public static func handlerClassesOfNoRegistrationForm(of migration: CppMigration, sources: [String: String]) -> [String] {
        let handlers = Set(migration.interfaces.flatMap { $0.methods.compactMap(\.handler) }.map { [$0.className.components(separatedBy: "::").last ?? $0.className, $0.header] })
        return handlers.filter { pair in
            guard let text = sources[pair[1]], case .success(let declaration) = CppClassDeclaration.only(named: pair[0], in: CppSource(text), file: pair[1]) else { return false }
            return CppRewriter.RegistrationForm.of(declaration) == nil
        }.map { $0[0] }.sorted()
    }

    /// Where an observer passing a handler class its messages may be, among `files`, the tree's C++ files naming the
    /// class (a forwarder may name it in its header only: `CefFrameImpl* frame_`): the sources of their stems that
    /// call `OnMessageReceived(`, with their headers. `read` gives a file's text (nil when it cannot be read); the
    /// files `known` are not read again.
    public static func forwarderSources(among files: [String], known: (String) -> Bool, read: (String) -> String?) -> [String: String] {
        var found: [String: String] = [:]
        for stem in Set(files.map { ($0 as NSString).deletingPathExtension }).sorted() {
            for file in sourceSuffixes.map({ stem + $0 }) where !known(file) {
                guard let text = read(file), text.contains("OnMessageReceived(") else { continue }
                found[file] = text
                let header = stem + ".h"
                if !known(header), found[header] == nil, let declared = read(header) { found[header] = declared }
            }
        }
        return found
    }

    /// `sources` holds the text of the files `filesToRead` and `headersIncludedByHandlerClasses` name that could
    /// be read as UTF-8.
    ///
    /// Whole messages only: a message whose senders or handler entries cannot all be rewritten would be sent and
    /// handled nowhere, or name a definition that is gone. So the rewrite runs again without every method one of
    /// whose messages was left in part, until none is; each is then listed once, with every reason.
    public static func make(
        plan: ConversionPlan, migration: CppMigration, inventory: Inventory, sources: [String: String], remotes: RemoteSettings
    ) -> MigrationPatch {
        var leftWhole: [String: [Outcome]] = [:]
        // Read once: every round reads the same files.
        let sources = sources.mapValues(CppSource.init)
        let helperHandlers = CppRewriter(plan: plan, migration: migration, inventory: inventory, sources: sources, remotes: remotes).helperHandlers()
        let seenThrough = migration.withHandlers(helperHandlers)
        let withoutMapParameter = CppRewriter(plan: plan, migration: seenThrough, inventory: inventory, sources: sources, remotes: remotes).handlersWithoutMapParameter()
        let migration = seenThrough.withoutMapParameter(withoutMapParameter)
        while true {
            var rewriter = CppRewriter(plan: plan, migration: migration, inventory: inventory, sources: sources, remotes: remotes, leftWhole: Set(leftWhole.keys))
            var patch = rewriter.run()
            patch.handlersWithoutMapParameter = withoutMapParameter
            patch.helperHandlers = helperHandlers
            let partial = rewriter.partiallyRewritten()
            guard !partial.isEmpty else {
                // The sites of messages left whole stay listed, each with its own reason or with its message's.
                // A site with a reason of its own is listed with it alone.
                let leftSites = Set(leftWhole.values.joined())
                let explained = Set(leftSites.filter { $0.reason != nil }.map { Outcome(kind: $0.kind, message: $0.message, location: $0.location) })
                let sites: [Outcome] = leftSites.compactMap { site in
                    if site.reason != nil { return site }
                    if explained.contains(site) { return nil }
                    return Outcome(kind: site.kind, message: site.message, location: site.location, reason: "left as it is: \(site.message) is left whole")
                }
                let order = Dictionary(uniqueKeysWithValues: Kind.allCases.enumerated().map { ($1, $0) })
                let all = patch.outcomes + sites
                let siteOutcomes = all.filter(\.isSite)
                let others = all.filter { !$0.isSite }
                patch.outcomes = rewriter.messageOutcomes(leftWhole: leftWhole)
                    + siteOutcomes.sorted { (order[$0.kind]!, $0.location) < (order[$1.kind]!, $1.location) } + others
                return patch
            }
            leftWhole.merge(partial) { first, _ in first }
        }
    }
}

struct CppRewriter {
    /// Where a legacy message went: its interface and method, and whether it is the request or a folded reply.
    struct Target {
        var interface: CppMigration.Interface
        var method: CppMigration.Method
        var isRequest: Bool
        /// The definition the method was made from: its identity, carried from the plan.
        var definition: MessageDefinition?
        var mojomFile: MojomFile
    }

    /// By message name, as senders and handlers name messages: one target per definition (a name defined in two
    /// `#if` branches has two, which may be two methods).
    var targets: [String: [Target]] = [:]
    let inventory: Inventory
    let plan: ConversionPlan
    let sources: [String: CppSource]
    var edits: [String: [UnifiedDiff.Edit]] = [:]
    var outcomes: [MigrationPatch.Outcome] = []
    /// Legacy headers whose every message is converted: their includes are replaced, not kept.
    var fullyConverted: Set<String> = []
    /// Written by the extensions (handlers, definitions, build files): what `run` needs to finish the diff.
    var deletedFiles: Set<String> = []
    var convertedInPlace: Set<String> = []
    var registeredInPatch: Set<String> = []
    /// Message filters registered as `BrowserAssociatedInterface`s: they stay, handling no legacy message.
    var registeredFilters: Set<String> = []
    /// By interface (`module.Name`): the namespace of the handler classes its implementation is a friend of.
    var implementationNamespaces: [String: String] = [:]
    /// The mojom targets (`//a/b:mojom`) each changed file now uses, for its BUILD.gn.
    var mojomUses: [String: Set<String>] = [:]
    /// Rewritten senders that went through another object the class keeps (`frame_host_->Send(...)`): the class's
    /// remote is bound through that object.
    var sentThrough: [SourceLocation: Receiver] = [:]
    /// Rewritten senders that bind a remote of their own in place (the object was a parameter or a local), and the
    /// remote headers their files now need.
    var boundInPlace: Set<SourceLocation> = []
    var remoteIncludes: [String: Set<String>] = [:]
    /// `WriteReplyParams` uses of messages whose handler takes a delayed reply, recorded once the handlers are
    /// converted; and those a handler's conversion made the reply callback's `Run`.
    var deferredReplyWrites: [MessageReference] = []
    var runReplies: Set<SourceLocation> = []
    /// New files of the patch (the struct converters), by path.
    var addedFiles: [String: String] = [:]
    let migration: CppMigration
    let remotes: RemoteSettings
    /// Messages of methods left whole: nothing of them changes.
    let leftWhole: Set<String>

    init(plan: ConversionPlan, migration: CppMigration, inventory: Inventory, sources: [String: CppSource], remotes: RemoteSettings, leftWhole: Set<String> = []) {
        self.plan = plan
        self.leftWhole = leftWhole
        self.migration = migration
        self.remotes = remotes
        self.inventory = inventory
        self.sources = sources
        let definitions = Dictionary(inventory.messages.map { ($0.location, $0) }, uniquingKeysWith: { first, _ in first })
        let interfaces = Dictionary(migration.interfaces.map { ($0.module + "." + $0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for file in plan.files {
            for interface in file.interfaces {
                guard let cpp = interfaces[file.module + "." + interface.name] else { continue }
                for method in cpp.methods {
                    for (index, message) in method.messages.enumerated() where !leftWhole.contains(message) {
                        let definition = index < method.definitions.count ? definitions[method.definitions[index]] : nil
                        targets[message, default: []].append(Target(interface: cpp, method: method, isRequest: index == 0, definition: definition, mojomFile: file))
                    }
                }
            }
        }
        let selected = Set(targets.keys)
        let byHeader = Dictionary(grouping: inventory.messages.filter { $0.patch == nil }, by: \.location.file)
        fullyConverted = Set(byHeader.filter { $0.value.allSatisfy { selected.contains($0.name) } }.keys)
    }

    /// The rewrite's passes, in order: each reads the outcomes and edits of those before it (the getters follow the
    /// rewritten senders, the shells the removed entries, the includes every other change); comments last, so that
    /// renaming a word in one never keeps another pass from removing its line.
    enum Pass: CaseIterable {
        case senders, handlerEntries, references, remoteGetters, handlersInPlace, friends, emptyMessageMaps, definitions, includes, includesOfDeletedHeaders,
             buildEntriesOfDeletedFiles, structConverters, buildDependencies, comments, traps

        func run(_ rewriter: inout CppRewriter) {
            switch self {
            case .senders: rewriter.rewriteSenders()
            case .handlerEntries:
                rewriter.removeHandlerEntries()
                rewriter.removeUnusedHelperLocals()
            case .references: rewriter.rewriteReferences()
            case .remoteGetters: rewriter.addRemoteGetters()
            case .handlersInPlace:
                rewriter.convertHandlersInPlace()
                rewriter.recordDeferredReplyWrites()
            case .friends: rewriter.befriendImplementations()
            case .emptyMessageMaps: rewriter.removeEmptyShells()
            case .definitions: rewriter.removeDefinitions()
            case .comments: rewriter.renameInComments()
            case .traps: rewriter.nameTraps()
            case .includes: rewriter.rewriteIncludes()
            case .includesOfDeletedHeaders: rewriter.removeIncludesOfDeletedHeaders()
            case .buildEntriesOfDeletedFiles:
                rewriter.removeBuildEntriesOfDeletedFiles()
                rewriter.removeGypEntriesOfDeletedFiles()
            case .structConverters: rewriter.addStructConverters()
            case .buildDependencies: rewriter.addBuildDependencies()
            }
        }
    }

    mutating func run() -> MigrationPatch {
        for pass in Pass.allCases { pass.run(&self) }
        var diffs: [String: String] = [:]
        var rewritten: [String: String] = [:]
        for path in Set(edits.keys).union(deletedFiles) {
            let source = sources[path]!
            let deleted = deletedFiles.contains(path)
            let text = deleted ? UnifiedDiff.deletion(path: path, source: source) : UnifiedDiff.diff(path: path, source: source, edits: edits[path]!)
            if !text.isEmpty {
                diffs[path] = text
                if !deleted { rewritten[path] = UnifiedDiff.apply(edits[path]!, to: source) }
            }
        }
        for (path, text) in addedFiles {
            diffs[path] = UnifiedDiff.addition(path: path, text: text)
            rewritten[path] = text
        }
        let files = diffs.keys.sorted()
        let diff = files.map { diffs[$0]! }.joined()
        return MigrationPatch(
            diff: diff, files: files, outcomes: outcomes, deletedFiles: deletedFiles.sorted(), addedFiles: addedFiles.keys.sorted(), convertedInPlace: convertedInPlace, registeredInPatch: registeredInPatch, rewritten: rewritten,
            implementationNamespaces: implementationNamespaces
        )
    }

    /// The methods (by every message of each) one of whose senders or handler entries was left while another was
    /// rewritten, or while a message of the same method changed: each message with the outcomes that were listed.
    func partiallyRewritten() -> [String: [MigrationPatch.Outcome]] {
        let sites = Dictionary(grouping: outcomes.filter(\.isSite), by: \.message)
        var result: [String: [MigrationPatch.Outcome]] = [:]
        for method in migration.interfaces.flatMap(\.methods) where method.messages.contains(where: { sites[$0]?.contains { $0.reason != nil } == true }) {
            let outcomes = method.messages.flatMap { sites[$0] ?? [] }
            for message in method.messages { result[message] = outcomes }
        }
        return result
    }

    /// One outcome per selected message, at its definition: converted, or left whole with every reason.
    func messageOutcomes(leftWhole: [String: [MigrationPatch.Outcome]]) -> [MigrationPatch.Outcome] {
        var seen: Set<SourceLocation> = []
        var result: [MigrationPatch.Outcome] = []
        for method in migration.interfaces.flatMap(\.methods) {
            for (index, message) in method.messages.enumerated() {
                let location = index < method.definitions.count ? method.definitions[index] : SourceLocation(file: "", line: 0, column: 0)
                guard seen.insert(location).inserted else { continue }
                // Listed once: a folded reply points to its request, which carries every reason.
                let reason = leftWhole[message].map { index == 0 ? Self.leftWholeReason($0, method: method) : "left whole with \(method.messages[0]), whose method it is a reply of" }
                result.append(.init(kind: .message, message: message, location: location, reason: reason))
            }
        }
        return result.sorted { $0.location < $1.location }
    }

    static func leftWholeReason(_ sites: [MigrationPatch.Outcome], method: CppMigration.Method) -> String {
        let together = method.messages.count > 1 ? " with its repl\(method.messages.count > 2 ? "ies" : "y") \(method.messages.dropFirst().joined(separator: ", "))" : ""
        let reasons = sites.filter { $0.reason != nil }.sorted { $0.location < $1.location }.map { "\($0.kind.rawValue) at \($0.location): \($0.reason ?? "")" }
        return "left whole\(together), so that it is never sent or handled half-way: " + reasons.joined(separator: "; ")
    }

    mutating func record(_ kind: MigrationPatch.Kind, _ message: String, _ location: SourceLocation, reason: String?) {
        outcomes.append(.init(kind: kind, message: message, location: location, reason: reason))
    }

    /// Lists rewritten senders after all, with `reason`: what they now call cannot be added.
    mutating func unrewrite(_ senders: [Sender], reason: String) {
        let locations = Set(senders.map(\.location))
        for index in outcomes.indices where outcomes[index].kind == .sender && locations.contains(outcomes[index].location) {
            outcomes[index].reason = reason
        }
    }

    /// Why the file cannot be patched, if it cannot.
    func unpatchable(_ location: SourceLocation, patch: PatchOrigin?) -> String? {
        if let patch { return "found in the patch file \(location.file) (it changes \(patch.targetFile)); change the patch by hand" }
        if !SafeName.isSafePath(location.file) { return "the file name needs quoting in a diff; rewrite by hand" }
        if sources[location.file] == nil { return "the file could not be read as UTF-8 text" }
        return nil
    }

    /// Adds an edit unless it overlaps one already made in the file; returns whether it was added.
    mutating func add(_ edit: UnifiedDiff.Edit, in file: String) -> Bool {
        addAll([(file, edit)])
    }

    /// Adds every edit, or none when one would meet an edit already made or another of `changes`; returns whether
    /// they were added. Two insertions at one offset meet too: their order would be arbitrary.
    mutating func addAll(_ changes: [(String, UnifiedDiff.Edit)]) -> Bool {
        for (index, (file, edit)) in changes.enumerated() {
            let others = (edits[file] ?? []) + changes[..<index].filter { $0.0 == file }.map(\.1)
            if others.contains(where: { $0.range.overlaps(edit.range) || $0.range == edit.range }) { return false }
        }
        for (file, edit) in changes { edits[file, default: []].append(edit) }
        return true
    }

    /// The source holding `location`, and the index of the token the scan saw there; nil when the file no longer
    /// has that name there.
    func locate(_ name: String, at location: SourceLocation) -> (source: CppSource, token: Int)? {
        guard let source = sources[location.file], let start = source.offset(line: location.line, column: location.column),
              let index = source.tokenIndex(startingAt: start), source.tokens[index].text == name else { return nil }
        return (source, index)
    }

    static func moved(_ name: String, _ location: SourceLocation) -> String {
        "the file changed since the scan: \(name) is not at \(location)"
    }

    /// The `paths` that `file` neither includes nor is given by an edit already made, sorted.
    func missingIncludes(_ paths: some Sequence<String>, in file: String) -> [String] {
        let source = sources[file]!
        let text = source.text(0..<source.bytes.count)
        let pending = edits[file] ?? []
        return Set(paths).sorted().filter { path in
            let line = "#include \"\(path)\""
            return !text.contains(line) && !pending.contains { $0.replacement.contains(line) }
        }
    }

    // MARK: - Senders

    private mutating func rewriteSenders() {
        for sender in inventory.senders {
            guard let candidates = targets[sender.message] else { continue }
            record(.sender, sender.message, sender.location, reason: rewriteSender(sender, candidates: candidates))
        }
    }

    /// Rewrites one `[receiver->]Send(new Msg(args));` statement; returns the reason when it cannot.
    private mutating func rewriteSender(_ sender: Sender, candidates: [Target]) -> String? {
        if let problem = unpatchable(sender.location, patch: sender.patch) { return problem }
        var target = candidates[0]
        let interface = target.interface
        let method = target.method
        if !target.isRequest {
            return "this reply is now the reply callback of \(interface.name).\(method.name): run std::move(callback).Run(...) here instead"
        }
        if method.reply != nil, !method.isSync {
            return "\(interface.name).\(method.name) now answers through a reply callback (it replaces \(method.messages.dropFirst().joined(separator: ", "))): pass one that does what that message's handler did"
        }
        guard let first = target.definition else { return "the message's definition was not found" }
        guard let (source, name) = locate(sender.message, at: sender.location) else { return Self.moved(sender.message, sender.location) }
        let tokens = source.tokens
        let text = tokens.text(at:)
        // Back over `ns::` qualifiers to `new`, then `(`, then `Send`.
        var cursor = name - 1
        while text(cursor) == "::" {
            cursor -= 1
            if cursor >= 0, tokens[cursor].kind == .name, tokens[cursor].text != "new" { cursor -= 1 }
        }
        guard text(cursor) == "new" else {
            return "not a `new \(sender.message)(...)` expression (make_unique, or a message built elsewhere); rewrite by hand"
        }
        guard text(cursor - 1) == "(" else {
            return "the message is built here and sent elsewhere (stored or passed on); rewrite by hand"
        }
        let send = cursor - 2
        guard send >= 0, tokens[send].kind == .name else { return "the message is not passed to Send; rewrite by hand" }
        guard tokens[send].text == "Send" else { return "sent through \(tokens[send].text)(...), not Send; convert that helper by hand" }
        var start = send
        var receiver: String?
        if text(send - 1) == "->" || text(send - 1) == "." {
            guard let receiverStart = Self.postfixExpressionStart(tokens, endingAt: send - 2) else {
                return "the object Send is called on could not be read; rewrite by hand"
            }
            receiver = source.text(tokens: receiverStart, through: send - 2)
            start = receiverStart
        }
        var through: Receiver?
        // A routed message sent through an object no rule names may name its frame by its routing ID, read below.
        var unknownReceiver: String?
        if let receiver, receiver != "this" {
            let className = Self.className(ofFunction: sender.function)
            if let found = self.receiver(receiver, access: text(send - 1)!, source: source, end: start, className: className, file: sender.location.file) {
                through = found
            } else if first.kind == .routed {
                unknownReceiver = receiver
            } else {
                return "sent through \(receiver)'s Send, which is no process the rules' remote_holders name: bind a remote through it (\(receiver)->BindReceiver(...) or its interface provider) and call \(method.name) on that"
            }
        }
        // `return Send(...);` passed on whether the channel took the message, which a Mojo call always does.
        let returned = text(start - 1) == "return" && Self.startsStatement(tokens, at: start - 1)
        // A sync call answers whether it got its reply, as Send did: it can stand where Send's result was used.
        let usedBySync = !Self.startsStatement(tokens, at: start) && !returned && method.isSync
        // `bool sent = Send(...);` keeps its variable, as true: a Mojo call always takes the message.
        var declared: Int?
        if !method.isSync, text(start - 1) == "=", start >= 3, tokens[start - 2].kind == .name, text(start - 3) == "bool" {
            let first = text(start - 4) == "const" ? start - 4 : start - 3
            if Self.startsStatement(tokens, at: first) { declared = first }
        }
        // `handled = Send(...) || handled;`, `sent = Send(...);` and `sent |= Send(...);` set their variable, as true.
        var assigned: (first: Int, name: String)?
        if !method.isSync, declared == nil, text(start - 1) == "=", start >= 2 {
            if tokens[start - 2].kind == .name, Self.startsStatement(tokens, at: start - 2) {
                assigned = (start - 2, tokens[start - 2].text)
            } else if text(start - 2) == "|", start >= 3, tokens[start - 3].kind == .name, Self.startsStatement(tokens, at: start - 3) {
                assigned = (start - 3, tokens[start - 3].text)
            }
        }
        guard Self.startsStatement(tokens, at: start) || returned || usedBySync || declared != nil || assigned != nil else {
            return "the result of Send is used (tested or assigned); rewrite by hand"
        }
        // Forward: the message's arguments, Send's closing parenthesis, the semicolon.
        var values: [String] = []
        var constructorEnd = name
        if text(name + 1) == "(" {
            guard let close = tokens.closing(name + 1) else { return "the message's argument list does not end; rewrite by hand" }
            if source.hasTextBetweenTokens(name + 1, close) { return "a comment or preprocessor line inside the arguments; rewrite by hand" }
            // Angle brackets are not counted (`a < b` is as likely as a template): a template argument list with a
            // comma gives one argument too many, and the arity check lists the sender.
            let arguments = tokens.arguments(between: name + 1, and: close, countingAngleBrackets: false)
            guard arguments.allSatisfy({ !$0.isEmpty }) else { return "an empty argument; rewrite by hand" }
            values = arguments.map { source.text(tokens: $0.startIndex, through: $0.endIndex - 1) }
            constructorEnd = close
        }
        // Without an argument list (`new FooMsg_Bar`) the message has no parameters.
        guard text(constructorEnd + 1) == ")" else { return "Send takes more than the message; rewrite by hand" }
        // The statement's end: Send's `;`, or that of `|| handled;` when the variable assigned is `handled`.
        var end = constructorEnd + 2
        if let assigned, text(start - 2) != "|", text(end) == "|", text(end + 1) == "|", text(end + 2) == assigned.name { end += 3 }
        guard usedBySync || text(end) == ";" else { return "the result of Send is used (returned, tested or assigned); rewrite by hand" }
        func arity(_ definition: MessageDefinition) -> Int {
            definition.inputs.count + definition.outputs.count + (definition.kind == .routed ? 1 : 0)
        }
        // The sender's arguments tell which definition it builds when `#if` branches define the name differently.
        guard let matching = candidates.first(where: { $0.definition.map(arity) == values.count }), let definition = matching.definition else {
            return "\(values.count) arguments where \(sender.message) has \(arity(first)) (a macro or a template in the arguments?); rewrite by hand"
        }
        target = matching
        // The values the legacy message carried are of its C++ types: where the bindings take another (a struct
        // or enum the plan defines, a type of another era), the call would not compile.
        if let parameter = target.method.parameters.first(where: { $0.needsConversion && $0.conversion == nil }) {
            return "parameter \(parameter.name) is \(parameter.valueType) in the bindings, where the legacy message carried its C++ type: convert the value here by hand (or typemap the mojom type to it)"
        }
        if definition.kind == .routed {
            // The frame a remote belongs to replaces the routing ID (guide 2.5.7): the class's own remote is the
            // right one only where the message was routed to the class itself.
            let routingID = values.removeFirst()
            let written = Self.oneLine(routingID).filter { !$0.isWhitespace }
            let unqualified = written.hasPrefix("this->") ? String(written.dropFirst(6)) : written
            // Through a view or process host, the routing ID says which frame the message went to (Qt WebEngine's
            // `contents->GetRenderViewHost()->Send(new Msg(contents->GetMainFrame()->GetRoutingID(), ...))`).
            if let unknownReceiver {
                guard let frame = routedObject(unqualified, source: source, end: start, className: Self.className(ofFunction: sender.function), file: sender.location.file) else {
                    return "sent through \(unknownReceiver)'s Send, which is no frame or frame host the rules' remote_holders name: the remote belongs to that object's frame (guide 2.5.7, routing IDs); call \(method.name) on a remote it holds"
                }
                through = frame
            }
            // Through another object, the ID must be that object's; the class's own one only where the object is
            // the class's own frame (`render_frame()->Send(new FooHostMsg_Bar(routing_id(), ...))`).
            let objectIDs = through.map { receiver in ["GetRoutingID()", "routing_id()"].map { receiver.expression + receiver.access + $0 } } ?? []
            // A class with a Send of its own that routes what it sends (CEF's CefFrameHostImpl sets its frame's ID)
            // builds its messages with MSG_ROUTING_NONE.
            let routedBySend = through == nil && unqualified == "MSG_ROUTING_NONE" && Self.className(ofFunction: sender.function).flatMap { className in
                classDeclaration(of: className, near: sender.location.file)
            }.map { !$0.members(named: "Send").isEmpty } == true
            guard objectIDs.contains(unqualified) || routedBySend || (through?.isMember != false && remotes.rules.ownRoutingIDs.contains(unqualified)) else {
                let whose = through.map { "\($0.expression)'s" } ?? "this object's own"
                return "routed to \(Self.oneLine(routingID)), not to \(whose) routing ID: the remote belongs to the object that ID names; call \(method.name) on a remote it holds"
            }
        }
        var converted: [String] = []
        let arguments = values.map(Self.oneLine).enumerated().map { index, value in
            guard index < target.method.parameters.count, let conversion = target.method.parameters[index].conversion else { return value }
            if let header = target.method.parameters[index].conversionHeader { converted.append(header) }
            return conversion.replacingOccurrences(of: "$0", with: Self.isPostfix(value) ? value : "(\(value))")
        }.joined(separator: ", ")
        let indent = source.indentation(ofLineAt: tokens[start].range.lowerBound)
        var call = "Get\(target.interface.name)()->\(target.method.name)(\(arguments));"
        if let through, !through.isMember {
            switch boundRemote(for: target, through: through, file: sender.location.file, arguments: arguments, indent: indent) {
            case .success(let block): call = block
            case .failure(let problem): return problem.reason
            }
        }
        // A sync call answers whether it got its reply, as Send did; any other call is taken.
        if returned { call = target.method.isSync && through?.isMember != false ? "return " + call : call + "\n" + indent + "return true;" }
        if let declared { call += "\n" + indent + source.text(tokens: declared, through: start - 1) + " true;" }
        if let assigned { call += "\n" + indent + assigned.name + " = true;" }
        if usedBySync {
            guard through?.isMember != false else { return "the result of Send is used, and the remote would be bound in place; rewrite by hand" }
            call.removeLast()
        }
        let range = tokens[declared ?? assigned?.first ?? (returned ? start - 1 : start)].range.lowerBound..<tokens[usedBySync ? constructorEnd + 1 : end].range.upperBound
        guard add(UnifiedDiff.Edit(range: range, replacement: call), in: sender.location.file) else {
            return "another rewrite changes the same code"
        }
        if let through {
            if through.isMember { sentThrough[sender.location] = through } else { boundInPlace.insert(sender.location) }
        }
        if !converted.isEmpty { remoteIncludes[sender.location.file, default: []].formUnion(converted.map { includeSpelling(of: $0, in: sender.location.file) }) }
        return nil
    }

    /// Whether `value` needs no parentheses before `.member`: a name, a member chain, a call or a subscript of one.
    static func isPostfix(_ value: String) -> Bool {
        let tokens = CodeLexer.tokens(of: Array(value.utf8))
        return !tokens.isEmpty && postfixExpressionStart(tokens, endingAt: tokens.count - 1) == 0
    }

    /// An argument on one line: its line breaks and the indentation after them become one space.
    static func oneLine(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.filter { !$0.isEmpty }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The first token of `a.b()->c[1]` ending at token `end`: names joined by `::`, `.` or `->`, each with its call
    /// or subscript groups. Nil for anything else (casts, template arguments), which leaves the sender listed.
    static func postfixExpressionStart(_ tokens: [CodeToken], endingAt end: Int) -> Int? {
        var cursor = end
        while true {
            while cursor >= 0, tokens[cursor].text == ")" || tokens[cursor].text == "]" {
                guard let open = tokens.opening(cursor) else { return nil }
                cursor = open - 1
            }
            guard cursor >= 0, tokens[cursor].kind == .name else { return nil }
            let before = cursor - 1
            guard before >= 0 else { return cursor }
            switch tokens[before].text {
            case "->", ".":
                cursor = before - 1
            case "::":
                // A leading `::` (global qualification) ends the expression.
                if before == 0 || !(tokens[before - 1].kind == .name || [")", "]", ">"].contains(tokens[before - 1].text)) { return before }
                cursor = before - 1
            default:
                return cursor
            }
        }
    }

    /// Whether a statement starts at token `index`: after `;`, `{`, `}`, a label's or case's `:`, an `if (...)`'s
    /// `)`, `else`, or at the start of the file.
    static func startsStatement(_ tokens: [CodeToken], at index: Int) -> Bool {
        guard index > 0 else { return true }
        return [";", "{", "}", ")", ":", "else"].contains(tokens[index - 1].text)
    }

    // MARK: - Handlers

    private mutating func removeHandlerEntries() {
        for map in inventory.messageMaps {
            for handler in map.handlers {
                guard let message = handler.message, let target = targets[message]?.first else { continue }
                record(.handler, message, handler.location, reason: removeHandler(handler, map: map, target: target))
            }
        }
    }

    /// Deletes one message-map entry whose message the implementation now receives; returns the reason when not.
    private mutating func removeHandler(_ handler: MessageHandler, map: MessageMap, target: Target) -> String? {
        if let problem = unpatchable(handler.location, patch: map.patch) { return problem }
        let method = target.method
        if !target.isRequest {
            return "this reply's handler becomes the reply callback passed where \(target.interface.name).\(method.name) is called: move its code there"
        }
        let helper = method.handler?.helper
        if let target = handler.target, helper?.target != target {
            return "forwarded to \(target): that object implements it; convert it with that object's messages"
        }
        guard let implemented = method.handler else {
            return "the implementation does not call it: \(method.handlerProblem ?? "no handler method")"
        }
        let methodName = handler.method.map { $0.components(separatedBy: "::").last ?? $0 }
        guard map.location.file == implemented.file, methodName == (helper?.method ?? implemented.method) else {
            return "\(target.interface.name)Impl calls \(implemented.className)::\(implemented.method), not this handler; keep it or merge it by hand"
        }
        let macro = handler.wrapper ?? handler.macro
        guard let (source, name) = locate(macro, at: handler.location) else { return Self.moved(macro, handler.location) }
        let lineStart = source.lineStarts[handler.location.line - 1]
        guard source.isFirstOnLine(source.tokens[name].range.lowerBound) else { return "other code shares the entry's line; remove it by hand" }
        guard name + 1 < source.tokens.count, source.tokens[name + 1].text == "(", let close = source.tokens.closing(name + 1) else {
            return "the entry's arguments could not be read; remove it by hand"
        }
        let closeStart = source.tokens[close].range.lowerBound
        let lineEnd = source.lineEnd(of: closeStart)
        // A stray `;` after the entry is harmless and goes with it.
        var rest = source.text((closeStart + 1)..<lineEnd).trimmingCharacters(in: .whitespaces)
        if rest.hasPrefix(";") { rest = rest.dropFirst().trimmingCharacters(in: .whitespaces) }
        guard rest.isEmpty || rest.hasPrefix("//") else { return "other code shares the entry's line; remove it by hand" }
        let end = lineEnd < source.bytes.count ? lineEnd + 1 : lineEnd
        guard add(UnifiedDiff.Edit(range: lineStart..<end, replacement: ""), in: handler.location.file) else {
            return "another rewrite changes the same code"
        }
        return nil
    }

    // MARK: - Includes

    /// In every changed file: `#include "x/foo_messages.h"` becomes `#include "x/foo.mojom.h"` when every message
    /// of that header is converted and the file, as rewritten, names nothing the header defines (a message or an
    /// IPC struct); otherwise the mojom include is added after it.
    mutating func rewriteIncludes() {
        for file in edits.keys.sorted() {
            let source = sources[file]!
            let named = Set(CodeLexer.tokens(of: Array(UnifiedDiff.apply(edits[file]!, to: source).utf8)).lazy.filter { $0.kind == .name }.map(\.text))
            let used = Set(outcomes.filter { $0.location.file == file && $0.reason == nil && [.sender, .handler].contains($0.kind) }.compactMap { targets[$0.message]?.first?.mojomFile.path })
            for mojom in plan.files where used.contains(mojom.path) {
                let legacy = includeLine(of: mojom.sourceHeader, in: source)
                guard let include = legacy ?? lastIncludeLine(in: source) else { continue }
                let mojomInclude = "#include \"\(Self.includePath(of: mojom, writtenLegacy: legacy?.written ?? spelling(of: mojom.sourceHeader)))\""
                if source.text(0..<source.bytes.count).contains(mojomInclude) { continue }
                let keep = legacy == nil || !fullyConverted.contains(mojom.sourceHeader) || definesAny(of: named, header: mojom.sourceHeader)
                let original = source.text(include.range)
                _ = add(UnifiedDiff.Edit(range: include.range, replacement: keep ? original + "\n" + mojomInclude : mojomInclude), in: file)
            }
        }
    }

    /// Whether `header` defines a message or an IPC struct of one of `names`.
    func definesAny(of names: Set<String>, header: String) -> Bool {
        inventory.messages.contains { $0.location.file == header && names.contains($0.name) }
            || inventory.structs.contains { $0.location.file == header && names.contains($0.name) }
    }

    /// How most of the files read include `header` by a path with a folder: a file that does not include it spells
    /// its bindings as the others do (Electron writes `chrome/common/tts_messages.h` for
    /// `chromium_src/chrome/common/tts_messages.h`), so that one header is not included two ways.
    func spelling(of header: String) -> String? {
        var counts: [String: Int] = [:]
        for source in sources.values {
            if let written = includeLine(of: header, in: source)?.written, written.contains("/") { counts[written, default: 0] += 1 }
        }
        return counts.min { ($1.value, $0.key) < ($0.value, $1.key) }?.key
    }

    /// An include of `path`, from `file`: a struct converters header the patch adds beside a mojom is spelt as the tree
    /// spells that mojom's legacy header (Electron's `chromium_src/chrome/common/tts_messages.h` is included as
    /// `chrome/common/tts_messages.h`, so its converters are `chrome/common/tts_type_converters.h`); any other path
    /// as it is.
    func includeSpelling(of path: String, in file: String?) -> String {
        guard let mojom = plan.files.first(where: { StructConverters.files(of: $0).header == path }) else { return path }
        let written = file.flatMap { sources[$0] }.flatMap { includeLine(of: mojom.sourceHeader, in: $0)?.written } ?? spelling(of: mojom.sourceHeader)
        return Self.includePath(of: path, besideLegacy: mojom.sourceHeader, writtenLegacy: written)
    }

    /// The line including `header` (written in full, relative to an include folder, or from above the scanned
    /// root), and the path as written.
    func includeLine(of header: String, in source: CppSource) -> (range: Range<Int>, written: String)? {
        source.includes.first { include in
            header == include.written || header.hasSuffix("/" + include.written) || include.written.hasSuffix("/" + header)
        }
    }

    /// The generated header of `mojom` as the file includes its legacy header: relative to the same include folder
    /// (`chromium_src/` is one), or below the same prefix when the scanned root is itself a folder of the include
    /// root (`xwalk/`).
    static func includePath(of mojom: MojomFile, writtenLegacy written: String?) -> String {
        includePath(of: mojom.path + ".h", besideLegacy: mojom.sourceHeader, writtenLegacy: written)
    }

    /// A file the patch adds (`header`, a tree path) as a file including the legacy header `legacy` as `written`
    /// would include it: the same include folder or prefix.
    static func includePath(of header: String, besideLegacy legacy: String, writtenLegacy written: String?) -> String {
        guard let written, written != legacy else { return header }
        if written.hasSuffix("/" + legacy) { return String(written.dropLast(legacy.count)) + header }
        let folder = String(legacy.dropLast(written.count))
        return header.hasPrefix(folder) ? String(header.dropFirst(folder.count)) : header
    }

    /// The last include outside the `#if` blocks the others are in (`#if defined(OS_WIN)` ones), where a new
    /// include goes.
    func lastIncludeLine(in source: CppSource) -> (range: Range<Int>, written: String)? {
        guard let outermost = source.includeDepths.min() else { return nil }
        return source.includeDepths.lastIndex(of: outermost).map { source.includes[$0] }
    }
}
