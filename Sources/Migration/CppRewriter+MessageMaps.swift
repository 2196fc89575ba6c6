import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// The `OnMessageReceived` shell goes once no entry is left in its map: the function with its `bool handled`
/// boilerplate, its declaration in the class, and an `IPC::Listener` base that only existed for it.
extension CppRewriter {
    mutating func removeEmptyShells() {
        let removed = Set(outcomes.filter { $0.kind == .handler && $0.reason == nil }.map(\.location))
        for map in inventory.messageMaps where map.patch == nil && !map.conditions.disabled {
            let entries = map.handlers.filter { $0.macro != "IPC_MESSAGE_UNHANDLED" }
            guard entries.contains(where: { removed.contains($0.location) }) else { continue }
            let subject = map.function ?? map.handlerClass + "::OnMessageReceived"
            let left = entries.filter { !removed.contains($0.location) }.count
            if left > 0 {
                record(.messageMap, subject, map.location, reason: "kept with the \(left) entr\(left == 1 ? "y" : "ies") left in it")
            } else {
                record(.messageMap, subject, map.location, reason: removeShell(map))
            }
        }
    }

    /// Deletes the function holding `map`, its declaration and an `IPC::Listener` base; the reason when not.
    private mutating func removeShell(_ map: MessageMap) -> String? {
        let file = map.location.file
        guard let source = sources[file], let offset = source.offset(line: map.location.line, column: map.location.column) else {
            return "\(file) could not be read"
        }
        let tokens = source.tokens
        guard let begin = tokens.firstIndex(where: { $0.range.lowerBound == offset }) else { return "the file changed since the scan" }
        // The brace opening the function body around the map, then `bool Class::Name(...) [const] {`.
        guard let open = tokens.openBraces(at: begin).last, open > 0, let close = tokens.closing(open) else {
            return "the function around the map could not be read; remove it by hand"
        }
        guard let parenthesis = tokens.parametersClose(beforeBody: open), let parametersOpen = tokens.opening(parenthesis), parametersOpen >= 4,
              tokens[parametersOpen - 1].kind == .name, tokens[parametersOpen - 2].text == "::" else {
            return "the map is not directly in a member function's body; remove it by hand"
        }
        let function = tokens[parametersOpen - 1].text
        let className = tokens[parametersOpen - 3].text
        var start = parametersOpen - 3
        while start >= 2, tokens[start - 1].text == "::", tokens[start - 2].kind == .name { start -= 2 }
        guard start >= 1, tokens[start - 1].text == "bool" else { return "\(function) does not return bool; remove it by hand" }
        start -= 1
        let removedRanges = (edits[file] ?? []).filter { $0.replacement.isEmpty }.map(\.range)
        let body = tokens[(open + 1)..<close].filter { token in !removedRanges.contains { $0.contains(token.range.lowerBound) } }
        if let extra = Self.firstNonDispatchToken(Array(body)) {
            return "\(function) does more than dispatch (`\(extra.text)` at line \(source.line(of: extra.range.lowerBound))); remove the map by hand"
        }

        let headerPath = (file as NSString).deletingPathExtension + ".h"
        guard let header = sources[headerPath] else { return "\(headerPath), which should declare \(className), was not found or is not UTF-8 text; remove the shell by hand" }
        let declaration: CppClassDeclaration
        switch CppClassDeclaration.only(named: className, in: header, file: headerPath) {
        case .success(let found): declaration = found
        case .failure(let problem): return problem.reason + "; remove the shell by hand"
        }
        let parameterCount = tokens.arguments(between: parametersOpen, and: parenthesis).count
        let declared = declaration.members(named: function).filter { index in
            declaration.parameters(ofMemberAt: index)?.count == parameterCount
        }
        guard declared.count == 1, let declarationClose = declaration.tokens.closing(declared[0] + 1) else {
            return "\(function) is declared \(declared.count) times in \(headerPath); remove the shell by hand"
        }
        let declTokens = declaration.tokens
        let declStart = declaration.declarationStart(of: declared[0])
        var declEnd = declarationClose + 1
        while declEnd < declaration.close, ["const", "override", "final"].contains(declTokens[declEnd].text) { declEnd += 1 }
        guard declTokens[declEnd].text == ";", header.isFirstOnLine(declTokens[declStart].range.lowerBound),
              header.restOfLineIsBlank(after: declTokens[declEnd].range.upperBound) else {
            return "\(function)'s declaration in \(headerPath) shares its lines with other code; remove the shell by hand"
        }
        let bases = declaration.baseSpecifiers
        if registeredFilters.contains(className) || registeredFilters.contains(map.handlerClass) {
            // The filter stays for the BrowserAssociatedInterface it now is; it handles no legacy message.
            return replaceBody(from: open, to: close, in: file, with: "{\n  return false;\n}")
        }
        // A function of the class's own (neither virtual nor an override) is called by code elsewhere, such as an
        // observer forwarding its messages (CEF's CefRenderFrameObserver to CefFrameImpl): it stays, handling none.
        if !declTokens[declStart..<declEnd].contains(where: { ["virtual", "override", "final"].contains($0.text) }) {
            return replaceBody(from: open, to: close, in: file, with: "{\n  return false;\n}")
                ?? "kept, returning false: \(className) declares \(function) itself, not as an override, so other code calls it; remove it with its callers by hand"
        }
        if let filter = bases.first(where: { $0.hasSuffix("BrowserMessageFilter") }) {
            return "\(className) derives from \(filter.replacingOccurrences(of: "public ", with: "")), whose \(function) is pure virtual: remove the filter and the AddFilter call that installs it by hand"
        }

        var changes: [(String, UnifiedDiff.Edit)] = [
            (file, UnifiedDiff.Edit(range: Self.paragraph(source, tokens[start].range.lowerBound, tokens[close].range.upperBound), replacement: "")),
            (headerPath, UnifiedDiff.Edit(range: Self.declarationLines(header, declTokens[declStart].range.lowerBound, declTokens[declEnd].range.upperBound), replacement: "")),
        ]
        var replacedBases: UnifiedDiff.Edit?
        if let listener = bases.firstIndex(of: "public IPC::Listener"), function == "OnMessageReceived" {
            var removal = listenerRemoval(declaration, baseIndex: listener, header: header, file: headerPath)
            // The only base gives way to the interfaces the class now implements, if it gained some.
            if bases.count == 1, let gained = edits[headerPath]?.first(where: { $0.range == removal[0].1.range.upperBound..<removal[0].1.range.upperBound && $0.replacement.hasPrefix(", public ") }) {
                replacedBases = gained
                removal[0].1.replacement = " : " + gained.replacement.dropFirst(2)
            }
            changes += removal
        }
        if let replacedBases { edits[headerPath]?.removeAll { $0 == replacedBases } }
        // The entries deleted earlier lie inside the function: the function's deletion takes them along.
        let functionRange = changes[0].1.range
        let subsumed = (edits[file] ?? []).filter { functionRange.contains($0.range.lowerBound) && $0.range.upperBound <= functionRange.upperBound && $0.replacement.isEmpty }
        edits[file]?.removeAll { subsumed.contains($0) }
        guard addAll(changes) else {
            edits[file, default: []] += subsumed
            if let replacedBases { edits[headerPath, default: []].append(replacedBases) }
            return "another rewrite changes the same code; remove the shell by hand"
        }
        return nil
    }

