import MojifyCore

/// The patterns of one `.gitignore` (or `.git/info/exclude`, or the `--exclude` globs), compiled once into
/// matchers that work on the bytes of paths: literal names, literal paths and extensions go into hash tables,
/// `*suffix` patterns into a list of suffixes, paths with a literal first folder into a table by that folder, and
/// only the rest is matched one pattern at a time with git's wildmatch. Asked about a path, it answers as git
/// does: the last pattern that matches decides, and a pattern ending in `/` only speaks of folders.
/// A class, built once and only read: it holds some thirty arrays, which a value would retain and release each
/// time the walk takes it out of its ignore stack, for every path.
final class IgnoreRules: Sendable {
    /// One pattern as git's `parse_path_pattern` sees it.
    struct Pattern {
        /// The pattern without `!`, trailing `/` or a leading `/`, followed by a 0 byte (wildmatch's end mark).
        var bytes: [UInt8]
        var negated: Bool
        var directoryOnly: Bool
        /// Without a `/` (but a trailing one) the pattern is matched against names, at any depth.
        var matchesNames: Bool
        /// How many leading bytes hold no wildcard (`*?[\`): compared as they are before wildmatch runs.
        var literalPrefix: Int

        var length: Int { bytes.count - 1 }
        var isLiteral: Bool { literalPrefix == length }

        init(_ raw: some Collection<UInt8>, negated: Bool) {
            var body = Array(raw.prefix { $0 != 0 })
            self.negated = negated
            directoryOnly = body.last == UInt8(ascii: "/")
            if directoryOnly { body.removeLast() }
            matchesNames = !body.contains(UInt8(ascii: "/"))
            if !matchesNames && body.first == UInt8(ascii: "/") { body.removeFirst() }
            literalPrefix = body.firstIndex(where: WildMatch.isSpecial) ?? body.count
            bytes = body + [0]
        }
    }

    /// A pattern as the matchers keep it: plain values, its bytes in `patternBytes` (with wildmatch's 0 after them).
    private struct Compiled {
        var start: Int
        var length: Int
        var literalPrefix: Int
        var negated: Bool
        var directoryOnly: Bool
        var matchesNames: Bool

        /// Whether `text` (a name, or a path relative to the rules' folder) matches, git's way.
        @inline(__always)
        func matches(_ text: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard text.count >= literalPrefix else { return false }
            for index in 0..<literalPrefix where bytes[start + index] != text[index] { return false }
            if literalPrefix == length { return text.count == literalPrefix }
            return WildMatch.matches(UnsafeBufferPointer(rebasing: bytes[start...]), from: literalPrefix,
                                     UnsafeBufferPointer(rebasing: text[literalPrefix...]), pathMode: !matchesNames)
        }
    }

    private let compiled: [Compiled]
    private let patternBytes: [UInt8]
    private let names: ByteTable
    private let extensions: ByteTable
    private let paths: ByteTable
    private let byFirstFolder: ByteTable
    /// `*suffix` name patterns that are not plain extensions, and everything else, each in file order.
    private let suffixes: [Int]
    private let others: [Int]

    var isEmpty: Bool { compiled.isEmpty }

