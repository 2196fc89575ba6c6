import Foundation
import MojifyCore

/// Joins the files' results into one inventory, and makes the guesses between passes from what the passes so
/// far found: project wrapper macros, message names, the type headers that traits lead to.
struct InventoryJoiner {
    private(set) var files: [FileWalker.Entry]
    let database: CompileDatabase?
    let options: ScanOptions
    /// Per file (by index in `files`): whether libclang or the lexer read it.
    private var parsed: [Bool]
    /// What the passes found, by index in `files`, for the few files where they found anything: the joins between
    /// passes look at these alone, not at a result for each of a large tree's files.
    private var found: [Int: FileResult] = [:]
    /// Per file read so far (by index in `files`), whether it contains one of `options.markers`.
    private(set) var marks: [Int: Bool] = [:]

    init(files: [FileWalker.Entry], database: CompileDatabase?, options: ScanOptions) {
        self.files = files
        self.database = database
        self.options = options
        parsed = Array(repeating: false, count: files.count)
    }

    /// Takes in a pass's outcomes. A file in which a later pass found none of its needles keeps what it had.
    mutating func add(_ outcomes: [ScanScheduler.Outcome]) {
        for outcome in outcomes {
            if let marked = outcome.marked { marks[outcome.index] = marked }
            if let result = outcome.result {
                parsed[outcome.index] = result.parsed
                found[outcome.index] = result.isEmpty ? nil : result
            }
        }
    }

    /// Files the scan reads besides the walk's, at the end of `files`.
    mutating func append(_ entries: [FileWalker.Entry]) {
        files += entries
        parsed += entries.map { _ in false }
    }

    /// Whether libclang or the lexer has read the file at `index`.
    func isParsed(_ index: Int) -> Bool {
        parsed[index]
    }

    /// The files' results where anything was found, in the order of `files`.
    private var foundInOrder: [(index: Int, result: FileResult)] {
        found.keys.sorted().map { ($0, found[$0]!) }
    }

    // MARK: - Between passes

    /// The project macros that reach IPC macros, by name: each different definition the files give, in file order.
    func wrapperTable() -> [String: [WrapperMacro]] {
        var table: [String: [WrapperMacro]] = [:]
        for (_, result) in foundInOrder {
            for wrapper in result.wrappers where !(table[wrapper.name]?.contains { $0.spells(like: wrapper) } ?? false) {
                table[wrapper.name, default: []].append(wrapper)
            }
        }
        return table
    }

    /// Names of the messages found so far that do not contain a needle of the first pass (`FooMsg_Bar`), and that
    /// files other than their own can use: a message defined in a source file (a test's `.cc`) is seen by that file
    /// alone, one in a header or a patch by any file.
    func unconventionalNames() -> Set<String> {
        var names = Set<String>()
        for (_, result) in foundInOrder {
            for message in result.partial.messages where !IPCScanner.containsNeedle(message.name) {
                let file = message.patch?.targetFile ?? message.location.file
                if !FileWalker.compiledExtensions.contains(FileWalker.fileExtension(file)) { names.insert(message.name) }
            }
        }
        return names
    }

