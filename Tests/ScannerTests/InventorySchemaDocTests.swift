import Foundation
import MojifyCore
import MojifyTestSupport
import XCTest

/// Docs/inventory-schema.md describes what `scan --format json` writes: every field of the inventory's model, at
/// every level, must be named where the document describes its object, with a `?` when it may be absent. A field
/// the document does not name (as `toolVersion` and `comment` were) fails here.
final class InventorySchemaDocTests: XCTestCase {
    /// Where the document describes each type of the model: a paragraph that starts with the name and a colon, or
    /// with it in bold; the inventory itself is the table of top-level keys, its stats that table's `stats` row.
    private static let sections: [String: String] = [
        "Inventory": "", "ScanStats": "stats",
        "SourceLocation": "Location", "Conditions": "Conditions", "PatchOrigin": "Patch", "Parameter": "Parameter",
        "MessageDefinition": "Message", "IPCStruct": "Struct", "IPCStruct.Member": "Struct", "StructTraits": "StructTraits",
        "EnumTraits": "EnumTraits", "TypeDefinition": "TypeDefinition", "TypeDefinition.Enumerator": "TypeDefinition",
        "TypeDefinition.Field": "TypeDefinition", "MessageMap": "MessageMap", "MessageHandler": "Handler", "Sender": "Sender",
        "MessageReference": "Reference", "Diagnostic": "Diagnostic", "NotRead<UnreadFileReason>": "UnreadFile",
        "NotRead<SkippedFolderReason>": "SkippedFolder",
    ]

    /// An inventory in which every optional field is set and every list holds something, so that its mirror shows
    /// every field of every type.
    private func everyField() -> Inventory {
        let location = SourceLocation(file: "a_messages.h", line: 1, column: 1)
        let conditions = Conditions(stack: ["defined(OS_WIN)"], disabled: false, activeInBuild: true)
        let patch = PatchOrigin(targetFile: "a.h", targetLine: 1, change: .added)
        let parameter = Parameter(type: "int", name: "id", resolvedType: "int")
        let message = MessageDefinition(
            name: "FooMsg_Bar", messageClass: "FooMsgStart", kind: .routed, isSync: true, inputs: [parameter], outputs: [parameter],
            macro: "IPC_SYNC_MESSAGE_ROUTED1_1", exportMacro: "EXPORT", conditions: conditions, location: location, source: "...",
            patch: patch, comment: "Does it."
        )
        var sender = Sender(message: "FooMsg_Bar", function: "F", conditions: conditions, location: location, patch: patch, conditional: true, blocksAfter: true)
        sender.reachedFrom = ["Foo::OnBar"]
        var inventory = Inventory(
            messages: [message],
            structs: [IPCStruct(name: "S", parent: "P", members: [IPCStruct.Member(type: "int", name: "m", defaultValue: "0", location: location, comment: "M.")],
                                messageClass: "FooMsgStart", conditions: conditions, location: location, patch: patch, comment: "S.")],
            structTraits: [StructTraits(type: "T", members: ["m"], parents: ["P"], conditions: conditions, location: location, patch: patch,
                                        messageClass: "FooMsgStart", memberLocations: [location])],
            enumTraits: [EnumTraits(type: "E", macro: "IPC_ENUM_TRAITS_MIN_MAX_VALUE", minValue: "0", maxValue: "1", validation: "v",
                                    conditions: conditions, location: location, patch: patch, messageClass: "FooMsgStart")],
            typeDefinitions: [TypeDefinition(name: "E", kind: .enumeration, enumerators: [.init(name: "kA", value: 0)],
                                             fields: [.init(name: "f", type: "int", comment: "F.")], location: location)],
            messageMaps: [MessageMap(macro: "IPC_BEGIN_MESSAGE_MAP", handlerClass: "Foo", function: "Foo::OnMessageReceived",
                                     handlers: [MessageHandler(macro: "IPC_MESSAGE_FORWARD", wrapper: "MY_HANDLER", message: "FooMsg_Bar", method: "OnBar",
                                                               target: "this", delayReply: false, conditions: conditions, location: location)],
                                     conditions: conditions, location: location, patch: patch)],
            senders: [sender],
            diagnostics: [Diagnostic(severity: .warning, location: location, message: "m", hint: "h")]
        )
        inventory.markedFiles = ["a.h"]
        inventory.unreadFiles = [UnreadFile(location: location, reason: .binary, detail: "d")]
        inventory.skippedFolders = [SkippedFolder(location: location, reason: .unlistable, detail: "d")]
        inventory.removedMessages = [message]
        inventory.references = [MessageReference(message: "FooMsg_Bar", member: "ID", function: "F", conditions: conditions, location: location, patch: patch)]
        inventory.overlayHeaders = ["chromium_src/a.h": "a.h"]
        return inventory
    }

