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
        case .binderMap: .binders
        }
    }
}
