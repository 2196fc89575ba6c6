import MojifyConversion
import MojifyCore

/// One kind of file `mojify generate` writes from a plan.
public protocol PlanEmitter {
    /// The files to write, keyed by path relative to the output folder.
    static func emit(_ plan: ConversionPlan, rules: ConversionRules) throws -> [String: String]
}

/// A way of making interfaces reachable (`--registry`): its files, and the sentence the comment above each
/// interface gives about where and how that interface is registered and reached.
public protocol RegistryEmitter: PlanEmitter {
    static func registration(of interface: MojomInterface, rules: ConversionRules) -> String
}

/// The kinds of file `mojify generate` writes; the raw value is the CLI name.
public enum OutputFormat: String, CaseIterable, Sendable {
    case mojom
    case gn
    case manifest
    case cppManifest = "cpp-manifest"
    case binders
    case associated

    public var emitter: PlanEmitter.Type {
        switch self {
        case .mojom: MojomEmitter.self
        case .gn: BuildGNEmitter.self
        case .manifest: ManifestOverlayEmitter.self
        case .cppManifest: CppManifestEmitter.self
        case .binders: BindersEmitter.self
        case .associated: AssociatedRegistryEmitter.self
        }
    }

    /// The formats `--registry` chooses between, in the order Chromium used them.
    public static var registries: [OutputFormat] { allCases.filter { $0.emitter is RegistryEmitter.Type } }

    /// Every file of a run, keyed by its path under the output folder.
    public static func render(_ plan: ConversionPlan, rules: ConversionRules, registry: OutputFormat) throws -> [String: String] {
        guard let registryEmitter = registry.emitter as? RegistryEmitter.Type else {
            throw EmitterError.badOption("--registry must be one of \(OutputFormat.registries.map(\.rawValue).joined(separator: ", "))")
        }
        // The comment above each interface says how the chosen registry form registers it, after what it is.
        var plan = plan
        for fileIndex in plan.files.indices {
            for index in plan.files[fileIndex].interfaces.indices {
                let interface = plan.files[fileIndex].interfaces[index]
                plan.files[fileIndex].interfaces[index].comments.insert(registryEmitter.registration(of: interface, rules: rules), at: min(1, interface.comments.count))
            }
        }
        var files: [String: String] = [:]
        for format in [OutputFormat.mojom, .gn, registry] {
            files.merge(try format.emitter.emit(plan, rules: rules)) { first, _ in first }
        }
        return files
    }
}
