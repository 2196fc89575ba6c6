import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import XCTest

/// A property test over random hostile inventories: whatever text scanned code carries in its file names, message
/// names, parameter comments, types and `#if` conditions, every generated path is safe, every mojom file parses,
/// and GN parses every BUILD.gn into nothing but `import()` and `mojom()` calls with plain strings.
/// Bounded by a fixed count of cases; `MOJIFY_PROPERTY_CASES` raises it for a longer local run.
final class GeneratedOutputPropertyTests: XCTestCase {
    /// SplitMix64: the same cases on every machine, so a failure reproduces.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let hostilePieces = [
        "\"", "$", "\\", "\n", "\r", "\t", " ", "#", "//", "/*", "*/", "{", "}", "[", "]", ";", ",", "(", ")", "<", ">",
        "..", ".", "/", "+", "=", "'", "`", "exec_script(\"pwn.py\")", "$root_out_dir", "\u{202E}", "\u{1B}[2J", "\u{0}",
        "\u{2028}", "é", "名", "Msg_", "HostMsg_", "_messages.h", "import", "interface", "module",
    ]
    static let plainPieces = ["foo", "Bar", "frame", "Host", "7", "_", "content", "common", "x"]

    func text(_ random: inout Random, pieces: Int) -> String {
        (0 ..< pieces).map { _ in random.below(3) == 0 ? random.pick(Self.hostilePieces) : random.pick(Self.plainPieces) }.joined()
    }

    func inventory(_ random: inout Random) -> Inventory {
        let header = (0 ..< 1 + random.below(3)).map { _ in text(&random, pieces: 1 + random.below(4)) }.joined(separator: "/") + "_messages.h"
        let messageClass = random.below(4) == 0 ? text(&random, pieces: 2) : "PwnMsgStart"
        let messages = (0 ..< 1 + random.below(4)).map { index in
            Fixtures.message(
                random.pick(["PwnHostMsg_", "PwnMsg_", ""]) + text(&random, pieces: 1 + random.below(3)),
                messageClass: messageClass, kind: random.below(2) == 0 ? .routed : .control, sync: random.below(4) == 0,
                inputs: (0 ..< random.below(3)).map { _ in
                    Parameter(type: random.pick(["int", "std::string", "std::vector<", "GURL", ""]) + text(&random, pieces: random.below(3)), name: text(&random, pieces: 2))
                },
                line: index + 1,
                conditions: random.below(3) == 0 ? [random.pick(["BUILDFLAG(", "defined(", "!("]) + text(&random, pieces: 2) + ")"] : [],
                file: header
            )
        }
        return Inventory(messages: messages)
    }

    func testHostileInventoriesNeverInjectIntoGeneratedFiles() throws {
        let cases = Int(ProcessInfo.processInfo.environment["MOJIFY_PROPERTY_CASES"] ?? "") ?? 150
        let rules = try Fixtures.rules()
        let gn = try XCTUnwrap(["/usr/bin/gn", "/usr/local/bin/gn"].first { FileManager.default.isExecutableFile(atPath: $0) }, "gn is not installed; run .ci/setup")
        var random = Random(state: 20_261_123)
        for number in 0 ..< cases {
            let inventory = inventory(&random)
            let plan = try ConversionPlan.make(inventory: inventory, rules: rules)
            var files = try GenerateRun.render(plan, rules: rules, registry: .manifest)
            files.merge(try GenerateRun.render(plan, rules: rules, registry: .binders)) { first, _ in first }
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gn)
        process.arguments = ["format", "--stdin", "--dump-tree=json"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // The tree comes first, its closing brace alone on a line; the formatted file follows it.
        let dump = String(decoding: data, as: UTF8.self)
        let treeText = dump.range(of: "\n}\n").map { String(dump[..<$0.upperBound]) } ?? dump
        guard process.terminationStatus == 0, let tree = try? JSONSerialization.jsonObject(with: Data(treeText.utf8)) else {
            return XCTFail("\(context): GN cannot parse it (status \(process.terminationStatus)):\n\(text)\n\(String(decoding: data.prefix(300), as: UTF8.self))")
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