    /// The fields of every struct type in `value`, by type name, each with whether it is optional; an optional that
    /// is nil or a collection that is empty hides what it holds, and fails.
    private func fields(of value: Any, path: String = "inventory", into found: inout [String: [String: Bool]]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return XCTFail("\(path) is nil: set it in everyField()") }
            fields(of: wrapped, path: path, into: &found)
        case .collection, .dictionary:
            XCTAssertFalse(mirror.children.isEmpty, "\(path) is empty: put something in it in everyField()")
            for child in mirror.children { fields(of: child.value, path: path + "[]", into: &found) }
        case .struct:
            let type = String(reflecting: Swift.type(of: value)).replacingOccurrences(of: "MojifyCore.", with: "")
            for child in mirror.children {
                guard let label = child.label else { continue }
                found[type, default: [:]][label] = Mirror(reflecting: child.value).displayStyle == .optional
                fields(of: child.value, path: path + "." + label, into: &found)
            }
        default:
            return
        }
    }

    /// The names the document's text for each object gives, `?` kept: what backticks and `{...}` lists hold.
    private func documentedNames(_ document: String) -> [String: Set<String>] {
        var names: [String: Set<String>] = [:]
        let sectionNames = Set(InventorySchemaDocTests.sections.values).subtracting(["", "stats"])
        // A section starts where its name, followed by a colon or in bold, starts a line or a sentence.
        let starts = sectionNames.flatMap { name in
            document.ranges(of: try! Regex("(^|\\n|\\. )(- )?(\(name): |\\*\\*\(name)\\*\\*)")).map { ($0.upperBound, name) }
        }.sorted { $0.0 < $1.0 }
        func words(_ text: Substring) -> Set<String> {
            let quoted = text.matches(of: /`([A-Za-z0-9_]+\??)`/).map { String($0.output.1) }
            let listed = text.matches(of: /\{([^}]*)\}/).flatMap { $0.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            return Set(quoted + listed)
        }
        for (index, (start, name)) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].0 : document.endIndex
            names[name, default: []].formUnion(words(document[start..<end]))
        }
        for row in document.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let key = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            names["", default: []].insert(key + (cells[1].hasSuffix("?") ? "?" : ""))
            if key == "stats" { names["stats"] = words(row) }
        }
        return names
    }

    func testEveryFieldOfTheModelIsDocumented() throws {
        var found: [String: [String: Bool]] = [:]
        fields(of: everyField(), into: &found)
        let document = try String(contentsOfFile: repositoryRoot + "/Docs/inventory-schema.md", encoding: .utf8)
        let documented = documentedNames(document)
        XCTAssertEqual(Set(found.keys).subtracting(InventorySchemaDocTests.sections.keys).sorted(), [], "types the test does not place in the document")
        for (type, fields) in found.sorted(by: { $0.key < $1.key }) {
            guard let section = InventorySchemaDocTests.sections[type] else { continue }
            let names = documented[section] ?? []
            let missing = fields.filter { !names.contains($0.key + ($0.value ? "?" : "")) }.map { $0.key + ($0.value ? "?" : "") }
            XCTAssertEqual(missing.sorted(), [], "\(type) fields the document's \(section.isEmpty ? "table" : section) does not name")
        }
        for (section, values) in [("UnreadFile", UnreadFileReason.allCases.map(\.rawValue)), ("SkippedFolder", SkippedFolderReason.allCases.map(\.rawValue)),
                                  ("Message", RoutingKind.allCases.map(\.rawValue))] {
            XCTAssertEqual(Set(values).subtracting(documented[section] ?? []).sorted(), [], "values \(section) does not name")
        }
    }

    /// The model's encoding writes what its fields say: the keys of the golden inventory are all documented.
    func testEveryTopLevelKeyOfTheExamplesInventoryIsDocumented() throws {
        let golden = try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Tests/ScannerTests/Golden/examples-inventory.json"))
        let keys = try XCTUnwrap(JSONSerialization.jsonObject(with: golden) as? [String: Any]).keys
        let document = try String(contentsOfFile: repositoryRoot + "/Docs/inventory-schema.md", encoding: .utf8)
        let rows = Set(document.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) })
        XCTAssertEqual(Set(keys).subtracting(rows).sorted(), [])
    }
}
