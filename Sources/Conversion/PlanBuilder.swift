import Foundation
import MojifyCore

extension ConversionPlan {
    /// Builds the plan for `inventory`. `only` restricts it to these message classes or message names
    /// (plus the types they use); empty means everything.
    public static func make(inventory: Inventory, rules: ConversionRules, only: [String] = []) throws -> ConversionPlan {
        var builder = try PlanBuilder(inventory: inventory, rules: rules, only: Set(only))
        return builder.build()
    }
}

/// One definition the plan makes, before it is rendered into a file.
private enum DefinitionSource {
    case ipcStruct(IPCStruct)
    case structTraits(StructTraits)
    case enumTraits(EnumTraits)

    var cppName: String {
        switch self {
        case let .ipcStruct(item): item.name
        case let .structTraits(item): item.type
        case let .enumTraits(item): item.type
        }
    }

    var messageClass: String {
        switch self {
        case let .ipcStruct(item): item.messageClass
        case let .structTraits(item): item.messageClass
        case let .enumTraits(item): item.messageClass
        }
    }

    var location: SourceLocation {
        switch self {
        case let .ipcStruct(item): item.location
        case let .structTraits(item): item.location
        case let .enumTraits(item): item.location
        }
    }

    var patch: PatchOrigin? {
        switch self {
        case let .ipcStruct(item): item.patch
        case let .structTraits(item): item.patch
        case let .enumTraits(item): item.patch
        }
    }

    var conditions: Conditions {
        switch self {
        case let .ipcStruct(item): item.conditions
        case let .structTraits(item): item.conditions
        case let .enumTraits(item): item.conditions
        }
    }
}

private struct PlanBuilder {
    let inventory: Inventory
    let rules: ConversionRules
    let only: Set<String>
    let naming: Naming
    let matcher: DirectionMatcher
    let layout: FileLayout
    var mapper: TypeMapper
    var definitions: [(source: DefinitionSource, defined: DefinedType)] = []

    var files: [String: MojomFile] = [:]
    var skipped: [SkippedMessage] = []
    var warnings: [PlanWarning] = []
    var unmapped: [String: [UnmappedType.Use]] = [:]
    var folded: [FoldedPair] = []
    /// By message: its handler's name without `On`, where every map handles it with that one method.
    let handlerNames: [String: String]
    /// The senders of each message, and the functions holding sends: looked up per pair and per interface, where a
    /// search of every sender made a tree of 50,000 messages take minutes.
    let sendersByMessage: [String: [Sender]]
    let sendersByFunction: [String: [Sender]]

    init(inventory: Inventory, rules: ConversionRules, only: Set<String>) throws {
        self.inventory = inventory
        self.rules = rules
        self.only = only
        naming = Naming(rules: rules)
        matcher = try DirectionMatcher(rules: rules)
        layout = FileLayout(inventory: inventory, rules: rules)
        mapper = TypeMapper(rules: rules)
        handlerNames = Self.handlerNames(inventory)
        sendersByMessage = Dictionary(grouping: inventory.senders, by: \.message)
        sendersByFunction = Dictionary(grouping: inventory.senders.filter { $0.function != nil }, by: { $0.function! })
    }

    /// The guide keeps the handler's name and drops `On` (2.5.1): `ShowAutofillPopup` for
    /// `AtomAutofillFrameHostMsg_ShowPopup`, handled by `OnShowAutofillPopup`, and also by a handler named
    /// `ShowAutofillPopup` (Electron's engineers kept that name). A message two methods handle, one whose handler
    /// has no plain name (a lambda, a macro), or one whose handler handles other messages too, keeps the name its
    /// message gives.
    static func handlerNames(_ inventory: Inventory) -> [String: String] {
        var methods: [String: Set<String>] = [:]
        for map in inventory.messageMaps where !map.conditions.disabled {
            for handler in map.handlers where !handler.conditions.disabled {
                guard let message = handler.message else { continue }
                methods[message, default: []].insert(handler.method.map { $0.components(separatedBy: "::").last! } ?? "")
            }
        }
        let names = methods.compactMapValues { names -> String? in
            guard names.count == 1, let name = names.first, Naming.isIdentifier(name) else { return nil }
            let stem = name.dropFirst(2)
            let dropsOn = name.hasPrefix("On") && stem.first?.isUppercase == true
            return String(dropsOn ? stem : Substring(name))
        }
        // A method handling several messages (`OnMessage`) names none of them.
        let shared = Set(Dictionary(grouping: names.values, by: { $0 }).filter { $0.value.count > 1 }.keys)
        return names.filter { !shared.contains($0.value) }
    }

    /// A method's name: its handler's, else its message's.
    func methodName(_ route: Route) -> String {
        handlerNames[route.message.name].map(naming.upperCamel) ?? naming.upperCamel(route.stem)
    }

    // MARK: - Files

    mutating func file(messageClass: String, header: String) -> String {
        let target = layout.target(messageClass: messageClass, header: header)
        if files[target.path] == nil {
            files[target.path] = MojomFile(
                path: target.path, module: target.module, sourceHeader: target.header, messageClasses: [], imports: [],
                dependencies: [], interfaces: [], structs: [], enums: [], placeholders: [], features: []
            )
            if let avoided = target.treeFileAvoided {
                warnings.append(PlanWarning(.treeFileAvoided(existing: avoided, file: target.path), at: .file(target.header)))
            }
            if target.renamedUnsafeName {
                warnings.append(PlanWarning(.unsafeFileName(file: target.path), at: .file(target.header)))
            }
        }
        if !messageClass.isEmpty, !(files[target.path]!.messageClasses.contains(messageClass)) {
            files[target.path]!.messageClasses.append(messageClass)
        }
        return target.path
    }

    // MARK: - Build

    mutating func build() -> ConversionPlan {
        collectDefinitions()
        let routes = routeMessages()
        let pairs = foldPairs(routes)
        buildInterfaces(routes, pairs: pairs)
        separateDuplicateInterfaces()
        buildDefinitions(referencedBy: routes)
        finishFiles()
        let unmappedTypes = unmapped.keys.sorted().map { UnmappedType(cppType: $0, uses: unmapped[$0]!) }
        return ConversionPlan(
            files: files.keys.sorted().map { files[$0]! }.filter { !$0.interfaces.isEmpty || !$0.structs.isEmpty || !$0.enums.isEmpty },
            foldedPairs: folded, unmappedTypes: unmappedTypes,
            skippedMessages: skipped.sorted { ($0.location, $0.message) < ($1.location, $1.message) }, warnings: warnings
        )
    }

