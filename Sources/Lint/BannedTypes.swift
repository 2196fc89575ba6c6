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
    private var byCanonicalName: [String: Entry]

    public init(entries: [Entry]) {
        self.entries = entries
        byCanonicalName = Dictionary(entries.map { (CppType.simpleNames(in: $0.type).first ?? $0.type, $0) },
                                     uniquingKeysWith: { first, _ in first })
    }

    public static func load(path: String) throws -> BannedTypes {
        struct File: Decodable { var types: [Entry] }
        let text: String
        do {
            text = try readInputText(path, what: "a rules file (YAML)")
        } catch let CoreError.unreadableFile(_, reason) {
            throw LintError.unreadableRules(path: path, reason: reason)
        }
        do {
            return BannedTypes(entries: try YAMLDecoder().decode(File.self, from: text).types)
        } catch {
            throw LintError.malformedRules(path: path, reason: RulesFileMessage.reason(decoding: error), expected: "a 'types' list of entries with 'type' and 'why'")
        }
    }

    /// The banned types that `type` names anywhere inside it: `std::vector<size_t>` names `size_t`.
    public func banned(in type: String) -> [Entry] {
        var seen = Set<String>()
        return CppType.simpleNames(in: type).compactMap { name in
            guard let entry = byCanonicalName[name], seen.insert(name).inserted else { return nil }
            return entry
        }
    }
}
