import MojifyConversion

/// `manifests/<service>_manifest_overlay.json`: per process, the capabilities that let its peer reach the new
/// interfaces, as service manager manifest overlays were written from 2017 to 2019.
public enum ManifestOverlayEmitter: RegistryEmitter {
    public static func emit(_ plan: ConversionPlan, rules: ConversionRules) throws -> [String: String] {
        let byProcess = Dictionary(grouping: RegistryEntry.all(plan, rules: rules), by: \.process)
        return Dictionary(uniqueKeysWithValues: byProcess.map { process, entries in
            let service = rules.processes[process]?.service ?? process
            var overlay = JSONValue.object([("name", .string(service)), ("interface_provider_specs", .object([]))])
            ManifestMerge.add(entries, to: &overlay)
            return ("manifests/\(service)_manifest_overlay.json", overlay.printed())
        })
    }

    public static func registration(of interface: MojomInterface, rules: ConversionRules) -> String {
        let service = rules.processes[interface.process]?.service ?? interface.process
        let spec = interface.routing == .routed ? "navigation:frame" : "service_manager:connector"
        var text = "Registration (service manager manifest overlay, 2017-2019): manifests/\(service)_manifest_overlay.json exposes it under \(spec)"
        if let places = RegistryEntry.places(of: interface, rules: rules, scheme: \.serviceManager) {
            text += " to the \(places.peer); register the implementation with \(places.registry); the \(places.peer) gets a remote from \(places.remotes)"
        }
        return text + "." + (interface.routing == .routed ? " " + RegistryEntry.orderingAdvice : "")
    }
}