    mutating func collectDefinitions() {
        var sources: [DefinitionSource] = []
        sources += inventory.structs.filter { !$0.conditions.disabled }.map { .ipcStruct($0) }
        sources += inventory.structTraits.filter { !$0.conditions.disabled }.map { .structTraits($0) }
        sources += inventory.enumTraits.filter { !$0.conditions.disabled }.map { .enumTraits($0) }
        var namesByFile: [String: Set<String>] = [:]
        var seenCppNames: Set<String> = []
        for source in sources.sorted(by: { $0.location < $1.location }) where seenCppNames.insert(source.cppName).inserted {
            let path = file(messageClass: source.messageClass, header: FileLayout.header(of: source.location, patch: source.patch))
            let base: String
            switch source {
            case let .ipcStruct(item): base = naming.upperCamel(matcher.withoutPrefix(item.name))
            case .structTraits, .enumTraits: base = naming.upperCamel(String(source.cppName.split(separator: ":").last ?? ""))
            }
            var name = base
            var number = 2
            while namesByFile[path, default: []].contains(name) {
                name = "\(base)\(number)"
                number += 1
            }
            if name != base {
                warnings.append(PlanWarning(.definitionRenamed(cppName: source.cppName, wanted: base, file: path, name: name), at: .line(source.location)))
            }
            namesByFile[path, default: []].insert(name)
            let target = files[path]!
            let isEnum: Bool
            if case .enumTraits = source { isEnum = true } else { isEnum = false }
            definitions.append((source, DefinedType(cppName: source.cppName, mojomName: name, file: path, module: target.module, label: target.label, isEnum: isEnum)))
        }
        mapper = TypeMapper(rules: rules, definitions: definitions.map(\.defined))
    }

    func isSelected(_ message: MessageDefinition) -> Bool {
        only.isEmpty || only.contains(message.name) || only.contains(message.messageClass)
    }

    mutating func routeMessages() -> [Route] {
        var routes: [Route] = []
        for message in inventory.messages where isSelected(message) {
            if message.conditions.disabled {
                skipped.append(SkippedMessage(message: message.name, reason: "never compiled (\(message.conditions.stack.joined(separator: " && ")))", location: message.location))
                continue
            }
            if let deep = (message.inputs + message.outputs).lazy.map({ CppType.nestingDepth(of: $0.type) }).first(where: { $0 > CppType.nestingLimit }) {
                skipped.append(SkippedMessage(
                    message: message.name,
                    reason: "a parameter type nests templates \(deep) levels deep, past mojify's limit of \(CppType.nestingLimit); name the type with a 'using' alias, or convert this message by hand",
                    location: message.location
                ))
                continue
            }
            switch matcher.route(message) {
            case let .success(route): routes.append(route)
            case let .failure(reason): skipped.append(SkippedMessage(message: message.name, reason: reason.text, location: message.location))
            }
        }
        placeByHandlers(&routes)
        // An interface name used by two processes (a sync message overriding its prefix) is split by process.
        var processesByInterface: [String: Set<String>] = [:]
        for route in routes { processesByInterface[route.message.messageClass + "/" + route.interface, default: []].insert(route.process) }
        for index in routes.indices where routes[index].processNote != nil && processesByInterface[routes[index].message.messageClass + "/" + routes[index].interface]!.count > 1 {
            let renamed = routes[index].interface + naming.upperCamel(routes[index].process)
            let split = PlanWarning(.syncMessagesSplit(interface: routes[index].interface, process: routes[index].process, renamed: renamed))
            if !warnings.contains(split) { warnings.append(split) }
            routes[index].interface = renamed
            routes[index].controlInterface += naming.upperCamel(routes[index].process)
        }
        splitControlFromRouted(&routes)
        return routes
    }

    /// The process a message map's handlers run in: the innermost folder of its file that a process lists in
    /// `handler_folders`, else the process whose `handler_classes` end the handler class's name.
    func handlerProcess(of map: MessageMap) -> String? {
        process(ofFile: FileLayout.header(of: map.location, patch: map.patch), className: map.handlerClass)
    }

    /// The process code in `file` (and class `className`) runs in, by the rules' `handler_folders` and `handler_classes`.
    func process(ofFile file: String, className qualified: String) -> String? {
        let folders = file.split(separator: "/").dropLast().map(String.init)
        let processes = rules.processes.sorted { $0.key < $1.key }
        for folder in folders.reversed() {
            if let found = processes.first(where: { $0.value.handlerFolders.contains(folder) }) { return found.key }
        }
        let className = String(qualified.split(separator: ":").last ?? "")
        let matches = processes.flatMap { process in process.value.handlerClasses.filter { className.hasSuffix($0) }.map { (process.key, $0.count) } }
        return matches.max { $0.1 < $1.1 }?.0
    }

    /// Where handlers are decides the process before the name does: a message handled only in the renderer is
    /// implemented there, sync or not. Handlers in several processes leave the name's choice, with a note.
    mutating func placeByHandlers(_ routes: inout [Route]) {
        var found: [String: [(process: String, place: String)]] = [:]
        for map in inventory.messageMaps where !map.conditions.disabled {
            guard let process = handlerProcess(of: map) else { continue }
            for handler in map.handlers where !handler.conditions.disabled {
                guard let message = handler.message else { continue }
                found[message, default: []].append((process, "\(map.handlerClass) in \(handler.location.file):\(handler.location.line)"))
            }
        }
        for index in routes.indices {
            guard let handlers = found[routes[index].message.name] else { continue }
            let processes = Array(Set(handlers.map(\.process))).sorted()
            let places = Array(Set(handlers.map(\.place))).sorted()
            guard processes.count == 1 else {
                routes[index].processNote = [routes[index].processNote, "Handled in the \(processes.joined(separator: " and ")) processes (\(places.joined(separator: "; "))); implemented in the \(routes[index].process) process as its name says. Check which side should own it."].compactMap { $0 }.joined(separator: " ")
                continue
            }
            let process = processes[0]
            routes[index].handledAt = places[0]
            guard process != routes[index].process else { continue }
            let route = routes[index]
            if route.message.isSync {
                let caller = rules.processes[process]?.peer ?? "caller"
                routes[index].processNote = "Sync, and handled in the \(process) process (\(places[0])), so implemented there: the \(caller) blocks on the \(process) process while it runs. Legacy IPC refused that direction for sync messages; check that it cannot deadlock."
            } else {
                routes[index].processNote = "Handled in the \(process) process (\(places[0])), so implemented there, although its name (\(route.prefix)) says \(route.namedProcess)."
            }
            routes[index].process = process
        }
    }