    /// Replaces the body between the braces at token `open` and `close`, with the entries deleted inside it.
    private mutating func replaceBody(from open: Int, to close: Int, in file: String, with body: String) -> String? {
        let tokens = sources[file]!.tokens
        let range = tokens[open].range.lowerBound..<tokens[close].range.upperBound
        let subsumed = (edits[file] ?? []).filter { range.contains($0.range.lowerBound) && $0.range.upperBound <= range.upperBound && $0.replacement.isEmpty }
        edits[file]?.removeAll { subsumed.contains($0) }
        guard add(UnifiedDiff.Edit(range: range, replacement: body), in: file) else {
            edits[file, default: []] += subsumed
            return "another rewrite changes the same code; empty the map by hand"
        }
        return nil
    }

    /// The first token of a map function's body that is not the dispatch boilerplate (`bool handled = true;`,
    /// the map macros, `IPC_MESSAGE_UNHANDLED(...)`, `return handled;`).
    static func firstNonDispatchToken(_ body: [CodeToken]) -> CodeToken? {
        var index = 0
        let texts = body.map(\.text)
        func matches(_ words: [String]) -> Bool { Array(texts.dropFirst(index).prefix(words.count)) == words }
        while index < body.count {
            if matches(["bool", "handled", "=", "true", ";"]) || matches(["bool", "handled", "=", "false", ";"]) {
                index += 5
            } else if matches(["return", "handled", ";"]) || matches(["return", "true", ";"]) || matches(["return", "false", ";"]) || texts[index] == ";" {
                index += texts[index] == ";" ? 1 : 3
            } else if ["IPC_BEGIN_MESSAGE_MAP", "IPC_END_MESSAGE_MAP", "IPC_MESSAGE_UNHANDLED"].contains(where: texts[index].hasPrefix),
                      index + 1 < body.count, texts[index + 1] == "(", let close = body.closing(index + 1) {
                index = close + 1
            } else {
                return body[index]
            }
        }
        return nil
    }

