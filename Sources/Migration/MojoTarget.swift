import MojifyConversion
import MojifyEmitters

extension MojoEra {
    /// The Mojo C++ API code of the era is written in.
    public var mojoAPI: MojoAPI { usesLegacyAPI ? .legacy : .current }

    /// How the era registers interfaces: JSON manifest overlays, C++ manifests once the bindings had `mojo::Remote`
    /// (2019), then binder maps.
    public var registry: OutputFormat {
        switch self {
        case .interfaceRegistry, .connector: .manifest
        case .remote: .cppManifest
        case .binderMap, .typedValues: .binders
        }
    }
}

/// What a run of `generate` or `migrate` writes for: the era the tree shows, and the registration form and Mojo C++
/// API of that era unless `--registry` or `--mojo-api` says otherwise. An `--mojo-api` the detected era does not
/// use moves the era to the nearest one that does (`MojoEra.era(of:legacyAPI:)`), so that the types and places
/// written are of one era.
public struct MojoTarget: Sendable, Equatable {
    public var era: MojoEra
    public var registry: OutputFormat
    public var api: MojoAPI
    /// What the tree showed, whatever the flags said.
    public var detection: MojoEra.Detection
    public var registryGiven: Bool
    public var apiGiven: Bool

    public init(evidence: MojoEra.Evidence, registry: OutputFormat?, api: MojoAPI?) {
        detection = MojoEra.detect(evidence)
        era = api.map { MojoEra.era(of: evidence, legacyAPI: $0 == .legacy) } ?? detection.era
        self.registry = registry ?? era.registry
        self.api = api ?? era.mojoAPI
        registryGiven = registry != nil
        apiGiven = api != nil
    }

    /// The line the commands print: the era, what decided it, and what it makes the run write.
    /// `withAPI`: the command has `--mojo-api` (migrate writes C++; generate does not).
    public func summary(withAPI: Bool) -> String {
        let basis = detection.basis.map { "from \($0)" }
            ?? "assumed today's Chromium (no Mojo bindings header in or above the tree or in an --upstream-root, and no Mojo use in its code)"
        var line = "era: \(era.title), "
        line += era == detection.era ? basis : "as --mojo-api \(api.rawValue) asks (the tree: \(detection.era.title), \(basis))"
        var settings = ["--registry \(registry.rawValue)\(registryGiven ? " (given)" : "")"]
        if withAPI { settings.append("--mojo-api \(api.rawValue)\(apiGiven ? " (given)" : "")") }
        return line + ": " + settings.joined(separator: " ") + "; override with " + (withAPI ? "--registry/--mojo-api" : "--registry")
    }
}
