import Foundation
import MojifyConversion
import MojifyCore
import MojifyScanner

/// A map may forward messages to a local helper that only passes them on to its own class, adding the map's
/// parameter: Electron's
///
///     FrameDispatchHelper helper = {this, frame_host};
///     IPC_MESSAGE_FORWARD_DELAY_REPLY(AtomFrameHostMsg_GetZoomLevel, &helper, FrameDispatchHelper::OnGetZoomLevel)
///
/// where `void OnGetZoomLevel(IPC::Message* reply_msg) { api_web_contents->OnGetZoomLevel(rfh, reply_msg); }`
/// and the aggregate's fields take `this` and the map's frame. Such a message is handled by the class's own
/// `OnGetZoomLevel(frame_host, reply_msg)`: it converts as that handler would, and the helper's method goes with
/// the entry (it would call the handler by its old name), and the helper's local once no entry names it.
extension CppRewriter {
    /// The handlers seen through helpers, by message: those of `migration`'s methods that a map forwards to a
    /// helper of the kind above, in the map's file.
    func helperHandlers() -> [String: CppMigration.Handler] {
        var found: [String: CppMigration.Handler] = [:]
        let unhandled = Set(migration.interfaces.flatMap(\.methods).filter { $0.handler == nil }.map { $0.messages[0] })
        for map in inventory.messageMaps where map.patch == nil && !map.conditions.disabled {
            for entry in map.handlers where entry.target != nil && !entry.conditions.disabled {
                guard let message = entry.message, unhandled.contains(message), found[message] == nil, let helper = helper(of: entry, in: map) else { continue }
                let header = (map.location.file as NSString).deletingPathExtension + ".h"
                guard SafeName.isSafePath(header), CppName.isQualifiedName(helper.ownerClass) else { continue }
                found[message] = CppMigration.Handler(
                    className: helper.ownerClass, method: helper.calls, delayReply: entry.delayReply, file: map.location.file, header: header,
                    takesMapParameter: helper.passesMapParameter, condition: CppMigration.joined(entry.conditions.stack),
                    helper: CppMigration.Helper(target: entry.target!, method: helper.method, entry: entry.location)
                )
            }
        }
        return found
    }

    struct SeenHelper {
        var ownerClass: String
        /// The helper's method, and the class's member it calls.
        var method: String
        var calls: String
        var passesMapParameter: Bool
        /// The token ranges (of the map's file) of the helper method's definition, of the local's declaration
        /// (`Type helper = {...};`), and of the braces of the map's function.
        var definition: ClosedRange<Int>
        var local: ClosedRange<Int>
        var function: ClosedRange<Int>
    }

    /// The helper `entry` forwards to, when it is a local of the map's function initialised `{this, parameter}`
    /// (in any order, with other fields) whose type the map's file defines, and whose method only calls a member of
    /// `this` with the map's parameter first or not at all, then the method's own parameters in order.
    func helper(of entry: MessageHandler, in map: MessageMap) -> SeenHelper? {
        guard let target = entry.target, target.hasPrefix("&"), case let local = String(target.dropFirst()), Naming.isIdentifier(local),
              let method = entry.method?.components(separatedBy: "::").last, let source = sources[map.location.file],
              let start = source.offset(line: map.location.line, column: map.location.column), let mapToken = source.tokenIndex(startingAt: start) else { return nil }
        let tokens = source.tokens
        // The map's parameter: `IPC_BEGIN_MESSAGE_MAP_WITH_PARAM(Class, message, frame_host)`.
        var mapParameter: String?
        if tokens.text(at: mapToken + 1) == "(", let close = tokens.closing(mapToken + 1) {
            let arguments = tokens.arguments(between: mapToken + 1, and: close)
            if arguments.count == 3, arguments[2].count == 1 { mapParameter = arguments[2].first!.text }
        }
        // `Type helper = {this, frame_host};` or `Type helper{...};` in the map's function, before the map.
        guard let body = tokens.outermostBody(at: mapToken), let bodyClose = tokens.closing(body),
              let name = ((body + 1)..<mapToken).last(where: { tokens[$0].text == local && tokens[$0 - 1].kind == .name && [";", "{", "}"].contains(tokens.text(at: $0 - 2) ?? "") }) else { return nil }
        let open = tokens.text(at: name + 1) == "=" ? name + 2 : name + 1
        guard tokens.text(at: open) == "{", let closeInit = tokens.closing(open), tokens.text(at: closeInit + 1) == ";" else { return nil }
        let values = tokens.arguments(between: open, and: closeInit).map { $0.map(\.text).joined() }
        let type = tokens[name - 1].text
        // `struct Owner::Type {` in the map's file, or `struct Type {` outside any class, and its fields in order.
        let owner = CppMigration.qualifiedClass(of: map).components(separatedBy: "::").last ?? map.handlerClass
        let definitions = tokens.indices.dropFirst().filter { tokens[$0].text == "{" && tokens[$0 - 1].text == type }.compactMap { brace in
            structQualifier(before: brace - 1, in: tokens).map { (brace, $0) }
        }
        let owned = definitions.filter { $0.1.last == owner }
        let chosen = owned.isEmpty ? definitions.filter { $0.1.isEmpty && tokens.openBraces(at: $0.0).allSatisfy(tokens.opensScope(brace:)) } : owned
        guard chosen.count == 1, let structClose = tokens.closing(chosen[0].0) else { return nil }
        let structOpen = chosen[0].0
        var fields: [String] = []
        var statement = structOpen + 1
        var helperMethod: (parameters: [String], body: Range<Int>, start: Int, close: Int)?
        var cursor = structOpen + 1
        while cursor < structClose {
            let text = tokens[cursor].text
            if text == "{" {
                guard let close = tokens.closing(cursor) else { return nil }
                // An inline member function: `void method(params) { ... }`.
                if let parametersClose = (statement..<cursor).last(where: { tokens[$0].text == ")" }), let parametersOpen = tokens.opening(parametersClose),
                   tokens[parametersOpen - 1].text == method, tokens[statement].text == "void", parametersOpen - 1 == statement + 1 {
                    let parameters = tokens.arguments(between: parametersOpen, and: parametersClose).map(Self.parameterName)
                    guard parameters.allSatisfy({ $0 != nil }) else { return nil }
                    helperMethod = (parameters.compactMap { $0 }, (cursor + 1)..<close, statement, close)
                }
                cursor = close + 1
                statement = cursor
                continue
            }
            // A constructor may initialise the fields otherwise than the aggregate's braces say.
            if text == "(", cursor > statement, tokens[cursor - 1].text == type { return nil }
            if text == ";" {
                let declaration = tokens[statement..<cursor]
                if !declaration.contains(where: { $0.text == "(" }), let field = declaration.prefix(while: { $0.text != "=" }).last(where: { $0.kind == .name }) {
                    fields.append(field.text)
                }
                statement = cursor + 1
            } else if text == ":", cursor == statement + 1 {
                statement = cursor + 1
            }
            cursor += 1
        }
        guard let helperMethod, fields.count == values.count else { return nil }
        let initial = Dictionary(zip(fields, values), uniquingKeysWith: { first, _ in first })
        // Its body: `owner->Member(frame, parameters...);`.
        let call = tokens[helperMethod.body].map(\.text)
        guard call.count >= 6, initial[call[0]] == "this", call[1] == "->", call[3] == "(", call.suffix(2) == [")", ";"] else { return nil }
        let passed = tokens.arguments(between: helperMethod.body.lowerBound + 3, and: helperMethod.body.upperBound - 2).map { $0.map(\.text).joined() }
        let passesMapParameter = mapParameter != nil && passed.first.flatMap { initial[$0] } == mapParameter
        guard Array(passed.dropFirst(passesMapParameter ? 1 : 0)) == helperMethod.parameters, Naming.isIdentifier(call[2]) else { return nil }
        return SeenHelper(ownerClass: CppMigration.qualifiedClass(of: map), method: method, calls: call[2], passesMapParameter: passesMapParameter,
                          definition: helperMethod.start...helperMethod.close, local: (name - 1)...(closeInit + 1), function: body...bodyClose)
    }

