import Foundation

/// Turning C++ and legacy IPC names into mojom names: valid identifiers, the right case, no reserved words.
public struct Naming: Sendable {
    public var reservedWords: Set<String>
    public var reservedSuffix: String

    public init(reservedWords: Set<String>, reservedSuffix: String) {
        self.reservedWords = reservedWords
        self.reservedSuffix = reservedSuffix
    }

    public init(rules: ConversionRules) {
        self.init(reservedWords: rules.reservedWords, reservedSuffix: rules.reservedSuffix)
    }

    /// Splits a name into words at underscores, case changes and non-identifier characters:
    /// `GetURLForFrame_ACK` -> `Get URL For Frame ACK`.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(asciiFolded(text))
        for (index, character) in characters.enumerated() {
            guard isWordCharacter(character) else {
                if !current.isEmpty { words.append(String(current)); current = [] }
                continue
            }
            if let last = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = character.isUppercase && (last.isLowercase || last.isNumber)
                    || character.isUppercase && last.isUppercase && (next?.isLowercase ?? false)
                if startsWord { words.append(String(current)); current = [] }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `frame host`, `FrameHost`, `frame_host` -> `frame_host`; never empty, never starts with a digit.
    public func snakeCase(_ text: String) -> String {
        let joined = Self.words(text).map { $0.lowercased() }.joined(separator: "_")
        return avoidReserved(joined.isEmpty ? "value" : (joined.first!.isNumber ? "p_" + joined : joined))
    }

    /// Message name remainders and C++ type names -> UpperCamelCase; underscore-separated parts in capitals
    /// become words (`ShouldSuspend_ACK` -> `ShouldSuspendAck`), capitals inside a part stay (`GetURL`).
    public func upperCamel(_ text: String) -> String {
        let parts = Self.asciiFolded(text).split(whereSeparator: { !Self.isWordCharacter($0) })
        let joined = parts.map { part -> String in
            let isShouting = part.count > 1 && part.allSatisfy { !$0.isLowercase }
            let word = isShouting ? part.lowercased() : String(part)
            return word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
        let name = joined.isEmpty ? "Unnamed" : (joined.first!.isNumber ? "T" + joined : joined)
        return avoidReserved(name)
    }

    /// C-style enumerator names -> `kCamelCase` without the words all of them share:
    /// `PREFETCH_PRIORITY_LOW`, `PREFETCH_PRIORITY_HIGH` -> `kLow`, `kHigh`. Names already in `kCamelCase` stay.
    public func enumValues(_ names: [String]) -> [String] {
        let split = names.map { Self.words($0).map { $0.uppercased() } }
        var common = split.first ?? []
        for words in split.dropFirst() {
            common = Array(zip(common, words).prefix { $0 == $1 }.map(\.0))
        }
        // Keep at least one word of each name, and leave single enumerators whole.
        while !common.isEmpty, names.count < 2 || split.contains(where: { $0.count <= common.count }) {
            common.removeLast()
        }
        return zip(names, split).map { name, words in
            if name.count > 1, name.hasPrefix("k"), name.dropFirst().first?.isUppercase == true { return avoidReserved(name) }
            let kept = words.dropFirst(common.count)
            let camel = kept.map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined()
            return avoidReserved("k" + (camel.first?.isNumber == true ? "V" + camel : camel))
        }
    }

    /// Mojom identifiers are ASCII (C++ ones may not be): accents are dropped (`Größe` -> `Grosse`), and what
    /// is still not ASCII separates words.
    static func asciiFolded(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).replacingOccurrences(of: "ß", with: "ss")
    }

    static func isWordCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    /// Whether `name` is a mojom name as it stands: `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isIdentifier(_ name: some StringProtocol) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { isWordCharacter($0) || $0 == "_" }
    }

    public func avoidReserved(_ name: String) -> String {
        reservedWords.contains(name) ? name + reservedSuffix : name
    }

    /// Makes each name unique within the list by numbering repeats: `id`, `id_2`, `id_3`.
    public static func uniqued(_ names: [String], separator: String = "_") -> [String] {
        var seen: Set<String> = []
        return names.map { name in
            var candidate = name
            var number = 2
            while seen.contains(candidate) {
                candidate = "\(name)\(separator)\(number)"
                number += 1
            }
            seen.insert(candidate)
            return candidate
        }
    }
}
