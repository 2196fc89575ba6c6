import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// The registration of an interface its handler class now implements itself, written into the patch in the form
/// the migration guide gives for that kind of class (2.5.1, 2.5.2), all associated so that the messages stay
/// ordered with the frame's or channel's legacy IPC:
/// - a `BrowserMessageFilter` also derives from `content::BrowserAssociatedInterface<Interface>`, constructed with
///   `(this, this)`;
/// - a `WebContentsObserver` keeps a `WebContentsFrameBindingSet` (2016-2019) or `WebContentsFrameReceiverSet`
///   (2020 on) of the interface, made with its WebContents;
/// - a `RenderFrameObserver` binds an associated binding or receiver of its own, which its constructor adds to the
///   frame's associated interface registry;
/// - a `RenderThreadObserver` (control messages) adds its receiver's binder in `RegisterMojoInterfaces`.
/// Any other class is listed, as is every such class when the callers' remotes are not associated
/// (`--registry associated`): the two ends would not meet.
extension CppRewriter {
    /// The guide's forms, by the base class that decides them.
    enum RegistrationForm: String, CaseIterable {
        case messageFilter = "BrowserMessageFilter"
        case webContentsObserver = "WebContentsObserver"
        case renderFrameObserver = "RenderFrameObserver"
        case renderThreadObserver = "RenderThreadObserver"

        /// The form of the class `declaration` declares, by the first of its bases that decides one.
        static func of(_ declaration: CppClassDeclaration) -> RegistrationForm? {
            allCases.first { declaration.baseNames.contains($0.rawValue) }
        }
    }

    /// What registering one interface adds to its class: bases, headers the class's header includes, members,
    /// and edits elsewhere (the constructor, the source's includes).
    struct Registration {
        var bases: [String] = []
        var includes: [String] = []
        var members: [String] = []
        var edits: [(String, UnifiedDiff.Edit)] = []
        var form: RegistrationForm
    }

    /// The own end of an observer's associated interface: the name of the Bind function its registry calls, the
    /// name of the receiver (binding) it binds, and the two as member lines.
    func associatedBinder(of interface: CppMigration.Interface, indent: String) -> (bind: String, member: String, lines: [String]) {
        let type = interface.namespace + "::" + interface.name
        let bind = "Bind\(interface.name)"
        let member = Self.snakeName(of: interface) + (remotes.api == .legacy ? "_binding_" : "_receiver_")
        let pending = remotes.api.pendingReceiverName
        return (bind, member, ["\(indent)void \(bind)(\(remotes.api.pendingReceiver(type, associated: true)) \(pending)) {", "\(indent)  \(member).Bind(std::move(\(pending)));", "\(indent)}",
                               "\(indent)\(remotes.api.receiver(type, associated: true)) \(member){this};"])
    }

    /// The member a WebContents observer keeps its frames' receivers of `interface` in.
    func frameReceiverSetName(of interface: CppMigration.Interface) -> String {
        Self.snakeName(of: interface) + (remotes.api == .legacy ? "_bindings_" : "_receivers_")
    }

    /// `test_host` of `TestHost`: the stem of the members registering the interface.
    static func snakeName(of interface: CppMigration.Interface) -> String {
        Naming.words(interface.name).map { $0.lowercased() }.joined(separator: "_")
    }

    /// That member and how it is reached (`foo_bindings_.`, or `foo_bindings_->` when it is made after the
    /// constructor observes a WebContents), when `declaration` registers `interface` with one: a
    /// WebContentsObserver, under `--registry associated`, whose constructors give it its WebContents.
    /// nil for other classes; why not, when the constructors do not say when the WebContents is known.
    func frameReceiverSet(of interface: CppMigration.Interface, in declaration: CppClassDeclaration, file: String, header: String) -> Result<String, Problem>? {
        guard remotes.registry == .associated, RegistrationForm.of(declaration) == .webContentsObserver else { return nil }
        return observedWebContents(of: declaration, in: file, header: header).map { observed in
            frameReceiverSetName(of: interface) + (observed.observeCalls.isEmpty ? "." : "->")
        }
    }