    /// Legacy IPC let one prefix mix routed and control messages; Mojo cannot: a frame-scoped interface is
    /// registered, reached and whitelisted elsewhere than a process-wide one (the guide's tables). So the control
    /// messages of an interface that also has routed ones move to the direction's `control_interface`.
    mutating func splitControlFromRouted(_ routes: inout [Route]) {
        func key(_ route: Route) -> String { route.message.messageClass + "/" + route.interface }
        var kinds: [String: Set<RoutingKind>] = [:]
        for route in routes { kinds[key(route), default: []].insert(route.message.kind) }
        let taken = Set(routes.map(key))
        var refused: Set<String> = []
        for index in routes.indices where routes[index].message.kind == .control && kinds[key(routes[index])]!.count > 1 {
            let target = routes[index].message.messageClass + "/" + routes[index].controlInterface
            guard !taken.contains(target) else {
                if refused.insert(key(routes[index])).inserted {
                    warnings.append(PlanWarning(.controlInterfaceTaken(interface: routes[index].interface, controlInterface: routes[index].controlInterface)))
                }
                continue
            }
            routes[index].splitFrom = routes[index].interface
            routes[index].interface = routes[index].controlInterface
        }
    }

    // MARK: - Request/response pairs

    struct Pair {
        var request: Route
        var success: Route
        var error: Route?
        /// Paired because a comment above one of the two names the other as its reply or its request.
        var documented = false
        /// The names proposed the pair the other way round; the handlers and senders decided which is the request.
        var turned = false
    }