    /// Files in the tree that a file with traits macros includes, and that were not parsed yet: an include is
    /// looked for next to the including file, at the root, and in every include folder (the user's and the
    /// compile database's `-I` folders that lie inside the root).
    func includedTypeHeaders() -> [Int] {
        let includeFolders = includeFolders()
        var candidatesOfIncludes: [[String]] = []
        for (index, result) in foundInOrder {
            guard !result.partial.enumTraits.isEmpty || !result.partial.structTraits.isEmpty else { continue }
            let folder = (files[index].relativePath as NSString).deletingLastPathComponent
            for include in result.includes {
                candidatesOfIncludes.append(InventoryJoiner.candidates(of: include, from: folder, includeFolders: includeFolders))
            }
        }
        guard !candidatesOfIncludes.isEmpty else { return [] }
        // Only the candidates are hashed into a table; the tree's paths are first told apart from them by a
        // fingerprint that costs no hashing of a string (a single thread asks it of each of 100,000 paths).
        let candidates = Set(candidatesOfIncludes.joined())
        let fingerprints = Set(candidates.map(InventoryJoiner.fingerprint))
        var byPath: [String: Int] = [:]
        for index in files.indices where fingerprints.contains(InventoryJoiner.fingerprint(files[index].relativePath)) {
            let path = files[index].relativePath
            if candidates.contains(path) && byPath[path] == nil { byPath[path] = index }
        }
        var wanted = Set<Int>()
        for candidatesOfInclude in candidatesOfIncludes {
            // A header lexed in a batch has no AST yet: it is parsed alone now, like one never read.
            if let target = candidatesOfInclude.lazy.compactMap({ byPath[$0] }).first, found[target]?.types.isEmpty ?? true {
                wanted.insert(target)
            }
        }
        return wanted.sorted()
    }

    /// Where an include in a file of `folder` may be, relative to the root: as written, beside the file, in each
    /// include folder. Include paths are relative to the source root, which the scanned root may sit below
    /// (`xwalk/runtime/foo.h` scanned as `runtime/foo.h`): also the path without leading folders.
    private static func candidates(of include: String, from folder: String, includeFolders: [String]) -> [String] {
        let components = include.split(separator: "/")
        let shortened = (1..<max(components.count, 1)).map { components.dropFirst($0).joined(separator: "/") }
        return [include, folder.isEmpty ? include : folder + "/" + include] + includeFolders.map { $0 + "/" + include } + shortened
    }

    /// Where the files read so far include files of names the walk does not list (`msgs.def`, `ipc_list`,
    /// `weird.h `) may be, in the order of the files, each path relative to the root with `.` and `..` resolved
    /// (those that climb out of it left out). With several roots, only beside the including file.
    func unlistedIncludeCandidates() -> [UnlistedIncludes.Candidate] {
        let includeFolders = includeFolders()
        let root = options.paths.count == 1 ? options.paths[0] : nil
        var candidates: [UnlistedIncludes.Candidate] = []
        for (index, result) in foundInOrder {
            let unlisted = result.includes.filter { include in
                var include = include
                return !include.withUTF8(FileWalker.isScannable(name:))
            }
            guard !unlisted.isEmpty else { continue }
            let folder = (files[index].relativePath as NSString).deletingLastPathComponent
            for include in unlisted {
                guard let root else {
                    if let relative = TreePath.resolved(folder.isEmpty ? include : folder + "/" + include) {
                        candidates.append(.init(path: (files[index].path as NSString).deletingLastPathComponent + "/" + include, relativePath: relative))
                    }
                    continue
                }
                for candidate in InventoryJoiner.candidates(of: include, from: folder, includeFolders: includeFolders) {
                    if let relative = TreePath.resolved(candidate) {
                        candidates.append(.init(path: root.hasSuffix("/") ? root + relative : root + "/" + relative, relativePath: relative))
                    }
                }
            }
        }
        return candidates
    }

    /// A path's length and last eight bytes in one integer: equal for equal paths, and different for most others.
    static func fingerprint(_ path: String) -> UInt64 {
        var path = path
        return path.withUTF8 { bytes in
            bytes.suffix(8).reduce(UInt64(bytes.count) << 56) { $0 << 8 ^ UInt64($1) }
        }
    }

    /// The last part of the name of each type traits macros and IPC structs name: a header that defines one of
    /// them holds it.
    func traitTypeNames() -> Set<String> {
        var names = Set<String>()
        for (_, result) in foundInOrder {
            let partial = result.partial
            let types = partial.enumTraits.map(\.type) + partial.structTraits.map(\.type) + partial.structs.compactMap(\.parent)
            for type in types { names.insert(IPCNaming.unqualified(type)) }
        }
        return names
    }

