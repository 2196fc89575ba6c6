import MojifyCore

/// Maps positions in the text libclang saw to positions in the scanned tree.
enum LocationMapper {
    case plain(file: String)
    /// The text was the new side of a diff section; lines map back to the patch file.
    case patch(file: String, section: PatchFile.Section)

    func location(line: Int, column: Int) -> SourceLocation {
        switch self {
        case let .plain(file):
            return SourceLocation(file: file, line: line, column: column)
        case let .patch(file, section):
            guard line >= 1 && line <= section.lines.count else { return SourceLocation(file: file, line: 0, column: 0) }
            // The diff marker (`+` or space) sits before the code, one column to the left of where libclang saw it.
            return SourceLocation(file: file, line: section.lines[line - 1].patchLine, column: column + 1)
        }
    }

    var isPatch: Bool {
        if case .patch = self { true } else { false }
    }

    func patchOrigin(line: Int) -> PatchOrigin? {
        guard case let .patch(_, section) = self, line >= 1 && line <= section.lines.count else { return nil }
        let entry = section.lines[line - 1]
        return PatchOrigin(targetFile: section.targetFile, targetLine: entry.targetLine, change: entry.change)
    }
}

/// A send of a message, or a call (or bind) of a function of the same file, outside any branch of its function.
/// It is on every path of the function unless a `return` came before it: then it is on the paths those returns did
/// not take, and `after` holds the names (messages, functions) every such return's path held.
struct PathSite: Codable, Hashable, Sendable {
    /// The message sent, or the function called.
    var name: String
    var isCall: Bool
    var after: [String]?
}

/// One file's share of the inventory, with positions already mapped to the tree.
struct PartialInventory: Codable {
    var messages: [MessageDefinition] = []
    /// Messages on the `-` lines of a patch.
    var removedMessages: [MessageDefinition] = []
    var structs: [IPCStruct] = []
    var structTraits: [StructTraits] = []
    var enumTraits: [EnumTraits] = []
    var messageMaps: [MessageMap] = []
    var senders: [Sender] = []
    var references: [MessageReference] = []
    var diagnostics: [Diagnostic] = []
    /// Set when the file could not be read in full; it then contributes nothing but this and its diagnostic.
    var unread: UnreadFile?
    /// Function -> the functions of the same file its body names, to tell which sends a handler reaches.
    var calls: [String: [String]]?
    /// Function -> its sends and calls of the file's functions outside any branch of it (see `PathSite`).
    var pathSites: [String: [PathSite]]?

    var isEmpty: Bool {
        messages.isEmpty && removedMessages.isEmpty && structs.isEmpty && structTraits.isEmpty && enumTraits.isEmpty
            && messageMaps.isEmpty && senders.isEmpty && references.isEmpty && diagnostics.isEmpty && unread == nil
    }

    /// The share of a file the scan could not read in full: an error diagnostic and the entry for `unreadFiles`.
    static func unread(_ location: SourceLocation, reason: UnreadFile.Reason, detail: String, hint: String) -> PartialInventory {
        var partial = PartialInventory()
        partial.diagnostics = [Diagnostic(severity: .error, location: location, message: detail + "; the file was not read", hint: hint)]
        partial.unread = UnreadFile(location: location, reason: reason, detail: detail)
        return partial
    }

