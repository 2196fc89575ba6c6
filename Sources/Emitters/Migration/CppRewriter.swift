import Foundation
import MojifyConversion
import MojifyCore

/// The rewrites of the existing code, as a unified diff (migration guide 2.4.3 and 2.4.5): each sender
/// `Send(new FooHostMsg_Bar(routing_id(), a, b));` becomes `GetFooHost()->Bar(a, b);`, each message-map entry of
/// a converted message is deleted, and the legacy `*_messages.h` include becomes the `.mojom.h` one. Every sender
/// and handler of the selected messages is either rewritten or listed with the reason it was not.
public struct MigrationPatch: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case sender
        case handler
        /// A class whose senders now call `Get<Interface>()`, given the getter and its remote.
        case remote
        /// A handler method made the interface method (or listed with why not).
        case method
        /// An `OnMessageReceived` shell left without entries.
        case messageMap
        /// A legacy message definition in its `*_messages.h`.
        case definition
        /// A changed file's build target and the mojom dependency it needs.
        case build
    }

    public struct Outcome: Sendable, Equatable {
        public var kind: Kind
        public var message: String
        public var location: SourceLocation
        /// Why it was left alone; nil when it was rewritten.
        public var reason: String?
    }

    /// The unified diff, files in path order; empty when nothing could be rewritten.
    public var diff: String
    /// The files the diff changes, sorted.
    public var files: [String]
    /// One per sender and handler of the selected messages, in inventory order, then the other kinds.
    public var outcomes: [Outcome]
    /// Files the diff deletes (legacy headers left empty), sorted.
    public var deletedFiles: [String] = []
    /// Interfaces (`module.Name`) whose handler class now implements them itself: no forwarding skeleton needed.
    public var convertedInPlace: Set<String> = []
    /// The text of each file in `files` but `deletedFiles` once the diff is applied.
    public var rewritten: [String: String] = [:]

    /// The files holding senders or handlers of `plan`'s messages, the headers beside the senders' files where
    /// their classes are declared, and the handler side's companions (class headers, message headers, BUILD.gn
    /// files): what `make` needs the text of, with `registryFiles` (missing ones are skipped).
    public static func filesToRead(plan: ConversionPlan, inventory: Inventory) -> [String] {
        let selected = Set(plan.interfaces.flatMap { $0.methods.flatMap(\.messages) })
        let senders = inventory.senders.filter { selected.contains($0.message) }.map(\.location.file)
        let handlers = inventory.messageMaps.flatMap(\.handlers).filter { $0.message.map(selected.contains) ?? false }.map(\.location.file)
        return Array(Set(senders + senders.flatMap(CppRewriter.classHeaders) + handlers + companionFiles(plan: plan, inventory: inventory))).sorted()
    }

    /// `sources` holds the text of the files `filesToRead` names that could be read as UTF-8.
    public static func make(
        plan: ConversionPlan, migration: CppMigration, inventory: Inventory, sources: [String: String], remotes: RemoteSettings
    ) -> MigrationPatch {
        var rewriter = CppRewriter(plan: plan, migration: migration, inventory: inventory, sources: sources, remotes: remotes)
        return rewriter.run()
    }
}

struct CppRewriter {
    /// Where a legacy message went: its interface and method, and whether it is the request or a folded reply.
    struct Target {
        var interface: CppMigration.Interface
        var method: CppMigration.Method
        var isRequest: Bool
        /// Every definition of the message (one per `#if` branch that defines it).
        var definitions: [MessageDefinition]
        var mojomFile: MojomFile
    }