    /// When a WebContents observer (its functions in `file`, its constructors there and in its class) has a
    /// WebContents, which a frame receiver set needs when it is made: the `;` ending each `Observe(...)` statement of
    /// the class's functions (Electron's `WebContents(isolate, options)` calls `InitWithSessionAndOptions`, which
    /// observes; CEF's `CefBrowserContentsDelegate` observes in `ObserveWebContents`, called from outside), and the
    /// `{` of the bodies of the constructors giving their WebContentsObserver base one (with the file holding it).
    /// Where nothing observes, the set is a member made with the class, which every constructor must give the
    /// base a WebContents for; else it is made by a function of the class, called at each of those places, that
    /// makes it anew only for another WebContents than it was made for.
    struct ObservedWebContents {
        var baseInitialized: [(file: String, token: Int)] = []
        var observeCalls: [Int] = []
    }

    func observedWebContents(of declaration: CppClassDeclaration, in file: String, header: String) -> Result<ObservedWebContents, Problem> {
        let className = declaration.tokens[declaration.name].text
        let tokens = sources[file]?.tokens ?? []
        let byHand = "create the receiver set once it observes the WebContents whose frames call it, by hand"
        // `Class::` of this class: its qualifiers and the namespaces around it are the declaration's.
        let namespaces = declaration.tokens.namespaces(enclosing: declaration.keyword)
        var observed = ObservedWebContents()
        // One reading of the file, braces and namespaces kept as it goes: the `Class::` names of this class (its
        // qualifiers and the namespaces around them are the declaration's), and the `Observe(` with the brace
        // innermost around each.
        var own: Set<Int> = []
        var observes: [(index: Int, inner: Int?)] = []
        var braces: [(brace: Int, namespaces: [String])] = []
        for index in tokens.indices.dropLast(3) {
            switch tokens[index].text {
            case "{": braces.append((index, tokens.namespaceNames(brace: index) ?? []))
            case "}": _ = braces.popLast()
            case "Observe" where index >= 2 && tokens[index + 1].text == "(": observes.append((index, braces.last?.brace))
            case className where tokens[index + 1].text == "::" && tokens[index + 3].text == "(":
                var chain: [String] = []
                var cursor = index
                while cursor >= 2, tokens[cursor - 1].text == "::", tokens[cursor - 2].kind == .name {
                    chain.insert(tokens[cursor - 2].text, at: 0)
                    cursor -= 2
                }
                if braces.flatMap(\.namespaces) + chain == namespaces { own.insert(index) }
            default: break
            }
        }
        // The bodies of the class's functions defined in the file, constructors' past their initializer lists.
        var bodies: [ClosedRange<Int>] = []
        for index in own.sorted() {
            guard let parameters = tokens.closing(index + 3) else { continue }
            var open = parameters + 1
            while open < tokens.count, ["const", "override", "final", "noexcept"].contains(tokens[open].text) { open += 1 }
            if open < tokens.count, tokens[open].text == ":" { open = Self.initializerListEnd(tokens, from: open + 1) ?? tokens.count }
            guard open < tokens.count, tokens[open].text == "{", let close = tokens.closing(open) else { continue }
            bodies.append(open...close)
        }
        // `Observe(...)` statements there, plain, the base's (`WebContentsObserver::Observe`) or `this->`'s, not
        // another object's (nor a local class's); each a statement of a block, so that one can follow it.
        for (index, inner) in observes where bodies.contains(where: { $0.contains(index) }) && Self.isObserveOfOneWebContents(tokens, at: index) {
            let previous = tokens[index - 1].text
            if previous == "." || (previous == "->" && tokens[index - 2].text != "this") { continue }
            if previous == "::", tokens[index - 2].text != "WebContentsObserver" { continue }
            if let inner, Self.opensClassBody(tokens, brace: inner) { continue }
            var start = previous == "->" ? index - 2 : index
            while start > 1, tokens[start - 1].text == "::" { start -= 2 }
            guard let close = tokens.closing(index + 1), close + 1 < tokens.count, tokens[close + 1].text == ";", start > 0, [";", "{", "}"].contains(tokens[start - 1].text) else {
                return .failure(Problem("\(className) calls Observe(...) at \(file):\(sources[file]!.line(of: tokens[index].range.lowerBound)) other than as a statement of a block; \(byHand)"))
            }
            observed.observeCalls.append(close + 1)
        }
        // The functions the class defines in its body are not read: one observing there is listed.
        let classTokens = declaration.tokens
        if ((declaration.open + 1)..<declaration.close).contains(where: { index in
            classTokens[index].text == "Observe" && classTokens[index + 1].text == "(" && classTokens.openBraces(at: index).last != declaration.open
                && Self.isObserveOfOneWebContents(classTokens, at: index)
        }) {
            return .failure(Problem("\(className) calls Observe(...) in a function defined in its class in \(header); \(byHand)"))
        }
        // Every constructor: defined in the file, in the class, defaulted, or only declared there (defined elsewhere).
        func givesBase(_ entries: [ArraySlice<CodeToken>], in tokens: [CodeToken]) -> Bool {
            entries.contains { entry in
                guard let name = entry.firstIndex(where: { $0.text == "WebContentsObserver" }), name + 1 < entry.endIndex,
                      let close = tokens.closing(name + 1) else { return false }
                return close > name + 2
            }
        }
        var withoutWebContents = 0
        let defined = constructorDefinitions(of: className, in: file).filter { own.contains($0.parameters - 3) }
        for constructor in defined {
            let entries = constructor.initializers.map { tokens.arguments(between: $0, and: constructor.body) } ?? []
            // A constructor delegating to another of the class has what that one does.
            if entries.contains(where: { $0.first?.text == className }) { continue }
            if givesBase(entries, in: tokens) { observed.baseInitialized.append((file, constructor.body)) } else { withoutWebContents += 1 }
        }
        var declaredOnly = 0
        for name in declaration.members(named: className) where name == 0 || classTokens[name - 1].text != "~" {
            guard let close = classTokens.closing(name + 1), close + 1 < declaration.close else { continue }
            var next = close + 1
            while next < declaration.close, ["noexcept", "override"].contains(classTokens[next].text) { next += 1 }
            switch classTokens[next].text {
            case ";": declaredOnly += 1
            case "=": if classTokens[next + 1].text == "default" { withoutWebContents += 1 }
            case "{": withoutWebContents += 1
            case ":":
                guard let body = Self.initializerListEnd(classTokens, from: next + 1) else { continue }
                let entries = classTokens.arguments(between: next, and: body)
                if entries.contains(where: { $0.first?.text == className }) { continue }
                if givesBase(entries, in: classTokens) { observed.baseInitialized.append((header, body)) } else { withoutWebContents += 1 }
            default: break
            }
        }
        // Defaulted outside the class; and those declared in it that no file read defines.
        let defaultedOutside = tokens.indices.dropFirst(2).filter { index in
            tokens[index].text == className && tokens[index - 1].text == "::" && tokens[index - 2].text == className && own.contains(index - 2) && index + 1 < tokens.count && tokens[index + 1].text == "("
                && tokens.closing(index + 1).map { $0 + 2 < tokens.count && tokens[$0 + 1].text == "=" && tokens[$0 + 2].text == "default" } == true
        }.count
        withoutWebContents += defaultedOutside
        let unseen = max(0, declaredOnly - defined.count - defaultedOutside)
        if observed.observeCalls.isEmpty {
            let none = defined.isEmpty && declaredOnly == 0 && observed.baseInitialized.isEmpty && withoutWebContents == 0
            if none || withoutWebContents > 0 || unseen > 0 {
                return .failure(Problem("\(none ? "\(className) has no constructor" : unseen > 0 ? "a constructor of \(className) is defined in no file read" : "a constructor of \(className) gives its WebContentsObserver base no WebContents"), and no Observe(...) statement of the class gives it one; \(byHand)"))
            }
        }
        return .success(observed)
    }

