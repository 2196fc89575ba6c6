import MojifyConversion

/// Which process must expose which interface, and through which capability: shared by the manifest overlays,
/// the `--manifest` merge and the binders.
public struct RegistryEntry: Equatable {
    /// The implementing process, a key of the rules' `processes`.
    var process: String
    /// `navigation:frame` for routed interfaces, `service_manager:connector` for control ones.
    var spec: String
    /// The process allowed to connect, which names the capability.
    var capability: String
    /// Qualified mojom name, e.g. `content.mojom.FrameHost`.
    var interface: String
    var routing: String

    static func all(_ plan: ConversionPlan, rules: ConversionRules) -> [RegistryEntry] {
        plan.files.flatMap { file in
            file.interfaces.map { interface in
                RegistryEntry(
                    process: interface.process,
                    spec: interface.routing == .routed ? "navigation:frame" : "service_manager:connector",
                    capability: interface.caller ?? rules.processes[interface.process]?.peer ?? interface.process,
                    interface: file.module + "." + interface.name,
                    routing: interface.routing.rawValue
                )
            }
        }.sorted { ($0.process, $0.spec, $0.capability, $0.interface) < ($1.process, $1.spec, $1.capability, $1.interface) }
    }
}

extension RegistryEntry {
    /// The places of a registration scheme for an interface: where its implementation is registered in its own
    /// process, and where the peer gets a remote. `nil` when the rules do not describe the processes.
    public static func places(of interface: MojomInterface, rules: ConversionRules, scheme: (ConversionRules.Process) -> ConversionRules.Places?)
        -> (registry: String, remotes: String, peer: String)? {
        let caller = interface.caller
        guard let process = rules.processes[interface.process], let peer = rules.processes[caller ?? process.peer],
              let own = scheme(process), let theirs = scheme(peer) else { return nil }
        if interface.routing == .routed { return (own.routedRegistry, theirs.routedRemotes, caller ?? process.peer) }
        // A process such as the utility one is reached through its host, not as its peer reaches a renderer; the
        // rules' `peer_remotes` names the service manager era's place.
        let hostRemotes = caller == nil && own == process.serviceManager ? process.peerRemotes : nil
        return (own.controlRegistry, hostRemotes ?? theirs.controlRemotes, caller ?? process.peer)
    }

    /// The sentence above an interface: `head` (the scheme and its file), then where to register the implementation
    /// and where the peer gets a remote, when the rules give the scheme's places.
    static func registration(_ head: String, of interface: MojomInterface, rules: ConversionRules,
                             scheme: (ConversionRules.Process) -> ConversionRules.Places?, associated: Bool = false) -> String {
        var text = head
        if let places = places(of: interface, rules: rules, scheme: scheme) {
            text += "; register the implementation with \(places.registry); the \(places.peer) gets \(associated ? "an associated remote" : "a remote") from \(places.remotes)"
        }
        return text + "." + (interface.routing == .routed && !associated ? " " + orderingAdvice : "")
    }

    /// Advice for routed interfaces under schemes whose pipes are not ordered with legacy IPC.
    static let orderingAdvice = "Routed legacy IPC was ordered with all other IPC of the frame; where callers rely on that order, generate with --registry associated instead."
}

extension RegistryEntry {
    /// Per process, a C++ fragment of registration lines grouped into routed and control interfaces, each group
    /// under a comment naming where it goes (`place`, or `fallback` when the rules give none).
    static func fragments(
        _ plan: ConversionPlan, rules: ConversionRules, path: (String) -> String, title: (String) -> String,
        scheme: (ConversionRules.Process) -> ConversionRules.Places?, fallback: (String) -> String, line: (RegistryEntry) -> String
    ) -> [String: String] {
        let byProcess = Dictionary(grouping: all(plan, rules: rules), by: \.process)
        return Dictionary(uniqueKeysWithValues: byProcess.map { process, entries in
            var lines = EmitterText.comment(title(process), indent: "")
            for routing in ["routed", "control"] {
                let group = entries.filter { $0.routing == routing }
                guard !group.isEmpty else { continue }
                let places = rules.processes[process].flatMap(scheme)
                let place = (routing == "routed" ? places?.routedRegistry : places?.controlRegistry) ?? fallback(process)
                lines.append("")
                lines += EmitterText.comment("\(routing == "routed" ? "Frame-scoped (routed)" : "Process-wide (control)") interfaces: register with \(place).", indent: "")
                lines += group.map(line)
            }
            return (path(process), lines.joined(separator: "\n") + "\n")
        })
    }

    /// `content::mojom::FrameHost` for `content.mojom.FrameHost`.
    var cppName: String { interface.split(separator: ".").joined(separator: "::") }

    /// `FrameHost` for `content.mojom.FrameHost`.
    var shortName: String { String(interface.split(separator: ".").last ?? "") }
}
