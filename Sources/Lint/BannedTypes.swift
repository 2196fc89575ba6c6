import Foundation
import MojifyCore
import MojifyConversion
import Yams

/// The parameter types Chromium's IPC checker rejected, read from `Rules/banned-types.yaml`.
public struct BannedTypes: Sendable {
    public struct Entry: Codable, Hashable, Sendable {
        /// As written in the rules file; matched in its canonical spelling (`long int` is `long`, `std::size_t` is `size_t`).
        public var type: String
        /// Why it is banned and what to use instead.
        public var why: String
    }

    public var entries: [Entry]
    /// Integers wide enough to hold an address (`intptr_t`), which `pointer-over-ipc` reports as pointers.
    public var pointerSizedEntries: [Entry]
    private var byCanonicalName: [String: Entry]
    private var pointerSizedByName: [String: Entry]

    public init(entries: [Entry], pointerSized: [Entry] = []) {
        self.entries = entries
        pointerSizedEntries = pointerSized
        byCanonicalName = Self.byName(entries)
        pointerSizedByName = Self.byName(pointerSized)
    }

    private static func byName(_ entries: [Entry]) -> [String: Entry] {
        Dictionary(entries.map { (CppType.simpleNames(in: $0.type).first ?? $0.type, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public static func load(path: String) throws -> BannedTypes {
        struct File: Decodable {
            var types: [Entry]
            var pointerSized: [Entry]?

            enum CodingKeys: String, CodingKey {
                case types
                case pointerSized = "pointer_sized"
            }
        }
        let text: String
        do {
            text = try readInputText(path, what: "a rules file (YAML)")
        } catch let CoreError.unreadableFile(_, reason) {
            throw LintError.unreadableRules(path: path, reason: reason)
        }
        do {
            let file = try YAMLDecoder().decode(File.self, from: text)
            return BannedTypes(entries: file.types, pointerSized: file.pointerSized ?? [])
        } catch {
            throw LintError.malformedRules(path: path, reason: RulesFileMessage.reason(decoding: error), expected: "a 'types' list of entries with 'type' and 'why'")
        }
    }

    /// The banned types that `type` names anywhere inside it: `std::vector<size_t>` names `size_t`.
    public func banned(in type: String) -> [Entry] {
        Self.named(in: type, by: byCanonicalName)
    }

    /// The pointer-sized integers that `type` names anywhere inside it.
    public func pointerSized(in type: String) -> [Entry] {
        Self.named(in: type, by: pointerSizedByName)
    }

    private static func named(in type: String, by entries: [String: Entry]) -> [Entry] {
        var seen = Set<String>()
        return CppType.simpleNames(in: type).compactMap { name in
            guard let entry = entries[name], seen.insert(name).inserted else { return nil }
            return entry
        }
    }
}
