/// Follows braces through code tokens to know the namespace, class and function around a point,
/// for files whose out-of-line methods libclang cannot place without their headers.
struct ScopeTracker {
    private enum Scope {
        case namespace(String)
        case type(String)
        case function(String)
        case block
    }

    private var scopes: [Scope] = []
    /// Indices of the code tokens since the last `;`, `{` or `}`: the head of whatever a `{` opens. Indices, not
    /// copies: every name of a file passes through here.
    private var head: [Int] = []
    /// Whether the innermost function has returned before the current point: what follows runs only sometimes.
    private var returnedInFunction = false
    /// Per open scope of the innermost function (its body, then each block inside), the messages sent in it so far.
    private var sentInScopes: [Set<String>] = []
    /// The messages every `return` so far was preceded by on its path: a reply sent before each early return, and
    /// again at the end, is sent on every path.
    private var sentBeforeEveryReturn: Set<String> = []
    /// Per entry of `sentInScopes`, which branch of an `if`/`else if`/`else` chain the block is, if any.
    private var branchKinds: [BranchKind] = []
    /// Per depth of `sentInScopes`, what each closed branch of the chain open there sent.
    private var openChains: [Int: [Set<String>]] = [:]
    /// What every branch of an `if ... else` chain that just closed sent: sent on every path through it.
    private(set) var sentInEveryBranch: Set<String> = []

    private enum BranchKind {
        case notABranch, first, further, last
    }

    /// A return after one of these has reported a bad message, which closes the channel: no reply is owed on
    /// that path (`bad_message::ReceivedBadMessage(this, ...); return;`).
    static let badMessageCalls: Set<String> = ["ReceivedBadMessage", "ReportBadMessage", "BadMessageReceived", "ShutdownForBadMessage"]

    var insideFunction: Bool {
        scopes.contains { if case .function = $0 { true } else { false } }
    }

    var currentFunction: String? {
        for scope in scopes.reversed() {
            if case let .function(name) = scope { return name }
        }
        return nil
    }

    var namespaces: [String] {
        scopes.compactMap { if case let .namespace(name) = $0, !name.isEmpty { name } else { nil } }
    }

    /// Whether code at the current point runs on only some paths of its function: inside a block of it (an `if`,
    /// a loop, a lambda), in a statement headed by a condition (`if (x) Send(...)`, `a ? Send(...) : ...`), or
    /// after a `return` whose path did not send `message` too.
    func isConditional(in tokens: [Token], sending message: String? = nil) -> Bool {
        guard insideFunction else { return false }
        if returnedInFunction && !(message.map(sentBeforeEveryReturn.contains) ?? false) { return true }
        return isInsideABranch(in: tokens)
    }

    /// Whether the current point is inside a block of the function or a statement headed by a condition, whatever
    /// returned before it.
    func isInsideABranch(in tokens: [Token]) -> Bool {
        if case .block? = scopes.last { return true }
        let conditionWords: Set<String> = ["if", "else", "for", "while", "do", "switch", "case", "default", "?", "&&", "||"]
        return head.contains { conditionWords.contains(tokens[$0].text) }
    }

    /// Nil when no `return` came before the current point in its function; else the names (messages sent, functions
    /// called) every such return's path held: the paths that did not reach this point, and what they did instead.
    var earlierReturnsSent: Set<String>? {
        returnedInFunction ? sentBeforeEveryReturn : nil
    }

    /// Notes a send of `message` at the current point, for the returns that follow.
    mutating func noteSend(_ message: String) {
        guard insideFunction, !sentInScopes.isEmpty else { return }
        sentInScopes[sentInScopes.count - 1].insert(message)
    }

    mutating func statementBoundary() {
        head.removeAll(keepingCapacity: true)
    }