    /// The include folders inside the single scanned root, relative to it, in the order given.
    private func includeFolders() -> [String] {
        guard options.paths.count == 1, let root = options.paths.first else { return [] }
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let given = options.includeDirs.map { $0.hasPrefix("/") ? $0 : base + "/" + $0 } + (database?.includeFolders ?? [])
        var seen = Set<String>()
        return given.compactMap { folder in
            let absolute = URL(fileURLWithPath: folder).standardizedFileURL.path
            guard absolute.hasPrefix(base + "/"), seen.insert(absolute).inserted else { return nil }
            return String(absolute.dropFirst(base.count + 1))
        }
    }

    // MARK: - Joining

    /// A patch hunk rarely shows the `#define IPC_MESSAGE_START` of the file it patches: take the class in force
    /// at the patched line from the tree's copy of that file (the class of the nearest message above it).
    private func inferPatchMessageClasses(_ messages: inout [MessageDefinition]) {
        // Most trees hold no patches: the table of every message by file is then not worth building.
        guard messages.contains(where: { $0.patch != nil && $0.messageClass.isEmpty }) else { return }
        let inTree = Dictionary(grouping: messages.filter { $0.patch == nil && !$0.messageClass.isEmpty }, by: \.location.file)
        for index in messages.indices {
            guard let patch = messages[index].patch, messages[index].messageClass.isEmpty,
                  let candidates = inTree[patch.targetFile]?.sorted(by: { $0.location < $1.location }) else { continue }
            let above = candidates.last { $0.location.line <= patch.targetLine } ?? candidates.first
            messages[index].messageClass = above?.messageClass ?? ""
        }
    }

    /// `senders` with the handlers of `maps` whose code reaches them: a send in a function that a handler's body
    /// names, or one that function names, a few calls deep (a reply sent from a callback the handler binds). Such a
    /// send is on only some paths of those handlers unless one of them sends its message on every path (see
    /// `messagesSentOnEveryPath`): a handler that returns early without replying, or calls the sending function in
    /// some branches only, does not always reply.
    static func reached(_ senders: [Sender], from maps: [MessageMap], calls: [String: [String]], pathSites: [String: [PathSite]]) -> [Sender] {
        guard !maps.isEmpty, !calls.isEmpty else { return senders }
        var callees: [String: Set<String>] = [:]
        var callers: [String: Set<String>] = [:]
        for (function, names) in calls {
            let caller = IPCNaming.classAndMethod(function)
            for callee in names.map({ IPCNaming.classAndMethod($0) }) {
                callees[caller, default: []].insert(callee)
                callers[callee, default: []].insert(caller)
            }
        }
        var reachers: [String: Set<String>] = [:]
        var handlers: Set<String> = []
        for map in maps {
            for method in Set(map.handlers.compactMap(\.method)) {
                let handler = IPCNaming.classAndMethod(method, of: map.handlerClass)
                handlers.insert(handler)
                var seen: Set<String> = [handler]
                var frontier: Set<String> = [handler]
                for _ in 0 ..< 4 where !frontier.isEmpty {
                    frontier = Set(frontier.flatMap { callees[$0] ?? [] }).subtracting(seen)
                    seen.formUnion(frontier)
                }
                // Code the file also reaches from elsewhere (`SendFindReply`, called wherever a find ends) is no
                // evidence that the handler alone sends.
                for function in seen where function != handler && (callers[function] ?? []).isSubset(of: seen) {
                    reachers[function, default: []].insert(handler)
                }
            }
        }
        let always = messagesSentOnEveryPath(pathSites)
        return senders.map { sender in
            var sender = sender
            let function = IPCNaming.classAndMethod(sender.function ?? "")
            if let reaching = reachers[function] {
                sender.reachedFrom = reaching.sorted()
                // A handler's own send is judged on its own paths.
                if !handlers.contains(function) && !reaching.contains(where: { always[$0]?.contains(sender.message) ?? false }) {
                    sender.conditional = true
                }
            }
            return sender
        }
    }

