import Foundation
import MojifyCore

/// The drill-down of every message as compact JSON in a `<script type="application/json">` data block, which the
/// page's script turns into DOM nodes with `textContent` only. Rendering thousands of drill-downs as HTML would
/// make the page several times larger; this keeps a Chromium-size report at a few MB.
enum DrillDownData {
    /// What the message table's row does not already say (name, class, kind, direction and status are read from it).
    struct Message: Encodable {
        var owner: String?
        var notes: String?
        var bug: String?
        var claimedOn: String?
        var updatedOn: String?
        /// Where the ledger last saw a message that is no longer in the tree.
        var lastSeen: String?
        var interface: String?
        var method: String?
        var skipReason: String?
        var definitions: [Definition]
        var handlers: [Site]
        var senders: [Site]
        /// Other uses of the message's class; absent when none, as for most messages.
        var references: [Site]?
        var unmapped: [String]?
        var banned: [String]?
        var findings: [Finding]?

        enum CodingKeys: String, CodingKey {
            case owner = "o", notes = "t", bug = "g", claimedOn = "cl", updatedOn = "up", lastSeen = "w", interface = "i", method = "m", skipReason = "sk"
            case definitions = "def", handlers = "h", senders = "snd", references = "ref", unmapped = "u", banned = "b", findings = "f"
        }
    }

    /// Kind and sync are the message's (the table row says them); the macro is the start of `source`.
    struct Definition: Encodable {
        var file: Int
        var line: Int
        var exportMacro: String?
        var conditions: [String]?
        var patch: String?
        var source: String
        /// `[name or "", type, resolved type if any]`.
        var inputs: [[String]]
        var outputs: [[String]]

        enum CodingKeys: String, CodingKey {
            case file = "f", line = "l", exportMacro = "e", conditions = "if", patch = "p", source = "src", inputs = "a", outputs = "r"
        }
    }

    /// `[file index, line, function or "", remarks...]` as a heterogeneous array.
    struct Site: Encodable {
        var file: Int
        var line: Int
        var function: String
        var remarks: [String]

        func encode(to encoder: Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(file)
            try container.encode(line)
            try container.encode(function)
            for remark in remarks { try container.encode(remark) }
        }
    }

    struct Finding: Encodable {
        var severity: String
        var rule: String
        var message: String
        var file: Int
        var line: Int

        enum CodingKeys: String, CodingKey {
            case severity = "v", rule = "r", message = "m", file = "f", line = "l"
        }
    }

    /// The data block's JSON, safe to place between `<script type="application/json">` and `</script>`.
    /// `{"files": [...], "messages": [...]}` with short keys, and file paths as indexes into `files`, because a
    /// large tree repeats both thousands of times. One message per line, so that two reports diff line by line.
    static func json(_ messages: [MessageEntry]) throws -> String {
        var files = FileTable()
        let encoded = messages.map { message($0, files: &files) }
        func text(_ value: some Encodable) throws -> String { String(decoding: try StableJSON.encode(value, compact: true), as: UTF8.self) }
        let lines = try encoded.map { try text($0) }
        let json = "{\"files\":\(try text(files.names)),\"messages\":[\n" + lines.joined(separator: ",\n") + "\n]}"
        return ScriptJSON.neutralise(json)
    }

    private struct FileTable {
        var names: [String] = []
        var indexes: [String: Int] = [:]

        mutating func index(_ file: String) -> Int {
            if let index = indexes[file] { return index }
            names.append(file)
            indexes[file] = names.count - 1
            return names.count - 1
        }
    }

    private static func parameter(_ parameter: Parameter) -> [String] {
        [parameter.name ?? "", parameter.type] + (parameter.resolvedType.map { [$0] } ?? [])
    }

    private static func message(_ entry: MessageEntry, files: inout FileTable) -> Message {
        func sites(_ list: [CodeSite]) -> [Site] {
            list.map { Site(file: files.index($0.location.file), line: $0.location.line, function: $0.function ?? "", remarks: $0.remarks) }
        }
        let definitions = entry.definitions.map { definition in
            Definition(
                file: files.index(definition.location.file), line: definition.location.line, exportMacro: definition.exportMacro,
                conditions: definition.conditions.isEmpty ? nil : ReportModelBuilder.conditionRemarks(definition.conditions),
                patch: definition.patch.map { "\($0.change == .added ? "adds" : "relies on") \($0.targetFile):\($0.targetLine)" },
                source: definition.source,
                inputs: definition.inputs.map(parameter), outputs: definition.outputs.map(parameter)
            )
        }
        func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        return Message(
            owner: entry.owner, notes: nonEmpty(entry.ledger?.notes), bug: nonEmpty(entry.ledger?.bug),
            claimedOn: nonEmpty(entry.ledger?.claimedOn), updatedOn: nonEmpty(entry.ledger?.updatedOn),
            lastSeen: entry.definitions.isEmpty ? entry.location.map { "\($0.file):\($0.line)" } : nil,
            interface: entry.proposal?.interface, method: entry.proposal?.methodText, skipReason: entry.skipReason, definitions: definitions,
            handlers: sites(entry.handlers), senders: sites(entry.senders),
            references: entry.references.isEmpty ? nil : sites(entry.references),
            unmapped: entry.unmappedTypes.isEmpty ? nil : entry.unmappedTypes,
            banned: entry.bannedTypes.isEmpty ? nil : entry.bannedTypes,
            findings: entry.findings.isEmpty ? nil : entry.findings.map { finding in
                Finding(severity: finding.severity.rawValue, rule: finding.ruleID, message: finding.message,
                        file: files.index(finding.location.file), line: finding.location.line)
            }
        )
    }
}

/// JSON that can sit inside a `<script>` element: `<`, `>` and `&` (so neither `</script>` nor `<!--` can end or
/// change the element) and U+2028/U+2029 (line terminators in older JavaScript) become `\u` escapes. These
/// characters only ever occur inside JSON strings, where the escapes mean the same characters.
enum ScriptJSON {
    static func neutralise(_ json: String) -> String {
        json.replacingScalars { scalar in
            switch scalar {
            case "<": "\\u003c"
            case ">": "\\u003e"
            case "&": "\\u0026"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            default: nil
            }
        }
    }
}