    /// Follows the code token at `index` of `tokens`.
    mutating func observe(_ index: Int, in tokens: [Token]) {
        if !sentInEveryBranch.isEmpty { sentInEveryBranch = [] }
        // Most tokens are names: only punctuation is compared with the three that matter.
        guard tokens[index].kind == .punctuation else {
            if tokens[index].kind == .keyword && tokens[index].is("return") && insideFunction {
                let sent = sentInScopes.reduce(into: Set<String>()) { $0.formUnion($1) }
                if sent.isDisjoint(with: Self.badMessageCalls) {
                    sentBeforeEveryReturn = returnedInFunction ? sentBeforeEveryReturn.intersection(sent) : sent
                    returnedInFunction = true
                }
            }
            return head.append(index)
        }
        if tokens[index].is("{") {
            let scope = classify(head.map { tokens[$0] })
            switch scope {
            case .function:
                returnedInFunction = false
                sentBeforeEveryReturn = []
                sentInScopes = [[]]
                branchKinds = [.notABranch]
                openChains = [:]
            case .block where insideFunction:
                let kind = branchKind(head.map { tokens[$0].text })
                if kind == .first { openChains[sentInScopes.count] = [] }
                sentInScopes.append([])
                branchKinds.append(openChains[sentInScopes.count - 1] == nil ? .notABranch : kind)
            default:
                break
            }
            scopes.append(scope)
            head.removeAll(keepingCapacity: true)
        } else if tokens[index].is("}") {
            // An unbalanced `}` (say, from both branches of an `#if`) resets rather than underflows.
            if scopes.popLast() != nil, let sent = sentInScopes.popLast() {
                closeBranch(branchKinds.popLast() ?? .notABranch, sent: sent)
            }
            head.removeAll(keepingCapacity: true)
        } else if tokens[index].is(";") {
            head.removeAll(keepingCapacity: true)
        } else {
            head.append(index)
        }
    }

    private func branchKind(_ head: [String]) -> BranchKind {
        switch head.first {
        case "if": .first
        case "else": head.count == 1 ? .last : head[1] == "if" ? .further : .notABranch
        default: .notABranch
        }
    }

    /// A block of an `if ... else` chain closed: with the chain's last, what every branch sent is sent on every
    /// path through the chain, in the block around it.
    private mutating func closeBranch(_ kind: BranchKind, sent: Set<String>) {
        let depth = sentInScopes.count
        guard kind != .notABranch, var chain = openChains[depth] else { return }
        chain.append(sent)
        guard kind == .last else { return openChains[depth] = chain }
        openChains[depth] = nil
        sentInEveryBranch = chain.dropFirst().reduce(chain[0]) { $0.intersection($1) }
        if depth > 0 { sentInScopes[depth - 1].formUnion(sentInEveryBranch) }
    }

    private func classify(_ head: [Token]) -> Scope {
        if insideFunction { return .block }
        if let keyword = head.firstIndex(where: { $0.text == "namespace" }) {
            return .namespace(head[(keyword + 1)...].filter { $0.kind == .identifier }.map(\.text).joined(separator: "::"))
        }
        if head.first?.text == "extern", head.count == 2, head[1].kind == .literal {
            return .namespace("")
        }
        let firstParen = head.firstIndex { $0.text == "(" }
        if let keyword = head.firstIndex(where: { ["class", "struct", "union", "enum"].contains($0.text) }),
           firstParen.map({ keyword < $0 }) ?? true {
            // `class CONTENT_EXPORT Foo final : public Bar {`: the name is the last identifier before `:` or `{`.
            let beforeBases = head[(keyword + 1)...].prefix { $0.text != ":" }
            let name = beforeBases.last { $0.kind == .identifier && $0.text != "final" }?.text ?? ""
            return head[keyword].text == "enum" ? .block : .type(name)
        }
        guard let firstParen, firstParen > 0, !head[..<firstParen].contains(where: { $0.text == "=" }) else { return .block }
        // The qualified name right before the parameter list: `RenderFrameImpl::OnClose`, `Foo::~Foo`.
        var start = firstParen
        var expectName = true
        while start > 0 {
            let previous = head[start - 1]
            // A destructor's `~` sits between `::` and the name.
            if previous.text == "~" && !expectName {
                start -= 1
                continue
            }
            // Names and `::` alternate; two names in a row (`std::string Foo::Bar`) end the qualified name.
            guard expectName ? previous.kind == .identifier : previous.text == "::" else { break }
            expectName.toggle()
            start -= 1
        }
        let name = head[start..<firstParen].map(\.text).joined()
        guard !name.isEmpty, name != "::" else { return .block }
        if !name.contains("::"), case let .type(owner)? = scopes.last, !owner.isEmpty {
            return .function(owner + "::" + name)
        }
        return .function(name)
    }
}
