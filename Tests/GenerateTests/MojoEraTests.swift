import Foundation
@testable import MojifyApplication
import MojifyConversion
import MojifyEmitters
import MojifyMigration
import MojifyScanner
import MojifyTestSupport
import XCTest

/// The Mojo era of a tree, detected as `generate` and `migrate` detect it (the headers first, else the code the
/// scan's walk lists), and the defaults it gives `--registry` and `--mojo-api`.
final class MojoEraTests: XCTestCase {
    /// A checkout's headers, empty: only their existence counts.
    static func checkout(_ headers: [String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: headers.map { ($0, "") })
    }

    /// The era, registry and API of a run, by their names.
    static func settings(_ target: MojoTarget) -> [String] {
        [target.era.rawValue, target.registry.rawValue, target.api.rawValue]
    }

    static let messages = ["content/common/test_messages.h": "#define IPC_MESSAGE_START TestMsgStart\nIPC_MESSAGE_ROUTED1(TestHostMsg_Ping, int)\n"]

    /// The run's target for a tree of `files` (beside a messages header), scanning `scanned` (a folder of the tree)
    /// with the flags given, as the flows gather it.
    func target(_ files: [String: String], scanned: String = "", upstream: [String: String]? = nil, out: String? = nil,
                registry: OutputFormat? = nil, api: MojoAPI? = nil) throws -> MojoTarget {
        let tree = try temporaryFolder(files: files.merging(Self.messages.mapKeys { (scanned.isEmpty ? "" : scanned + "/") + $0 }) { first, _ in first })
        var scan = ScanOptions(paths: [tree.path + (scanned.isEmpty ? "" : "/" + scanned)])
        if let upstream { scan.upstreamRoots = [try temporaryFolder(files: upstream).path] }
        let probe = EraProbe(scan)
        let evidence = try probe.load(InventoryInput(scan: scan), listing: probe.listing, skipping: out.map { [tree.path + "/" + $0] } ?? []).evidence
        return MojoTarget(evidence: evidence, registry: registry, api: api)
    }

    // MARK: - A checkout's headers

    func testAnInterfacePtrCheckoutIsOfTheInterfaceRegistryEra() throws {
        let target = try target(Self.checkout(["mojo/public/cpp/bindings/interface_ptr.h", "mojo/public/cpp/bindings/binding.h"]))
        XCTAssertEqual(Self.settings(target), ["interface-registry", "manifest", "legacy"])
        XCTAssertEqual(target.summary(withAPI: true), "era: 2016-2017 (InterfacePtr/Binding, InterfaceRegistry, service manifests), from mojo/public/cpp/bindings/interface_ptr.h in the tree, no remote.h, no binder_registry.h: --registry manifest --mojo-api legacy; override with --registry/--mojo-api")
    }

    func testABinderRegistryCheckoutIsOfTheConnectorEra() throws {
        let target = try target(Self.checkout(["mojo/public/cpp/bindings/interface_ptr.h", "services/service_manager/public/cpp/binder_registry.h"]))
        XCTAssertEqual(Self.settings(target), ["connector", "manifest", "legacy"])
        XCTAssertEqual(target.detection.basis, "services/service_manager/public/cpp/binder_registry.h in the tree, no remote.h")
    }

    func testRemoteWithoutBinderMapIsTheRemoteEra() throws {
        let target = try target(Self.checkout([
            "mojo/public/cpp/bindings/interface_ptr.h", "mojo/public/cpp/bindings/remote.h", "services/service_manager/public/cpp/binder_registry.h",
        ]))
        XCTAssertEqual(Self.settings(target), ["remote", "cpp-manifest", "current"])
        XCTAssertEqual(target.detection.basis, "mojo/public/cpp/bindings/remote.h in the tree, no binder_map.h")
    }

