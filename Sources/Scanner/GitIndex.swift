import Foundation

/// The paths a git index tracks (`$GIT_DIR/index`, versions 2, 3 and 4, split or not; see git's
/// `Documentation/gitformat-index.txt`), read without running git. git leaves out only *untracked* files that ignore
/// rules match: a tracked file is part of the tree wherever it is, so the walk asks the index about what the rules
/// ignore. Only the names are kept, in the index's order (bytes, as `memcmp` orders them), for binary search.
/// Unchecked `Sendable`: the memory the names are in is written once, before `init` ends, and only read after.
final class GitIndex: @unchecked Sendable {
    /// The bytes the names are in: the index file mapped into memory (versions 2 and 3: read in place, no copy of a
    /// file that holds tens of megabytes for a large tree), or memory of their own (names rebuilt from version 4's
    /// compression, or merged from a split index's two files).
    private let memory: UnsafeRawBufferPointer
    private let mapped: Bool
    /// Where each name starts in `memory`, and how long it is; one per name, stages of a conflict counted once.
    private let starts: [UInt32]
    private let lengths: [UInt32]
    /// A sparse index holds whole folders as one entry (`folder/`): every path under it is tracked.
    private let hasSparseFolders: Bool

    var count: Int { starts.count }

    private init(memory: UnsafeRawBufferPointer, mapped: Bool, starts: [UInt32], lengths: [UInt32]) {
        self.memory = memory
        self.mapped = mapped
        self.starts = starts
        self.lengths = lengths
        hasSparseFolders = zip(starts, lengths).contains { $1 > 0 && memory[Int($0 + $1 - 1)] == UInt8(ascii: "/") }
    }

    /// An index of names in memory of its own, copied from `bytes`.
    private convenience init(copying bytes: [UInt8], starts: [UInt32], lengths: [UInt32]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        memory.copyBytes(from: bytes)
        self.init(memory: UnsafeRawBufferPointer(memory), mapped: false, starts: starts, lengths: lengths)
    }

