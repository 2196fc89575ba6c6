import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyTestSupport
import XCTest

/// The order-preserving JSON reader, the manifest merge, and how files reach the output folder.
final class ManifestAndWriterTests: XCTestCase {
    func plan() throws -> ConversionPlan {
        try Fixtures.plan([Fixtures.message("FooHostMsg_A", line: 1), Fixtures.message("BarHostMsg_B", kind: .control, line: 2)])
    }

    func testJSONKeepsKeyOrderAndNumbers() throws {
        let text = "{\n  \"z\": 1.50,\n  \"a\": [\n    true,\n    null,\n    \"é\\n\"\n  ],\n  \"m\": {}\n}\n"
        XCTAssertEqual(try JSONParser.parse(text).printed(), text)
    }

    func testJSONErrorsHaveLineAndColumn() {
        let cases: [(String, Int, Int)] = [("{\n  \"a\": 1,\n}", 3, 1), ("{\"a\" 1}", 1, 6), ("[1, 2", 1, 6), ("{\"é\": tru}", 1, 7), ("{} x", 1, 4), ("[01]", 1, 3)]
        for (text, line, column) in cases {
            XCTAssertThrowsError(try JSONParser.parse(text)) { error in
                let syntax = error as? JSONSyntaxError
                XCTAssertEqual(syntax?.line, line, text)
                XCTAssertEqual(syntax?.column, column, text)
            }
        }
    }

    func testMergeAddsOnlyWhatIsMissingAndKeepsTheRest() throws {
        let rules = try Fixtures.rules()
        let existing = """
        {
          "name": "content_browser",
          "display_name": "Browser",
          "interface_provider_specs": {
            "service_manager:connector": {
              "requires": { "*": [ "app" ] },
              "provides": {
                "renderer": [ "zzz.mojom.Existing", "content.mojom.BarHost" ]
              }
            }
          },
          "version": 1.0
        }
        """
        let once = try ManifestMerge.merge(text: existing, path: "m.json", plan: try plan(), rules: rules)
        XCTAssertEqual(once.added, 1)
        // Only the missing spec is inserted, after the last member and indented like it; the rest is untouched.
        XCTAssertEqual(once.text, """
        {
          "name": "content_browser",
          "display_name": "Browser",
          "interface_provider_specs": {
            "service_manager:connector": {
              "requires": { "*": [ "app" ] },
              "provides": {
                "renderer": [ "zzz.mojom.Existing", "content.mojom.BarHost" ]
              }
            },
            "navigation:frame": {
              "provides": {
                "renderer": [
                  "content.mojom.FooHost"
                ]
              }
            }
          },
          "version": 1.0
        }
        """)
        let twice = try ManifestMerge.merge(text: once.text, path: "m.json", plan: try plan(), rules: rules)
        XCTAssertEqual(twice.text, once.text)
        XCTAssertEqual(twice.added, 0)
    }

