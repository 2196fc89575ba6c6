import MojifyCore

/// Senders and references of messages, and the aliases (`typedef`, `using`) that name message types.
extension Recognizer {
    /// `new FooMsg_Bar(`, `new ns::FooMsg_Bar(` or `new FooMsg_Bar;`.
    mutating func noteNewSender(at index: Int) {
        var cursor = index + 1
        var name: Token?
        while let next = nextCodeIndex(after: cursor - 1) {
            let token = tokens[next]
            if token.kind == .identifier {
                name = token
                cursor = next + 1
            } else if token.text == "::" {
                cursor = next + 1
            } else {
                // `new Msg(args)`, `new Msg{args}`, and `new Msg` with no argument list at all.
                if ["(", "{", ")", ";", ","].contains(token.text), let name { noteSender(name) }
                return
            }
        }
    }

    /// `std::make_unique<FooMsg_Bar>(`.
    mutating func noteTemplateSender(at index: Int) {
        guard let open = nextCodeIndex(after: index), tokens[open].text == "<",
              let name = nextCodeIndex(after: open), tokens[name].kind == .identifier,
              let close = nextCodeIndex(after: name), tokens[close].text == ">",
              let paren = nextCodeIndex(after: close), tokens[paren].text == "(" else { return }
        noteSender(tokens[name])
    }

    private mutating func noteSender(_ name: Token) {
        var use = candidate(name)
        use.conditional = scopes.isConditional(in: tokens, sending: name.text)
        if let function = scopes.currentFunction { noteSite(name.text, isCall: false, in: function) }
        findings.senders.append(use)
    }

    /// A send or call at the current point of `function`: kept for the paths it is on, and noted for the returns
    /// that follow.
    mutating func noteSite(_ name: String, isCall: Bool, in function: String) {
        if !scopes.isInsideABranch(in: tokens) {
            sitesOutsideBranches[function, default: []].append(PathSite(name: name, isCall: isCall, after: scopes.earlierReturnsSent.map { $0.sorted() }))
        }
        scopes.noteSend(name)
    }

    func candidate(_ name: Token) -> FileFindings.MessageUse {
        .init(message: name.text, function: enclosingFunction(at: name.start), conditions: conditions.current, at: RawLocation(name))
    }

    func enclosingFunction(at offset: Int) -> String? {
        functionAt(offset) ?? scopes.currentFunction
    }

    /// `typedef std::map<int, int> CountMap;` (function-pointer typedefs are skipped).
    mutating func typedefDeclaration(at index: Int) -> Int {
        guard let end = statementEnd(from: index) else { return index + 1 }
        let body = tokens[(index + 1)..<end].filter { $0.kind != .comment }
        if let name = body.last, name.kind == .identifier, body.count >= 2, !body.contains(where: { $0.text == "(" }) {
            findings.typedefs.append((qualified(name.text), TokenText.join(body.dropLast())))
        }
        scopes.statementBoundary()
        return end + 1
    }

    /// `using CountMap = std::map<int, int>;` (using-declarations and directives are skipped).
    mutating func aliasDeclaration(at index: Int) -> Int {
        guard let end = statementEnd(from: index) else { return index + 1 }
        let body = tokens[(index + 1)..<end].filter { $0.kind != .comment }
        if body.count >= 3, body[body.startIndex].kind == .identifier, body[body.startIndex + 1].text == "=" {
            findings.typedefs.append((qualified(body[body.startIndex].text), TokenText.join(body.dropFirst(2))))
        }
        scopes.statementBoundary()
        return end + 1
    }

    private func statementEnd(from index: Int) -> Int? {
        var cursor = index + 1
        while cursor < tokens.count {
            switch tokens[cursor].text {
            case ";": return cursor
            case "{", "}", "#": return nil
            default: cursor += 1
            }
        }
        return nil
    }

    private func qualified(_ name: String) -> String {
        (scopes.namespaces + [name]).joined(separator: "::")
    }
}