    deinit {
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: memory.baseAddress), memory.count)
        } else {
            memory.deallocate()
        }
    }

    /// What reading a repository's index gave.
    enum Reading {
        case index(GitIndex)
        /// No index file in a repository with no commit yet: git tracks nothing there.
        case empty
        /// Why the index could not be read, in words.
        case failed(String)
    }

    /// Reads the index of the repository whose files are in `gitDirectory` (config, refs and `sharedindex.*` in
    /// `commonDirectory` and `gitDirectory`).
    static func read(gitDirectory: String, commonDirectory: String) -> Reading {
        let path = gitDirectory + "/index"
        let hashSize = objectFormatIsSHA256(commonDirectory: commonDirectory) ? 32 : 20
        do {
            guard let (own, link) = try load(path, hashSize: hashSize) else {
                return headIsUnborn(gitDirectory: gitDirectory, commonDirectory: commonDirectory)
                    ? .empty : .failed("\(path): no such file, though the repository has commits")
            }
            guard let link, link.sharedIndex.contains(where: { $0 != 0 }) else { return .index(own) }
            let sharedPath = gitDirectory + "/sharedindex." + link.sharedIndex.map { String(format: "%02x", $0) }.joined()
            guard let (shared, _) = try load(sharedPath, hashSize: hashSize) else {
                return .failed("\(sharedPath): no such file, though the split index \(path) builds on it")
            }
            return .index(GitIndex(split: own, shared: shared, deleted: link.deleted))
        } catch {
            return .failed(error.description)
        }
    }

    /// The index file at `path`, mapped and parsed; nil when there is no such file.
    private static func load(_ path: String, hashSize: Int) throws(ScannerError) -> (index: GitIndex, link: Link?)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadableGitIndex("\(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > 0, info.st_size < Int(UInt32.max) else {
            throw .unreadableGitIndex("\(path): not a regular file of a size an index has")
        }
        let size = Int(info.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw .unreadableGitIndex("\(path): \(String(cString: strerror(errno)))")
        }
        let mapping = UnsafeRawBufferPointer(start: address, count: size)
        var rebuilt: [UInt8] = []
        let parsed: Parsed
        do {
            parsed = try parse(mapping, hashSize: hashSize, names: &rebuilt)
        } catch {
            munmap(address, size)
            throw .unreadableGitIndex("\(path): \(error)")
        }
        guard mapping[7] == 4 else { return (GitIndex(memory: mapping, mapped: true, starts: parsed.starts, lengths: parsed.lengths), parsed.link) }
        munmap(address, size)
        return (GitIndex(copying: rebuilt, starts: parsed.starts, lengths: parsed.lengths), parsed.link)
    }

    /// Whether the index holds `path` itself (a file; a submodule or a sparse folder when `isDirectory`) or, for a
    /// folder, a path under it whose file name is `wanted`: a folder that holds only other files (a tracked
    /// `node_modules`) is not worth entering.
    func holds(_ path: UnsafeBufferPointer<UInt8>, isDirectory: Bool, wanted: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        let exact = lowerBound(path)
        if exact < count && compare(exact, path) == 0 { return true }
        if isDirectory {
            // The names under `path/` come one after another from the first name not before it.
            var under = lowerBound(path, slash: true)
            while under < count {
                let name = name(under)
                guard name.count > path.count && name[path.count] == UInt8(ascii: "/") && name.prefix(path.count).elementsEqual(path) else { break }
                let nameStart = (name.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
                if wanted(UnsafeBufferPointer(rebasing: name[nameStart...])) { return true }
                under += 1
            }
        }
        guard hasSparseFolders else { return false }
        // A sparse folder entry (`a/b/`) stands for everything under it.
        for (index, byte) in path.enumerated() where byte == UInt8(ascii: "/") {
            let folder = UnsafeBufferPointer(rebasing: path[...index])
            let found = lowerBound(folder)
            if found < count && compare(found, folder) == 0 { return true }
        }
        return false
    }

    /// The first name not before `key` (followed by `/` when `slash`: a folder's own paths, with no copy of the key).
    private func lowerBound(_ key: UnsafeBufferPointer<UInt8>, slash: Bool = false) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if compare(middle, key, slash: slash) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// `memcmp` order of name `index` and `key` (and a `/` after it when `slash`), shorter first when one is a
    /// prefix of the other.
    private func compare(_ index: Int, _ key: UnsafeBufferPointer<UInt8>, slash: Bool = false) -> Int {
        let name = name(index)
        guard slash else { return GitIndex.compare(name, key) }
        let order = GitIndex.compare(UnsafeBufferPointer(rebasing: name.prefix(key.count)), key)
        guard order == 0 else { return order }
        guard name.count > key.count else { return -1 }
        let next = Int(name[key.count]) - Int(UInt8(ascii: "/"))
        return next != 0 ? next : name.count - key.count - 1
    }

    private func name(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: memory.bindMemory(to: UInt8.self)[Int(starts[index])..<Int(starts[index] + lengths[index])])
    }

    private static func compare(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(left.count, right.count)
        let order = common == 0 ? 0 : Int(memcmp(left.baseAddress!, right.baseAddress!, common))
        return order != 0 ? order : left.count - right.count
    }

    // MARK: Reading the file

    /// A split index's `link` extension: the shared index it builds on and which of its entries it deletes.
    private struct Link {
        var sharedIndex: [UInt8]
        var deleted: [Bool]
    }

    private struct Parsed {
        var starts: [UInt32] = []
        var lengths: [UInt32] = []
        var link: Link?
    }

    /// The names of an index file, checked for the order binary search needs; extensions git requires readers to
    /// understand are refused unless they are the two this reader follows (a split index's `link`, a sparse
    /// index's `sdir`). Version 4 names are the previous name cut short plus a suffix: they are rebuilt into `names`.
    private static func parse(_ raw: UnsafeRawBufferPointer, hashSize: Int, names: inout [UInt8]) throws(ScannerError) -> Parsed {
        func word(_ offset: Int) -> UInt32 { UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        func half(_ offset: Int) -> UInt16 { UInt16(bigEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
        guard raw.count >= 12 + hashSize, raw.starts(with: "DIRC".utf8) else { throw ScannerError.unreadableGitIndex("not a git index (no DIRC signature)") }
        let version = word(4)
        guard (2...4).contains(version) else { throw ScannerError.unreadableGitIndex("index version \(version), which mojify does not read (2, 3 and 4 only)") }
        let entryCount = Int(word(8))
        let end = raw.count - hashSize
        // ctime, mtime, dev, ino, mode, uid, gid, size: 40 bytes; then the object name; then 16 bits of flags.
        let flagsOffset = 40 + hashSize
        var parsed = Parsed()
        parsed.starts.reserveCapacity(entryCount)
        parsed.lengths.reserveCapacity(entryCount)
        var previous = (start: 0, length: 0)
        var offset = 12
        for _ in 0..<entryCount {
            guard offset + flagsOffset + 2 <= end else { throw truncated }
            let flags = half(offset + flagsOffset)
            var nameOffset = offset + flagsOffset + 2
            if flags & 0x4000 != 0 {
                guard version >= 3 else { throw ScannerError.unreadableGitIndex("an extended entry in a version 2 index") }
                nameOffset += 2
            }
            guard nameOffset <= end else { throw truncated }
            let start: Int, length: Int
            if version == 4 {
                var removed = 0, position = nameOffset
                // git's varint: 7 bits a byte, each continuation adding one before the shift.
                while true {
                    guard position < end else { throw truncated }
                    let byte = raw[position]
                    position += 1
                    removed = (removed << 7) | Int(byte & 0x7F)
                    guard byte & 0x80 != 0 else { break }
                    removed += 1
                    guard removed < 1 << 24 else { throw truncated }
                }
                guard removed <= previous.length else { throw ScannerError.unreadableGitIndex("a compressed name removes more than the name before it holds") }
                let suffixEnd = try nulPosition(raw, from: position, before: end)
                let kept = previous.length - removed
                start = names.count
                names.append(contentsOf: names[previous.start..<previous.start + kept])
                names.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[position..<suffixEnd]))
                length = names.count - start
                offset = suffixEnd + 1
            } else {
                let stored = Int(flags & 0xFFF)
                let nameEnd = stored < 0xFFF ? nameOffset + stored : try nulPosition(raw, from: nameOffset, before: end)
                guard nameEnd < end else { throw truncated }
                (start, length) = (nameOffset, nameEnd - nameOffset)
                // Padded with 1 to 8 NUL bytes to a multiple of 8 from the entry's start.
                offset += (nameEnd - offset + 8) & ~7
            }
            try note(name: start, length: length, previous: &previous, in: version == 4 ? nil : raw, names: names, into: &parsed)
        }
        guard offset <= end else { throw truncated }
        // Extensions: a 4-byte signature, a 32-bit size, the data.
        while offset + 8 <= end {
            let signature = String(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<offset + 4]), as: UTF8.self)
            let size = Int(word(offset + 4))
            let body = offset + 8
            guard body + size <= end else { throw truncated }
            switch signature {
            case "link":
                guard size >= hashSize else { throw truncated }
                var link = Link(sharedIndex: Array(UnsafeRawBufferPointer(rebasing: raw[body..<body + hashSize])), deleted: [])
                if size > hashSize {
                    link.deleted = try ewahBits(UnsafeRawBufferPointer(rebasing: raw[body + hashSize..<body + size]))
                }
                parsed.link = link
            case "sdir":
                break
            default:
                // git itself refuses an index with an extension it must understand (lower-case first letter).
                guard let first = signature.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else {
                    throw ScannerError.unreadableGitIndex("it uses the index extension '\(signature)', which mojify does not read")
                }
            }
            offset = body + size
        }
        return parsed
    }

    /// Appends a name (the stages of a conflict repeat it, which binary search does not mind, and which keeps the
    /// names of a shared index where a split index's bitmap counts them); refuses names out of order.
    private static func note(name start: Int, length: Int, previous: inout (start: Int, length: Int),
                             in raw: UnsafeRawBufferPointer?, names: [UInt8], into parsed: inout Parsed) throws(ScannerError) {
        let order: Int
        if parsed.starts.isEmpty {
            order = 1
        } else if let raw {
            let base = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            order = compare(UnsafeBufferPointer(start: base + start, count: length), UnsafeBufferPointer(start: base + previous.start, count: previous.length))
        } else {
            order = names.withUnsafeBufferPointer { all in
                compare(UnsafeBufferPointer(rebasing: all[start..<start + length]), UnsafeBufferPointer(rebasing: all[previous.start..<previous.start + previous.length]))
            }
        }
        guard order >= 0 else { throw ScannerError.unreadableGitIndex("its entries are not sorted") }
        previous = (start, length)
        // Entries a split index replaces keep their shared entry's name and are written without one.
        guard length > 0 else { return }
        parsed.starts.append(UInt32(start))
        parsed.lengths.append(UInt32(length))
    }

    /// Where the NUL byte that ends a name is.
    private static func nulPosition(_ raw: UnsafeRawBufferPointer, from start: Int, before end: Int) throws(ScannerError) -> Int {
        guard start < end, let found = memchr(raw.baseAddress! + start, 0, end - start) else { throw truncated }
        return raw.baseAddress!.distance(to: UnsafeRawPointer(found))
    }

    private static let truncated = ScannerError.unreadableGitIndex("truncated or damaged (an entry runs past the end)")

    /// The bits of an EWAH-compressed bitmap (git's `ewah/`): a bit count, a word count, the 64-bit words, the
    /// position of the last run word. A run word holds a bit (bit 0), how many 64-bit words of it follow (bits
    /// 1-32), and how many literal words come after them (bits 33-63).
    private static func ewahBits(_ raw: UnsafeRawBufferPointer) throws(ScannerError) -> [Bool] {
        let damaged = ScannerError.unreadableGitIndex("a damaged bitmap in its split-index link")
        guard raw.count >= 8 else { throw damaged }
        let bitCount = Int(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
        let wordCount = Int(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        guard 8 + 8 * wordCount <= raw.count else { throw damaged }
        func word(_ index: Int) -> UInt64 { UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8 + 8 * index, as: UInt64.self)) }
        var bits = Array(repeating: false, count: bitCount)
        var (index, position) = (0, 0)
        while index < wordCount {
            let marker = word(index)
            let runLength = Int((marker >> 1) & 0xFFFF_FFFF), literals = Int(marker >> 33)
            if marker & 1 != 0 {
                for bit in position..<min(position + 64 * runLength, bitCount) { bits[bit] = true }
            }
            position += 64 * runLength
            guard index + 1 + literals <= wordCount else { throw damaged }
            for literal in 0..<literals {
                let value = word(index + 1 + literal)
                for bit in 0..<64 where value & (1 << UInt64(bit)) != 0 && position + bit < bitCount { bits[position + bit] = true }
                position += 64
            }
            index += 1 + literals
        }
        return bits
    }

    /// The final names of a split index: the shared index's, less those it deletes, with its own added.
    private convenience init(split own: GitIndex, shared: GitIndex, deleted: [Bool]) {
        var bytes: [UInt8] = [], starts: [UInt32] = [], lengths: [UInt32] = []
        func append(_ index: GitIndex, _ entry: Int) {
            starts.append(UInt32(bytes.count))
            lengths.append(index.lengths[entry])
            bytes += index.name(entry)
        }
        var (left, right) = (0, 0)
        while left < shared.count || right < own.count {
            if left < shared.count && left < deleted.count && deleted[left] {
                left += 1
                continue
            }
            let order: Int
            if left == shared.count {
                order = 1
            } else if right == own.count {
                order = -1
            } else {
                order = shared.compare(left, own.name(right))
            }
            if order <= 0 {
                append(shared, left)
                left += 1
            } else {
                append(own, right)
            }
            if order >= 0 { right += 1 }
        }
        self.init(copying: bytes, starts: starts, lengths: lengths)
    }

    // MARK: The repository around the index

    /// Whether the repository's objects are named with SHA-256 (`extensions.objectFormat`), which makes index
    /// entries longer.
    private static func objectFormatIsSHA256(commonDirectory: String) -> Bool {
        guard let config = FileManager.default.contents(atPath: commonDirectory + "/config") else { return false }
        var section = ""
        for rawLine in String(decoding: config, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces).lowercased()
            if line.hasPrefix("[") {
                section = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] \t"))
            } else if section == "extensions", let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingCharacters(in: .whitespaces)
                if key == "objectformat" { return line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces) == "sha256" }
            }
        }
        return false
    }

    /// Whether HEAD names a branch that has no commit yet (a fresh `git init`), where git writes no index until
    /// something is added.
    private static func headIsUnborn(gitDirectory: String, commonDirectory: String) -> Bool {
        guard let head = FileManager.default.contents(atPath: gitDirectory + "/HEAD"),
              let text = String(data: head, encoding: .utf8), text.hasPrefix("ref: "),
              !FileManager.default.fileExists(atPath: commonDirectory + "/reftable") else { return false }
        let reference = text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
        if FileManager.default.fileExists(atPath: commonDirectory + "/" + reference) { return false }
        let packed = FileManager.default.contents(atPath: commonDirectory + "/packed-refs").map { String(decoding: $0, as: UTF8.self) } ?? ""
        return !packed.split(whereSeparator: \.isNewline).contains { $0.hasSuffix(" " + reference) }
    }
}