    /// Function (`Class::Method`) -> the messages it sends on every path, itself or through the functions it calls:
    /// a send or call outside any branch, after no `return` or after returns whose paths each sent the message, or
    /// called a function that always does (an error reply before an early return, then the reply's callback bound).
    static func messagesSentOnEveryPath(_ pathSites: [String: [PathSite]]) -> [String: Set<String>] {
        // Functions as `Class::Method`, once: the fixed point looks each name up on every round (a message's name
        // is its own).
        let sites = Dictionary(pathSites.map { function, list in
            (IPCNaming.classAndMethod(function), list.map { site in
                PathSite(name: site.isCall ? IPCNaming.classAndMethod(site.name) : site.name, isCall: site.isCall,
                         after: site.after?.map { IPCNaming.classAndMethod($0) })
            })
        }, uniquingKeysWith: +)
        var always: [String: Set<String>] = [:]
        func sends(_ name: String, _ message: String) -> Bool {
            name == message || always[name]?.contains(message) == true
        }
        var changed = true
        while changed {
            changed = false
            for (function, list) in sites {
                for site in list {
                    let messages = site.isCall ? Array(always[site.name] ?? []) : [site.name]
                    for message in messages where !(always[function]?.contains(message) ?? false) {
                        guard site.after.map({ $0.contains { sends($0, message) } }) ?? true else { continue }
                        always[function, default: []].insert(message)
                        changed = true
                    }
                }
            }
        }
        return always
    }

    /// Marks a typedef name declared with two different targets.
    private static let ambiguous = "\u{0}"

    /// The fixed-width and platform types of the C and C++ standard headers and POSIX (`<cstdint>`, `<cstddef>`,
    /// `<sys/types.h>`, `<ctime>`): never resolved through a typedef found in the tree.
    static let platformTypes: Set<String> = [
        "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
        "int_least8_t", "int_least16_t", "int_least32_t", "int_least64_t", "uint_least8_t", "uint_least16_t", "uint_least32_t", "uint_least64_t",
        "int_fast8_t", "int_fast16_t", "int_fast32_t", "int_fast64_t", "uint_fast8_t", "uint_fast16_t", "uint_fast32_t", "uint_fast64_t",
        "intmax_t", "uintmax_t", "intptr_t", "uintptr_t", "size_t", "ssize_t", "ptrdiff_t", "max_align_t", "nullptr_t",
        "time_t", "clock_t", "off_t", "off64_t", "pid_t", "uid_t", "gid_t", "mode_t", "wchar_t", "char16_t", "char32_t",
    ]