    /// Whether the `Observe(` at `index` passes one argument, as WebContentsObserver's does (a NotificationObserver's
    /// `Observe(type, source, details)` takes three).
    static func isObserveOfOneWebContents(_ tokens: [CodeToken], at index: Int) -> Bool {
        guard let close = tokens.closing(index + 1) else { return false }
        return tokens.arguments(between: index + 1, and: close).count == 1
    }

    /// Whether the brace opens the body of a class (a local one), as `class Name ... {` or `struct Name ... {`.
    static func opensClassBody(_ tokens: [CodeToken], brace: Int) -> Bool {
        var cursor = brace - 1
        while cursor >= 0, ![";", "{", "}", ")"].contains(tokens[cursor].text) {
            if tokens[cursor].text == "class" || tokens[cursor].text == "struct" { return true }
            cursor -= 1
        }
        return false
    }

    /// The registration of `interface` in `declaration`, the class of `handler` that implements it, or why there
    /// is none. `indent` is that of the class's members.
    func registration(of interface: CppMigration.Interface, handler: CppMigration.Handler, declaration: CppClassDeclaration, indent: String) -> Result<Registration, Problem> {
        let className = handler.className.components(separatedBy: "::").last ?? handler.className
        guard let form = RegistrationForm.of(declaration) else {
            let kinds = "\(className) is no \(RegistrationForm.allCases.map(\.rawValue).joined(separator: ", ")), whose registration the migration guide gives"
            guard remotes.registry == .associated else { return .failure(Problem("\(kinds); register \(interface.name) with it by hand")) }
            // Registered by the observer that passes the class its messages, if one does.
            switch forwarder(to: className) {
            case .success(let forwarder): return forwardingRegistration(of: interface, handler: handler, through: forwarder).mapError { Problem("\(kinds), and \($0.reason); register \(interface.name) by hand") }
            case .failure(let problem): return .failure(Problem("\(kinds), and \(problem.reason); register \(interface.name) with it by hand"))
            }
        }
        guard remotes.registry == .associated else {
            return .failure(Problem("a \(form.rawValue) registers \(interface.name) as an associated interface (migration guide 2.5.1, 2.5.2), and --registry \(remotes.registry.rawValue) gives its callers other remotes: register it by hand, or migrate with --registry associated"))
        }
        let type = interface.namespace + "::" + interface.name
        var registration = Registration(form: form)
        switch form {
        case .messageFilter:
            let base = declaration.qualified("content::BrowserAssociatedInterface<\(type)>")
            guard let constructor = constructorDefinition(of: className, in: handler.file), let colon = constructor.initializers else {
                return .failure(Problem("\(className)'s constructor (with its BrowserMessageFilter initializer) was not found in \(handler.file); add BrowserAssociatedInterface<\(type)>(this, this) by hand"))
            }
            let tokens = sources[handler.file]!.tokens
            // After the last base initializer, before the members', so that the order is the declaration's.
            let entries = tokens.arguments(between: colon, and: constructor.body)
            guard let last = entries.last(where: { entry in declaration.baseNames.contains { name in entry.contains { $0.text == name } } }) else {
                return .failure(Problem("\(className)'s constructor initializes no base class; add BrowserAssociatedInterface<\(type)>(this, this) by hand"))
            }
            let end = tokens[last.endIndex - 1].range.upperBound
            registration.bases = [base]
            // The base's injected class name, which needs no template argument list: read without the includes
            // (the syntax check), `Template<...>(this, this)` of an unknown template does not parse.
            registration.edits = [(handler.file, UnifiedDiff.Edit(range: end..<end, replacement: ",\n      BrowserAssociatedInterface(this, this)"))]
            registration.includes = ["content/public/browser/browser_associated_interface.h"]
        case .webContentsObserver:
            let set = remotes.api == .legacy ? "WebContentsFrameBindingSet" : "WebContentsFrameReceiverSet"
            let member = frameReceiverSetName(of: interface)
            guard !declaration.mentions(member) else { return .failure(Problem("\(className) already has a member \(member); add a content::\(set)<\(type)> by hand")) }
            let observed: ObservedWebContents
            switch observedWebContents(of: declaration, in: handler.file, header: handler.header) {
            case .success(let found): observed = found
            case .failure(let problem): return .failure(problem)
            }
            let comment = EmitterText.comment("Binds \(interface.module).\(interface.name) for each frame of the WebContents (drafted by mojify migrate).", indent: indent)
            if observed.observeCalls.isEmpty {
                registration.members = comment + ["\(indent)content::\(set)<\(type)> \(member){web_contents(), this};"]
            } else {
                // Through an alias: a template argument that is itself a template is not parsed as one without
                // the includes, which the syntax check reads the header without. The set registers its interface
                // with the WebContents when made, and unregisters it when destroyed: the old one goes first, and
                // the same WebContents keeps its set (and its frames' connections).
                let alias = interface.name + (remotes.api == .legacy ? "Bindings" : "Receivers")
                let function = "Observe\(alias)"
                let contents = member.dropLast() + "_contents_"
                if let taken = [alias, function, String(contents)].first(where: declaration.mentions) {
                    return .failure(Problem("\(className) already has a member \(taken); add a content::\(set)<\(type)> by hand"))
                }
                registration.members = comment + [
                    "\(indent)using \(alias) = content::\(set)<\(type)>;",
                    "\(indent)void \(function)() {",
                    "\(indent)  if (\(contents) == web_contents())",
                    "\(indent)    return;",
                    "\(indent)  \(member).reset();",
                    "\(indent)  \(contents) = web_contents();",
                    "\(indent)  if (web_contents())",
                    "\(indent)    \(member) = std::make_unique<\(alias)>(web_contents(), this);",
                    "\(indent)}",
                    "\(indent)std::unique_ptr<\(alias)> \(member);",
                    "\(indent)content::WebContents* \(contents) = nullptr;",
                ]
                let source = sources[handler.file]!
                for (file, body) in observed.baseInitialized {
                    registration.edits.append((file, statementAtStart(ofBodyAt: body, in: sources[file]!, "\(function)();")))
                }
                for semicolon in observed.observeCalls {
                    let end = source.tokens[semicolon].range.upperBound
                    let indent = source.indentation(ofLineAt: source.tokens[semicolon].range.lowerBound)
                    registration.edits.append((handler.file, UnifiedDiff.Edit(range: end..<end, replacement: "\n\(indent)\(function)();")))
                }
            }
            registration.includes = [remotes.api == .legacy ? "content/public/browser/web_contents_binding_set.h" : "content/public/browser/web_contents_receiver_set.h"]
        case .renderFrameObserver:
            let (bind, member, binder) = associatedBinder(of: interface, indent: indent)
            guard !declaration.mentions(member), !declaration.mentions(bind) else {
                return .failure(Problem("\(className) already has a member \(bind) or \(member); bind \(interface.name) by hand"))
            }
            guard let constructor = constructorDefinition(of: className, in: handler.file) else {
                return .failure(Problem("\(className)'s constructor was not found in \(handler.file); add \(interface.name) to the frame's associated interface registry by hand"))
            }
            registration.members = EmitterText.comment("Binds \(interface.module).\(interface.name) for the frame's associated interface registry (drafted by mojify migrate).", indent: indent)
                + binder
            let source = sources[handler.file]!
            let callback = remotes.api == .legacy ? "base::Bind" : "base::BindRepeating"
            // A parameter named `render_frame` hides the accessor: the frame it is (a `RenderFrame*`) is used, or
            // `this->` reaches the accessor.
            let parameters = source.tokens.arguments(between: constructor.parameters, and: source.tokens.closing(constructor.parameters) ?? constructor.parameters)
            let hiding = parameters.first { Self.parameterName($0) == "render_frame" }
            let frame = hiding.map { $0.contains { $0.text == "RenderFrame" } && $0.contains { $0.text == "*" } ? "render_frame->" : "this->render_frame()->" } ?? "render_frame()->"
            let statement = "\(frame)GetAssociatedInterfaceRegistry()->AddInterface(\n      \(callback)(&\(className)::\(bind), base::Unretained(this)));"
            registration.edits = [(handler.file, statementAtStart(ofBodyAt: constructor.body, in: source, statement))]
            registration.includes = [remotes.api.receiverHeader(associated: true)]
            let fileIncludes = ["base/bind.h"] + (remotes.rules.providerHeaders["GetAssociatedInterfaceRegistry"]?.first { sources[$0] != nil }.map { [$0] } ?? [])
            registration.edits += includeEdits(fileIncludes, in: handler.file)
        case .renderThreadObserver:
            // The render thread's associated interfaces come over the process's channel, which the browser's
            // `GetChannel()->GetRemoteAssociatedInterface(...)` reaches; RegisterMojoInterfaces takes a
            // blink::AssociatedInterfaceRegistry from 2019, the API of mojo::AssociatedReceiver.
            guard remotes.api == .current else {
                return .failure(Problem("a RenderThreadObserver registers \(interface.name) in its RegisterMojoInterfaces, whose registry type depends on the tree's Chromium; register it by hand"))
            }
            let (bind, member, binder) = associatedBinder(of: interface, indent: indent)
            guard !declaration.mentions(member), !declaration.mentions(bind) else {
                return .failure(Problem("\(className) already has \(bind) or \(member); add \(interface.name) to the registry by hand"))
            }
            let comment = EmitterText.comment("Binds \(interface.module).\(interface.name) for the render thread's associated interface registry (drafted by mojify migrate).", indent: indent)
            let add = "AddInterface(base::BindRepeating(&\(className)::\(bind), base::Unretained(this)));"
            let remove = "RemoveInterface(\(type)::Name_);"
            let declared = ["RegisterMojoInterfaces", "UnregisterMojoInterfaces"].map { declaration.members(named: $0) }
            if declared.allSatisfy(\.isEmpty) {
                let registry = "blink::AssociatedInterfaceRegistry* associated_interfaces"
                registration.members = comment
                    + ["\(indent)void RegisterMojoInterfaces(\(registry)) override {", "\(indent)  associated_interfaces->" + add, "\(indent)}",
                       "\(indent)void UnregisterMojoInterfaces(\(registry)) override {", "\(indent)  associated_interfaces->" + remove, "\(indent)}"]
                    + binder
            } else {
                // The class registers other interfaces already (CEF's chrome::mojom::RendererConfiguration): its
                // functions add and remove this one too, first.
                let source = sources[handler.file]!
                var edits: [(String, UnifiedDiff.Edit)] = []
                for (function, statement) in [("RegisterMojoInterfaces", add), ("UnregisterMojoInterfaces", remove)] {
                    let found = definitions(of: function, className: className, in: source)
                    guard found.count == 1, found[0].parameters.count == 1, let registry = Self.parameterName(found[0].parameters[0]) else {
                        return .failure(Problem("\(className)'s own \(function) is not defined once in \(handler.file), taking a named registry; add \(interface.name) to the registry there by hand"))
                    }
                    edits.append((handler.file, statementAtStart(ofBodyAt: found[0].bodyOpen, in: source, "\(registry)->" + statement)))
                }
                registration.members = comment + binder
                registration.edits = edits
            }
            let registryHeaders = remotes.rules.providerHeaders["GetAssociatedInterfaceRegistry"] ?? []
            registration.includes = [remotes.api.receiverHeader(associated: true), "base/bind.h"]
                + ((registryHeaders.first { sources[$0] != nil } ?? registryHeaders.first).map { [$0] } ?? [])
        }
        return .success(registration)
    }

