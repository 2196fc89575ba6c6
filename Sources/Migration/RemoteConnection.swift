import Foundation
import MojifyConversion
import MojifyEmitters

/// What `mojify migrate` needs to connect callers: the registry form (which decides where remotes come from),
/// the rules (the `processes` places and the `remote_holders`) and the Mojo C++ API the code is written in.
public struct RemoteSettings: Sendable {
    public var registry: OutputFormat
    public var rules: ConversionRules
    public var api: MojoAPI

    public init(registry: OutputFormat, rules: ConversionRules, api: MojoAPI = .current) {
        self.registry = registry
        self.rules = rules
        self.api = api
    }

    /// The places of the registry form: the service manager's for the manifest forms.
    var scheme: (ConversionRules.Process) -> ConversionRules.Places? {
        switch registry {
        case .binders: \.binders
        case .associated: \.associated
        default: \.serviceManager
        }
    }
}

/// How a class that sent an interface's legacy messages gets the remote it now calls through `Get<Interface>()`
/// (migration guide 2.4.5 and 2.5.7): the remote's type, and the statement that binds it on first use through the
/// frame or process the routing ID used to name.
struct RemoteConnection: Equatable {
    var api: MojoAPI
    var isAssociated: Bool
    /// The statement binding the member, nil when no rule says how this class reaches the place.
    var bind: String?
    /// The object the remote is bound through, as `bind` writes it (`render_frame()`, `frame_host_`); empty for the
    /// class's own, nil without `bind`.
    var via: String?
    /// Where the caller's process gets remotes of the interface, as the rules write it.
    var place: String?
    /// Notes for a human, written above the statement: a rule's caveat, or where to bind when `bind` is nil.
    var comments: [String]

    /// The member's type, for the qualified interface name.
    func remoteType(_ interface: String) -> String { api.remote(interface, associated: isAssociated) }
    var include: String { api.remoteHeader(associated: isAssociated) }

    /// The first call of the place's chain (`GetRemoteInterfaces`) and the rules' object it is called on
    /// (`RenderFrame`), whose headers the binding file needs; nil without `bind`.
    var provider: (call: String, object: String)? {
        guard bind != nil, let call = place.flatMap(Self.placeCall) else { return nil }
        return (call.first, call.object)
    }

    /// `place` is where the caller's process gets remotes (`RenderFrame::GetBrowserInterfaceBroker()`); `service`
    /// the service name of the process implementing the interface, which a connector binds by; `classes` are the
    /// sender's class and its direct bases; `visibleNames` the names the sender's files mention. `through` is the
    /// object the class sent through, or one it keeps, which then replaces the rules' remote holders.
    init(place: String?, service: String?, member: String, classes: [String], visibleNames: Set<String>, settings: RemoteSettings,
         through: CppRewriter.Receiver? = nil) {
        api = settings.api
        self.place = place
        guard let place, let call = Self.placeCall(place) else {
            isAssociated = settings.registry == .associated
            bind = nil
            comments = ["TODO(mojify): bind \(member) through \(place ?? "the peer process's interfaces") (the rules give no call for it)."]
            return
        }
        isAssociated = call.last.contains("Associated")
        guard let argumentForm = Self.argumentForm(of: call.last, member: member, service: service, api: api) else {
            bind = nil
            comments = ["TODO(mojify): bind \(member) through \(place)."]
            return
        }
        if let through {
            guard through.object == call.object else {
                bind = nil
                comments = ["TODO(mojify): bind \(member) through \(place) of the \(call.object) this object sends for; \(through.expression) is a \(through.object)."]
                return
            }
            via = through.expression
            bind = through.expression + through.access + call.chain + argumentForm + ";"
            comments = []
            return
        }
        // A holder for any class (`content::RenderThread::Get()`) serves only code that already uses its object:
        // elsewhere (a tree without content/, such as libchrome's IPC tests) the call would not compile.
        let holder = settings.rules.remoteHolders.first { holder in
            holder.object == call.object && (holder.className.map(classes.contains) ?? visibleNames.contains(call.object))
        }
        guard let holder else {
            bind = nil
            let matched = settings.rules.remoteHolders.contains { $0.object == call.object && $0.className == nil }
                ? "no remote_holders rule matches \(classes.joined(separator: ", ")), and its files never name \(call.object)"
                : "no remote_holders rule matches \(classes.joined(separator: ", "))"
            comments = ["TODO(mojify): bind \(member) through \(place) of the \(call.object) this object sends for (\(matched))."]
            return
        }
        let chain = call.chain + argumentForm
        via = holder.via
        bind = (holder.via.isEmpty ? chain : holder.via + "->" + chain) + ";"
        comments = holder.note.map { ["TODO(mojify): \($0)"] } ?? []
    }

    /// `RenderFrame::GetRemoteAssociatedInterfaces()` -> object `RenderFrame`, chain `GetRemoteAssociatedInterfaces()`
    /// (its last call's parentheses removed when the argument goes inside them); nil for free text.
    static func placeCall(_ place: String) -> (object: String, chain: String, first: String, last: String)? {
        let parts = place.components(separatedBy: "::")
        guard parts.count == 2, Naming.isIdentifier(parts[0]) else { return nil }
        let calls = parts[1].components(separatedBy: "->")
        guard calls.allSatisfy({ $0.hasSuffix("()") && Naming.isIdentifier($0.dropLast(2)) }) else { return nil }
        let last = String(calls.last!.dropLast(2))
        let takesArgument = last.hasPrefix("Bind") || last == "GetRemoteAssociatedInterface"
        return (parts[0], takesArgument ? String(parts[1].dropLast(2)) : parts[1], String(calls[0].dropLast(2)), last)
    }

    /// What follows the chain to bind `member`, by the kind of its last call.
    /// Associated remotes are passed by address in both APIs, and so is a legacy `FooPtr` to an interface
    /// provider: its `GetInterface(InterfacePtr*)` is in every era's, Chromium 55's too, which had no
    /// `mojo::MakeRequest(&ptr)` yet.
    private static func argumentForm(of call: String, member: String, service: String?, api: MojoAPI) -> String? {
        switch call {
        case "GetRemoteAssociatedInterfaces": "->GetInterface(&\(member))"
        case "GetRemoteAssociatedInterface": "(&\(member))"
        case "GetRemoteInterfaces" where api == .legacy, "GetInterfaceProvider" where api == .legacy: "->GetInterface(&\(member))"
        case "GetRemoteInterfaces", "GetBrowserInterfaceBroker", "GetInterfaceProvider": "->GetInterface(\(api.newPipe(binding: member)))"
        // A connector binds by the implementing service's name (`content_browser`, what
        // content::mojom::kBrowserServiceName holds): `BindInterface` took a `FooPtr*`, `Connect` a pending receiver.
        case "GetConnector":
            service.map { api == .legacy ? "->BindInterface(\"\($0)\", &\(member))" : "->Connect(\"\($0)\", \(api.newPipe(binding: member)))" }
        case _ where call.hasPrefix("Bind"): "(\(api.newPipe(binding: member)))"
        default: nil
        }
    }
}