/// The folders git keeps a work tree's repository in: `.git` itself, or the folder a `.git` file names
/// (`gitdir: PATH`, as linked worktrees and submodules have), and its common folder (`commondir`) that holds the
/// config, refs and `info/exclude` shared by worktrees.
struct GitDirectory: Sendable {
    var path: String
    var common: String

    /// The repository of the work tree `folder`, whose `.git` is a folder or a file; or why there is none.
    static func locate(workTree folder: String) -> Result<GitDirectory, ScannerError> {
        let dotGit = folder + "/.git"
        var info = stat()
        guard stat(dotGit, &info) == 0 else { return .failure(.unreadableGitIndex("\(dotGit): \(String(cString: strerror(errno)))")) }
        var path = dotGit
        if (info.st_mode & S_IFMT) == S_IFREG {
            guard let data = FileManager.default.contents(atPath: dotGit),
                  let line = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first,
                  line.hasPrefix("gitdir:") else { return .failure(.unreadableGitIndex("\(dotGit): a file that does not say 'gitdir: PATH'")) }
            let named = line.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
            path = named.hasPrefix("/") ? named : folder + "/" + named
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return .failure(.unreadableGitIndex("\(dotGit) names \(path), which is no folder"))
            }
        }
        var common = path
        if let data = FileManager.default.contents(atPath: path + "/commondir") {
            let named = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !named.isEmpty { common = named.hasPrefix("/") ? named : path + "/" + named }
        }
        return .success(GitDirectory(path: path, common: common))
    }
}