    /// The patterns of a `.gitignore` file, read as git reads them: a leading byte-order mark skipped, lines ending
    /// at `\n` (a `\r` before it dropped), `#` lines and blank lines skipped, unescaped trailing spaces trimmed,
    /// `!` negating, `\` escaping the next byte.
    convenience init(gitignore text: [UInt8]) {
        var lines = text[...]
        if lines.starts(with: [0xEF, 0xBB, 0xBF]) { lines = lines.dropFirst(3) }
        var parsed: [Pattern] = []
        for rawLine in lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard line.first != UInt8(ascii: "#") else { continue }
            line = IgnoreRules.trimmingTrailingSpaces(line)
            let negated = line.first == UInt8(ascii: "!")
            if negated { line = line.dropFirst() }
            guard !line.isEmpty else { continue }
            parsed.append(Pattern(line, negated: negated))
        }
        self.init(parsed)
    }

    /// `--exclude` globs: the same syntax, never negated; `folder/**` also leaves the folder itself unlisted.
    convenience init(excludes: [String]) {
        var parsed: [Pattern] = []
        for glob in excludes {
            let bytes = Array(glob.utf8)
            parsed.append(Pattern(bytes, negated: false))
            if bytes.count > 3 && bytes.suffix(3).elementsEqual("/**".utf8) {
                parsed.append(Pattern(bytes.dropLast(2), negated: false))
            }
        }
        self.init(parsed)
    }

    init(_ patterns: [Pattern]) {
        var compiled: [Compiled] = [], patternBytes: [UInt8] = [], suffixes: [Int] = [], others: [Int] = []
        for pattern in patterns {
            compiled.append(Compiled(start: patternBytes.count, length: pattern.length, literalPrefix: pattern.literalPrefix,
                                     negated: pattern.negated, directoryOnly: pattern.directoryOnly, matchesNames: pattern.matchesNames))
            patternBytes += pattern.bytes
        }
        var names: [[UInt8]: [Int]] = [:], extensions: [[UInt8]: [Int]] = [:], paths: [[UInt8]: [Int]] = [:]
        var byFirstFolder: [[UInt8]: [Int]] = [:]
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        for (index, pattern) in patterns.enumerated() {
            let body = Array(pattern.bytes.dropLast())
            let rest = body.dropFirst()
            if pattern.isLiteral {
                if pattern.matchesNames {
                    names[body, default: []].append(index)
                } else {
                    paths[body, default: []].append(index)
                }
            } else if pattern.matchesNames && body.first == UInt8(ascii: "*") && !rest.contains(where: WildMatch.isSpecial) {
                // `*.pyc` is the extension `pyc`: a name ends in `.pyc` exactly when its last dot is followed by `pyc`.
                if rest.first == dot && !rest.dropFirst().contains(dot) {
                    extensions[Array(rest.dropFirst()), default: []].append(index)
                } else {
                    suffixes.append(index)
                }
            } else if !pattern.matchesNames, let firstSlash = body.firstIndex(of: slash), firstSlash < pattern.literalPrefix {
                byFirstFolder[Array(body[..<firstSlash]), default: []].append(index)
            } else {
                others.append(index)
            }
        }
        self.compiled = compiled
        self.patternBytes = patternBytes
        self.suffixes = suffixes
        self.others = others
        self.names = ByteTable(names)
        self.extensions = ByteTable(extensions)
        self.paths = ByteTable(paths)
        self.byFirstFolder = ByteTable(byFirstFolder)
    }

    /// Whether the last pattern that speaks of `path` (relative to the rules' folder; its name starts at
    /// `nameStart`) ignores it: nil when none speaks of it.
    func verdict(path: UnsafeBufferPointer<UInt8>, nameStart: Int, isDirectory: Bool) -> Bool? {
        compiled.withUnsafeBufferPointer { compiled in
            patternBytes.withUnsafeBufferPointer { bytes in
                verdict(path: path, nameStart: nameStart, isDirectory: isDirectory, compiled: compiled, bytes: bytes)
            }
        }
    }

    private func verdict(
        path: UnsafeBufferPointer<UInt8>, nameStart: Int, isDirectory: Bool, compiled: UnsafeBufferPointer<Compiled>, bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool? {
        let name = UnsafeBufferPointer(rebasing: path[nameStart...])
        var best = -1
        func consider(_ candidates: Slice<UnsafeBufferPointer<Int32>>, text: UnsafeBufferPointer<UInt8>?) {
            for candidate in candidates.reversed() {
                let index = Int(candidate)
                guard index > best else { return }
                let pattern = compiled[index]
                guard !pattern.directoryOnly || isDirectory else { continue }
                if let text, !pattern.matches(text, in: bytes) { continue }
                best = index
                return
            }
        }
        names.withValues(for: name) { consider($0, text: nil) }
        if let dot = name.lastIndex(of: UInt8(ascii: ".")) {
            extensions.withValues(for: UnsafeBufferPointer(rebasing: name[(dot + 1)...])) { consider($0, text: nil) }
        }
        if !paths.isEmpty {
            paths.withValues(for: path) { consider($0, text: nil) }
        }
        if !byFirstFolder.isEmpty, let slash = path.firstIndex(of: UInt8(ascii: "/")) {
            byFirstFolder.withValues(for: UnsafeBufferPointer(rebasing: path[..<slash])) { consider($0, text: path) }
        }
        for index in suffixes.reversed() where index > best {
            let pattern = compiled[index]
            guard !pattern.directoryOnly || isDirectory else { continue }
            // The pattern is `*` and then the suffix.
            let suffix = pattern.length - 1
            if name.count >= suffix && (0..<suffix).allSatisfy({ bytes[pattern.start + 1 + $0] == name[name.count - suffix + $0] }) {
                best = index
                break
            }
        }
        for index in others.reversed() where index > best {
            let pattern = compiled[index]
            guard !pattern.directoryOnly || isDirectory else { continue }
            if pattern.matches(pattern.matchesNames ? name : path, in: bytes) {
                best = index
                break
            }
        }
        return best < 0 ? nil : !compiled[best].negated
    }

    /// Git's `trim_trailing_spaces`: trailing spaces go unless a backslash escapes the first of them.
    private static func trimmingTrailingSpaces(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lastSpace: Int?
        var index = line.startIndex
        while index < line.endIndex {
            switch line[index] {
            case UInt8(ascii: " "):
                if lastSpace == nil { lastSpace = index }
            case UInt8(ascii: "\\"):
                index += 1
                if index == line.endIndex { return line }
                lastSpace = nil
            default:
                lastSpace = nil
            }
            index += 1
        }
        return lastSpace.map { line[..<$0] } ?? line
    }
}

