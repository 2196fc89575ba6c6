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
        let process = rules.processes[interface.process]
        let spec = interface.routing == .routed ? "navigation:frame" : "service_manager:connector"
        return RegistryEntry.registration(
            "Registration (service manager manifest overlay, 2016-2019): manifests/\(process?.service ?? interface.process)_manifest_overlay.json exposes it to the \(interface.caller ?? process?.peer ?? "peer") under \(spec)",
            of: interface, rules: rules, scheme: \.serviceManager
        )
    }
}
