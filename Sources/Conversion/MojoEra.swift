/// The generations of Chromium's Mojo C++ bindings and of how interfaces are registered and reached, oldest first.
/// A tree's era decides what `generate` and `migrate` write by default: the registration form, the Mojo C++ API,
/// the places remotes come from and the C++ types of the signatures. The raw value names the era in the rules
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
    /// `mojo::Remote`/`Receiver` registered in `BinderMap`s, the service manager gone (Chromium 81-100):
    /// `mojo_base` values are still `base::Value`.
    case binderMap = "binder-map"
    /// As `binder-map`, with `mojo_base` dictionaries and lists typemapped to `base::Value::Dict` and
    /// `base::Value::List` (Chromium 101 on).
    case typedValues = "typed-values"

    public static func < (left: MojoEra, right: MojoEra) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }

    /// The years and what marks the era, as the commands print it.
    public var title: String {
        switch self {
        case .interfaceRegistry: "2016-2017 (InterfacePtr/Binding, InterfaceRegistry, service manifests)"
        case .connector: "2017-2019 (InterfacePtr/Binding, BinderRegistry and Connector, service manifests)"
        case .remote: "2019-2020 (mojo::Remote/Receiver, BinderRegistry, C++ service manifests)"
        case .binderMap: "2020-2021 (mojo::Remote/Receiver, BinderMap, base::Value)"
        case .typedValues: "2022 on (mojo::Remote/Receiver, BinderMap, base::Value::Dict/List)"
        }
    }

    /// Whether code of the era holds `FooPtr` and `mojo::Binding` rather than `mojo::Remote` and `mojo::Receiver`.
    public var usesLegacyAPI: Bool { self < .remote }

    /// Whether the service manager places of the era are the rules' `connector` ones: child threads had lost
    /// `GetRemoteInterfaces()` and bound through their connector.
    public var usesConnectorPlaces: Bool { self == .connector || self == .remote }
}

extension MojoEra {
    /// What one piece of evidence says about a tree's era.
    public enum Sign: Sendable, Hashable {
        /// `base::Value::Dict` and `base::Value::List`, which Mojo's typemap of `mojo_base` values gives: the newest
        /// era.
        case typedValues
        /// `base::ListValue` and `base::DictionaryValue` without the types that replaced them: values of the eras
        /// before, which only the 2020-2021 typemap's `base::Value` converts from and to.
        case untypedValues
        /// `BinderMap` registration: the binder map eras (2020 on).
        case binderMap
        /// `mojo::Remote`, `mojo::Receiver` and their pending ends.
        case currentAPI
        /// `service_manager::BinderRegistry` and `Connector::BindInterface`, the service manager's second form.
        case connector
        /// `InterfacePtr`, `mojo::Binding`, `InterfaceRegistry`, JSON manifest overlays.
        case legacyAPI
    }

    /// Files of Mojo's bindings and of the service manager that a Chromium checkout has or lacks, by era. A
    /// checkout has all the headers of its era, so what it lacks says as much as what it has. A header of
    /// `headerTexts` counts only where it holds that text.
    public static let headers: [(path: String, sign: Sign)] = [
        ("mojo/public/cpp/base/values_mojom_traits.h", .typedValues),
        ("mojo/public/cpp/bindings/binder_map.h", .binderMap),
        ("services/service_manager/public/cpp/binder_map.h", .binderMap),
        ("mojo/public/cpp/bindings/remote.h", .currentAPI),
        ("services/service_manager/public/cpp/binder_registry.h", .connector),
        ("mojo/public/cpp/bindings/interface_ptr.h", .legacyAPI),
    ]

    /// Text a header of `headers` must hold to count: the traits of `mojo_base` values name the C++ types the
    /// typemap gives them, and the file itself is of every era.
    public static let headerTexts: [String: String] = ["mojo/public/cpp/base/values_mojom_traits.h": "base::Value::List"]