    var targets: [String: Target] = [:]
    let inventory: Inventory
    let plan: ConversionPlan
    var sources: [String: CppSource] = [:]
    var edits: [String: [UnifiedDiff.Edit]] = [:]
    var outcomes: [MigrationPatch.Outcome] = []
    /// Legacy headers whose every message is converted: their includes are replaced, not kept.
    var fullyConverted: Set<String> = []
    /// Written by the extensions (handlers, definitions, build files): what `run` needs to finish the diff.
    var deletedFiles: Set<String> = []
    var convertedInPlace: Set<String> = []
    /// The mojom targets (`//a/b:mojom`) each changed file now uses, for its BUILD.gn.
    var mojomUses: [String: Set<String>] = [:]
    let migration: CppMigration
    let remotes: RemoteSettings

    init(plan: ConversionPlan, migration: CppMigration, inventory: Inventory, sources: [String: String], remotes: RemoteSettings) {
        self.plan = plan
        self.migration = migration
        self.remotes = remotes
        self.inventory = inventory
        self.sources = sources.mapValues(CppSource.init)
        let definitions = Dictionary(grouping: inventory.messages, by: \.name)
        let interfaces = Dictionary(migration.interfaces.map { ($0.module + "." + $0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for file in plan.files {
            for interface in file.interfaces {
                guard let cpp = interfaces[file.module + "." + interface.name] else { continue }
                for method in cpp.methods {
                    for (index, message) in method.messages.enumerated() {
                        targets[message] = Target(interface: cpp, method: method, isRequest: index == 0, definitions: definitions[message] ?? [], mojomFile: file)
                    }
                }
            }
        }
        let selected = Set(targets.keys)
        let byHeader = Dictionary(grouping: inventory.messages.filter { $0.patch == nil }, by: \.location.file)
        fullyConverted = Set(byHeader.filter { $0.value.allSatisfy { selected.contains($0.name) } }.keys)
    }

    mutating func run() -> MigrationPatch {
        for sender in inventory.senders {
            guard let target = targets[sender.message] else { continue }
            record(.sender, sender.message, sender.location, reason: rewriteSender(sender, target: target))
        }
        for map in inventory.messageMaps {
            for handler in map.handlers {
                guard let message = handler.message, let target = targets[message] else { continue }
                record(.handler, message, handler.location, reason: removeHandler(handler, map: map, target: target))
            }
        }
        addRemoteGetters()
        convertHandlersInPlace()
        removeEmptyShells()
        removeDefinitions()
        rewriteIncludes()
        removeIncludesOfDeletedHeaders()
        addBuildDependencies()
        var diff = ""
        var files: [String] = []
        var rewritten: [String: String] = [:]
        for path in Set(edits.keys).union(deletedFiles).sorted() {
            let source = sources[path]!
            let deleted = deletedFiles.contains(path)
            let text = deleted ? UnifiedDiff.deletion(path: path, source: source) : UnifiedDiff.diff(path: path, source: source, edits: edits[path]!)
            if !text.isEmpty {
                diff += text
                files.append(path)
                if !deleted { rewritten[path] = UnifiedDiff.apply(edits[path]!, to: source) }
            }
        }
        return MigrationPatch(
            diff: diff, files: files, outcomes: outcomes, deletedFiles: deletedFiles.sorted(), convertedInPlace: convertedInPlace, rewritten: rewritten
        )
    }

    mutating func record(_ kind: MigrationPatch.Kind, _ message: String, _ location: SourceLocation, reason: String?) {
        outcomes.append(.init(kind: kind, message: message, location: location, reason: reason))
    }

    /// Why the file cannot be patched, if it cannot.
    func unpatchable(_ location: SourceLocation, patch: PatchOrigin?) -> String? {
        if let patch { return "found in the patch file \(location.file) (it changes \(patch.targetFile)); change the patch by hand" }
        if !SafeName.isSafePath(location.file) { return "the file name needs quoting in a diff; rewrite by hand" }
        if sources[location.file] == nil { return "the file could not be read as UTF-8 text" }
        return nil
    }

    /// Adds an edit unless it overlaps one already made in the file; returns whether it was added.
    mutating func add(_ edit: UnifiedDiff.Edit, in file: String) -> Bool {
        addAll([(file, edit)])
    }

    /// Adds every edit, or none when one would meet an edit already made or another of `changes`; returns whether
    /// they were added. Two insertions at one offset meet too: their order would be arbitrary.
    mutating func addAll(_ changes: [(String, UnifiedDiff.Edit)]) -> Bool {
        for (index, (file, edit)) in changes.enumerated() {
            let others = (edits[file] ?? []) + changes[..<index].filter { $0.0 == file }.map(\.1)
            if others.contains(where: { $0.range.overlaps(edit.range) || $0.range == edit.range }) { return false }
        }
        for (file, edit) in changes { edits[file, default: []].append(edit) }
        return true
    }

    /// The source holding `location`, and where the name the scan saw there starts and ends; nil when the file no
    /// longer has it there.
    func locate(_ name: String, at location: SourceLocation) -> (source: CppSource, start: Int, end: Int)? {
        guard let source = sources[location.file], let start = source.offset(line: location.line, column: location.column),
              let (found, end) = source.name(startingAt: start), found == name else { return nil }
        return (source, start, end)
    }

    static func moved(_ name: String, _ location: SourceLocation) -> String {
        "the file changed since the scan: \(name) is not at \(location)"
    }

    /// The `paths` that `file` neither includes nor is given by an edit already made, sorted.
    func missingIncludes(_ paths: some Sequence<String>, in file: String) -> [String] {
        let source = sources[file]!
        let text = source.text(0..<source.bytes.count)
        let pending = edits[file] ?? []
        return Set(paths).sorted().filter { path in
            let line = "#include \"\(path)\""
            return !text.contains(line) && !pending.contains { $0.replacement.contains(line) }
        }
    }

    // MARK: - Senders

    /// Rewrites one `[receiver->]Send(new Msg(args));` statement; returns the reason when it cannot.
    private mutating func rewriteSender(_ sender: Sender, target: Target) -> String? {
        if let problem = unpatchable(sender.location, patch: sender.patch) { return problem }
        let interface = target.interface
        let method = target.method
        if !target.isRequest {
            return "this reply is now the reply callback of \(interface.name).\(method.name): run std::move(callback).Run(...) here instead"
        }
        if method.reply != nil, !method.isSync {
            return "\(interface.name).\(method.name) now answers through a reply callback (it replaces \(method.messages.dropFirst().joined(separator: ", "))): pass one that does what that message's handler did"
        }
        guard let first = target.definitions.first else { return "the message's definition was not found" }
        guard let (source, nameStart, nameEnd) = locate(sender.message, at: sender.location) else { return Self.moved(sender.message, sender.location) }
        // Back over `ns::` qualifiers to `new`, then `(`, then `Send`.
        var cursor = source.skipSpaceBackward(from: nameStart)
        while cursor >= 2, source.hasBytes("::", at: cursor - 2) {
            cursor = source.skipSpaceBackward(from: cursor - 2)
            if let qualifier = source.name(endingAt: cursor) { cursor = source.skipSpaceBackward(from: qualifier.start) }
        }
        guard let new = source.name(endingAt: cursor), new.text == "new" else {
            return "not a `new \(sender.message)(...)` expression (make_unique, or a message built elsewhere); rewrite by hand"
        }
        cursor = source.skipSpaceBackward(from: new.start)
        guard cursor > 0, source.bytes[cursor - 1] == UInt8(ascii: "(") else {
            return "the message is built here and sent elsewhere (stored or passed on); rewrite by hand"
        }
        cursor = source.skipSpaceBackward(from: cursor - 1)
        guard let send = source.name(endingAt: cursor) else { return "the message is not passed to Send; rewrite by hand" }
        guard send.text == "Send" else { return "sent through \(send.text)(...), not Send; convert that helper by hand" }
        var start = send.start
        let beforeSend = source.skipSpaceBackward(from: send.start)
        var receiver: String?
        if beforeSend >= 2, source.hasBytes("->", at: beforeSend - 2) || source.bytes[beforeSend - 1] == UInt8(ascii: ".") {
            let operatorStart = source.hasBytes("->", at: beforeSend - 2) ? beforeSend - 2 : beforeSend - 1
            guard let receiverStart = postfixExpressionStart(source, endingAt: source.skipSpaceBackward(from: operatorStart)) else {
                return "the object Send is called on could not be read; rewrite by hand"
            }
            receiver = source.text(receiverStart..<operatorStart).trimmingCharacters(in: .whitespacesAndNewlines)
            start = receiverStart
        }
        if let receiver, receiver != "this", first.kind == .routed {
            return "sent through \(receiver)'s Send: the remote belongs to that object's frame (guide 2.5.7, routing IDs); call \(method.name) on a remote it holds"
        }
        // A control message sent through a process singleton (`RenderThread::Get()`) goes to the one peer, which a
        // member remote reaches; through a process host (`rph->Send`) it goes to that process only.
        if let receiver, receiver != "this", !remotes.rules.remoteHolders.contains(where: { $0.className == nil && ($0.via == receiver || $0.via.hasSuffix("::" + receiver)) }) {
            return "sent through \(receiver)'s Send: the remote belongs to the process it stands for; bind one through it (\(receiver)->BindReceiver(...) or its interface provider) and call \(method.name) on that"
        }
        guard startsStatement(source, at: start) else {
            return "the result of Send is used (returned, tested or assigned); rewrite by hand"
        }
        // Forward: the message's arguments, Send's closing parenthesis, the semicolon.
        let open = source.skipSpace(from: nameEnd)
        var values: [String] = []
        var constructorEnd = nameEnd
        if open < source.bytes.count, source.bytes[open] == UInt8(ascii: "(") {
            guard let arguments = source.matchingBracket(at: open) else { return "the message's argument list does not end; rewrite by hand" }
            if arguments.sawComment { return "a comment inside the arguments; rewrite by hand" }
            let bounds = [open] + arguments.commas + [arguments.close]
            values = zip(bounds, bounds.dropFirst()).map { source.text(($0 + 1)..<$1) }
            if values.count == 1, values[0].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { values = [] }
            constructorEnd = arguments.close + 1
        }
        // Without an argument list (`new FooMsg_Bar`) the message has no parameters.
        let sendClose = source.skipSpace(from: constructorEnd)
        guard sendClose < source.bytes.count, source.bytes[sendClose] == UInt8(ascii: ")") else {
            return "Send takes more than the message; rewrite by hand"
        }
        let semicolon = source.skipSpace(from: sendClose + 1)
        guard semicolon < source.bytes.count, source.bytes[semicolon] == UInt8(ascii: ";") else {
            return "the result of Send is used (returned, tested or assigned); rewrite by hand"
        }
        func arity(_ definition: MessageDefinition) -> Int {
            definition.inputs.count + definition.outputs.count + (definition.kind == .routed ? 1 : 0)
        }
        guard let definition = target.definitions.first(where: { arity($0) == values.count }) else {
            return "\(values.count) arguments where \(sender.message) has \(arity(first)) (a macro or a template in the arguments?); rewrite by hand"
        }
        if definition.kind == .routed { values.removeFirst() }
        let call = "Get\(interface.name)()->\(method.name)(\(values.map(Self.oneLine).joined(separator: ", ")));"
        guard add(UnifiedDiff.Edit(range: start..<(semicolon + 1), replacement: call), in: sender.location.file) else {
            return "another rewrite changes the same code"
        }
        return nil
    }

    /// An argument on one line: its line breaks and the indentation after them become one space.
    static func oneLine(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.filter { !$0.isEmpty }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// The start of `a.b()->c[1]` ending at `end`: names joined by `::`, `.` or `->`, each with its call or
    /// subscript groups. Nil for anything else (casts, template arguments), which leaves the sender listed.
    private func postfixExpressionStart(_ source: CppSource, endingAt end: Int) -> Int? {
        var cursor = end
        while true {
            while cursor > 0, source.bytes[cursor - 1] == UInt8(ascii: ")") || source.bytes[cursor - 1] == UInt8(ascii: "]") {
                guard let open = openingBracket(source, closingAt: cursor - 1) else { return nil }
                cursor = source.skipSpaceBackward(from: open)
            }
            guard let name = source.name(endingAt: cursor) else { return nil }
            cursor = name.start
            let before = source.skipSpaceBackward(from: cursor)
            if before >= 2, source.hasBytes("->", at: before - 2) || source.hasBytes("::", at: before - 2) {
                let operatorStart = before - 2
                cursor = source.skipSpaceBackward(from: operatorStart)
                // A leading `::` (global qualification) ends the expression.
                if source.hasBytes("::", at: operatorStart), source.name(endingAt: cursor) == nil,
                   !(cursor > 0 && [UInt8(ascii: ")"), UInt8(ascii: "]")].contains(source.bytes[cursor - 1])) {
                    return operatorStart
                }
            } else if before >= 1, source.bytes[before - 1] == UInt8(ascii: ".") {
                cursor = source.skipSpaceBackward(from: before - 1)
            } else {
                return cursor
            }
        }
    }

    /// The offset of the bracket that `close` closes, scanning backwards (literals and comments are not skipped:
    /// receivers rarely hold them, and a mismatch only makes the sender listed instead of rewritten).
    private func openingBracket(_ source: CppSource, closingAt close: Int) -> Int? {
        var depth = 0
        var index = close
        while index >= 0 {
            switch source.bytes[index] {
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth += 1
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index -= 1
        }
        return nil
    }

    /// Whether a statement starts at `offset`: after `;`, `{`, `}`, a label's or case's `:`, an `if (...)`'s `)`,
    /// `else`, or at the start of the file.
    private func startsStatement(_ source: CppSource, at offset: Int) -> Bool {
        let before = source.skipSpaceBackward(from: offset)
        guard before > 0 else { return true }
        let byte = source.bytes[before - 1]
        if [UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ")")].contains(byte) { return true }
        if byte == UInt8(ascii: ":") { return !(before >= 2 && source.bytes[before - 2] == UInt8(ascii: ":")) }
        return source.name(endingAt: before)?.text == "else"
    }

    // MARK: - Handlers

    /// Deletes one message-map entry whose message the implementation now receives; returns the reason when not.
    private mutating func removeHandler(_ handler: MessageHandler, map: MessageMap, target: Target) -> String? {
        if let problem = unpatchable(handler.location, patch: map.patch) { return problem }
        let method = target.method
        if !target.isRequest {
            return "this reply's handler becomes the reply callback passed where \(target.interface.name).\(method.name) is called: move its code there"
        }
        if let target = handler.target {
            return "forwarded to \(target): that object implements it; convert it with that object's messages"
        }
        guard let implemented = method.handler else {
            return "the implementation does not call it: \(method.handlerProblem ?? "no handler method")"
        }
        let methodName = handler.method.map { $0.components(separatedBy: "::").last ?? $0 }
        guard map.location.file == implemented.file, methodName == implemented.method else {
            return "\(target.interface.name)Impl calls \(implemented.className)::\(implemented.method), not this handler; keep it or merge it by hand"
        }
        let macro = handler.wrapper ?? handler.macro
        guard let (source, start, nameEnd) = locate(macro, at: handler.location) else { return Self.moved(macro, handler.location) }
        let lineStart = source.lineStarts[handler.location.line - 1]
        guard source.skipSpace(from: lineStart) == start else { return "other code shares the entry's line; remove it by hand" }
        let open = source.skipSpace(from: nameEnd)
        guard open < source.bytes.count, source.bytes[open] == UInt8(ascii: "("), let arguments = source.matchingBracket(at: open) else {
            return "the entry's arguments could not be read; remove it by hand"
        }
        let lineEnd = source.lineEnd(of: arguments.close)
        // A stray `;` after the entry is harmless and goes with it.
        var rest = source.text((arguments.close + 1)..<lineEnd).trimmingCharacters(in: .whitespaces)
        if rest.hasPrefix(";") { rest = rest.dropFirst().trimmingCharacters(in: .whitespaces) }
        guard rest.isEmpty || rest.hasPrefix("//") else { return "other code shares the entry's line; remove it by hand" }
        let end = lineEnd < source.bytes.count ? lineEnd + 1 : lineEnd
        guard add(UnifiedDiff.Edit(range: lineStart..<end, replacement: ""), in: handler.location.file) else {
            return "another rewrite changes the same code"
        }
        return nil
    }

    // MARK: - Includes

    /// In every changed file: `#include "x/foo_messages.h"` becomes `#include "x/foo.mojom.h"` when every message
    /// of that header is converted; otherwise the mojom include is added after it.
    private mutating func rewriteIncludes() {
        for file in edits.keys.sorted() {
            let source = sources[file]!
            let used = Set(outcomes.filter { $0.location.file == file && $0.reason == nil && [.sender, .handler].contains($0.kind) }.compactMap { targets[$0.message]?.mojomFile.path })
            for mojom in plan.files where used.contains(mojom.path) {
                let legacy = includeLine(of: mojom.sourceHeader, in: source)
                guard let include = legacy ?? lastIncludeLine(in: source) else { continue }
                let mojomInclude = "#include \"\(Self.includePath(of: mojom, writtenLegacy: legacy?.written))\""
                if source.text(0..<source.bytes.count).contains(mojomInclude) { continue }
                let keep = legacy == nil || !fullyConverted.contains(mojom.sourceHeader)
                let original = source.text(include.range)
                _ = add(UnifiedDiff.Edit(range: include.range, replacement: keep ? original + "\n" + mojomInclude : mojomInclude), in: file)
            }
        }
    }

    /// The line including `header` (written in full, relative to an include folder, or from above the scanned
    /// root), and the path as written.
    func includeLine(of header: String, in source: CppSource) -> (range: Range<Int>, written: String)? {
        for start in source.lineStarts {
            let end = source.lineEnd(of: start)
            guard let included = Self.includedPath(source.text(start..<end)) else { continue }
            if header == included || header.hasSuffix("/" + included) || included.hasSuffix("/" + header) { return (start..<end, included) }
        }
        return nil
    }

    /// The generated header of `mojom` as the file includes its legacy header: relative to the same include folder
    /// (`chromium_src/` is one), or below the same prefix when the scanned root is itself a folder of the include
    /// root (`xwalk/`).
    static func includePath(of mojom: MojomFile, writtenLegacy written: String?) -> String {
        let header = mojom.path + ".h"
        guard let written, written != mojom.sourceHeader else { return header }
        if written.hasSuffix("/" + mojom.sourceHeader) { return String(written.dropLast(mojom.sourceHeader.count)) + header }
        let folder = String(mojom.sourceHeader.dropLast(written.count))
        return header.hasPrefix(folder) ? String(header.dropFirst(folder.count)) : header
    }

    func lastIncludeLine(in source: CppSource) -> (range: Range<Int>, written: String)? {
        var found: (Range<Int>, String)?
        for start in source.lineStarts {
            let end = source.lineEnd(of: start)
            if let included = Self.includedPath(source.text(start..<end)) { found = (start..<end, included) }
        }
        return found
    }

    /// `#include "a/b.h"` -> `a/b.h`; nil for other lines and `<...>` includes.
    static func includedPath(_ line: String) -> String? {
        var text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("#") else { return nil }
        text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("include") else { return nil }
        text = String(text.dropFirst("include".count)).trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("\""), let close = text.dropFirst().firstIndex(of: "\"") else { return nil }
        return String(text[text.index(after: text.startIndex)..<close])
    }
}
