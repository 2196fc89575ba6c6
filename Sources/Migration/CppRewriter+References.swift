import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// Every other use of a converted message's class must go with its definition, or the tree stops building: a
/// `case FooMsg_Bar::ID:` label of a thread override or a type switch is removed (alone, when it shares its
/// statements with other labels; with its statements up to `break;`, when nothing falls into them). Every other
/// use (`::WriteReplyParams` in a delayed reply, `::ID` in a comparison, `::Read`, `::Log`) is listed, and so
/// leaves its message whole.
extension CppRewriter {
    mutating func rewriteReferences() {
        for reference in inventory.references ?? [] where targets[reference.message] != nil {
            // A delayed reply's handler converted in place makes its write the callback's `Run`.
            if reference.member == "WriteReplyParams", targets[reference.message]!.contains(where: { $0.isRequest && $0.method.handler?.delayReply == true }) {
                deferredReplyWrites.append(reference)
                continue
            }
            record(.reference, reference.message, reference.location, reason: rewriteReference(reference))
        }
    }

    mutating func recordDeferredReplyWrites() {
        let converted = Set(deferredReplyWrites.filter { runReplies.contains($0.location) }.map(\.message))
        for reference in deferredReplyWrites {
            // Where its handler took the callback but did not pass it here, this writes a message of its own.
            let reason = runReplies.contains(reference.location) ? nil : converted.contains(reference.message)
                ? "\(reference.message)::WriteReplyParams writes a delayed reply\(reference.function.map { " in \($0)" } ?? ""), which its handler does not pass the reply to (it took the reply callback): rewrite it by hand"
                : rewriteReference(reference)
            record(.reference, reference.message, reference.location, reason: reason)
        }
    }

    private mutating func rewriteReference(_ reference: MessageReference) -> String? {
        if let problem = unpatchable(reference.location, patch: reference.patch) { return problem }
        guard let member = reference.member else {
            return "\(reference.message) is named here\(reference.function.map { " in \($0)" } ?? "") (a template argument, or a message built without new); rewrite it by hand"
        }
        let use = "\(reference.message)::\(member)"
        guard member == "ID" else {
            if member == "WriteReplyParams" {
                return "\(use) writes a delayed reply\(reference.function.map { " in \($0)" } ?? "") that its handler's conversion did not make the reply callback's Run (see its handler entry)"
            }
            return "\(use) is named here\(reference.function.map { " in \($0)" } ?? ""); rewrite it by hand"
        }
        guard let (source, name) = locate(reference.message, at: reference.location) else { return Self.moved(reference.message, reference.location) }
        let tokens = source.tokens
        let text = tokens.text(at:)
        guard text(name - 1) == "case", text(name + 1) == "::", text(name + 3) == ":" else {
            return "\(use) is used outside a case label\(reference.function.map { " in \($0)" } ?? "") (a type test or forwarding); rewrite it by hand"
        }
        let label = name - 1
        guard source.isFirstOnLine(tokens[label].range.lowerBound) else { return "other code shares the line of `case \(use):`; remove it by hand" }
        let colon = name + 3
        if text(colon + 1) == "case" || text(colon + 1) == "default" || text(label - 1) == ":" {
            // Another label shares the statements (after it, or right before it): the label alone goes.
            guard source.restOfLineIsBlank(after: tokens[colon].range.upperBound) else { return "other code shares the line of `case \(use):`; remove it by hand" }
            return add(UnifiedDiff.Edit(range: source.wholeLines(tokens[label].range.lowerBound, tokens[colon].range.upperBound), replacement: ""), in: reference.location.file)
                ? nil : "another rewrite changes the same lines"
        }
        // The label and its statements, when they end in `break;` before any other label or brace, and no case
        // before falls through into them.
        guard text(label - 1) == "{" || (text(label - 1) == ";" && text(label - 2) == "break") else {
            return "the case before `case \(use):` may fall through into its statements; remove it by hand"
        }
        var cursor = colon + 1
        while cursor < tokens.count, !["case", "default", "{", "}", "break"].contains(tokens[cursor].text) { cursor += 1 }
        guard text(cursor) == "break", text(cursor + 1) == ";", source.restOfLineIsBlank(after: tokens[cursor + 1].range.upperBound) else {
            return "the statements of `case \(use):` do not end in a plain `break;`; remove them by hand"
        }
        return add(UnifiedDiff.Edit(range: source.wholeLines(tokens[label].range.lowerBound, tokens[cursor + 1].range.upperBound), replacement: ""), in: reference.location.file)
            ? nil : "another rewrite changes the same lines"
    }
}