    /// The whole lines from `start` to `end`, with one blank line after them when a blank line (or the file's
    /// start) also precedes them, so no double blank line is left.
    static func paragraph(_ source: CppSource, _ start: Int, _ end: Int) -> Range<Int> {
        var range = source.wholeLines(start, end)
        let startLine = source.line(of: range.lowerBound)
        let blankBefore = startLine == 1 || source.text(source.lineStarts[startLine - 2]..<range.lowerBound).trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        if blankBefore, range.upperBound < source.bytes.count {
            let next = source.lineEnd(of: range.upperBound)
            if source.text(range.upperBound..<next).trimmingCharacters(in: .whitespaces).isEmpty {
                range = range.lowerBound..<min(next + 1, source.bytes.count)
            }
        }
        return range
    }

    /// The declaration's lines, with a `// Base:` heading comment right above when a blank line follows, so the
    /// heading does not stay over nothing.
    static func declarationLines(_ source: CppSource, _ start: Int, _ end: Int) -> Range<Int> {
        let range = source.wholeLines(start, end)
        let line = source.line(of: range.lowerBound)
        guard line >= 2, range.upperBound < source.bytes.count else { return range }
        let above = source.text(source.lineStarts[line - 2]..<range.lowerBound).trimmingCharacters(in: .whitespacesAndNewlines)
        let below = source.text(range.upperBound..<source.lineEnd(of: range.upperBound)).trimmingCharacters(in: .whitespaces)
        let heading = above.hasSuffix(":") || above.lowercased().hasSuffix("implementation.") || above.lowercased().hasSuffix("implementation")
        if above.hasPrefix("//"), heading, below.isEmpty || below.hasPrefix("}") {
            // Under an access specifier, the blank line that separated the group goes too.
            let headingLine = line - 1
            let beforeHeading = headingLine >= 2 ? source.text(source.lineStarts[headingLine - 2]..<source.lineStarts[headingLine - 1]).trimmingCharacters(in: .whitespacesAndNewlines) : ""
            let end = below.isEmpty && beforeHeading.hasSuffix(":") ? min(source.lineEnd(of: range.upperBound) + 1, source.bytes.count) : range.upperBound
            return source.lineStarts[line - 2]..<end
        }
        return range
    }

    /// Removes `public IPC::Listener` from the class's bases, with a TODO where routes registered the object.
    private func listenerRemoval(_ declaration: CppClassDeclaration, baseIndex: Int, header: CppSource, file: String) -> [(String, UnifiedDiff.Edit)] {
        let tokens = declaration.tokens
        let parts = declaration.bases
        let base = parts[baseIndex]
        let range: Range<Int>
        if parts.count == 1 {
            range = tokens[declaration.colon! - 1].range.upperBound..<base.last!.range.upperBound
        } else if baseIndex == 0 {
            range = base.first!.range.lowerBound..<parts[1].first!.range.lowerBound
        } else {
            range = tokens[base.startIndex - 1].range.lowerBound..<base.last!.range.upperBound
        }
        let keyword = declaration.keyword
        let lineStart = header.lineStarts[header.line(of: tokens[keyword].range.lowerBound) - 1]
        let indent = header.text(lineStart..<tokens[keyword].range.lowerBound)
        let todo = indent + "// TODO(mojify): no longer an IPC::Listener; remove the AddRoute/RemoveRoute calls that registered it.\n"
        return [(file, UnifiedDiff.Edit(range: range, replacement: "")), (file, UnifiedDiff.Edit(range: lineStart..<lineStart, replacement: todo))]
    }
}