/// Byte strings to lists of pattern indices (ascending), in one open-addressed table with the keys in one buffer.
struct ByteTable {
    private var slots: [Int32] = []
    private var keyStarts: [Int] = [0]
    private var keyBytes: [UInt8] = []
    private var valueStarts: [Int] = [0]
    private var values: [Int32] = []
    private var hashes: [UInt64] = []
    /// Whether some key is this many bytes long: most paths asked about match no key, and most are ruled out by
    /// their length before any byte of them is hashed.
    private var hasKeyOfLength: [Bool] = []

    var isEmpty: Bool { hashes.isEmpty }

    init() {}

    init(_ table: [[UInt8]: [Int]]) {
        guard !table.isEmpty else { return }
        var capacity = 8
        while capacity < table.count * 2 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        for (key, indices) in table.sorted(by: { $0.value[0] < $1.value[0] }) {
            let hash = key.withUnsafeBufferPointer(ByteTable.hash)
            var slot = Int(hash & UInt64(capacity - 1))
            while slots[slot] >= 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = Int32(hashes.count)
            hashes.append(hash)
            keyBytes += key
            keyStarts.append(keyBytes.count)
            values += indices.map(Int32.init)
            valueStarts.append(values.count)
        }
        hasKeyOfLength = Array(repeating: false, count: (table.keys.map(\.count).max() ?? 0) + 1)
        for key in table.keys { hasKeyOfLength[key.count] = true }
    }

    /// Calls `body` with the indices stored under `key`, if any.
    @inline(__always)
    func withValues(for key: UnsafeBufferPointer<UInt8>, _ body: (Slice<UnsafeBufferPointer<Int32>>) -> Void) {
        guard key.count < hasKeyOfLength.count && hasKeyOfLength[key.count] else { return }
        let hash = ByteTable.hash(key)
        let mask = slots.count - 1
        var slot = Int(hash & UInt64(mask))
        while slots[slot] >= 0 {
            let entry = Int(slots[slot])
            if hashes[entry] == hash && keyStarts[entry + 1] - keyStarts[entry] == key.count
                && keyBytes[keyStarts[entry]..<keyStarts[entry + 1]].elementsEqual(key) {
                values.withUnsafeBufferPointer { body($0[valueStarts[entry]..<valueStarts[entry + 1]]) }
                return
            }
            slot = (slot + 1) & mask
        }
    }

    /// Eight bytes a step (a byte a step waited on a multiply for each byte of every path), the last word
    /// zero-padded, then `ContentHash`'s finaliser, since the slot is taken from the low bits.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x100_0000_01b3
            hash ^= hash >> 32
            offset += 8
        }
        hash = (hash ^ ContentHash.word(fromTail: bytes[offset...])) &* 0x100_0000_01b3
        return ContentHash.avalanche(hash)
    }
}