    /// Whether a comment above a reply names its request (`// Reply to FooHostMsg_Go.`, `// Sent in response to
    /// FooHostMsg_Go`) or one above a request names its reply (`// The renderer replies with FooMsg_Went.`): the
    /// reply word comes first, then the other message within a few words; "to" or "for" right after the word
    /// points at the request, anything else at the reply.
    static func documentsReply(_ comment: String?, naming other: String, otherIsRequest: Bool) -> Bool {
        guard let comment else { return false }
        // The pattern needs the name itself, and most comments do not hold it: looking costs far less than
        // compiling the pattern. (Only ASCII is compared so: ICU's case folding can match other scalars.)
        if comment.utf8.allSatisfy({ $0 < 0x80 }) && other.utf8.allSatisfy({ $0 < 0x80 }) && !comment.lowercased().contains(other.lowercased()) {
            return false
        }
        let name = NSRegularExpression.escapedPattern(for: other)
        let word = #"\b(?:repl(?:y|ies|ied)|respon(?:se|ses|ds?|ded)|answer(?:s|ed)?|ack(?:nowledge[sd]?)?)\b"#
        let pattern = otherIsRequest ? word + #"\s+(?:to|for)\s+(?:the\s+)?"# + name + #"\b"#
            : word + #"(?!\s+(?:to|for)\b)(?:\W+\w+){0,4}?\W+"# + name + #"\b"#
        return comment.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// Finds replies (`Did{}`, `{}_Reply`, `{}Error`...) sent the other way in the same class; folds only
    /// pairs where each side has exactly one candidate and one definition.
    mutating func foldPairs(_ routes: [Route]) -> [String: Pair] {
        var byStem: [String: [Route]] = [:]
        for route in routes { byStem[route.message.messageClass + "/" + route.stem, default: []].append(route) }
        var definitionCount: [String: Int] = [:]
        for route in routes { definitionCount[route.message.name, default: 0] += 1 }

        // Each reply pattern (`{}_Reply`) as the text around its `{}`, split once rather than searched for every request.
        let successPatterns = rules.successReplies.map { $0.components(separatedBy: "{}") }
        let errorPatterns = rules.errorReplies.map { $0.components(separatedBy: "{}") }
        func candidates(for request: Route, patterns: [[String]]) -> [Route] {
            patterns.flatMap { parts in
                byStem[request.message.messageClass + "/" + parts.joined(separator: request.stem)] ?? []
            }.filter { $0.process != request.process && !$0.message.isSync }
        }

        /// Replies no naming scheme finds, but the header's comments document: looked for only among the messages
        /// whose comments could name the request or be named by it.
        let mentions = CommentMentions(names: routes.map(\.message.name), comments: routes.map(\.message.comment))
        func documented(for index: Int) -> [Route] {
            let request = routes[index]
            return mentions.candidates(for: index, name: request.message.name).map { routes[$0] }.filter { reply in
                reply.message.name != request.message.name && reply.message.messageClass == request.message.messageClass
                    && reply.process != request.process && !reply.message.isSync
                    && (Self.documentsReply(reply.message.comment, naming: request.message.name, otherIsRequest: true)
                        || Self.documentsReply(request.message.comment, naming: reply.message.name, otherIsRequest: false))
            }
        }

        var proposals: [Pair] = []
        for (index, request) in routes.enumerated() where !request.message.isSync && definitionCount[request.message.name] == 1 {
            var successes = candidates(for: request, patterns: successPatterns)
            let errors = candidates(for: request, patterns: errorPatterns)
            let isDocumented = successes.isEmpty && errors.isEmpty
            if isDocumented { successes = documented(for: index) }
            guard !successes.isEmpty else { continue }
            let problem: String?
            if successes.count > 1 || errors.count > 1 {
                problem = "several replies match (\((successes + errors).map(\.message.name).joined(separator: ", ")))"
            } else if let mismatch = (successes + errors).first(where: { $0.message.kind != request.message.kind }) {
                problem = "\(mismatch.message.name) is \(mismatch.message.kind.rawValue) but the request is \(request.message.kind.rawValue)"
            } else if let mismatch = (successes + errors).first(where: { $0.message.conditions.stack != request.message.conditions.stack }) {
                problem = "\(mismatch.message.name) is under different #if conditions"
            } else if let twice = (successes + errors).first(where: { definitionCount[$0.message.name] != 1 }) {
                problem = "\(twice.message.name) is defined more than once"
            } else {
                problem = nil
            }
            if let problem {
                warnings.append(PlanWarning(.notFolded(request: request.message.name, problem: problem), at: .line(request.message.location)))
                continue
            }
            proposals.append(Pair(request: request, success: successes[0], error: errors.first, documented: isDocumented))
        }
        // A naming scheme is the stronger evidence: a documented pair that shares a message with a named one
        // (CEF's Request, Response, ResponseAck chain) gives way to it.
        let named = Set(proposals.filter { !$0.documented }.flatMap { [$0.request, $0.success] + ($0.error.map { [$0] } ?? []) }.map(\.message.name))
        proposals.removeAll { $0.documented && !named.isDisjoint(with: [$0.request.message.name, $0.success.message.name]) }
        // A reply claimed by two requests, or a message that is both a request and a reply, is ambiguous.
        var claims: [String: Int] = [:]
        for pair in proposals {
            for reply in [pair.success] + (pair.error.map { [$0] } ?? []) { claims[reply.message.name, default: 0] += 1 }
        }
        let requests = Set(proposals.map(\.request.message.name))
        var pairs: [String: Pair] = [:]
        for pair in proposals {
            let replies = [pair.success] + (pair.error.map { [$0] } ?? [])
            if replies.contains(where: { claims[$0.message.name]! > 1 || requests.contains($0.message.name) }) || claims[pair.request.message.name] != nil {
                warnings.append(PlanWarning(.replyPairsTwice(request: pair.request.message.name), at: .line(pair.request.message.location)))
                continue
            }
            guard let proven = provenByTheCode(pair) else { continue }
            pairs[proven.request.message.name] = proven
            folded.append(FoldedPair(request: proven.request.message.name, replies: ([proven.success] + (proven.error.map { [$0] } ?? [])).map(\.message.name),
                                     method: methodName(proven.request)))
        }
        return pairs
    }

    /// The pair as the code shows it, or nil with a warning saying why it stays two methods. A name or a comment
    /// only proposes a pair: a reply becomes the request's callback only when it is sent from the request's
    /// handler and from nowhere else, and on every path of it (a callback must run once). A reply sent elsewhere
    /// (`FrameHostMsg_DidAddMessageToConsole`, sent for every console message) or only sometimes
    /// (`AccessibilityHostMsg_ChildFrameHitTestResult`) is a message of its own. Which of the two is the request
    /// is who handles whom: a pair named the other way round (`TextInputClientReplyMsg_GotCharacterIndexForPoint`
    /// answering `TextInputClientMsg_CharacterIndexForPoint`) is turned round.
    mutating func provenByTheCode(_ pair: Pair) -> Pair? {
        let replies = [pair.success] + (pair.error.map { [$0] } ?? [])
        // With an error reply each of the two is sent on some paths only, by design.
        let findings = replies.map { sendEvidence(of: $0.message.name, fromHandlerOf: pair.request.message.name, everyPath: pair.error == nil) }
        if findings.allSatisfy({ $0 == nil }) { return unlessTheSenderWaits(pair) }
        if pair.error == nil, sendEvidence(of: pair.request.message.name, fromHandlerOf: pair.success.message.name, everyPath: true) == nil {
            var turned = Pair(request: pair.success, success: pair.request, error: nil, documented: pair.documented)
            turned.turned = true
            return unlessTheSenderWaits(turned)
        }
        let reasons = zip(replies, findings).compactMap { reply, finding in finding.map { "\(reply.message.name) \($0)" } }
        warnings.append(PlanWarning(.replyNotProven(request: pair.request.message.name, reasons: reasons), at: .line(pair.request.message.location)))
        return nil
    }

    /// The pair, unless a sender of its request then blocks its thread until the reply's handler, on another
    /// thread, signals it (`TextInputClientMac` waits on a condition for `TextInputClientReplyMsg_*`): a reply
    /// callback would be run on the thread that is waiting for it. Chromium kept such pairs two methods.
    mutating func unlessTheSenderWaits(_ pair: Pair) -> Pair? {
        guard let waiting = sendersByMessage[pair.request.message.name]?.first(where: { $0.blocksAfter == true && !$0.conditions.disabled }) else { return pair }
        warnings.append(PlanWarning(.senderWaits(request: pair.request.message.name, reply: pair.success.message.name, function: waiting.function, at: waiting.location),
                                    at: .line(pair.request.message.location)))
        return nil
    }

    /// Nil when every sender of `reply` is in a handler of `request` (on every path of it when `everyPath`), else
    /// what the code shows instead.
    func sendEvidence(of reply: String, fromHandlerOf request: String, everyPath: Bool) -> String? {
        let handlers = Set(inventory.messageMaps.flatMap { map in
            map.handlers.filter { $0.message == request }.compactMap { handler in handler.method.map { IPCNaming.classAndMethod($0, of: map.handlerClass) } }
        })
        let senders = (sendersByMessage[reply] ?? []).filter { !$0.conditions.disabled }
        guard !handlers.isEmpty else { return "has no evidence: \(request) has no handler method in the tree" }
        guard !senders.isEmpty else { return "is sent nowhere in the tree" }
        let handlerList = handlers.sorted().joined(separator: ", ")
        // In the handler, or in code of its file that it reaches.
        if let elsewhere = senders.first(where: { !handlers.contains(IPCNaming.classAndMethod($0.function ?? "")) && handlers.isDisjoint(with: $0.reachedFrom ?? []) }) {
            return "is sent from \(elsewhere.function ?? "outside any function") (\(elsewhere.location)), not only from \(request)'s handler \(handlerList)"
        }
        // A send under a condition is one path; an unconditional send (in the handler, or in the callback it binds)
        // covers the rest, as after an early error reply. With none, some paths send nothing or another message
        // (an error reply no naming scheme pairs).
        if everyPath, let sometimes = senders.first, senders.allSatisfy({ $0.conditional == true }) {
            return "is sent only on some paths (\(sometimes.function ?? handlerList), \(sometimes.location)), so a reply callback would not always run"
        }
        return nil
    }


    // MARK: - Interfaces

    mutating func buildInterfaces(_ routes: [Route], pairs: [String: Pair]) {
        let replies = Set(pairs.values.flatMap { [$0.success.message.name] + ($0.error.map { [$0.message.name] } ?? []) })
        let interfaceOf = Dictionary(routes.map { ($0.message.name, $0.message.messageClass + "/" + $0.interface) }, uniquingKeysWith: { first, _ in first })
        var grouped: [String: [Route]] = [:]
        var order: [String] = []
        for route in routes where !replies.contains(route.message.name) {
            let key = route.message.messageClass + "/" + route.interface
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(route)
        }
        let splitOffs = Dictionary(grouping: routes.filter { $0.splitFrom != nil }, by: { $0.splitFrom! + "/" + $0.message.messageClass })
        for key in order {
            let members = grouped[key]!
            let first = members[0]
            let path = file(messageClass: first.message.messageClass, header: FileLayout.header(of: first.message.location, patch: first.message.patch))
            var methods = members.map { method(for: $0, pair: pairs[$0.message.name], inFile: path) }
            dedupeMethodNames(&methods, interface: first.interface)
            let routing: RoutingKind = members.contains { $0.message.kind == .routed } ? .routed : .control
            let caller = self.caller(of: members)
            let interface = MojomInterface(
                name: first.interface, process: first.process, routing: routing, messageClass: first.message.messageClass,
                comments: interfaceComments(members: members, splitOff: splitOffs[first.interface + "/" + first.message.messageClass] ?? [], routing: routing, key: key,
                                            interfaceOf: interfaceOf, caller: caller),
                methods: methods, caller: caller
            )
            files[path]!.interfaces.append(interface)
        }
    }

    /// Two headers of one folder (`chrome_utility_messages.h`, `chrome_utility_printing_messages.h`) can give
    /// one interface name, which the bindings cannot compile in one module, and which the drafts, mocks and binder
    /// registrations, named by the interface alone, cannot tell apart in two. The first file (by path) keeps the
    /// name; the others take their file's name (`ChromeUtilityHost` -> `ChromeUtilityPrintingHost`).
    mutating func separateDuplicateInterfaces() {
        var taken: [String: String] = [:]
        for path in files.keys.sorted() {
            for name in files[path]!.interfaces.map(\.name) { taken[name] = taken[name] ?? path }
        }
        for path in files.keys.sorted() {
            let module = files[path]!.module
            let stem = naming.upperCamel(String(path.split(separator: "/").last!.dropLast(".mojom".count)))
            for index in files[path]!.interfaces.indices {
                let name = files[path]!.interfaces[index].name
                // The tree's own `content.mojom.FrameHost` (Chromium 83's frame.mojom) is as taken as a generated one.
                let treeOwner = rules.treeDeclarations[module + "." + name]
                guard let owner = treeOwner ?? taken[name], owner != path else { continue }
                // Whole words shared with the file's name (`ChromeUtility` of `ChromeUtilityPrinting`) are not repeated.
                let shared = zip(Naming.words(name), Naming.words(stem)).prefix { $0 == $1 }.map(\.0.count).reduce(0, +)
                let base = stem + name.dropFirst(shared)
                var renamed = base
                var number = 2
                while taken[renamed] != nil || rules.treeDeclarations[module + "." + renamed] != nil {
                    renamed = "\(base)\(number)"
                    number += 1
                }
                taken[renamed] = path
                files[path]!.interfaces[index].name = renamed
                if treeOwner != nil {
                    files[path]!.interfaces[index].comments.append("TODO(mojify): named \(renamed), not \(name), because the tree's \(owner) declares \(module).\(name); move these methods into it if they belong together.")
                    warnings.append(PlanWarning(.interfaceDeclaredByTree(owner: owner, qualifiedName: module + "." + name, renamed: renamed), at: .file(path)))
                    continue
                }
                let ownerModule = files[owner]!.module
                let sameModule = ownerModule == module
                let place = sameModule ? "in module \(module)" : "in module \(ownerModule) (drafts and registrations go by the interface's name alone)"
                files[path]!.interfaces[index].comments.append("TODO(mojify): named \(renamed), not \(name), because \(owner) has an interface \(name) \(place) too; merge the two if they belong together.")
                warnings.append(PlanWarning(.interfaceNameTaken(owner: owner, name: name, ownerModule: ownerModule, sameModule: sameModule, renamed: renamed), at: .file(path)))
            }
        }
    }

    /// The process whose code sends the messages of `members`, when every sender the tree has is in one process
    /// other than the implementing one and other than its `peer` (the utility process calling the browser).
    func caller(of members: [Route]) -> String? {
        let names = Set(members.map(\.message.name))
        let callers = Set(names.flatMap { sendersByMessage[$0] ?? [] }.filter { !$0.conditions.disabled }.compactMap { sender in
            process(ofFile: FileLayout.header(of: sender.location, patch: sender.patch), className: sender.function.map { $0.components(separatedBy: "::").dropLast().joined(separator: "::") } ?? "")
        })
        guard callers.count == 1, let caller = callers.first, caller != members[0].process, caller != rules.processes[members[0].process]?.peer else { return nil }
        return caller
    }

    /// `splitOff`: the routes split from this interface (its control messages), of its message class.
    func interfaceComments(members: [Route], splitOff: [Route], routing: RoutingKind, key: String, interfaceOf: [String: String], caller: String?) -> [String] {
        let first = members[0]
        let prefixes = Array(Set(members.map { $0.prefix + "*" })).sorted().joined(separator: ", ")
        var lines = ["Implemented in the \(first.process) process. Converted from the \(first.message.messageClass.isEmpty ? "" : first.message.messageClass + " ")messages \(prefixes)."]
        let handled = Array(Set(members.compactMap(\.handledAt))).sorted()
        let named = Array(Set(members.map(\.namedProcess))).sorted()
        if !handled.isEmpty, named != [first.process] {
            lines.append("The name (\(prefixes)) says the \(named.joined(separator: " and ")) process, but its handlers are in the \(first.process) process: \(handled.prefix(3).joined(separator: "; "))\(handled.count > 3 ? "; ..." : "").")
        }
        if let caller {
            lines.append("Called from the \(caller) process: the tree sends its messages only there.")
        }
        // Where it is registered and reached depends on the registry format; the emitter of that format adds it.
        if routing == .routed {
            let control = members.filter { $0.message.kind == .control }.map(\.message.name)
            if !control.isEmpty {
                lines.append("\(control.joined(separator: ", ")) \(control.count == 1 ? "was a control message: it now goes" : "were control messages: they now go") through the frame's connection; move \(control.count == 1 ? "it" : "them") to a process-wide interface if no frame is involved.")
            }
        }
        if let control = splitOff.first {
            lines.append("Its control messages (\(splitOff.map(\.message.name).joined(separator: ", "))) are in \(control.interface), which is process-wide.")
        }
        if let routed = first.splitFrom {
            lines.append("The control messages of \(prefixes), split from \(routed), which has the routed ones. Legacy IPC delivered both in one order; where a caller relies on it, keep them in one interface, associated with the frame.")
        }
        if routing == .routed {
            let names = Set(members.map(\.message.name))
            var sharedWith: Set<String> = []
            var functions: Set<String> = []
            let sending = Set(names.flatMap { sendersByMessage[$0] ?? [] }.compactMap(\.function))
            for function in sending {
                let senders = sendersByFunction[function] ?? []
                let others = senders.compactMap { interfaceOf[$0.message] }.filter { $0 != key }
                if !others.isEmpty {
                    sharedWith.formUnion(others.map { String($0.split(separator: "/").last!) })
                    functions.insert(function)
                }
            }
            if !functions.isEmpty {
                lines.append("Ordering: \(functions.sorted().joined(separator: ", ")) also send\(functions.count == 1 ? "s" : "") messages of \(sharedWith.sorted().joined(separator: ", ")); those sequences relied on legacy IPC order.")
            }
        }
        return lines
    }

    /// Two methods of one interface may share a name only when `[EnableIf]` attributes tell them apart.
    mutating func dedupeMethodNames(_ methods: inout [MojomMethod], interface: String) {
        var seen: [String: [[String]]] = [:]
        for index in methods.indices {
            let name = methods[index].name
            let conditions = methods[index].attributes.filter { $0.hasPrefix("EnableIf") }
            if let previous = seen[name], conditions.isEmpty || previous.contains(where: { $0.isEmpty || $0 == conditions }) {
                var number = 2
                while seen["\(name)\(number)"] != nil { number += 1 }
                methods[index].name = "\(name)\(number)"
                methods[index].comments.append("TODO(mojify): renamed from \(name), which \(interface) already has; pick a better name.")
                warnings.append(PlanWarning(.methodNameTaken(interface: interface, name: name, renamed: "\(name)\(number)")))
            }
            seen[methods[index].name, default: []].append(conditions)
        }
    }

    mutating func method(for route: Route, pair: Pair?, inFile path: String) -> MojomMethod {
        let message = route.message
        var comments = (message.comment.map { [$0] } ?? []) + ["From \(message.name) (\(message.patch.map { "\($0.targetFile):\($0.targetLine), added by \(message.location.file)" } ?? message.location.description))."]
        if let note = route.processNote { comments.append(note) }
        var attributes: [String] = []
        if message.isSync { attributes.append("Sync") }
        let (conditionAttributes, conditionComment) = conditionAttributes(message.conditions, inFile: path)
        attributes += conditionAttributes
        if let conditionComment { comments.append(conditionComment) }

        var notes: [String] = []
        let parameters = self.parameters(message.inputs, user: message.name, location: message.location, inFile: path, notes: &notes)
        var response: [MojomParameter]?
        if message.isSync {
            response = self.parameters(message.outputs, user: message.name, location: message.location, inFile: path, notes: &notes)
        } else if let pair {
            let success = self.parameters(pair.success.message.inputs, user: pair.success.message.name, location: pair.success.message.location, inFile: path, notes: &notes)
            if let error = pair.error {
                let failure = self.parameters(error.message.inputs, user: error.message.name, location: error.message.location, inFile: path, notes: &notes)
                let common = success.filter { failure.contains($0) }
                let nullable: (MojomParameter) -> MojomParameter = { parameter in
                    parameter.type.hasSuffix("?") ? parameter : MojomParameter(type: parameter.type + "?", name: parameter.name)
                }
                let combined = [MojomParameter(type: "bool", name: "success")] + common
                    + success.filter { !common.contains($0) }.map(nullable) + failure.filter { !common.contains($0) }.map(nullable)
                let names = Naming.uniqued(combined.map(\.name))
                response = zip(combined, names).map { MojomParameter(type: $0.type, name: $1) }
                comments.append("Folded: \(pair.success.message.name) (success) and \(error.message.name) (failure) become the reply; success says which was sent, and only that message's fields are set. Check that one of them is always sent, otherwise keep separate methods.")
            } else {
                response = success
                comments.append("Folded: the reply replaces \(pair.success.message.name)\(pair.documented ? ", which the header's comments give as the reply" : ""); only the handler of \(message.name) sends it, on every path.\(pair.turned ? " The names suggest the other direction; the handlers and senders show which is the request." : "")")
            }
            if let first = message.inputs.first?.name, pair.success.message.inputs.first?.name == first {
                comments.append("'\(naming.snakeCase(first))' matched request and reply; the reply callback may make it unnecessary.")
            }
        }
        comments += notes
        return MojomMethod(
            name: methodName(route), messages: [message.name] + (pair.map { [$0.success.message.name] + ($0.error.map { [$0.message.name] } ?? []) } ?? []),
            definitions: [message.location] + (pair.map { [$0.success.message.location] + ($0.error.map { [$0.message.location] } ?? []) } ?? []),
            attributes: attributes, parameters: parameters, response: response, comments: comments
        )
    }

    mutating func parameters(_ inputs: [Parameter], user: String, location: SourceLocation, inFile path: String, notes: inout [String]) -> [MojomParameter] {
        let mapped = inputs.map { use(mapper.map(written: $0.type, resolved: $0.resolvedType, inFile: path), user: user, location: location, inFile: path, notes: &notes) }
        let names = Naming.uniqued(zip(inputs, mapped).map { input, type in
            input.name.map { naming.snakeCase($0) } ?? derivedName(type)
        })
        return zip(mapped, names).map { MojomParameter(type: $0, name: $1) }
    }

    /// A parameter name from its mojom type when the legacy code gave none: `url.mojom.Url` -> `url`.
    func derivedName(_ mojomType: String) -> String {
        let words = mojomType.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).filter { $0 != "array" && $0 != "map" && $0 != "mojom" }
        return naming.snakeCase(String(words.last ?? "value"))
    }

    /// Records what a mapped type needs in `path`, and returns its mojom spelling.
    mutating func use(_ type: MappedType, user: String, location: SourceLocation, inFile path: String, notes: inout [String]) -> String {
        files[path]!.imports += type.imports.filter { $0 != path }
        files[path]!.dependencies += type.dependencies.filter { $0 != files[path]!.label }
        files[path]!.mappingSources += type.sources
        for placeholder in type.placeholders {
            if !files[path]!.placeholders.contains(placeholder) { files[path]!.placeholders.append(placeholder) }
            let use = UnmappedType.Use(user: user, location: location)
            if !(unmapped[placeholder.cppType]?.contains(use) ?? false) { unmapped[placeholder.cppType, default: []].append(use) }
        }
        for note in type.notes where !notes.contains(note) { notes.append(note) }
        return type.mojom
    }

    /// `[EnableIf=is_android]` for conditions the rules know; a comment for the others. Mojom takes one feature
    /// name per definition (conditional_features.py allows one EnableIf or EnableIfNot, and parsers before the
    /// `a&b` / `a|b` lists read one name), so nested conditions become one combined feature whose GN definition
    /// the comment gives.
    mutating func conditionAttributes(_ conditions: Conditions, inFile path: String) -> ([String], String?) {
        guard !conditions.stack.isEmpty else { return ([], nil) }
        var terms: [(feature: String, negated: Bool)] = []
        for entry in conditions.stack {
            var condition = entry.trimmingCharacters(in: .whitespaces)
            var negated = false
            if condition.hasPrefix("!("), condition.hasSuffix(")") {
                negated = true
                condition = String(condition.dropFirst(2).dropLast())
            }
            let feature: String?
            if let known = rules.conditions[condition] {
                feature = known
            } else if condition.hasPrefix("BUILDFLAG("), condition.hasSuffix(")") {
                let flag = condition.dropFirst("BUILDFLAG(".count).dropLast()
                feature = Naming.isIdentifier(String(flag)) ? flag.lowercased() : nil
            } else {
                feature = nil
            }
            guard let feature else {
                return ([], "TODO(mojify): only under #if \(conditions.stack.joined(separator: " && ")) in the legacy header; mojom has no feature for it.")
            }
            if !terms.contains(where: { $0 == (feature, negated) }) { terms.append((feature, negated)) }
        }
        if terms.count == 1 {
            let term = terms[0]
            if !files[path]!.features.contains(term.feature) { files[path]!.features.append(term.feature) }
            return (["\(term.negated ? "EnableIfNot" : "EnableIf")=\(term.feature)"], nil)
        }
        let combined = terms.map { ($0.negated ? "not_" : "") + $0.feature }.joined(separator: "_and_")
        let gnCondition = terms.map { ($0.negated ? "!" : "") + $0.feature }.joined(separator: " && ")
        if !files[path]!.features.contains(combined) { files[path]!.features.append(combined) }
        return (
            ["EnableIf=\(combined)"],
            "TODO(mojify): under #if \(conditions.stack.joined(separator: " && ")) in the legacy header. [EnableIf] takes one feature, so \(combined) stands for all of them: define it in the mojom target, with the GN conditions of these features: if (\(gnCondition)) { enabled_features += [ \"\(combined)\" ] }"
        )
    }

    // MARK: - Structs and enums

    /// Emits the definitions the selected messages use (and all of a selected class's).
    mutating func buildDefinitions(referencedBy routes: [Route]) {
        var wanted: Set<String> = []
        if only.isEmpty {
            wanted = Set(definitions.map(\.defined.cppName))
        } else {
            wanted = Set(definitions.filter { only.contains($0.source.messageClass) }.map(\.defined.cppName))
            var pending = routes.flatMap { $0.message.inputs + $0.message.outputs }.flatMap { [$0.type] + ($0.resolvedType.map { [$0] } ?? []) }
            while let type = pending.popLast() {
                for name in Self.names(in: CppType(parsing: type)) {
                    guard let defined = mapper.definition(of: name), wanted.insert(defined.cppName).inserted else { continue }
                    pending += memberTypes(of: defined.cppName)
                }
            }
        }
        for (source, defined) in definitions where wanted.contains(defined.cppName) {
            switch source {
            case let .ipcStruct(item): files[defined.file]!.structs.append(ipcStruct(item, defined: defined))
            case let .structTraits(item): files[defined.file]!.structs.append(traitsStruct(item, defined: defined))
            case let .enumTraits(item): files[defined.file]!.enums.append(traitsEnum(item, defined: defined))
            }
        }
    }

    static func names(in type: CppType) -> [String] {
        guard case let .named(name, arguments) = type else { return [] }
        return [name] + arguments.flatMap(names)
    }

    func memberTypes(of cppName: String) -> [String] {
        if let item = inventory.structs.first(where: { $0.name == cppName }) {
            return item.members.map(\.type) + (item.parent.map { [$0] } ?? [])
        }
        if let definition = inventory.typeDefinitions.first(where: { $0.name == cppName }) {
            return definition.fields.map(\.type) + (inventory.structTraits.first { $0.type == cppName }?.parents ?? [])
        }
        return []
    }

    mutating func ipcStruct(_ item: IPCStruct, defined: DefinedType) -> MojomStruct {
        var comments = (item.comment.map { [$0] } ?? []) + ["From IPC_STRUCT \(item.name) (\(item.location))."]
        var members: [(IPCStruct.Member, String)] = []
        var parentName = item.parent
        var visited: Set<String> = [item.name]
        var inherited: [[(IPCStruct.Member, String)]] = []
        while let name = parentName, visited.insert(name).inserted {
            guard let parent = inventory.structs.first(where: { $0.name == name }) else {
                comments.append("TODO(mojify): its parent \(name) was not found; add the parent's fields.")
                break
            }
            inherited.insert(parent.members.map { ($0, parent.name) }, at: 0)
            parentName = parent.parent
        }
        if !inherited.isEmpty {
            comments.append("Mojom has no inheritance: the fields of \(inherited.compactMap { $0.first?.1 }.joined(separator: ", ")) come first.")
        }
        members = inherited.flatMap { $0 } + item.members.map { ($0, item.name) }
        var fields: [MojomField] = []
        for (member, owner) in members {
            var notes: [String] = []
            let type = use(mapper.map(written: member.type, resolved: nil, inFile: defined.file), user: "\(owner).\(member.name)", location: member.location, inFile: defined.file, notes: &notes)
            var field = MojomField(type: type, name: naming.snakeCase(member.name), defaultValue: nil, comments: (member.comment.map { [$0] } ?? []) + notes)
            if let value = member.defaultValue {
                field.defaultValue = defaultValue(value, mojomType: type)
                if field.defaultValue == nil { field.comments.append("TODO(mojify): the legacy default was \(value); set it where the struct is made.") }
            }
            fields.append(field)
        }
        let (attributes, conditionComment) = conditionAttributes(item.conditions, inFile: defined.file)
        if let conditionComment { comments.append(conditionComment) }
        return MojomStruct(name: defined.mojomName, cppName: item.name, attributes: attributes, comments: comments, fields: uniqueFields(fields))
    }

    mutating func traitsStruct(_ item: StructTraits, defined: DefinedType) -> MojomStruct {
        var comments = ["From IPC_STRUCT_TRAITS \(item.type) (\(item.location))."]
        var fields: [MojomField] = []
        func add(_ members: [String], of owner: String) {
            guard let definition = inventory.typeDefinitions.first(where: { $0.name == owner && $0.kind == .structure }) else {
                comments.append("TODO(mojify): the C++ definition of \(owner) was not found in the scanned tree; add the types of \(members.isEmpty ? "its fields" : members.joined(separator: ", ")).")
                return
            }
            for member in members {
                guard let field = definition.fields.first(where: { $0.name == member }) else {
                    comments.append("TODO(mojify): \(owner) has no field \(member) that libclang could see; add it by hand.")
                    continue
                }
                var notes: [String] = []
                let type = use(mapper.map(written: field.type, resolved: nil, inFile: defined.file), user: "\(owner).\(member)", location: definition.location, inFile: defined.file, notes: &notes)
                fields.append(MojomField(type: type, name: naming.snakeCase(member), defaultValue: nil, comments: (field.comment.map { [$0] } ?? []) + notes))
            }
        }
        for parent in item.parents {
            let parentMembers = inventory.structTraits.first { $0.type == parent }?.members
                ?? inventory.typeDefinitions.first { $0.name == parent }?.fields.map(\.name) ?? []
            comments.append("Mojom has no inheritance: the fields of \(parent) come first.")
            add(parentMembers, of: parent)
        }
        add(item.members, of: item.type)
        let (attributes, conditionComment) = conditionAttributes(item.conditions, inFile: defined.file)
        if let conditionComment { comments.append(conditionComment) }
        return MojomStruct(name: defined.mojomName, cppName: item.type, attributes: attributes, comments: comments, fields: uniqueFields(fields))
    }

    mutating func traitsEnum(_ item: EnumTraits, defined: DefinedType) -> MojomEnum {
        var comments = ["From \(item.macro) \(item.type) (\(item.location))."]
        if let validation = item.validation { comments.append("The legacy traits accepted only \(validation); validate in the implementation if some values must be refused.") }
        var values: [MojomEnum.Value] = []
        if let definition = inventory.typeDefinitions.first(where: { $0.name == item.type && $0.kind == .enumeration }) {
            let names = Naming.uniqued(naming.enumValues(definition.enumerators.map(\.name)), separator: "")
            var firstByValue: [Int64: String] = [:]
            for (enumerator, name) in zip(definition.enumerators, names) {
                if let earlier = firstByValue[enumerator.value] {
                    values.append(.init(name: name, value: earlier))
                } else {
                    firstByValue[enumerator.value] = name
                    values.append(.init(name: name, value: String(enumerator.value)))
                }
            }
        } else {
            comments.append("TODO(mojify): the C++ definition of \(item.type) was not found in the scanned tree; copy its values here.")
        }
        let (attributes, conditionComment) = conditionAttributes(item.conditions, inFile: defined.file)
        if let conditionComment { comments.append(conditionComment) }
        return MojomEnum(name: defined.mojomName, cppName: item.type, attributes: attributes, comments: comments, values: values)
    }

    func uniqueFields(_ fields: [MojomField]) -> [MojomField] {
        zip(fields, Naming.uniqued(fields.map(\.name))).map { field, name in
            var renamed = field
            renamed.name = name
            return renamed
        }
    }

    /// A legacy default as a mojom constant of `mojomType`, or `nil` when it cannot be one.
    func defaultValue(_ value: String, mojomType: String) -> String? {
        let text = value.trimmingCharacters(in: .whitespaces)
        let integers: Set<String> = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]
        if mojomType == "bool" { return text == "true" || text == "false" ? text : nil }
        if integers.contains(mojomType) { return text.range(of: #"^[-+]?(0|[1-9][0-9]*|0[xX][0-9a-fA-F]+)$"#, options: .regularExpression) != nil ? text : nil }
        if mojomType == "float" || mojomType == "double" {
            let number = text.hasSuffix("f") || text.hasSuffix("F") ? String(text.dropLast()) : text
            return number.range(of: #"^[-+]?(([0-9]*\.[0-9]+|[0-9]+\.)([eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+|0|[1-9][0-9]*)$"#, options: .regularExpression) != nil ? number : nil
        }
        if mojomType == "string" { return text.range(of: #"^"([^"\\\n]|\\.)*"$"#, options: .regularExpression) != nil ? text : nil }
        // An enumerator of an enum this plan defines: `content::NAVIGATION_TYPE_UNKNOWN` -> `NavigationType.kUnknown`.
        if let enumDefinition = definitions.first(where: { $0.defined.isEnum && ($0.defined.mojomName == mojomType || $0.defined.module + "." + $0.defined.mojomName == mojomType) }),
           let cppEnum = inventory.typeDefinitions.first(where: { $0.name == enumDefinition.defined.cppName }) {
            let enumerator = String(text.split(separator: ":").last ?? "")
            let names = Naming.uniqued(naming.enumValues(cppEnum.enumerators.map(\.name)), separator: "")
            if let index = cppEnum.enumerators.firstIndex(where: { $0.name == enumerator }) {
                return mojomType + "." + names[index]
            }
        }
        return nil
    }

    // MARK: - Finishing

    mutating func finishFiles() {
        for path in files.keys {
            files[path]!.imports = Array(Set(files[path]!.imports)).sorted()
            files[path]!.dependencies = Array(Set(files[path]!.dependencies)).sorted()
            files[path]!.features.sort()
            files[path]!.mappingSources = Array(Set(files[path]!.mappingSources)).sorted()
            files[path]!.interfaces.sort { $0.name < $1.name }
            files[path]!.placeholders.sort { $0.name < $1.name }
        }
    }
}