    /// A binder map checkout is of the newest era where the traits of `mojo_base` values name `base::Value::List`
    /// (Chromium 101 on), else of the one before, whose lists and dictionaries were `base::Value`.
    func testABinderMapCheckoutIsOfTheNewestEraWhereItsValueTraitsAreTyped() throws {
        let headers = [
            "mojo/public/cpp/bindings/interface_ptr.h", "mojo/public/cpp/bindings/remote.h", "mojo/public/cpp/bindings/binder_map.h",
            "services/service_manager/public/cpp/binder_registry.h",
        ]
        let untyped = try target(Self.checkout(headers).merging(["mojo/public/cpp/base/values_mojom_traits.h": "struct StructTraits<mojo_base::mojom::ListValueDataView, base::Value>;\n"]) { $1 })
        XCTAssertEqual(Self.settings(untyped), ["binder-map", "binders", "current"])
        XCTAssertEqual(untyped.detection.basis, "mojo/public/cpp/bindings/binder_map.h in the tree, no base::Value::List in values_mojom_traits.h")
        let typed = try target(Self.checkout(headers).merging(["mojo/public/cpp/base/values_mojom_traits.h": "struct StructTraits<mojo_base::mojom::ListValueDataView, base::Value::List>;\n"]) { $1 })
        XCTAssertEqual(Self.settings(typed), ["typed-values", "binders", "current"])
        XCTAssertEqual(typed.detection.basis, "mojo/public/cpp/base/values_mojom_traits.h in the tree")
    }

    /// An embedder checked out inside Chromium's `src/` (or a scan of one folder of a checkout), and an embedder
    /// built against an `--upstream-root`: the checkout's headers decide, and the code is not read.
    func testTheHeadersOfAFolderAboveOrOfAnUpstreamRootCount() throws {
        let inside = try target(Self.checkout(["mojo/public/cpp/bindings/interface_ptr.h"]).merging(["electron/atom/a.cc": "mojo::Remote<Foo> foo_;\n"]) { first, _ in first }, scanned: "electron")
        XCTAssertEqual(inside.era, .interfaceRegistry)
        XCTAssertTrue(inside.detection.basis!.hasPrefix("mojo/public/cpp/bindings/interface_ptr.h in /"), inside.summary(withAPI: false))
        let upstream = try target(["atom/a.cc": "\n"], upstream: Self.checkout(["mojo/public/cpp/bindings/remote.h"]))
        XCTAssertEqual(upstream.era, .remote)
        XCTAssertTrue(upstream.detection.basis!.contains("mojo/public/cpp/bindings/remote.h in --upstream-root /"), upstream.summary(withAPI: false))
    }

    // MARK: - An embedder's code

    func testAnEmbedderTreeWithoutMojoIsReadFromItsCode() throws {
        let legacy = try target(["atom/renderer/api.cc": "#include \"mojo/public/cpp/bindings/binding.h\"\nvoid F() { GetRemoteInterfaces()->GetInterface(mojo::MakeRequest(&ptr_)); }\n"])
        XCTAssertEqual(legacy.era, .interfaceRegistry)
        XCTAssertEqual(legacy.detection.basis, "mojo/public/cpp/bindings/binding.h in atom/renderer/api.cc, mojo::MakeRequest( in atom/renderer/api.cc")

        let connector = try target([
            "src/core/client.cpp": "#include \"mojo/public/cpp/bindings/binding.h\"\n",
            "src/core/renderer.cpp": "auto registry = std::make_unique<service_manager::BinderRegistry>();\n",
        ])
        XCTAssertEqual(connector.era, .connector)
        XCTAssertEqual(connector.detection.basis, "service_manager::BinderRegistry in src/core/renderer.cpp")

        // The current API with the service manager's connector is the remote era; without, either current era.
        let remote = try target(["a/b.cc": "mojo::Remote<Foo> foo_;\nvoid F() { GetConnector()->Connect(kName, foo_.BindNewPipeAndPassReceiver()); }\n"])
        XCTAssertEqual(remote.era, .remote)
        XCTAssertEqual(try target(["a/b.cc": "mojo::Remote<Foo> foo_;\n"]).era, .typedValues)
        XCTAssertEqual(try target(["a/b.cc": "void Populate(mojo::BinderMap* map) {}\n", "a/c.cc": "InterfacePtr<Foo> foo_;\n"]).era, .typedValues)
        // base::Value::Dict and List came with the typemap that gives them; code holding base::ListValue or
        // base::DictionaryValue and neither of those is of the era before (CEF 91), and so are those alone.
        let typed = try target(["a/b.cc": "void Populate(mojo::BinderMap* map) {}\n", "a/c.cc": "base::Value::Dict dict;\nbase::ListValue list;\n"])
        XCTAssertEqual(typed.era, .typedValues)
        XCTAssertEqual(typed.detection.basis, "base::Value::Dict in a/c.cc, mojo::BinderMap in a/b.cc")
        let untyped = try target(["a/b.cc": "void Populate(mojo::BinderMap* map) {}\nmojo::Remote<Foo> foo_;\n", "a/c.cc": "base::ListValue list;\n"])
        XCTAssertEqual(untyped.era, .binderMap)
        XCTAssertEqual(untyped.detection.basis, "mojo::BinderMap in a/b.cc, mojo::Remote< in a/b.cc, base::ListValue in a/c.cc")
        XCTAssertEqual(try target(["a/b.cc": "mojo::Remote<Foo> foo_;\n", "a/c.cc": "base::DictionaryValue dict;\n"]).era, .binderMap)
        // Whole names only: ListStorage was base::Value's before base::Value::List; older Mojo evidence keeps its era.
        XCTAssertEqual(try target(["a/b.cc": "mojo::InterfacePtr<Foo> foo_;\n", "a/c.cc": "base::Value::ListStorage list;\n"]).era, .interfaceRegistry)
        XCTAssertEqual(try target(["a/b.cc": "mojo::Remote<Foo> foo_;\nbase::ListValue l;\n", "a/c.cc": "base::Value::DictStorage d;\n"]).era, .binderMap)
        XCTAssertEqual(try target(["a/b.cc": "mojo::InterfacePtr<Foo> foo_;\n", "a/c.cc": "base::Value::Dict dict;\n"]).era, .interfaceRegistry)
        let valuesAlone = try target(["a/c.cc": "void F(const base::ListValue& list);\n"])
        XCTAssertEqual(valuesAlone.era, .binderMap)
        XCTAssertEqual(valuesAlone.detection.basis, "base::ListValue in a/c.cc")

        // The service manager's JSON manifest overlays mark the first eras by their names.
        XCTAssertEqual(try target(["libcef/common/api/browser_manifest_overlay.json": "{}\n"]).era, .interfaceRegistry)
    }

