import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import XCTest

/// `--registry`: each era's way of making interfaces reachable writes its own files, and the comment above every
/// interface names that registration and no other.
final class RegistryFormatTests: XCTestCase {
    /// A routed browser interface, a control browser interface and a routed renderer interface.
    func plan() throws -> ConversionPlan {
        try Fixtures.plan([
            Fixtures.message("ShellViewHostMsg_Navigate", messageClass: "ShellMsgStart", kind: .routed, line: 1),
            Fixtures.message("ShellHostMsg_Quit", messageClass: "ShellMsgStart", kind: .control, line: 2),
            Fixtures.message("ShellViewMsg_Reload", messageClass: "ShellMsgStart", kind: .routed, line: 3),
        ])
    }

    func render(_ format: OutputFormat) throws -> [String: String] {
        try OutputFormat.render(try plan(), rules: try Fixtures.rules(), registry: format)
    }

    func testOnlyRegistryFormatsAreRegistries() {
        XCTAssertEqual(OutputFormat.registries, [.manifest, .cppManifest, .binders, .associated])
        XCTAssertThrowsError(try render(.mojom))
        XCTAssertThrowsError(try render(.gn))
    }

    func testEachFormatWritesItsFilesAndNamesItsRegistrationAboveEachInterface() throws {
        let expectations: [(OutputFormat, files: [String], mark: String, absent: [String])] = [
            (.manifest, ["manifests/content_browser_manifest_overlay.json", "manifests/content_renderer_manifest_overlay.json"],
             "Registration (service manager manifest overlay, 2016-2019)", ["BinderMap", "ManifestBuilder", "associated/"]),
            (.cppManifest, ["manifests/content_browser_manifest.cc", "manifests/content_renderer_manifest.cc"],
             "Registration (C++ service manifest, 2019)", ["overlay", "BinderMap", "associated/"]),
            (.binders, ["binders/browser_binders.cc", "binders/renderer_binders.cc"],
             "Registration (BinderMap, 2020 on)", ["overlay", "C++ service manifest", "associated/"]),
            (.associated, ["associated/browser_associated_interfaces.cc", "associated/renderer_associated_interfaces.cc"],
             "Registration (associated interface, ordered with legacy IPC)", ["overlay", "BinderMap", "generate with --registry associated"]),
        ]
        for (format, files, mark, absent) in expectations {
            let output = try render(format)
            for file in files { XCTAssertNotNil(output[file], "\(format): \(file) in \(output.keys.sorted())") }
            let mojom = try XCTUnwrap(output["content/common/test.mojom"] ?? output.first { $0.key.hasSuffix(".mojom") }?.value)
            // Comments are wrapped; compare their words.
            let words = mojom.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "//", with: "").trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            XCTAssertEqual(words.components(separatedBy: mark).count - 1, 3, "\(format): one registration per interface\n\(mojom)")
            for word in absent { XCTAssertFalse(words.contains(word), "\(format) mentions \(word):\n\(mojom)") }
            XCTAssertNoThrow(try MojomSyntaxChecker.check(mojom), "\(format)")
        }
    }

    func testPlacesComeFromTheRulesOfEachScheme() throws {
        let binders = try render(.binders)
        let browser = try XCTUnwrap(binders["binders/browser_binders.cc"])
        XCTAssertTrue(browser.contains("PopulateFrameBinders()"), browser)
        XCTAssertTrue(browser.contains("map->Add<content::mojom::ShellViewHost>(base::BindRepeating(&BindShellViewHost));"), browser)
        let associated = try render(.associated)
        let renderer = try XCTUnwrap(associated["associated/renderer_associated_interfaces.cc"])
        XCTAssertTrue(renderer.contains("RenderFrame::GetAssociatedInterfaceRegistry()"), renderer)
        XCTAssertTrue(renderer.contains("registry->AddInterface(base::BindRepeating(&BindShellView));  // content::mojom::ShellView"), renderer)
        let manifest = try XCTUnwrap(try render(.cppManifest)["manifests/content_browser_manifest.cc"])
        XCTAssertTrue(manifest.contains("#include \"content/common/test.mojom.h\""), manifest)
        XCTAssertTrue(manifest.contains(".ExposeInterfaceFilterCapability_Deprecated(\n    \"navigation:frame\", \"renderer\",\n    service_manager::Manifest::InterfaceList<\n        content::mojom::ShellViewHost>())"), manifest)
        XCTAssertTrue(manifest.contains(".ExposeCapability(\n    \"renderer\",\n    service_manager::Manifest::InterfaceList<\n        content::mojom::ShellHost>())"), manifest)
    }

    func testRulesWithoutASchemesPlacesStillNameTheScheme() throws {
        let rules = try Fixtures.rules(overriding: """
            processes:
              browser: {service: content_browser, peer: renderer, routed_registry: R, control_registry: C, routed_remotes: RR, control_remotes: CR}
            """)
        let files = try OutputFormat.render(try plan(), rules: rules, registry: .binders)
        let browser = try XCTUnwrap(files["binders/browser_binders.cc"]).replacingOccurrences(of: "\n// ", with: " ")
        XCTAssertTrue(browser.contains("register with the browser process's binder map"), browser)
        XCTAssertThrowsError(try Fixtures.rules(overriding: """
            processes:
              browser: {service: content_browser, peer: renderer, routed_registry: R, control_registry: C, routed_remotes: RR, control_remotes: CR, binders: {routed_registry: X}}
            """)) { error in
            XCTAssertTrue("\(error)".contains("'binders' needs routed_registry, control_registry, routed_remotes, control_remotes"), "\(error)")
        }
    }
}
