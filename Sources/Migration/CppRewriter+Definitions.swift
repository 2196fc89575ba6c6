import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// The definitions leave `*_messages.h`: each selected message's `IPC_MESSAGE_*` / `IPC_SYNC_MESSAGE_*`
/// invocation goes with the comment above it. A header left with nothing but comments and preprocessor lines is
/// deleted, its message class leaves `ipc/ipc_message_start.h` when no other header uses it, and its includes
/// leave the files the scan read (message generators among them).
extension MigrationPatch {
    /// The files besides the senders' and handlers' that the handler, definition and build rewrites read: the
    /// handler classes' headers, the selected messages' headers, the registry headers, and every BUILD.gn and
    /// `.gni` file in a folder above one of those files or the senders' (their lists name the files that change
    /// or go). `listed` is what the scan's walk listed with `listing`; the other files may not exist.
    static func companionFiles(plan: ConversionPlan, inventory: Inventory, listed: [String]) -> [String] {
        let selected = Set(plan.interfaces.flatMap { $0.methods.flatMap(\.messages) })
        let maps = inventory.messageMaps.filter { $0.handlers.contains { $0.message.map(selected.contains) ?? false } }.map(\.location.file)
        let headers = maps.map { ($0 as NSString).deletingPathExtension + ".h" }
        let definitions = inventory.messages.filter { selected.contains($0.name) }.map(\.location.file)
        let senders = inventory.senders.filter { selected.contains($0.message) }.map(\.location.file)
        var files = Set(headers + definitions)
        let folders = Set(Set(maps + headers + senders + definitions).flatMap(CppRewriter.folders(above:)))
        files.formUnion(folders.map(CppRewriter.buildFile(in:)))
        for path in listed {
            let components = path.split(separator: "/")
            guard let name = components.last, !components.contains(where: { $0.hasPrefix(".") }) else { continue }
            let isBuildList = name.hasSuffix(".gni") || name.hasSuffix(".gyp") || name.hasSuffix(".gypi")
            if registryHeaders.contains(name: String(name)) || (isBuildList && folders.contains((path as NSString).deletingLastPathComponent)) {
                files.insert(path)
            }
        }
        return files.sorted()
    }

    /// The headers that list message classes or include every messages header: `ipc_message_start.h`,
    /// `all_messages.h` and the message generators, whatever their prefix or suffix (`content_message_generator.h`,
    /// `message_generator_efl.h`).
    public static let registryHeaders = FileNameSelection(
        names: ["ipc_message_start.h", "all_messages.h"], patterns: ["*message_generator*.h", "*messages_generator*.h"]
    )

    /// What the scan's walk lists for the patch (`companionFiles` picks among them): the registry headers, the
    /// `.gni` files and the `.gyp`/`.gypi` files of trees built with gyp.
    public static let listing = registryHeaders.union(FileNameSelection(suffixes: [".gni", ".gyp", ".gypi"]))
}

extension CppRewriter {
    static let messageStartFile = "ipc/ipc_message_start.h"

    mutating func removeDefinitions() {
        let selected = Set(targets.keys)
        let byHeader = Dictionary(grouping: inventory.messages.filter { selected.contains($0.name) }, by: \.location.file)
        // Every selected message is converted whole by now (`MigrationPatch.make`): no listed sender or handler
        // names one of these definitions.
        for file in byHeader.keys.sorted() {
            var allRemoved = true
            for definition in byHeader[file]! {
                let reason = removeDefinition(definition)
                allRemoved = allRemoved && reason == nil
                record(.definition, definition.name, definition.location, reason: reason)
            }
            removeEmptiedConditionals(in: file)
            guard allRemoved, fullyConverted.contains(file), let source = sources[file] else { continue }
            let removed = edits[file] ?? []
            if let left = source.tokens.first(where: { token in !removed.contains { $0.range.contains(token.range.lowerBound) } }) {
                let line = source.line(of: left.range.lowerBound)
                record(.definition, file, SourceLocation(file: file, line: line, column: left.range.lowerBound - source.lineStarts[line - 1] + 1),
                       reason: "the header stays: it still holds `\(left.text)` (line \(line)); move what is left by hand")
            } else {
                deletedFiles.insert(file)
                edits[file] = nil
            }
        }
        removeMessageClasses()
    }

    /// Deletes one definition with the comment block right above it; the reason when it cannot.
    private mutating func removeDefinition(_ definition: MessageDefinition) -> String? {
        if let problem = unpatchable(definition.location, patch: definition.patch) { return problem }
        guard let (source, name) = locate(definition.macro, at: definition.location) else { return Self.moved(definition.macro, definition.location) }
        let tokens = source.tokens
        guard name + 1 < tokens.count, tokens[name + 1].text == "(", let close = tokens.closing(name + 1) else {
            return "the definition's arguments could not be read; remove it by hand"
        }
        let start = tokens[name].range.lowerBound
        var end = tokens[close].range.upperBound
        if close + 1 < tokens.count, tokens[close + 1].text == ";", source.line(of: tokens[close + 1].range.lowerBound) == source.line(of: end) {
            end = tokens[close + 1].range.upperBound
        }
        guard source.isFirstOnLine(start), source.restOfLineIsBlank(after: end) else {
            return "other code shares the definition's lines; remove it by hand"
        }
        let first = definition.comment == nil ? start : source.lineStarts[source.commentBlockStart(above: source.line(of: start)) - 1]
        guard add(UnifiedDiff.Edit(range: Self.paragraph(source, first, end), replacement: ""), in: definition.location.file) else {
            return "another rewrite changes the same lines"
        }
        return nil
    }

