import Foundation
import MojifyConversion

/// Adds interface entries to a service manifest (`interface_provider_specs` -> spec -> `provides` -> capability
/// -> list), keeping every existing key, value and order; adding what is there already changes nothing.
enum ManifestMerge {
    /// Adds the entries to a manifest value, creating the objects on the way as needed.
    static func add(_ entries: [RegistryEntry], to manifest: inout JSONValue) {
        for entry in entries {
            manifest = updated(manifest, path: ["interface_provider_specs", entry.spec, "provides", entry.capability]) { list in
                guard case var .array(items) = list ?? .array([]) else { return list! }
                if !items.contains(.string(entry.interface)) { items.append(.string(entry.interface)) }
                return .array(items)
            }
        }
    }

    /// `value` with the member at `path` replaced by `change(old)`; a non-object on the way is left alone.
    private static func updated(_ value: JSONValue, path: [String], change: (JSONValue?) -> JSONValue) -> JSONValue {
        guard let key = path.first else { return change(value) }
        guard case var .object(members) = value else { return value }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = updated(members[index].1, path: Array(path.dropFirst()), change: change)
        } else {
            members.append((key, path.count == 1 ? change(nil) : updated(.object([]), path: Array(path.dropFirst()), change: change)))
        }
        return .object(members)
    }

    /// Merges the plan's entries for the manifest's service (its `name`) into the file's text.
    /// Returns the new text, which equals `text` byte for byte when nothing was missing.
    static func merge(text: String, path: String, plan: ConversionPlan, rules: ConversionRules) throws -> (text: String, added: Int) {
        let manifest: JSONValue
        do {
            manifest = try JSONParser.parse(text)
        } catch let syntax as JSONSyntaxError {
            throw EmitterError.invalidManifest(path: path, line: syntax.line, column: syntax.column, reason: syntax.message)
        }
        guard case let .object(members) = manifest else {
            throw EmitterError.manifestWithoutService(path: path, known: rules.processes.values.map(\.service).sorted())
        }
        guard let serviceValue = members.first(where: { $0.0 == "name" })?.1, case let .string(service) = serviceValue,
              let process = rules.processes.first(where: { $0.value.service == service })?.key
        else {
            throw EmitterError.manifestWithoutService(path: path, known: rules.processes.values.map(\.service).sorted())
        }
        let entries = RegistryEntry.all(plan, rules: rules).filter { $0.process == process }
        var merged = manifest
        add(entries, to: &merged)
        if merged == manifest { return (text, 0) }
        let before = count(manifest)
        return (merged.printed(), count(merged) - before)
    }

    /// The number of strings in `provides` lists, to report how many entries a merge added.
    private static func count(_ value: JSONValue) -> Int {
        switch value {
        case let .object(members): members.reduce(0) { $0 + count($1.1) }
        case let .array(items): items.filter { if case .string = $0 { true } else { false } }.count + items.reduce(0) { $0 + count($1) }
        default: 0
        }
    }
}