    func inventory(extraDiagnostics: [Diagnostic], skippedFolders: [SkippedFolder]? = nil) -> Inventory {
        var inventory = Inventory()
        var typedefs: [String: String] = [:]
        var types: [TypeDefinition] = []
        var senders: [Sender] = []
        var references: [MessageReference] = []
        var removedMessages: [MessageDefinition] = []
        var unreadFiles: [UnreadFile] = []
        for (_, result) in foundInOrder {
            let partial = result.partial
            inventory.messages += partial.messages
            removedMessages += partial.removedMessages
            inventory.structs += partial.structs
            inventory.structTraits += partial.structTraits
            inventory.enumTraits += partial.enumTraits
            inventory.messageMaps += partial.messageMaps
            inventory.diagnostics += partial.diagnostics
            senders += Self.reached(partial.senders, from: partial.messageMaps, calls: partial.calls ?? [:], pathSites: partial.pathSites ?? [:])
            references += partial.references
            types += result.types
            if let unread = partial.unread {
                unreadFiles.append(unread)
                inventory.stats.filesSkipped += 1
            }
            for (name, type) in result.typedefs {
                let short = String(name.split(separator: ":").last ?? "")
                // The platform's own types mean what its headers say (int64_t is 64 bits), whatever a third-party
                // header of the tree declares for its own build (`typedef long int64_t;` in Khronos' glext.h).
                guard !Self.platformTypes.contains(short) else { continue }
                for key in Set([name, short]) {
                    switch typedefs[key] {
                    case nil: typedefs[key] = type
                    // A name the tree defines two ways resolves to neither: which one a message sees depends
                    // on includes the scan does not follow.
                    case let existing? where existing != type && existing != Self.ambiguous: typedefs[key] = Self.ambiguous
                    default: break
                    }
                }
            }
        }
        inventory.stats.filesVisited = files.count
        inventory.stats.filesParsed = parsed.lazy.filter { $0 }.count
        inventory.unreadFiles = unreadFiles
        inventory.skippedFolders = skippedFolders
        // A message a patch removes and adds back (on other lines, or changed) is still there.
        let present = Set(inventory.messages.map(\.name))
        removedMessages.removeAll { present.contains($0.name) }
        if !removedMessages.isEmpty { inventory.removedMessages = removedMessages }
        inventory.diagnostics += extraDiagnostics

        // In place: a copy of each list through key paths was a tenth of this join, on one thread.
        typedefs = typedefs.filter { $0.value != Self.ambiguous }
        func resolve(_ parameters: inout [Parameter]) {
            for index in parameters.indices { parameters[index].resolvedType = typedefs[parameters[index].type] }
        }
        for index in inventory.messages.indices {
            resolve(&inventory.messages[index].inputs)
            resolve(&inventory.messages[index].outputs)
        }
        inferPatchMessageClasses(&inventory.messages)
        let defined = Set(inventory.messages.map(\.name))
        // `new PrintMsg_PrintPages_Params(settings)` allocates an IPC struct, not a message: a name the tree
        // declares as a struct (IPC_STRUCT_BEGIN, traits), or one named like such a struct, is no sender.
        let structs = Set(inventory.structs.map(\.name) + inventory.structTraits.map { IPCNaming.unqualified($0.type) })
        inventory.senders = senders.filter { sender in
            defined.contains(sender.message)
                || (IPCScanner.containsNeedle(sender.message) && !structs.contains(sender.message)
                    && !IPCNaming.looksLikeParamsStruct(sender.message))
        }

        let sent = Set(inventory.senders.map(\.location))
        // A member of a class named like a message (`FooMsg_Bar::ID`) stays when the tree no longer defines it,
        // as a sender does: a conversion removes the definition first, and `--files` scans no header. A name
        // alone stays only for defined messages: undefined, it is as often an IPC struct.
        let named = references.filter { reference in
            !sent.contains(reference.location) && (defined.contains(reference.message)
                || (reference.member != nil && IPCNaming.stem(of: reference.message) != nil && !structs.contains(reference.message)))
        }
        if !named.isEmpty { inventory.references = named }

        // The tree's own files with constructs (a patch's constructs are in the file it patches, upstream's path).
        let placed = inventory.messages.map { ($0.location, $0.patch) } + inventory.structs.map { ($0.location, $0.patch) }
            + inventory.structTraits.map { ($0.location, $0.patch) } + inventory.enumTraits.map { ($0.location, $0.patch) }
        let headers = Set(placed.filter { $0.1 == nil }.map(\.0.file))
        let includers = foundInOrder.filter { !$0.result.includes.isEmpty && !FileWalker.isPatch(files[$0.index].relativePath) }.map {
            OverlayFolders.Includer(path: files[$0.index].relativePath, includes: $0.result.includes)
        }
        let overlays = OverlayFolders.mirroredPaths(of: headers, includers: includers, treeFiles: { Set(files.map(\.relativePath)) })
        if !overlays.isEmpty { inventory.overlayHeaders = overlays }

        let traitTypes = Set(inventory.enumTraits.map(\.type) + inventory.structTraits.map(\.type) + inventory.structs.compactMap(\.parent))
        var seen = Set<String>()
        inventory.typeDefinitions = types.sorted { $0.location < $1.location }.filter { type in
            let wanted = traitTypes.contains(type.name) || traitTypes.contains { type.name.hasSuffix("::" + $0) }
            return wanted && seen.insert(type.name).inserted
        }
        inventory.sort()
        return inventory
    }
}