    /// Text whose mention in a tree's code (an embedder's, without Chromium's `mojo/`) marks an era: includes and
    /// uses. One ending in a name counts only as a whole name (`base::Value::List`, not `base::Value::ListStorage`).
    /// Each is specific enough not to occur in another era's code (`->GetInterfaceRegistry()` is not part of
    /// `->GetAssociatedInterfaceRegistry()`, which every era has).
    public static let codeMarkers: [(text: String, sign: Sign)] = [
        ("base::Value::Dict", .typedValues),
        ("base::Value::List", .typedValues),
        ("mojo/public/cpp/bindings/binder_map.h", .binderMap),
        ("service_manager/public/cpp/binder_map.h", .binderMap),
        ("mojo::BinderMap", .binderMap),
        ("BinderMapWithContext", .binderMap),
        ("map->Add<", .binderMap),
        ("mojo/public/cpp/bindings/remote.h", .currentAPI),
        ("mojo/public/cpp/bindings/receiver.h", .currentAPI),
        ("mojo/public/cpp/bindings/pending_receiver.h", .currentAPI),
        ("mojo/public/cpp/bindings/pending_remote.h", .currentAPI),
        ("mojo::Remote<", .currentAPI),
        ("mojo::Receiver<", .currentAPI),
        ("mojo::PendingReceiver<", .currentAPI),
        ("mojo::PendingRemote<", .currentAPI),
        ("BindNewPipeAndPassReceiver", .currentAPI),
        ("service_manager/public/cpp/binder_registry.h", .connector),
        ("service_manager::BinderRegistry", .connector),
        ("GetConnector()->BindInterface(", .connector),
        ("GetConnector()->Connect(", .connector),
        ("mojo/public/cpp/bindings/interface_ptr.h", .legacyAPI),
        ("mojo/public/cpp/bindings/binding.h", .legacyAPI),
        ("mojo/public/cpp/bindings/strong_binding.h", .legacyAPI),
        ("mojo/public/cpp/bindings/interface_request.h", .legacyAPI),
        ("InterfacePtr<", .legacyAPI),
        ("mojo::Binding<", .legacyAPI),
        ("mojo::MakeRequest(", .legacyAPI),
        ("MakeStrongBinding(", .legacyAPI),
        ("service_manager/public/cpp/interface_registry.h", .legacyAPI),
        ("shell/public/cpp/interface_registry.h", .legacyAPI),
        ("->GetInterfaceRegistry()", .legacyAPI),
        ("base::DictionaryValue", .untypedValues),
        ("base::ListValue", .untypedValues),
    ]

    /// Endings of file names that mark an era by the file's existence: the service manager's JSON manifest overlays.
    public static let fileMarkers: [(suffix: String, sign: Sign)] = [("_manifest_overlay.json", .legacyAPI)]

    /// What was found of the markers: each header with the folder holding it, each code or file marker with the
    /// first file (in path order) that mentions or matches it.
    public struct Evidence: Sendable, Equatable {
        public var headers: [String: String]
        public var mentions: [String: String]

        public init(headers: [String: String] = [:], mentions: [String: String] = [:]) {
            self.headers = headers
            self.mentions = mentions
        }
    }

    /// An era and what decided it; `basis` nil when nothing did and the era is `fallback`.
    public struct Detection: Sendable, Equatable {
        public var era: MojoEra
        public var basis: String?

        public init(era: MojoEra, basis: String?) {
            self.era = era
            self.basis = basis
        }
    }

    /// A tree that says nothing is taken to build against today's Chromium: its legacy IPC is being migrated to
    /// the API upstream has, and the older forms no longer compile there.
    public static let fallback = MojoEra.typedValues

