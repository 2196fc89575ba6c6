/// The generations of Chromium's Mojo C++ bindings and of how interfaces are registered and reached, oldest first.
/// An era decides the places remotes come from and the C++ types of `migrate`'s signatures. The raw value names the era in the rules
/// (`cpp_types`).
public enum MojoEra: String, CaseIterable, Sendable, Comparable {
    /// `InterfacePtr`/`Binding`, `InterfaceRegistry`, service manifests in JSON (Chromium 55-60): child threads
    /// still have `GetRemoteInterfaces()`.
    case interfaceRegistry = "interface-registry"
    /// `InterfacePtr`/`Binding`, `service_manager::BinderRegistry`, child threads reach the browser through their
    /// `service_manager::Connector` (Chromium 61-78).
    case connector
    /// `mojo::Remote`/`Receiver` with `BinderRegistry` and C++ service manifests (Chromium 78-80).
    case remote
    /// `mojo::Remote`/`Receiver` registered in `BinderMap`s, the service manager gone (Chromium 81 on).
    case binderMap = "binder-map"

    public static func < (left: MojoEra, right: MojoEra) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }

    /// The years and what marks the era, as the commands print it.
    public var title: String {
        switch self {
        case .interfaceRegistry: "2016-2017 (InterfacePtr/Binding, InterfaceRegistry, service manifests)"
        case .connector: "2017-2019 (InterfacePtr/Binding, BinderRegistry and Connector, service manifests)"
        case .remote: "2019-2020 (mojo::Remote/Receiver, BinderRegistry, C++ service manifests)"
        case .binderMap: "2020 on (mojo::Remote/Receiver, BinderMap)"
        }
    }

    /// Whether code of the era holds `FooPtr` and `mojo::Binding` rather than `mojo::Remote` and `mojo::Receiver`.
    public var usesLegacyAPI: Bool { self < .remote }

    /// Whether the service manager places of the era are the rules' `connector` ones: child threads had lost
    /// `GetRemoteInterfaces()` and bound through their connector.
    public var usesConnectorPlaces: Bool { self == .connector || self == .remote }
}