    /// The edit putting `statement` first in the body whose `{` is token `open`, on a line of its own; an empty
    /// body on one line (`{}`) gets its closing brace on a line of its own.
    func statementAtStart(ofBodyAt open: Int, in source: CppSource, _ statement: String) -> UnifiedDiff.Edit {
        let brace = source.tokens[open]
        let closesOnLine = open + 1 < source.tokens.count && source.tokens[open + 1].text == "}"
            && source.line(of: source.tokens[open + 1].range.lowerBound) == source.line(of: brace.range.lowerBound)
        return UnifiedDiff.Edit(range: brace.range.upperBound..<brace.range.upperBound, replacement: "\n  " + statement + (closesOnLine ? "\n" : ""))
    }

    /// `#include` lines for those of `paths` the file lacks, after its last include.
    func includeEdits(_ paths: [String], in file: String) -> [(String, UnifiedDiff.Edit)] {
        let missing = missingIncludes(paths, in: file)
        guard !missing.isEmpty, let last = lastIncludeLine(in: sources[file]!) else { return [] }
        let end = last.range.upperBound
        return [(file, UnifiedDiff.Edit(range: end..<end, replacement: missing.map { "\n#include \"\($0)\"" }.joined()))]
    }

    /// The one out-of-class definition of `Class::Class(...)` in `file`: the token of its parameter list's `(`, of
    /// its initializer list's `:` (nil without one) and of its body's `{`.
    func constructorDefinition(of className: String, in file: String) -> (parameters: Int, initializers: Int?, body: Int)? {
        let found = constructorDefinitions(of: className, in: file)
        return found.count == 1 ? found[0] : nil
    }

