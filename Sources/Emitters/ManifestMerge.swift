import Foundation
import MojifyConversion

/// Adds interface entries to a service manifest (`interface_provider_specs` -> spec -> `provides` -> capability
/// -> list), keeping every existing key, value and order; adding what is there already changes nothing.
public enum ManifestMerge {
    /// The keys from the manifest's top level down to the list that holds an entry's interface.
    private static func path(of entry: RegistryEntry) -> [String] {
        ["interface_provider_specs", entry.spec, "provides", entry.capability]
    }

    /// Adds the entries to a manifest value, creating the objects on the way as needed.
    static func add(_ entries: [RegistryEntry], to manifest: inout JSONValue) {
        for entry in entries {
            manifest = updated(manifest, path: path(of: entry)) { list in
                guard case var .array(items) = list ?? .array([]) else { return list! }
                if !items.contains(.string(entry.interface)) { items.append(.string(entry.interface)) }
                return .array(items)
            }
        }
    }

    /// `value` with the member at `path` replaced by `change(old)`; a non-object on the way is left alone.
    private static func updated(_ value: JSONValue, path: [String], change: (JSONValue?) -> JSONValue) -> JSONValue {
        guard let key = path.first else { return change(value) }
        guard case var .object(members) = value else { return value }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            members[index].1 = updated(members[index].1, path: Array(path.dropFirst()), change: change)
        } else {
            members.append((key, path.count == 1 ? change(nil) : updated(.object([]), path: Array(path.dropFirst()), change: change)))
        }
        return .object(members)
    }

    /// Merges the plan's entries for the manifest's service (its `name`) into the file's text by inserting only
    /// the missing entries: every other byte (spacing, escapes, key order, line endings) stays as it was, and the
    /// result equals `text` when nothing was missing.
    public static func merge(text: String, path: String, plan: ConversionPlan, rules: ConversionRules) throws -> (text: String, added: Int) {
        var bytes = Array(text.utf8)
        var root: JSONNode
        do {
            root = try JSONParser.parseNode(bytes)
        } catch let syntax as JSONSyntaxError {
            throw EmitterError.invalidManifest(path: path, line: syntax.line, column: syntax.column, reason: syntax.message)
        }
        try check(root, bytes: bytes, path: path)
        let known = rules.processes.values.map(\.service).sorted()
        guard case let .object(members) = root.content,
              case let .scalar(.string(service))? = members.first(where: { $0.key == "name" })?.value.content,
              let process = rules.processes.first(where: { $0.value.service == service })?.key
        else {
            throw EmitterError.manifestWithoutService(path: path, known: known)
        }
        var added = 0
        for entry in RegistryEntry.all(plan, rules: rules) where entry.process == process {
            guard let edit = insertion(of: entry, into: root, layout: TextLayout(bytes)) else { continue }
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
            added += 1
            // The inserted text is valid JSON in a valid document, so this cannot fail.
            root = try JSONParser.parseNode(bytes)
        }
        return added == 0 ? (text, 0) : (String(decoding: bytes, as: UTF8.self), added)
    }

    /// Refuses a manifest that other JSON readers would read differently from mojify, or whose entries mojify
    /// could not add without losing some: a key given twice in one object (mojify would read and edit the first,
    /// most readers keep only the last), and, on the way to the interface lists, a value of the wrong type.
    private static func check(_ root: JSONNode, bytes: [UInt8], path: String) throws {
        func refuse(_ node: JSONNode, at offset: Int? = nil, _ problem: String) -> EmitterError {
            let place = JSONParser.lineAndColumn(of: offset ?? node.start, in: bytes)
            return .unusableManifest(path: path, line: place.line, column: place.column, problem: problem)
        }
        func checkUniqueKeys(_ node: JSONNode) throws {
            switch node.content {
            case let .object(members):
                var firstOffsets: [String: Int] = [:]
                for member in members {
                    if let first = firstOffsets[member.key] {
                        let line = JSONParser.lineAndColumn(of: first, in: bytes).line
                        throw refuse(member.value, at: member.keyStart, "the key \(JSONValue.quoted(member.key)) is given a second time in this object (first on line \(line)), and JSON readers disagree on which one counts; merge the two into one")
                    }
                    firstOffsets[member.key] = member.keyStart
                    try checkUniqueKeys(member.value)
                }
            case let .array(items):
                try items.forEach(checkUniqueKeys)
            case .scalar:
                break
            }
        }
        /// The members of `node`, which `what` says must be an object.
        func members(of node: JSONNode, _ what: String) throws -> [JSONNode.Member] {
            guard case let .object(members) = node.content else { throw refuse(node, "\(what) must be an object ({...})") }
            return members
        }
        try checkUniqueKeys(root)
        let top = try members(of: root, "the manifest")
        if let name = top.first(where: { $0.key == "name" })?.value, !name.isString {
            throw refuse(name, "\"name\" must be a string naming the service")
        }
        guard let specs = top.first(where: { $0.key == "interface_provider_specs" })?.value else { return }
        for spec in try members(of: specs, "\"interface_provider_specs\"") {
            let provides = try members(of: spec.value, "the spec \(JSONValue.quoted(spec.key))").first { $0.key == "provides" }?.value
            guard let provides else { continue }
            for capability in try members(of: provides, "\"provides\" of \(JSONValue.quoted(spec.key))") {
                guard case let .array(items) = capability.value.content else {
                    throw refuse(capability.value, "the capability \(JSONValue.quoted(capability.key)) must be a list of interface names ([\"a.mojom.B\", ...])")
                }
                if let item = items.first(where: { !$0.isString }) {
                    throw refuse(item, "the capability \(JSONValue.quoted(capability.key)) must list interface names as strings")
                }
            }
        }
    }

    /// How the file is laid out, so that inserted lines look like their neighbours.
    struct TextLayout {
        let bytes: [UInt8]
        /// `\r\n` when the file uses it, else `\n`.
        let newline: String
        /// One level of indentation: that of the first indented line (two spaces when none is).
        let unit: String

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            newline = zip(bytes, bytes.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A } ? "\r\n" : "\n"
            var unit = "  "
            for (index, byte) in bytes.enumerated() where byte == 0x0A {
                let indent = bytes[(index + 1)...].prefix { $0 == 0x20 || $0 == 0x09 }
                let next = bytes.dropFirst(index + 1 + indent.count).first
                if !indent.isEmpty, next != nil, next != 0x0A, next != 0x0D {
                    unit = String(decoding: indent, as: UTF8.self)
                    break
                }
            }
            self.unit = unit
        }

        /// The spaces and tabs that start the line holding `offset`.
        func indent(ofLineAt offset: Int) -> String {
            var start = offset
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            return String(decoding: bytes[start...].prefix { $0 == 0x20 || $0 == 0x09 }, as: UTF8.self)
        }

        func hasLineBreak(from start: Int, to end: Int) -> Bool {
            start < end && bytes[start ..< end].contains(0x0A)
        }
    }

    /// The text to insert, and where, so that the manifest lists `entry`; `nil` when it does already, or when
    /// something that is not an object or list is in the way (left for the user to sort out).
    private static func insertion(of entry: RegistryEntry, into root: JSONNode, layout: TextLayout) -> (range: Range<Int>, text: String)? {
        let keys = path(of: entry)
        var node = root
        for (depth, key) in keys.enumerated() {
            guard case let .object(members) = node.content else { return nil }
            if let member = members.first(where: { $0.key == key }) {
                node = member.value
                continue
            }
            var value = JSONValue.array([.string(entry.interface)])
            for inner in keys[(depth + 1)...].reversed() { value = .object([(inner, value)]) }
            return insertion(into: node, children: members.map { ($0.keyStart, $0.value.end) }, layout: layout) { indent, multiline in
                JSONValue.quoted(key) + ": " + (multiline ? value.printed(indent: indent, unit: layout.unit, newline: layout.newline) : value.inline())
            }
        }
        guard case let .array(items) = node.content, !items.contains(where: { $0.value == .string(entry.interface) }) else { return nil }
        return insertion(into: node, children: items.map { ($0.start, $0.end) }, layout: layout) { _, _ in JSONValue.quoted(entry.interface) }
    }

    /// Appends an element to an object or list: on a line of its own, indented like the last element, when the
    /// elements are on separate lines; after `, ` when they share the container's line; and an empty container
    /// is opened onto lines of its own. `element(indent, multiline)` renders the new element.
    private static func insertion(
        into container: JSONNode, children: [(start: Int, end: Int)], layout: TextLayout, element: (String, Bool) -> String
    ) -> (range: Range<Int>, text: String) {
        guard let last = children.last else {
            let outer = layout.indent(ofLineAt: container.start)
            let inner = outer + layout.unit
            return (container.start + 1 ..< container.end - 1, layout.newline + inner + element(inner, true) + layout.newline + outer)
        }
        if layout.hasLineBreak(from: container.start, to: last.start) {
            let indent = layout.indent(ofLineAt: last.start)
            return (last.end ..< last.end, "," + layout.newline + indent + element(indent, true))
        }
        return (last.end ..< last.end, ", " + element("", false))
    }
}

private extension JSONNode {
    var isString: Bool {
        if case .scalar(.string) = content { true } else { false }
    }
}
