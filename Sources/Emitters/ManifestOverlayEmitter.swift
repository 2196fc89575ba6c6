import MojifyConversion

/// `manifests/<service>_manifest_overlay.json`: per process, the capabilities that let its peer reach the new interfaces.
public enum ManifestOverlayEmitter: PlanEmitter {
    public static func emit(_ plan: ConversionPlan, rules: ConversionRules) throws -> [String: String] {
        let byProcess = Dictionary(grouping: RegistryEntry.all(plan, rules: rules), by: \.process)
        return Dictionary(uniqueKeysWithValues: byProcess.map { process, entries in
            let service = rules.processes[process]?.service ?? process
            var overlay = JSONValue.object([("name", .string(service)), ("interface_provider_specs", .object([]))])
            ManifestMerge.add(entries, to: &overlay)
            return ("manifests/\(service)_manifest_overlay.json", overlay.printed())
        })
    }
}
