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

    /// That member, when `declaration` registers `interface` with one: a WebContentsObserver, under
    /// `--registry associated`.
    func frameReceiverSet(of interface: CppMigration.Interface, in declaration: CppClassDeclaration) -> String? {
        guard remotes.registry == .associated, RegistrationForm.allCases.first(where: { declaration.baseNames.contains($0.rawValue) }) == .webContentsObserver else { return nil }
        return frameReceiverSetName(of: interface)
    }

    /// The registration of `interface` in `declaration`, the class of `handler` that implements it, or why there
    /// is none. `indent` is that of the class's members.
    func registration(of interface: CppMigration.Interface, handler: CppMigration.Handler, declaration: CppClassDeclaration, indent: String) -> Result<Registration, Problem> {
        let className = handler.className.components(separatedBy: "::").last ?? handler.className
        guard let form = RegistrationForm.allCases.first(where: { declaration.baseNames.contains($0.rawValue) }) else {
            return .failure(Problem("\(className) is no \(RegistrationForm.allCases.map(\.rawValue).joined(separator: ", ")), whose registration the migration guide gives; register \(interface.name) with it by hand"))
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
            registration.members = EmitterText.comment("Binds \(interface.module).\(interface.name) for each frame of the WebContents (drafted by mojify migrate).", indent: indent)
                + ["\(indent)content::\(set)<\(type)> \(member){web_contents(), this};"]
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
            let open = source.tokens[constructor.body]
            // An empty body on one line (`{}`) gets its closing brace on a line of its own.
            let closesOnLine = source.tokens[constructor.body + 1].text == "}" && source.line(of: source.tokens[constructor.body + 1].range.lowerBound) == source.line(of: open.range.lowerBound)
            let callback = remotes.api == .legacy ? "base::Bind" : "base::BindRepeating"
            // A parameter named `render_frame` hides the accessor: `this->` reaches it.
            let hidden = source.tokens[constructor.parameters..<(constructor.initializers ?? constructor.body)].contains { $0.text == "render_frame" }
            let statement = "\n  \(hidden ? "this->" : "")render_frame()->GetAssociatedInterfaceRegistry()->AddInterface(\n      \(callback)(&\(className)::\(bind), base::Unretained(this)));" + (closesOnLine ? "\n" : "")
            registration.edits = [(handler.file, UnifiedDiff.Edit(range: open.range.upperBound..<open.range.upperBound, replacement: statement))]
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
            guard !declaration.mentions(member), !declaration.mentions(bind),
                  declaration.members(named: "RegisterMojoInterfaces").isEmpty, declaration.members(named: "UnregisterMojoInterfaces").isEmpty else {
                return .failure(Problem("\(className) already has \(bind), \(member) or its own RegisterMojoInterfaces; add \(interface.name) to the registry there by hand"))
            }
            let registry = "blink::AssociatedInterfaceRegistry* associated_interfaces"
            registration.members = EmitterText.comment("Binds \(interface.module).\(interface.name) for the render thread's associated interface registry (drafted by mojify migrate).", indent: indent)
                + ["\(indent)void RegisterMojoInterfaces(\(registry)) override {",
                   "\(indent)  associated_interfaces->AddInterface(base::BindRepeating(&\(className)::\(bind), base::Unretained(this)));", "\(indent)}",
                   "\(indent)void UnregisterMojoInterfaces(\(registry)) override {",
                   "\(indent)  associated_interfaces->RemoveInterface(\(type)::Name_);", "\(indent)}"]
                + binder
            let registryHeaders = remotes.rules.providerHeaders["GetAssociatedInterfaceRegistry"] ?? []
            registration.includes = [remotes.api.receiverHeader(associated: true), "base/bind.h"]
                + ((registryHeaders.first { sources[$0] != nil } ?? registryHeaders.first).map { [$0] } ?? [])
        }
        return .success(registration)
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
        guard let tokens = sources[file]?.tokens else { return nil }
        var found: [(Int, Int?, Int)] = []
        for index in tokens.indices.dropFirst(2).dropLast() where tokens[index].text == className && tokens[index + 1].text == "("
            && tokens[index - 1].text == "::" && tokens[index - 2].text == className {
            guard let close = tokens.closing(index + 1), close + 1 < tokens.count else { continue }
            if tokens[close + 1].text == "{" { found.append((index + 1, nil, close + 1)); continue }
            guard tokens[close + 1].text == ":", let body = Self.initializerListEnd(tokens, from: close + 2) else { continue }
            found.append((index + 1, close + 1, body))
        }
        return found.count == 1 ? found[0] : nil
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