    /// The out-of-class definitions of `Class::Class(...)` in `file`, as `constructorDefinition` gives them.
    func constructorDefinitions(of className: String, in file: String) -> [(parameters: Int, initializers: Int?, body: Int)] {
        guard let tokens = sources[file]?.tokens else { return [] }
        var found: [(parameters: Int, initializers: Int?, body: Int)] = []
        for index in tokens.indices.dropFirst(2).dropLast() where tokens[index].text == className && tokens[index + 1].text == "("
            && tokens[index - 1].text == "::" && tokens[index - 2].text == className {
            guard let close = tokens.closing(index + 1), close + 1 < tokens.count else { continue }
            if tokens[close + 1].text == "{" { found.append((index + 1, nil, close + 1)); continue }
            guard tokens[close + 1].text == ":", let body = Self.initializerListEnd(tokens, from: close + 2) else { continue }
            found.append((index + 1, close + 1, body))
        }
        return found
    }

    /// The `{` of the body after an initializer list starting at `start`: each entry is a name and its `(...)` or
    /// `{...}`, entries joined by commas.
    private static func initializerListEnd(_ tokens: [CodeToken], from start: Int) -> Int? {
        var index = start
        while index < tokens.count {
            switch tokens[index].text {
            case "(", "{":
                guard let close = tokens.closing(index) else { return nil }
                index = close + 1
                if index < tokens.count, tokens[index].text == "," { index += 1; continue }
                return index < tokens.count && tokens[index].text == "{" ? index : nil
            case ";", "}":
                return nil
            default:
                index += 1
            }
        }
        return nil
    }
}