    func testMergeLeavesEveryOtherByteAlone() throws {
        let rules = try Fixtures.rules()
        // Tabs, CRLF line ends, a \u escape, a one-line list and an empty object, as hand-written manifests have.
        let existing = "\u{FEFF}{\r\n\t\"name\": \"content_browser\",\r\n\t\"display_name\": \"Caf\\u00e9\",\r\n"
            + "\t\"interface_provider_specs\": {\r\n\t\t\"service_manager:connector\": {\r\n\t\t\t\"provides\": {\r\n"
            + "\t\t\t\t\"renderer\": [ \"zzz.mojom.Existing\" ]\r\n\t\t\t}\r\n\t\t},\r\n\t\t\"navigation:frame\": {}\r\n\t}\r\n}\r\n"
        let merged = try ManifestMerge.merge(text: existing, path: "m.json", plan: try plan(), rules: rules)
        XCTAssertEqual(merged.added, 2)
        XCTAssertEqual(merged.text, "\u{FEFF}{\r\n\t\"name\": \"content_browser\",\r\n\t\"display_name\": \"Caf\\u00e9\",\r\n"
            + "\t\"interface_provider_specs\": {\r\n\t\t\"service_manager:connector\": {\r\n\t\t\t\"provides\": {\r\n"
            + "\t\t\t\t\"renderer\": [ \"zzz.mojom.Existing\", \"content.mojom.BarHost\" ]\r\n\t\t\t}\r\n\t\t},\r\n"
            + "\t\t\"navigation:frame\": {\r\n\t\t\t\"provides\": {\r\n\t\t\t\t\"renderer\": [\r\n\t\t\t\t\t\"content.mojom.FooHost\"\r\n"
            + "\t\t\t\t]\r\n\t\t\t}\r\n\t\t}\r\n\t}\r\n}\r\n")
        XCTAssertEqual(try ManifestMerge.merge(text: merged.text, path: "m.json", plan: try plan(), rules: rules).text, merged.text)

        // A manifest on one line grows on that line.
        let oneLine = try ManifestMerge.merge(text: "{\"name\": \"content_browser\"}", path: "m.json", plan: try plan(), rules: rules)
        XCTAssertEqual(oneLine.text, #"{"name": "content_browser", "interface_provider_specs": {"navigation:frame": {"provides": {"renderer": ["content.mojom.FooHost"]}}, "service_manager:connector": {"provides": {"renderer": ["content.mojom.BarHost"]}}}}"#)
        XCTAssertEqual(try JSONParser.parse(oneLine.text), try JSONParser.parse(ManifestOverlayEmitter.emit(try plan(), rules: rules)["manifests/content_browser_manifest_overlay.json"]!))
    }

    func testMergeRefusesInvalidOrUnknownManifests() throws {
        let rules = try Fixtures.rules()
        XCTAssertThrowsError(try ManifestMerge.merge(text: "{\n  \"name\": \"content_browser\",,\n}", path: "m.json", plan: try plan(), rules: rules)) { error in
            XCTAssertEqual(error as? EmitterError, .invalidManifest(path: "m.json", line: 2, column: 29, reason: "expected a key in double quotes"))
        }
        XCTAssertThrowsError(try ManifestMerge.merge(text: "{\"name\": \"ash\"}", path: "m.json", plan: try plan(), rules: rules)) { error in
            XCTAssertTrue("\(error)".contains("content_browser, content_gpu, content_plugin, content_renderer, content_utility"), "\(error)")
        }
    }

    /// Most JSON readers keep the last of two equal keys; mojify would read and edit the first. Refused at any depth.
    func testMergeRefusesDuplicateKeysWithTheirPlace() throws {
        let rules = try Fixtures.rules()
        let cases: [(text: String, line: Int, column: Int, key: String)] = [
            ("{\n  \"name\": \"gpu\",\n  \"name\": \"content_browser\"\n}", 3, 3, "name"),
            ("{\"name\": \"content_browser\",\n \"interface_provider_specs\": {},\n \"interface_provider_specs\": {}}", 3, 2, "interface_provider_specs"),
            ("{\"name\": \"content_browser\", \"x\": [{\"requires\": {\"a\": 1, \"a\": 2}}]}", 1, 57, "a"),
        ]
        for (text, line, column, key) in cases {
            XCTAssertThrowsError(try ManifestMerge.merge(text: text, path: "m.json", plan: try plan(), rules: rules), text) { error in
                guard case let .unusableManifest(path, errorLine, errorColumn, problem)? = error as? EmitterError else { return XCTFail("\(error)") }
                XCTAssertEqual([path, "\(errorLine):\(errorColumn)"], ["m.json", "\(line):\(column)"], text)
                XCTAssertTrue(problem.hasPrefix("the key \"\(key)\" is given a second time in this object (first on line"), problem)
                XCTAssertTrue("\(error)".hasSuffix("merge the two into one; the file was left untouched"), "\(error)")
            }
        }
    }

    func testMergeRefusesValuesOfTheWrongTypeOnTheWayToTheLists() throws {
        let rules = try Fixtures.rules()
        let specs = "{\"name\": \"content_browser\", \"interface_provider_specs\": "
        let cases: [(text: String, column: Int, problem: String)] = [
            ("[1]", 1, "the manifest must be an object"),
            ("{\"name\": 7}", 10, "\"name\" must be a string naming the service"),
            (specs + "[]}", 57, "\"interface_provider_specs\" must be an object"),
            (specs + "{\"navigation:frame\": []}}", 78, "the spec \"navigation:frame\" must be an object"),
            (specs + "{\"navigation:frame\": {\"provides\": \"renderer\"}}}", 91, "\"provides\" of \"navigation:frame\" must be an object"),
            (specs + "{\"navigation:frame\": {\"provides\": {\"renderer\": \"content.mojom.FooHost\"}}}}", 104,
             "the capability \"renderer\" must be a list of interface names"),
            (specs + "{\"navigation:frame\": {\"provides\": {\"renderer\": [\"a.mojom.B\", 3]}}}}", 118,
             "the capability \"renderer\" must list interface names as strings"),
        ]
        for (text, column, problem) in cases {
            XCTAssertThrowsError(try ManifestMerge.merge(text: text, path: "m.json", plan: try plan(), rules: rules), text) { error in
                guard case let .unusableManifest(_, line, errorColumn, message)? = error as? EmitterError else { return XCTFail("\(error)") }
                XCTAssertEqual("\(line):\(errorColumn)", "1:\(column)", text)
                XCTAssertTrue(message.hasPrefix(problem), message)
            }
        }
    }

    func testWriterRefusesHandEditsUnlessForced() throws {
        let scratch = try temporaryFolder()
        let writer = OutputWriter(root: scratch.path)
        let files = ["a/x.mojom": "one\n", "b.json": "{}\n"]
        try writer.write(files, statuses: try writer.plan(files, force: false))
        XCTAssertEqual(try writer.plan(files, force: false).map(\.status), [.unchanged, .unchanged])
        // mojify's own earlier output may be replaced.
        let changed = ["a/x.mojom": "two\n", "b.json": "{}\n"]
        XCTAssertEqual(try writer.plan(changed, force: false).map(\.status), [.updated, .unchanged])
        try writer.write(changed, statuses: try writer.plan(changed, force: false))
        // A hand edit, or a file mojify never wrote, is kept.
        try scratch.write("a/x.mojom", "edited\n")
        try scratch.write("c.gn", "mine\n")
        let next = ["a/x.mojom": "three\n", "b.json": "{}\n", "c.gn": "theirs\n"]
        XCTAssertThrowsError(try writer.plan(next, force: false)) { error in
            XCTAssertEqual(error as? EmitterError, .handEdited(paths: ["a/x.mojom", "c.gn"], root: scratch.path))
        }
        XCTAssertEqual(try scratch.read("a/x.mojom"), "edited\n")
        XCTAssertEqual(try writer.plan(next, force: true).map(\.status), [.updated, .unchanged, .updated])
    }

    func testWriterStaysInsideTheOutputFolder() throws {
        let scratch = try temporaryFolder()
        let outside = try temporaryFolder()
        let writer = OutputWriter(root: scratch.path + "/out")
        XCTAssertThrowsError(try writer.plan(["../escape.mojom": "x"], force: false))
        XCTAssertThrowsError(try writer.plan(["/etc/escape.mojom": "x"], force: false))
        try FileManager.default.createDirectory(atPath: scratch.path + "/out", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/out/link", withDestinationPath: outside.path)
        // Refused while planning, so not even the harmless file that sorts first is written.
        let files = ["a.mojom": "x", "link/deeper/escape.mojom": "x"]
        XCTAssertThrowsError(try writer.plan(files, force: false)) { error in
            XCTAssertEqual(error as? EmitterError, .outputEscapes(path: "link/deeper/escape.mojom", root: scratch.path + "/out"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.path + "/out/a.mojom"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: outside.path + "/deeper"))
        // Writing goes through a linked file, so a link to a file outside is refused too, also by a relative way
        // out; a link to a file inside is written through.
        for (name, destination) in [("abs.mojom", outside.path + "/abs.mojom"), ("rel.mojom", "../../" + outside.path.split(separator: "/").last! + "/rel.mojom")] {
            try FileManager.default.createSymbolicLink(atPath: scratch.path + "/out/" + name, withDestinationPath: destination)
            XCTAssertThrowsError(try writer.plan([name: "x"], force: false), name) { error in
                XCTAssertEqual(error as? EmitterError, .outputEscapes(path: name, root: scratch.path + "/out"))
            }
        }
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/out/inside.mojom", withDestinationPath: "a.mojom")
        try writer.write(["inside.mojom": "y"], statuses: try writer.plan(["inside.mojom": "y"], force: false))
        XCTAssertEqual(try String(contentsOfFile: scratch.path + "/out/a.mojom", encoding: .utf8), "y")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside.path), [])
    }
}
