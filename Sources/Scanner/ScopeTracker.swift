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
        // Most tokens are names: only punctuation is compared with the three that matter.
        guard tokens[index].kind == .punctuation else {
            if tokens[index].kind == .keyword && tokens[index].is("return") && insideFunction {
                let sent = sentInScopes.reduce(into: Set<String>()) { $0.formUnion($1) }
                sentBeforeEveryReturn = returnedInFunction ? sentBeforeEveryReturn.intersection(sent) : sent
                returnedInFunction = true
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
            case .block where insideFunction:
                sentInScopes.append([])
            default:
                break
            }
            scopes.append(scope)
            head.removeAll(keepingCapacity: true)
        } else if tokens[index].is("}") {
            // An unbalanced `}` (say, from both branches of an `#if`) resets rather than underflows.
            if scopes.popLast() != nil, !sentInScopes.isEmpty { sentInScopes.removeLast() }
            head.removeAll(keepingCapacity: true)
        } else if tokens[index].is(";") {
            head.removeAll(keepingCapacity: true)
        } else {
            head.append(index)
        }
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