    /// The qualifier (`["Owner"]` for `struct Owner::Type`) of a struct named at token `name`; nil when no
    /// `struct` keyword starts it.
    private func structQualifier(before name: Int, in tokens: [CodeToken]) -> [String]? {
        var qualifier: [String] = []
        var cursor = name - 1
        while cursor >= 1, tokens[cursor].text == "::", tokens[cursor - 1].kind == .name {
            qualifier.insert(tokens[cursor - 1].text, at: 0)
            cursor -= 2
        }
        return cursor >= 0 && tokens[cursor].text == "struct" ? qualifier : nil
    }

    /// The whole lines of the helper method `handler` is reached through, to remove with its entry.
    func helperMethodRemoval(of handler: CppMigration.Handler) -> UnifiedDiff.Edit? {
        guard let helper = handler.helper, let source = sources[handler.file],
              let map = inventory.messageMaps.first(where: { $0.handlers.contains { $0.location == helper.entry } }),
              let entry = map.handlers.first(where: { $0.location == helper.entry }),
              let seen = self.helper(of: entry, in: map) else { return nil }
        let tokens = source.tokens
        let first = tokens[seen.definition.lowerBound].range.lowerBound
        let last = tokens[seen.definition.upperBound].range.upperBound
        guard source.isFirstOnLine(first), source.restOfLineIsBlank(after: last) else { return nil }
        var range = source.wholeLines(first, last)
        // Between blank lines, one of them goes too.
        let blank = { (line: Int) in line >= 1 && line <= source.lineStarts.count && source.text(source.lineStarts[line - 1]..<source.lineEnd(of: source.lineStarts[line - 1])).allSatisfy(\.isWhitespace) }
        let firstLine = source.line(of: first)
        let lastLine = source.line(of: last)
        if blank(firstLine - 1), blank(lastLine + 1), lastLine + 1 <= source.lineStarts.count {
            range = range.lowerBound..<min(source.bytes.count, source.lineEnd(of: source.lineStarts[lastLine]) + 1)
        }
        return UnifiedDiff.Edit(range: range, replacement: "")
    }

    /// Removes the declaration of each helper local whose every entry was removed in this round.
    mutating func removeUnusedHelperLocals() {
        let removed = Set(outcomes.filter { $0.kind == .handler && $0.reason == nil }.map(\.location))
        for map in inventory.messageMaps where map.patch == nil {
            let targets = Set(map.handlers.compactMap(\.target))
            for target in targets.sorted() where map.handlers.filter({ $0.target == target }).allSatisfy({ removed.contains($0.location) }) {
                guard let entry = map.handlers.first(where: { $0.target == target }), let seen = helper(of: entry, in: map), let source = sources[map.location.file] else { continue }
                let tokens = source.tokens
                let local = String(target.dropFirst())
                let (first, last) = (tokens[seen.local.lowerBound].range.lowerBound, tokens[seen.local.upperBound].range.upperBound)
                // Named only where it is declared and by the entries.
                guard tokens[seen.function].filter({ $0.text == local }).count == 1 + map.handlers.filter({ $0.target == target }).count,
                      source.isFirstOnLine(first), source.restOfLineIsBlank(after: last) else { continue }
                _ = add(UnifiedDiff.Edit(range: source.wholeLines(first, last), replacement: ""), in: map.location.file)
            }
        }
    }
}