    /// `inactiveRanges`: byte ranges the build configuration skips, known only with real compile flags.
    mutating func add(_ findings: FileFindings, mapper: LocationMapper, inactiveRanges: [Range<Int>]?) {
        func place(_ at: RawLocation) -> SourceLocation { mapper.location(line: at.line, column: at.column) }
        func conditions(_ value: Conditions, _ at: RawLocation) -> Conditions {
            var result = value
            if let inactiveRanges {
                result.activeInBuild = !inactiveRanges.contains { $0.contains(at.offset) }
            }
            return result
        }
        func placed<Construct: PlacedConstruct>(_ value: Construct, _ at: RawLocation) -> Construct {
            var result = value
            result.location = place(at)
            result.conditions = conditions(result.conditions, at)
            result.patch = mapper.patchOrigin(line: at.line)
            return result
        }
        if case let .patch(_, section) = mapper, section.side == .old {
            // The old side of a hunk is read only for what the patch removes.
            removedMessages += findings.messages.map { placed($0.value, $0.at) }.filter { $0.patch?.change == .removed }
            return
        }
        // Context lines are the patched file's own code, which the tree does not hold: only `+` lines are the patch's.
        func isOwn(_ at: RawLocation) -> Bool { mapper.patchOrigin(line: at.line)?.change != .context }
        if let unfollowed = findings.unfollowed.first(where: { isOwn($0.at) }) {
            self = .unread(place(unfollowed.at), reason: .unfollowedMacro, detail: unfollowed.detail,
                           hint: "write the IPC macro invocations out, or through macros mojify follows (see the README, How the scanner reads code)")
            return
        }
        messages += findings.messages.filter { isOwn($0.at) }.map { placed($0.value, $0.at) }
        for found in findings.structTraits where isOwn(found.at) {
            var value = placed(found.value, found.at)
            value.memberLocations = found.memberPositions.isEmpty ? nil : found.memberPositions.map(place)
            structTraits.append(value)
        }
        enumTraits += findings.enumTraits.filter { isOwn($0.at) }.map { placed($0.value, $0.at) }
        for found in findings.structs where isOwn(found.at) {
            var value = placed(found.value, found.at)
            for (index, position) in found.memberPositions.enumerated() {
                value.members[index].location = place(position)
            }
            structs.append(value)
        }
        for found in findings.maps {
            var value = placed(found.value, found.at)
            for (index, position) in found.handlerPositions.enumerated() {
                value.handlers[index].location = place(position)
                value.handlers[index].conditions = conditions(value.handlers[index].conditions, position)
            }
            value.handlers = zip(value.handlers, found.handlerPositions).filter { isOwn($0.1) }.map(\.0)
            if isOwn(found.at) || !value.handlers.isEmpty { messageMaps.append(value) }
        }
        if !findings.calls.isEmpty { calls = (calls ?? [:]).merging(findings.calls) { Array(Set($0 + $1)).sorted() } }
        if !findings.pathSites.isEmpty { pathSites = (pathSites ?? [:]).merging(findings.pathSites) { $0 + $1 } }
        for found in findings.senders where isOwn(found.at) {
            senders.append(Sender(
                message: found.message, function: found.function, conditions: conditions(found.conditions, found.at),
                location: place(found.at), patch: mapper.patchOrigin(line: found.at.line), conditional: found.conditional ? true : nil,
                blocksAfter: found.blocksAfter ? true : nil
            ))
        }
        for (found, member) in findings.references where isOwn(found.at) {
            references.append(MessageReference(
                message: found.message, member: member, function: found.function, conditions: conditions(found.conditions, found.at),
                location: place(found.at), patch: mapper.patchOrigin(line: found.at.line)
            ))
        }
        for problem in findings.problems where isOwn(problem.at) {
            var severity = problem.severity
            var message = problem.message
            // Hunks are fragments: they start inside blocks and cut invocations at their edges.
            if mapper.isPatch, problem.isStructural {
                severity = .note
                message += " (in a patch hunk, which may cut it)"
            }
            diagnostics.append(Diagnostic(severity: severity, location: place(problem.at), message: message, hint: problem.hint))
        }
    }
}

/// A construct with a position, preprocessor context and patch origin, all filled in when its file is placed.
protocol PlacedConstruct {
    var location: SourceLocation { get set }
    var conditions: Conditions { get set }
    var patch: PatchOrigin? { get set }
}

extension MessageDefinition: PlacedConstruct {}
extension IPCStruct: PlacedConstruct {}
extension StructTraits: PlacedConstruct {}
extension EnumTraits: PlacedConstruct {}
extension MessageMap: PlacedConstruct {}
