import MojifyConversion

/// Which process must expose which interface, and through which capability: shared by the manifest overlays,
/// the `--manifest` merge and the binders.
struct RegistryEntry: Equatable {
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