    func testNothingTellsAndTodaysChromiumIsAssumed() throws {
        let target = try target(["atom/browser/api.cc": "// Uses legacy IPC only; mojo comes later.\n"])
        XCTAssertEqual(Self.settings(target), ["typed-values", "binders", "current"])
        XCTAssertNil(target.detection.basis)
        XCTAssertTrue(target.summary(withAPI: false).hasPrefix("era: 2022 on (mojo::Remote/Receiver, BinderMap, base::Value::Dict/List), assumed today's Chromium (no Mojo bindings header"), target.summary(withAPI: false))
        XCTAssertTrue(target.summary(withAPI: false).hasSuffix(": --registry binders; override with --registry"), target.summary(withAPI: false))
    }

    /// What mojify wrote into its output folder (a draft in the current API) is not the tree's.
    func testTheOutputFolderIsNoEvidence() throws {
        let files = ["atom/a.cc": "#include \"mojo/public/cpp/bindings/interface_ptr.h\"\n", "gen/atom/a_impl.cc": "mojo::Remote<Foo> foo_;\nmojo::BinderMap map;\n"]
        XCTAssertEqual(try target(files, out: "gen").era, .interfaceRegistry)
        XCTAssertEqual(try target(files).era, .typedValues)
    }

    // MARK: - Flags

    func testFlagsOverrideTheEraDefaults() throws {
        let checkout = Self.checkout(["mojo/public/cpp/bindings/interface_ptr.h"])
        let registry = try target(checkout, registry: .associated)
        XCTAssertEqual(Self.settings(registry), ["interface-registry", "associated", "legacy"])
        XCTAssertTrue(registry.summary(withAPI: true).hasSuffix(": --registry associated (given) --mojo-api legacy; override with --registry/--mojo-api"))

        // An API the era does not use picks the nearest era that does, and that era's registry.
        let current = try target(checkout, api: .current)
        XCTAssertEqual(Self.settings(current), ["binder-map", "binders", "current"])
        XCTAssertEqual(current.detection.era, .interfaceRegistry)
        XCTAssertTrue(current.summary(withAPI: true).hasPrefix("era: 2020-2021 (mojo::Remote/Receiver, BinderMap, base::Value), as --mojo-api current asks (the tree: 2016-2017"), current.summary(withAPI: true))
        let legacy = try target(["atom/a.cc": "\n"], api: .legacy)
        XCTAssertEqual(Self.settings(legacy), ["interface-registry", "manifest", "legacy"])
        let connector = try target(Self.checkout(["mojo/public/cpp/bindings/remote.h", "services/service_manager/public/cpp/binder_registry.h"]), api: .legacy)
        XCTAssertEqual(connector.era, .connector)
    }
}

private extension Dictionary where Key == String {
    func mapKeys(_ transform: (String) -> String) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: map { (transform($0.key), $0.value) })
    }
}