    /// The era the evidence points to. A checkout's headers decide alone, and what it lacks counts: `remote.h`
    /// without `binder_map.h` is the `remote` era. Code mentions count only where no header was found (an
    /// embedder's tree) and only for what they show: `mojo::Remote` without any `BinderRegistry` or connector use
    /// could be either current era, and is taken as the newer.
    public static func detect(_ evidence: Evidence) -> Detection {
        let (found, places) = markers(in: evidence)
        guard !found.isEmpty else { return Detection(era: fallback, basis: nil) }
        let era = era(of: Set(found.map(\.sign)), fromCheckout: !evidence.headers.isEmpty)
        let checkout = !evidence.headers.isEmpty
        // What made the era, and what a checkout lacks (the newer era's header), which decided too.
        let (deciding, lacking): (Set<Sign>, [String]) = switch era {
        case .typedValues: (checkout ? [.typedValues] : [.typedValues, .binderMap, .currentAPI], [])
        case .binderMap: (checkout ? [.binderMap] : [.binderMap, .currentAPI, .untypedValues], checkout ? ["base::Value::List in values_mojom_traits.h"] : [])
        case .remote: (checkout ? [.currentAPI] : [.currentAPI, .connector], ["binder_map.h"])
        case .connector: ([.connector], ["remote.h"])
        case .interfaceRegistry: ([.legacyAPI], ["remote.h", "binder_registry.h"])
        }
        // Marker order, so that the text does not depend on the order files were read in; two say enough on a line.
        // The Mojo use first, then the values that made it the older of the two current eras.
        let mojo = found.filter { deciding.contains($0.sign) && $0.sign != .untypedValues }.prefix(2)
        let values = found.filter { $0.sign == .untypedValues && deciding.contains($0.sign) }.prefix(mojo.isEmpty ? 2 : 1)
        let shown = (mojo + values).map { "\($0.marker) in \(places[$0.marker]!)" }
        return Detection(era: era, basis: (shown + (checkout ? lacking.map { "no " + $0 } : [])).joined(separator: ", "))
    }

    /// The era nearest the evidence among those whose code uses the legacy API or not, as `--mojo-api` asks: the
    /// detected one when it does; else, for the legacy API, `connector` where the tree shows a `BinderRegistry` or
    /// connector (a 2020 checkout still has `binder_registry.h`), otherwise `interface-registry`; for the current
    /// API, `binder-map`.
    public static func era(of evidence: Evidence, legacyAPI: Bool) -> MojoEra {
        let detected = detect(evidence).era
        guard detected.usesLegacyAPI != legacyAPI else { return detected }
        guard legacyAPI else { return .binderMap }
        return markers(in: evidence).found.contains { $0.sign == .connector } ? .connector : .interfaceRegistry
    }

    /// The markers found, in the order of `headers`, or of `codeMarkers` then `fileMarkers`, with where each was:
    /// the headers when a checkout has any, else the code's mentions.
    private static func markers(in evidence: Evidence) -> (found: [(marker: String, sign: Sign)], places: [String: String]) {
        if !evidence.headers.isEmpty {
            return (headers.filter { evidence.headers[$0.path] != nil }.map { ($0.path, $0.sign) }, evidence.headers)
        }
        let all = codeMarkers.map { ($0.text, $0.sign) } + fileMarkers.map { ($0.suffix, $0.sign) }
        return (all.filter { evidence.mentions[$0.0] != nil }.map { ($0.0, $0.1) }, evidence.mentions)
    }

    /// A checkout's headers say all; an embedder's code shows what it uses, and the newest era that fits is taken.
    /// The values decide between the two binder map eras only: `base::Value::Dict` or `List` says `typed-values`;
    /// `base::ListValue` or `base::DictionaryValue` without them says `binder-map` (CEF 91), as those alone do; a
    /// checkout's binder map without typed values traits is `binder-map`. Older Mojo evidence keeps its era.
    private static func era(of signs: Set<Sign>, fromCheckout: Bool) -> MojoEra {
        let current: MojoEra = signs.contains(.typedValues) ? .typedValues : fromCheckout || signs.contains(.untypedValues) ? .binderMap : .typedValues
        if signs.contains(.binderMap) { return current }
        if signs.contains(.currentAPI) { return fromCheckout || signs.contains(.connector) ? .remote : current }
        if signs.contains(.connector) { return .connector }
        return signs.contains(.legacyAPI) ? .interfaceRegistry : current
    }
}