    /// An `#if`/`#ifdef`/`#ifndef` ... `#endif` block (without `#else` or `#elif`) whose every line inside is now removed
    /// or blank goes too, with those blank lines; nested blocks are emptied inside out. Comments keep a block.
    private mutating func removeEmptiedConditionals(in file: String) {
        guard let source = sources[file], let removed = edits[file]?.filter({ $0.replacement.isEmpty }).map(\.range), !removed.isEmpty else { return }
        var gone = Set<Int>()
        for line in 1...source.lineStarts.count {
            let start = source.lineStarts[line - 1]
            let end = source.lineEnd(of: start)
            if removed.contains(where: { $0.lowerBound <= start && end < $0.upperBound }) { gone.insert(line) }
        }
        func directive(_ line: Int) -> String? {
            let text = source.text(source.lineStarts[line - 1]..<source.lineEnd(of: source.lineStarts[line - 1])).trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("#") else { return nil }
            return text.dropFirst().trimmingCharacters(in: .whitespaces).prefix { $0.isLetter }.description
        }
        func isBlank(_ line: Int) -> Bool {
            source.text(source.lineStarts[line - 1]..<source.lineEnd(of: source.lineStarts[line - 1])).trimmingCharacters(in: .whitespaces).isEmpty
        }
        var open: [(line: Int, plain: Bool)] = []
        for line in 1...source.lineStarts.count where !gone.contains(line) {
            switch directive(line) {
            case "if", "ifdef", "ifndef": open.append((line, true))
            case "else", "elif": if !open.isEmpty { open[open.count - 1].plain = false }
            case "endif":
                guard let block = open.popLast(), block.plain else { continue }
                let inside = (block.line + 1)..<line
                guard inside.contains(where: gone.contains), inside.allSatisfy({ gone.contains($0) || isBlank($0) }) else { continue }
                var lines = [block.line, line] + inside.filter { !gone.contains($0) }
                // As a paragraph: with the blank line after it when one is left before it.
                if line < source.lineStarts.count, source.lineStarts[line] < source.bytes.count, isBlank(line + 1), !gone.contains(line + 1), block.line == 1 || isBlank(block.line - 1) || gone.contains(block.line - 1) {
                    lines.append(line + 1)
                }
                guard addAll(lines.map { (file, UnifiedDiff.Edit(range: source.wholeLines(source.lineStarts[$0 - 1], source.lineStarts[$0 - 1]), replacement: "")) }) else { continue }
                gone.formUnion((block.line...line))
            default: break
            }
        }
    }

    /// `FooMsgStart,` leaves ipc_message_start.h when every header using the class is deleted.
    private mutating func removeMessageClasses() {
        guard !deletedFiles.isEmpty, let source = sources[Self.messageStartFile] else { return }
        let gone = Set(inventory.messages.filter { deletedFiles.contains($0.location.file) }.map(\.messageClass))
        let kept = Set(inventory.messages.filter { !deletedFiles.contains($0.location.file) }.map(\.messageClass)
            + inventory.structs.filter { !deletedFiles.contains($0.location.file) }.map(\.messageClass))
        let tokens = source.tokens
        for messageClass in gone.subtracting(kept).subtracting([""]).sorted() {
            let uses = tokens.indices.filter { tokens[$0].text == messageClass }
            guard uses.count == 1, uses[0] + 1 < tokens.count, tokens[uses[0] + 1].text == ",",
                  source.isFirstOnLine(tokens[uses[0]].range.lowerBound), source.restOfLineIsBlank(after: tokens[uses[0] + 1].range.upperBound) else { continue }
            let token = tokens[uses[0]]
            let line = source.line(of: token.range.lowerBound)
            let location = SourceLocation(file: Self.messageStartFile, line: line, column: token.range.lowerBound - source.lineStarts[line - 1] + 1)
            let removed = add(UnifiedDiff.Edit(range: source.wholeLines(token.range.lowerBound, tokens[uses[0] + 1].range.upperBound), replacement: ""), in: Self.messageStartFile)
            record(.definition, messageClass, location, reason: removed ? nil : "another rewrite changes the same lines")
        }
    }

    /// Every include of a deleted header left in a file the scan read goes (the generators' among them).
    mutating func removeIncludesOfDeletedHeaders() {
        guard !deletedFiles.isEmpty else { return }
        for file in sources.keys.sorted() where !deletedFiles.contains(file) && SafeName.isSafePath(file) {
            let source = sources[file]!
            // Only a line that starts with `#` can include; the others are not turned into text.
            for start in source.lineStarts where source.hasBytes("#", at: source.skipSpace(from: start)) {
                let end = source.lineEnd(of: start)
                guard let included = IncludeDirective.path(in: source.text(start..<end)),
                      deletedFiles.contains(where: { $0 == included || $0.hasSuffix("/" + included) }) else { continue }
                _ = add(UnifiedDiff.Edit(range: source.wholeLines(start, end), replacement: ""), in: file)
            }
        }
    }
}
