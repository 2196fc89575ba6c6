import Foundation
import MojifyCore

extension ConversionPlan {
    /// Builds the plan for `inventory`. `only` restricts it to these message classes or message names
    /// (plus the types they use); empty means everything.
    /// `takenMethodNames` gives, by message, the names its handler's class uses so that a method of that name
    /// would break the build, each with where (see `PlanBuilder.methodName`).
    public static func make(inventory: Inventory, rules: ConversionRules, only: [String] = [], takenMethodNames: [String: [String: String]] = [:]) throws -> ConversionPlan {
        var builder = try PlanBuilder(inventory: inventory, rules: rules, only: Set(only), takenMethodNames: takenMethodNames)
        return builder.build()
    }
}

/// Makes a `ConversionPlan` in the passes of `Pass`; its extensions hold each concern: the definitions (structs and
/// enums), the routes of messages, the folded pairs, the interfaces and their methods.
struct PlanBuilder {
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
    /// What the passes so far decided: where each selected message goes, and the pairs folded, by request.
    var routes: [Route] = []
    var pairs: [String: Pair] = [:]
    /// By message: its handler's name without `On`, where every map handles it with that one method.
    let handlerNames: [String: String]
    /// The senders of each message, and the functions holding sends: looked up per pair and per interface, where a
    /// search of every sender made a tree of 50,000 messages take minutes.
    let sendersByMessage: [String: [Sender]]
    let sendersByFunction: [String: [Sender]]

    let takenMethodNames: [String: [String: String]]

    init(inventory: Inventory, rules: ConversionRules, only: Set<String>, takenMethodNames: [String: [String: String]] = [:]) throws {
        self.takenMethodNames = takenMethodNames
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

    /// The guide keeps the handler's name and drops `On` (2.5.1, `on` in Qt's style): `ShowAutofillPopup` for
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
            // Qt's style writes it `onFetchDocumentMarkup`.
            let dropsOn = (name.hasPrefix("On") || name.hasPrefix("on")) && stem.first?.isUppercase == true
            return String(dropsOn ? stem : Substring(name))
        }
        // A method handling several messages (`OnMessage`) names none of them.
        let shared = Set(Dictionary(grouping: names.values, by: { $0 }).filter { $0.value.count > 1 }.keys)
        return names.filter { !shared.contains($0.value) }
    }

    /// A method's name: its handler's, else its message's. The handler's name is kept where it says more than the
    /// message's; it gives the message's name where it only adds the process sending (`OnRendererMessageTo` for
    /// `AtomFrameHostMsg_Message_To`: the interface already says who calls it; Electron's engineers named that method
    /// `MessageTo`), or drops leading words its class made plain (`OnAttached` for `CefHostMsg_FrameAttached`, in
    /// CEF's frame host; CEF's engineers named it `FrameAttached`).
    /// A name the handler's class already gives a member whose overload would break the build (its address is
    /// taken: `&WebContents::GetZoomLevel` becomes ambiguous) takes the rules' `clashing_method_prefix`, as
    /// Electron's engineers named `DoGetZoomLevel`.
    func methodName(_ route: Route) -> String {
        let name = unclashedMethodName(route)
        guard takenMethodNames[route.message.name]?[name] != nil, case let renamed = rules.clashingMethodPrefix + name,
              takenMethodNames[route.message.name]?[renamed] == nil else { return name }
        return renamed
    }

    /// Why `methodName` renamed the method, for its comment; nil when it did not.
    func methodNameClash(_ route: Route) -> String? {
        let name = unclashedMethodName(route)
        guard let why = takenMethodNames[route.message.name]?[name], methodName(route) != name else { return nil }
        return "Named \(methodName(route)), not \(name): \(why), which an overload would make ambiguous."
    }

    private func unclashedMethodName(_ route: Route) -> String {
        let messageName = naming.upperCamel(route.stem)
        guard let handlerName = handlerNames[route.message.name].map(naming.upperCamel) else { return messageName }
        let sender = handlerName.dropLast(messageName.count)
        let namesSender = handlerName.hasSuffix(messageName) && !sender.isEmpty && rules.processes[sender.lowercased()] != nil
        let dropsWords = handlerName.count < messageName.count && messageName.hasSuffix(handlerName)
            && messageName.dropLast(handlerName.count).last.map { !$0.isUppercase } == true && handlerName.first?.isUppercase == true
        return namesSender || dropsWords ? messageName : handlerName
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

    /// The plan's passes, in order: the definitions' names first (mapping a parameter's type needs them all), then
    /// where each message goes, the pairs that fold, the interfaces (a folded reply is no method of its own) and their
    /// names kept apart, the definitions the interfaces use, and the files' lists sorted.
    enum Pass: CaseIterable {
        case definitionNames, routes, pairs, interfaces, separateInterfaces, definitions, finish

        func run(_ builder: inout PlanBuilder) {
            switch self {
            case .definitionNames: builder.collectDefinitions()
            case .routes: builder.routes = builder.routeMessages()
            case .pairs: builder.pairs = builder.foldPairs(builder.routes)
            case .interfaces: builder.buildInterfaces(builder.routes, pairs: builder.pairs)
            case .separateInterfaces: builder.separateDuplicateInterfaces()
            case .definitions: builder.buildDefinitions(referencedBy: builder.routes)
            case .finish: builder.finishFiles()
            }
        }
    }

    mutating func build() -> ConversionPlan {
        for pass in Pass.allCases { pass.run(&self) }
        let unmappedTypes = unmapped.keys.sorted().map { UnmappedType(cppType: $0, uses: unmapped[$0]!) }
        return ConversionPlan(
            files: files.keys.sorted().map { files[$0]! }.filter { !$0.interfaces.isEmpty || !$0.structs.isEmpty || !$0.enums.isEmpty },
            foldedPairs: folded, unmappedTypes: unmappedTypes,
            skippedMessages: skipped.sorted { ($0.location, $0.message) < ($1.location, $1.message) }, warnings: warnings
        )
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
