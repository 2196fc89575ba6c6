import MojifyCore

/// Code tokens: what each starts (an invocation, a sender, a declaration), and the function it is in.
extension Recognizer {
    /// `callback.Run(...)`, `std::move(callback_).Run(...)`: a callback run, never a call of the file's own `Run`
    /// (an entry point its framework calls), which would link a reply handler to the request that `Run` starts.
    private static func runsACallback(at index: Int, in tokens: [Token]) -> Bool {
        index > 0 && tokens[index].text == "Run" && (tokens[index - 1].is(".") || tokens[index - 1].is("->"))
    }

    /// `condition_.TimedWait(...)`, `event->Wait()`: the thread stops until another thread signals, so a reply
    /// to what it sent before cannot come back to it as a callback.
    private static func blocksTheThread(at index: Int, in tokens: [Token]) -> Bool {
        index > 0 && (tokens[index].text == "TimedWait" || tokens[index].text == "Wait") && (tokens[index - 1].is(".") || tokens[index - 1].is("->"))
    }

    /// Marks the sends of the enclosing function so far as followed by a wait.
    private mutating func noteBlockingWait(at index: Int) {
        guard let function = enclosingFunction(at: tokens[index].start) else { return }
        for sender in findings.senders.indices.reversed() {
            guard findings.senders[sender].function == function else { break }
            findings.senders[sender].blocksAfter = true
        }
    }

    /// Handles the code token at `index` and returns the index of the next token to look at.
    mutating func handleCode(at index: Int) -> Int {
        // The token is read in place, not copied: this runs for every token of the file.
        scopes.observe(index, in: tokens)
        if !scopes.sentInEveryBranch.isEmpty, let function = scopes.currentFunction {
            // `if (ok) { Reply(true); } else { Reply(false); }`: on every path through the chain.
            for name in scopes.sentInEveryBranch.sorted() { noteSite(name, isCall: !findings.senders.contains { $0.message == name }, in: function) }
        }
        switch tokens[index].kind {
        case .identifier:
            let next = nextCodeIndex(after: index)
            let open = next.flatMap { tokens[$0].is("(") ? $0 : nil }
            if let function = scopes.currentFunction, !Self.runsACallback(at: index, in: tokens) {
                namesInFunctions[function, default: []].insert(tokens[index].text)
                // A call (`SendReply(...)`) or a bound method (`&Foo::OnDone`): whether every path makes it
                // decides whether a send it reaches is on every path of the handler.
                if open != nil || index > 0 && (tokens[index - 1].is("::") || tokens[index - 1].is("&")) {
                    noteSite(tokens[index].text, isCall: true, in: function)
                }
            }
            if open != nil, Self.blocksTheThread(at: index, in: tokens) { noteBlockingWait(at: index) }
            // Every IPC macro starts with `I`: most names are told apart by that byte alone.
            if tokens[index].text.utf8.first == UInt8(ascii: "I"), let macro = IPCMacro(name: tokens[index].text) {
                if let open { return invocation(of: macro, named: tokens[index].text, at: index, openParen: open) }
                // Handed to another macro, say: where it is invoked, and with what, is not followed.
                if next != nil || !isHunk { unfollowed(at: tokens[index], "it names \(tokens[index].text) without an argument list") }
                return index + 1
            }
            if !macros.isEmpty, let macro = macros.lookup(tokens[index].text) {
                let reach = macros.reach(of: tokens[index].text)
                let isUse = macro.parameters == nil || open != nil
                // A macro that reaches IPC macros only through its arguments matters where they name one.
                if isUse && (reach == .always || open.map(argumentsReachIPC) == true) {
                    if let end = expandUse(at: index) { return end }
                } else if !isUse && reach == .always && (next != nil || !isHunk) {
                    unfollowed(at: tokens[index], "it names \(tokens[index].text), which expands to IPC macros, without an argument list")
                }
            }
            if tokens[index].is("make_unique") || tokens[index].is("MakeUnique") {
                noteTemplateSender(at: index)
            }
            if let scope = next, tokens[scope].is("::"), let member = nextCodeIndex(after: scope), tokens[member].kind == .identifier,
               MessageReference.members.contains(tokens[member].text) {
                findings.references.append((candidate(tokens[index]), tokens[member].text))
            } else if tokens[index].text.utf8.count > 4, IPCScanner.containsNeedle(tokens[index].text) {
                // A name like a message's anywhere else in code: a template argument (`DispatchSimpleEvent<FooMsg_Bar>`),
                // a message built on the stack. Senders at the same place are told apart when joined.
                findings.references.append((candidate(tokens[index]), nil))
            }
        case .keyword where tokens[index].is("new"):
            noteNewSender(at: index)
        case .keyword where tokens[index].is("typedef") && !scopes.insideFunction:
            return typedefDeclaration(at: index)
        case .keyword where tokens[index].is("using") && !scopes.insideFunction:
            return aliasDeclaration(at: index)
        default:
            break
        }
        return index + 1
    }

    func nextCodeIndex(after index: Int) -> Int? {
        var next = index + 1
        while next < tokens.count && tokens[next].kind == .comment { next += 1 }
        return next < tokens.count ? next : nil
    }
}
