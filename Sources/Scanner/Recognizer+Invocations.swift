import MojifyCore

/// Invocations of IPC macros, directly or through project macros, and where one cannot be followed.
extension Recognizer {
    mutating func invocation(of macro: IPCMacro, named name: String, at index: Int, openParen: Int) -> Int {
        var (written, closing) = Recognizer.splitArguments(tokens, openParen: openParen)
        guard let close = closing else {
            guard isHunk else {
                unbalanced(at: tokens[index])
                return openParen
            }
            return cutOff(macro, named: name, arguments: written.map(Argument.init), at: index, openParen: openParen)
        }
        Recognizer.attachCommentAfterClose(&written, after: tokens[close], next: close + 1 < tokens.count ? tokens[close + 1] : nil, invocationLine: tokens[index].line)
        let site = Site(
            macro: name, wrapper: nil, at: tokens[index], conditions: conditions.current,
            source: String(decoding: source[tokens[index].start..<tokens[close].end], as: UTF8.self),
            comment: TokenText.commentAbove(index, in: tokens)
        )
        record(macro, arguments: written.map(Argument.init), site: site)
        scopes.statementBoundary()
        return close + 1
    }

    private mutating func unbalanced(at token: Token) {
        problem(.error, at: token, "unbalanced parentheses in \(token.text)(...): no closing ')' before the end of the file",
                hint: "fix the invocation; the rest of the file is still scanned", structural: true)
    }

    /// Whether the arguments of the call opening at `open` name an IPC macro or a project macro that reaches one:
    /// a macro that reaches none itself may still pass them on (`#define ID(x) x`, `ID(IPC_MESSAGE_CONTROL0)(...)`).
    func argumentsReachIPC(_ open: Int) -> Bool {
        var depth = 0
        for token in tokens[open...] where token.kind != .comment {
            if token.is("(") { depth += 1 }
            if token.is(")") {
                depth -= 1
                if depth == 0 { return false }
            }
            if token.kind == .identifier, IPCMacro(name: token.text) != nil || macros.reach(of: token.text) == .always { return true }
        }
        return false
    }

    /// Expands the use of a project macro at `index` and records the IPC macro invocations it comes to; returns
    /// where to go on, or nil when it comes to none (its tokens are then read as any others).
    mutating func expandUse(at index: Int) -> Int? {
        let use = tokens[index]
        let (outcome, end) = MacroExpansion.expand(use: index, in: tokens, table: macros)
        switch outcome {
        case .unterminated:
            guard isHunk else {
                unbalanced(at: use)
                return index + 1
            }
            problem(.error, at: use, "the hunk ends inside \(use.text)(...)", hint: "the patched file holds the rest", structural: true)
            return tokens.count
        case let .malformed(message):
            problem(.error, at: use, message, hint: "fix the invocation")
            return end
        case let .unfollowed(reason):
            unfollowed(at: use, "it uses \(use.text), whose expansion mojify does not follow: \(reason)")
            return end
        case let .invocations(invocations):
            guard !invocations.isEmpty else { return nil }
            let site = Site(
                macro: "", wrapper: use.text, at: use, conditions: conditions.current,
                source: String(decoding: source[use.start..<tokens[end - 1].end], as: UTF8.self),
                comment: TokenText.commentAbove(index, in: tokens)
            )
            for invocation in invocations {
                var invoked = site
                invoked.macro = invocation.name
                record(invocation.macro, arguments: invocation.arguments.map(Argument.init), site: invoked)
            }
            scopes.statementBoundary()
            return end
        }
    }

    /// Notes a construct this does not follow (in code the build may compile): the file cannot be vouched for.
    mutating func unfollowed(at token: Token, _ what: String) {
        guard !conditions.current.disabled else { return }
        findings.unfollowed.append((RawLocation(token), "line \(token.line): \(what)"))
    }

    /// An invocation that a patch hunk ends inside. A message is still recorded, with the arguments the hunk shows,
    /// since the patch adds (or removes) it whole; its missing arguments are said in a warning. Anything else is
    /// a fragment's edge, noted and skipped. Returns where to go on: the end, since the hunk has nothing after it.
    private mutating func cutOff(_ macro: IPCMacro, named name: String, arguments: [Argument], at index: Int, openParen: Int) -> Int {
        let at = tokens[index]
        guard case let .message(kind, sync, form) = macro, let messageName = arguments.first?.text, !messageName.isEmpty else {
            problem(.error, at: at, "the hunk ends inside \(name)(...)", hint: "the patched file holds the rest", structural: true)
            return tokens.count
        }
        let shown = Array(arguments.dropFirst())
        var inputs = shown.map(\.parameter)
        var outputs: [Parameter] = []
        var expected = ""
        switch form {
        case let .counted(inputCount, outputCount):
            outputs = Array(inputs.dropFirst(inputCount))
            inputs = Array(inputs.prefix(inputCount))
            expected = " of \(inputCount + outputCount)"
        case .variadic:
            break
        case .parenthesised:
            inputs = shown.first.flatMap(parenthesisedList) ?? []
        }
        let site = Site(macro: name, wrapper: nil, at: at, conditions: conditions.current,
                        source: String(decoding: source[at.start..<(tokens.last?.end ?? at.end)], as: UTF8.self))
        let location = RawLocation(at)
        findings.messages.append(.init(value: MessageDefinition(
            name: messageName, messageClass: messageClass, kind: kind, isSync: sync, inputs: inputs, outputs: outputs,
            macro: site.macro, exportMacro: exportMacro, conditions: site.conditions,
            location: placeholderLocation(location), source: site.source
        ), at: location))
        let count = shown.count
        problem(.warning, at: at, "\(name)(\(messageName), ...): the hunk ends inside the macro, so it shows only \(count)\(expected) argument\(count == 1 ? "" : "s") of '\(messageName)'; the message is listed with those",
                hint: "check the full definition in the patched file before converting it")
        return tokens.count
    }
}
