import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import MojifyTestSupport
import XCTest

/// A property test over random hostile inventories: whatever text scanned code carries in its file names, message
/// names, parameter comments, types and `#if` conditions, every generated path is safe, every mojom file parses,
/// and GN parses every BUILD.gn into nothing but `import()` and `mojom()` calls with plain strings.
/// Bounded by a fixed count of cases (`propertyCases`).
final class GeneratedOutputPropertyTests: XCTestCase {
    static let hostilePieces = [
        "\"", "$", "\\", "\n", "\r", "\t", " ", "#", "//", "/*", "*/", "{", "}", "[", "]", ";", ",", "(", ")", "<", ">",
        "..", ".", "/", "+", "=", "'", "`", "exec_script(\"pwn.py\")", "$root_out_dir", "\u{202E}", "\u{1B}[2J", "\u{0}",
        "\u{2028}", "é", "名", "Msg_", "HostMsg_", "_messages.h", "import", "interface", "module",
    ]
    static let plainPieces = ["foo", "Bar", "frame", "Host", "7", "_", "content", "common", "x"]

    func text(_ random: inout SeededGenerator, pieces: Int) -> String {
        (0 ..< pieces).map { _ in Int.random(in: 0 ..< 3, using: &random) == 0 ? Self.hostilePieces.randomElement(using: &random)! : Self.plainPieces.randomElement(using: &random)! }.joined()
    }

    func below(_ bound: Int, _ random: inout SeededGenerator) -> Int {
        Int.random(in: 0 ..< bound, using: &random)
    }

    func pick(_ items: [String], _ random: inout SeededGenerator) -> String {
        items.randomElement(using: &random)!
    }

    func inventory(_ random: inout SeededGenerator) -> Inventory {
        let header = (0 ..< 1 + below(3, &random)).map { _ in text(&random, pieces: 1 + below(4, &random)) }.joined(separator: "/") + "_messages.h"
        let messageClass = below(4, &random) == 0 ? text(&random, pieces: 2) : "PwnMsgStart"
        let messages = (0 ..< 1 + below(4, &random)).map { index in
            Fixtures.message(
                pick(["PwnHostMsg_", "PwnMsg_", ""], &random) + text(&random, pieces: 1 + below(3, &random)),
                messageClass: messageClass, kind: below(2, &random) == 0 ? .routed : .control, sync: below(4, &random) == 0,
                inputs: (0 ..< below(3, &random)).map { _ in
                    Parameter(type: pick(["int", "std::string", "std::vector<", "GURL", ""], &random) + text(&random, pieces: below(3, &random)), name: text(&random, pieces: 2))
                },
                line: index + 1,
                conditions: below(3, &random) == 0 ? (0 ..< 1 + below(2, &random)).map { _ in pick(["BUILDFLAG(", "defined(", "!(BUILDFLAG(", "!("], &random) + text(&random, pieces: 2) + ")" } : [],
                file: header
            )
        }
        return Inventory(messages: messages)
    }

    func testHostileInventoriesNeverInjectIntoGeneratedFiles() throws {
        let cases = propertyCases(default: 150)
        let rules = try Fixtures.rules()
        let gn = try XCTUnwrap(["/usr/bin/gn", "/usr/local/bin/gn"].first { FileManager.default.isExecutableFile(atPath: $0) }, "gn is not installed; run .ci/setup")
        var random = SeededGenerator(seed: 20_261_123)
        for number in 0 ..< cases {
            let inventory = inventory(&random)
            let plan = try ConversionPlan.make(inventory: inventory, rules: rules)
            var files = try OutputFormat.render(plan, rules: rules, registry: .manifest)
            files.merge(try OutputFormat.render(plan, rules: rules, registry: .binders)) { first, _ in first }
            let context = "case \(number): \(inventory.messages.map { "\($0.location.file.debugDescription) \($0.name.debugDescription)" })"
            for (path, text) in files {
                XCTAssertTrue(SafeName.isSafePath(path), "\(context): unsafe path \(path.debugDescription)")
                XCTAssertFalse(text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.properties.generalCategory == .format }, "\(context): \(path)")
                XCTAssertFalse(text.split(separator: "\n").contains { $0.hasSuffix("\\") }, "\(context): \(path) has a line continuation")
                if path.hasSuffix(".mojom") { XCTAssertNoThrow(try MojomSyntaxChecker.check(text), "\(context): \(path)\n\(text)") }
                if path.hasSuffix(".json") { XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)), "\(context): \(path)") }
                if path.hasSuffix("BUILD.gn") { try checkGN(text, gn: gn, context: "\(context): \(path)") }
            }
        }
    }

    /// GN's own parse tree: only `import` and `mojom` calls, and no string that expands a variable.
    func checkGN(_ text: String, gn: String, context: String) throws {
        let output = try RunningProcess(URL(fileURLWithPath: gn), ["format", "--stdin", "--dump-tree=json"], input: text).finish()
        // The tree comes first, its closing brace alone on a line; the formatted file follows it.
        let dump = output.stdout
        let treeText = dump.range(of: "\n}\n").map { String(dump[..<$0.upperBound]) } ?? dump
        guard output.status == 0, let tree = try? JSONSerialization.jsonObject(with: Data(treeText.utf8)) else {
            return XCTFail("\(context): GN cannot parse it (status \(output.status)):\n\(text)\n\(dump.prefix(300))")
        }
        var functions: Set<String> = []
        var expanding: [String] = []
        func walk(_ node: Any) {
            guard let node = node as? [String: Any] else { return }
            if node["type"] as? String == "FUNCTION", let name = node["value"] as? String { functions.insert(name) }
            if node["type"] as? String == "LITERAL", let value = node["value"] as? String,
               value.range(of: #"(^|[^\\])(\\\\)*\$"#, options: .regularExpression) != nil {
                expanding.append(value)
            }
            (node["child"] as? [Any])?.forEach(walk)
        }
        walk(tree)
        XCTAssertTrue(functions.isSubset(of: ["import", "mojom"]), "\(context): calls \(functions.sorted())\n\(text)")
        XCTAssertEqual(expanding, [], "\(context): strings that expand variables\n\(text)")
    }
}
