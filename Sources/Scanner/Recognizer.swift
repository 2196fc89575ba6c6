import MojifyCore

/// A position inside the text being recognised, before it is mapped to the scanned tree.
struct RawLocation: Hashable, Sendable {
    var line: Int
    var column: Int
    var offset: Int

    init(_ token: Token) {
        line = token.line
        column = token.column
        offset = token.start
    }
}

/// What one file holds, with raw positions; `IPCScanner` maps positions and joins files.
struct FileFindings: Sendable {
    struct Struct: Sendable {
        var value: IPCStruct
        var at: RawLocation
        var memberPositions: [RawLocation]
    }

    struct Traits: Sendable {
        var value: StructTraits
        var at: RawLocation
        var memberPositions: [RawLocation]
    }

    struct Located<Value: Sendable>: Sendable {
        var value: Value
        var at: RawLocation
    }

    struct Map: Sendable {
        var value: MessageMap
        var at: RawLocation
        var handlerPositions: [RawLocation]
    }

    /// A name where a message may be used: built (a sender) or named with a member of its class (a reference).
    struct MessageUse: Sendable {
        var message: String
        var function: String?
        var conditions: Conditions
        var at: RawLocation
        /// Reached on only some paths of its function (see `ScopeTracker.isConditional`).
        var conditional = false
        /// The function then blocks its thread waiting (`condition_.TimedWait(...)`, `event.Wait()`).
        var blocksAfter = false
    }

    struct Problem: Sendable {
        var severity: Diagnostic.Severity
        var at: RawLocation
        var message: String
        var hint: String?
        /// About block structure (unbalanced parentheses, BEGIN without END, `#endif` without `#if`), which a
        /// fragment of a file, such as a patch hunk, breaks without anything being wrong.
        var isStructural: Bool
    }

    var messages: [Located<MessageDefinition>] = []
    var structs: [Struct] = []
    var structTraits: [Traits] = []
    var enumTraits: [Located<EnumTraits>] = []
    var maps: [Map] = []
    var senders: [MessageUse] = []
    /// `Name::Member` for the members a message class has; which names are messages is known only when joined.
    var references: [(candidate: MessageUse, member: String?)] = []
    var typedefs: [(name: String, type: String)] = []
    var includes: [String] = []
    var wrappers: [WrapperMacro] = []
    var problems: [Problem] = []
    /// Uses of macros whose expansion this does not follow, each with why: the file cannot be vouched for.
    var unfollowed: [(at: RawLocation, detail: String)] = []
    /// Function -> the functions of the same file whose names its body holds (a call, `&Foo::OnDone`).
    var calls: [String: [String]] = [:]
    /// Function -> the sends and the calls of the file's functions that no branch of it holds.
    var pathSites: [String: [PathSite]] = [:]
}

/// Reads a file's raw token stream and recognises the IPC constructs in it. Works on tokens, not text:
/// comments and string literals are single tokens and can never look like an invocation, and directive lines
/// (including the macro definitions of `ipc_message_macros.h` itself) are read as directives, not as code.
struct Recognizer {
    let tokens: [Token]
    let source: [UInt8]
    /// The macros in force: the tree's project macros that reach IPC macros, under the file's own definitions.
    private var macros: MacroTable
    /// The AST's answer for the function around an offset, when it has one.
    let functionAt: (Int) -> String?

    private var findings = FileFindings()
    /// The names each function's body holds, reduced to the file's own functions at the end.
    private var namesInFunctions: [String: Set<String>] = [:]
    /// The sends and calls outside any branch of each function, reduced to the file's own functions at the end.
    private var sitesOutsideBranches: [String: [PathSite]] = [:]
    private var conditions = ConditionStack()
    private var messageClass = ""
    private var exportMacro: String?
    private var openStruct: FileFindings.Struct?
    private var openTraits: FileFindings.Traits?
    private var openMap: FileFindings.Map?
    private var scopes = ScopeTracker()
    /// Whether any code or directive other than comments came before the current point.
    private var sawCode = false

    /// The text is one patch hunk: it ends where the hunk does, possibly inside an invocation.
    let isHunk: Bool

    init(tokens: [Token], source: [UInt8], wrappers: [String: [WrapperMacro]], isHunk: Bool = false, functionAt: @escaping (Int) -> String?) {
        self.tokens = tokens
        self.source = source
        macros = MacroTable(tree: wrappers)
        self.isHunk = isHunk
        self.functionAt = functionAt
    }

    mutating func run() -> FileFindings {
        var index = 0
        var previousLine = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .comment {
                index += 1
                continue
            }
            let startsLine = token.line != previousLine
            previousLine = token.line
            if startsLine && token.is("#") {
                let end = directiveEnd(from: index)
                handleDirective(tokens[index..<end])
                sawCode = true
                index = end
                previousLine = tokens[end - 1].line
                continue
            }
            index = handleCode(at: index)
            sawCode = true
        }
        closeOpenBlocks()
        findings.wrappers = macros.shared()
        let defined = Dictionary(grouping: namesInFunctions.keys, by: { IPCNaming.unqualified($0) })
        for (function, names) in namesInFunctions {
            let callees = names.flatMap { defined[$0] ?? [] }.filter { $0 != function }
            if !callees.isEmpty { findings.calls[function] = Array(Set(callees)).sorted() }
        }
        for (function, sites) in sitesOutsideBranches {
            // A name that is a function of the file stands for each function of that name.
            let kept = sites.flatMap { site in
                // What earlier returns' paths held is spelled as written (`SendReply`): named as the file's functions.
                let after = site.after.map { names in Array(Set(names.flatMap { defined[$0] ?? [$0] })).sorted() }
                return site.isCall ? (defined[site.name] ?? []).filter { $0 != function }.map { PathSite(name: $0, isCall: true, after: after) }
                    : [PathSite(name: site.name, isCall: false, after: after)]
            }
            if !kept.isEmpty { findings.pathSites[function] = kept }
        }
        return findings
    }

    // MARK: - Directives

    /// The index after the last token of the directive starting at `start`: the directive ends at the first line
    /// break between two of its tokens that no backslash splices (a comment's own line breaks do not end it).
    private func directiveEnd(from start: Int) -> Int {
        source.withUnsafeBytes { bytes in
            var end = start + 1
            while end < tokens.count && !LogicalSpelling.hasLineBreak(bytes, from: tokens[end - 1].end, to: tokens[end].start) {
                end += 1
            }
            return end
        }
    }

    private mutating func handleDirective(_ directive: ArraySlice<Token>) {
        let words = directive.filter { $0.kind != .comment }
        guard words.count >= 2 else { return }
        let name = words[words.startIndex + 1].text
        let rest = words.dropFirst(2)
        let restText = TokenText.join(rest)
        switch name {
        case "if":
            conditions.push(condition: restText, constant: constantValue(restText))
        case "ifdef":
            conditions.push(condition: "defined(\(restText))", constant: nil)
        case "ifndef":
            conditions.push(condition: "!defined(\(restText))", constant: nil, isIncludeGuard: isIncludeGuard(directive, macro: restText))
        case "elif", "elifdef", "elifndef":
            let condition = name == "elif" ? restText : (name == "elifdef" ? "defined(\(restText))" : "!defined(\(restText))")
            if !conditions.elseIf(condition: condition, constant: name == "elif" ? constantValue(restText) : nil) {
                problem(.warning, at: words.first!, "#\(name) without #if", hint: "check the file's #if/#endif balance", structural: true)
            }
        case "else":
            if !conditions.otherwise() {
                problem(.warning, at: words.first!, "#else without #if", hint: "check the file's #if/#endif balance", structural: true)
            }
        case "endif":
            if !conditions.pop() {
                problem(.warning, at: words.first!, "#endif without #if", hint: "check the file's #if/#endif balance", structural: true)
            }
        case "define":
            handleDefine(directive)
        case "undef":
            switch restText {
            case "IPC_MESSAGE_START": messageClass = ""
            case "IPC_MESSAGE_EXPORT": exportMacro = nil
            default: macros.undefine(restText, unconditional: isUnconditional)
            }
        case "include", "import", "include_next":
            macros.include()
            if let path = rest.first, path.kind == .literal, path.text.hasPrefix("\""), path.text.count >= 2 {
                findings.includes.append(String(path.text.dropFirst().dropLast()))
            } else if let open = rest.first, open.is("<"), let close = rest.first(where: { $0.is(">") }) {
                // Raw tokens do not know a header name: `<foo/msgs.def>` is its bytes between the brackets.
                findings.includes.append(String(decoding: source[open.end..<close.start], as: UTF8.self))
            }
        default:
            break
        }
    }

    /// `#ifndef FOO_H_` that opens the file (only comments before it) and is followed at once by `#define FOO_H_`.
    private func isIncludeGuard(_ directive: ArraySlice<Token>, macro: String) -> Bool {
        guard !sawCode, let lastIndex = directive.indices.last else { return false }
        let following = tokens[(lastIndex + 1)...].lazy.filter { $0.kind != .comment }.prefix(3).map(\.text)
        return Array(following) == ["#", "define", macro]
    }

    /// `0`, `1`, `false` and `true` are the only conditions whose outcome is known without a build configuration.
    private func constantValue(_ condition: String) -> Bool? {
        switch condition {
        case "0", "false": false
        case "1", "true": true
        default: nil
        }
    }

    /// Whether a directive here is made whatever the build: no `#if` around it but the include guard.
    private var isUnconditional: Bool {
        let current = conditions.current
        return current.stack.isEmpty && !current.disabled
    }

    /// `directive`: all of it, from `#`, comments kept.
    private mutating func handleDefine(_ directive: ArraySlice<Token>) {
        let code = directive.indices.filter { directive[$0].kind != .comment }
        guard code.count >= 3, directive[code[2]].kind == .identifier || directive[code[2]].kind == .keyword else { return }
        let macro = directive[code[2]]
        let body = Array(directive[(code[2] + 1)...])
        switch macro.text {
        case "IPC_MESSAGE_START":
            messageClass = TokenText.join(body)
            return
        case "IPC_MESSAGE_EXPORT":
            let value = TokenText.join(body)
            exportMacro = value.isEmpty ? nil : value
            return
        default:
            break
        }
        // IPC macros defining each other (ipc_message_macros.h itself) are the vocabulary, not project macros.
        guard IPCMacro(name: macro.text) == nil else { return }
        // Function-like only when the `(` touches the name.
        guard let open = body.first, open.is("("), touches(macro, open) else {
            macros.define(WrapperMacro(name: macro.text, parameters: nil, isVariadic: false, body: body), unconditional: isUnconditional)
            return
        }
        guard let close = body.firstIndex(where: { $0.is(")") }) else { return }
        var parameters: [String] = []
        var isVariadic = false
        var afterComma = true
        for token in body[1..<close] where token.kind != .comment {
            if token.is(",") {
                afterComma = true
            } else if token.is("...") {
                // `...` is `__VA_ARGS__`; `args...` names it.
                if afterComma { parameters.append("__VA_ARGS__") }
                isVariadic = true
            } else {
                parameters.append(token.text)
                afterComma = false
            }
        }
        macros.define(WrapperMacro(name: macro.text, parameters: parameters, isVariadic: isVariadic, body: Array(body[(close + 1)...])),
                      unconditional: isUnconditional)
    }

    /// Whether nothing but line splices lies between the two tokens.
    private func touches(_ first: Token, _ second: Token) -> Bool {
        source.withUnsafeBytes { bytes in
            var offset = first.end
            while offset < second.start, let end = LogicalSpelling.spliceEnd(at: offset, in: bytes) { offset = end }
            return offset == second.start
        }
    }

    // MARK: - Code

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
    private mutating func handleCode(at index: Int) -> Int {
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

    private func nextCodeIndex(after index: Int) -> Int? {
        var next = index + 1
        while next < tokens.count && tokens[next].kind == .comment { next += 1 }
        return next < tokens.count ? next : nil
    }

    /// Splits the parenthesised list opening at `openParen` at its top-level commas. Angle brackets count as
    /// nesting after a name (`std::map<int, int>`), but only within their own parenthesis level, so an unmatched
    /// `<` in an expression cannot swallow the rest of the list. Returns the arguments (comments kept, so that
    /// names in comments can be read) and the index of the closing parenthesis. When the list never closes, the
    /// close is nil and the arguments are the ones a comma completed.
    static func splitArguments(_ list: [Token], openParen: Int) -> (arguments: [[Token]], close: Int?) {
        var arguments: [[Token]] = []
        var depth = 0
        var angles: [Int] = [0]
        var argumentStart = openParen + 1
        var index = openParen
        var previousCode: Token?
        while index < list.count {
            let token = list[index]
            if token.kind != .comment {
                switch token.text {
                case "(", "[", "{":
                    depth += 1
                    angles.append(0)
                case ")", "]", "}":
                    depth -= 1
                    angles.removeLast()
                    if depth == 0 {
                        let last = list[argumentStart..<index]
                        if !arguments.isEmpty || last.contains(where: { $0.kind != .comment }) {
                            arguments.append(Array(last))
                        }
                        return (Recognizer.reattachTrailingComments(arguments), index)
                    }
                case "<":
                    if let previousCode, previousCode.kind == .identifier || previousCode.text == ">" {
                        angles[angles.count - 1] += 1
                    }
                case ">":
                    angles[angles.count - 1] = max(0, angles[angles.count - 1] - 1)
                case ">>":
                    angles[angles.count - 1] = max(0, angles[angles.count - 1] - 2)
                case "," where depth == 1 && angles[angles.count - 1] == 0:
                    arguments.append(Array(list[argumentStart..<index]))
                    argumentStart = index + 1
                default:
                    break
                }
                previousCode = token
            }
            index += 1
        }
        return (Recognizer.reattachTrailingComments(arguments), nil)
    }

    /// `int,  // render_frame_id` puts the comment after the comma but on the argument's own line:
    /// such a comment belongs to the argument before the comma, not the one after it.
    private static func reattachTrailingComments(_ arguments: [[Token]]) -> [[Token]] {
        var result = arguments
        for index in result.indices.dropFirst() {
            guard let previousLine = result[index - 1].last(where: { $0.kind != .comment })?.line else { continue }
            let leading = result[index].prefix { $0.kind == .comment && $0.line == previousLine }
            guard !leading.isEmpty else { continue }
            result[index - 1].append(contentsOf: leading)
            result[index].removeFirst(leading.count)
        }
        return result
    }

    /// `SkBitmap)  // decoded image` names the last argument when that argument has a line of its own; a comment
    /// after a one-line invocation describes the message, not its last parameter.
    private static func attachCommentAfterClose(_ arguments: inout [[Token]], after close: Token, next: Token?, invocationLine: Int) {
        guard let comment = next, comment.kind == .comment, comment.line == close.line, close.line != invocationLine,
              let last = arguments.indices.last,
              let firstCode = arguments[last].first(where: { $0.kind != .comment }), firstCode.line == close.line,
              last == 0 || arguments[last - 1].last(where: { $0.kind != .comment })?.line != close.line
        else { return }
        arguments[last].append(comment)
    }

    private mutating func invocation(of macro: IPCMacro, named name: String, at index: Int, openParen: Int) -> Int {
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
    private func argumentsReachIPC(_ open: Int) -> Bool {
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
    private mutating func expandUse(at index: Int) -> Int? {
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
    private mutating func unfollowed(at token: Token, _ what: String) {
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

    /// Where an invocation stands and what surrounds it.
    private struct Site {
        var macro: String
        var wrapper: String?
        var at: Token
        var conditions: Conditions
        var source: String
        /// The comment block right above the invocation, if any.
        var comment: String?
    }


    private mutating func record(_ macro: IPCMacro, arguments: [Argument], site: Site) {
        let at = RawLocation(site.at)
        func malformed(_ expectation: String) {
            problem(.error, at: site.at, "malformed \(site.macro)(...): \(expectation), found \(arguments.count) argument\(arguments.count == 1 ? "" : "s")",
                    hint: "fix the invocation; it is left out of the inventory")
        }
        switch macro {
        case let .message(kind, sync, form):
            guard let name = arguments.first?.text, !name.isEmpty else { return malformed("expected a message name first") }
            var inputs: [Parameter]
            var outputs: [Parameter] = []
            switch form {
            case let .counted(inputCount, outputCount):
                guard arguments.count == 1 + inputCount + outputCount else {
                    return malformed("expected the name and \(inputCount + outputCount) type\(inputCount + outputCount == 1 ? "" : "s")")
                }
                inputs = arguments[1..<(1 + inputCount)].map(\.parameter)
                outputs = arguments[(1 + inputCount)...].map(\.parameter)
            case .variadic:
                inputs = arguments.dropFirst().map(\.parameter)
            case .parenthesised:
                guard arguments.count == 3, let ins = parenthesisedList(arguments[1]), let outs = parenthesisedList(arguments[2]) else {
                    return malformed("expected the name, (inputs) and (outputs)")
                }
                inputs = ins
                outputs = outs
            }
            findings.messages.append(.init(value: MessageDefinition(
                name: name, messageClass: messageClass, kind: kind, isSync: sync, inputs: inputs, outputs: outputs,
                macro: site.macro, exportMacro: exportMacro, conditions: site.conditions,
                location: SourceLocation(file: "", line: at.line, column: at.column), source: site.source, comment: site.comment
            ), at: at))

        case let .structBegin(withParent):
            guard arguments.count == (withParent ? 2 : 1) else {
                return malformed(withParent ? "expected the struct name and its parent" : "expected the struct name")
            }
            closeStruct(missingEndAt: site.at)
            openStruct = .init(value: IPCStruct(
                name: arguments[0].text, parent: withParent ? arguments[1].text : nil, members: [],
                messageClass: messageClass, conditions: site.conditions, location: placeholderLocation(at), comment: site.comment
            ), at: at, memberPositions: [])
        case .structMember:
            guard arguments.count >= 2 else { return malformed("expected a type and a name") }
            guard openStruct != nil else {
                problem(.warning, at: site.at, "IPC_STRUCT_MEMBER outside IPC_STRUCT_BEGIN ... IPC_STRUCT_END", hint: "check the struct's BEGIN/END", structural: true)
                return
            }
            let defaultValue = arguments.count > 2 ? arguments[2...].map(\.text).joined(separator: ", ") : nil
            openStruct!.value.members.append(.init(
                type: arguments[0].text, name: arguments[1].text, defaultValue: defaultValue, location: placeholderLocation(at), comment: site.comment
            ))
            openStruct!.memberPositions.append(at)
        case .structEnd:
            if openStruct == nil {
                problem(.warning, at: site.at, "IPC_STRUCT_END without IPC_STRUCT_BEGIN", hint: "check the struct's BEGIN/END", structural: true)
            }
            closeStruct(missingEndAt: nil)

        case .traitsBegin:
            guard arguments.count == 1 else { return malformed("expected one type") }
            closeTraits(missingEndAt: site.at)
            openTraits = .init(value: StructTraits(
                type: arguments[0].text, members: [], parents: [], conditions: site.conditions, location: placeholderLocation(at),
                messageClass: messageClass
            ), at: at, memberPositions: [])
        case .traitsMember, .traitsParent:
            guard arguments.count == 1 else { return malformed("expected one name") }
            // `IPC_STRUCT_BEGIN_WITH_PARENT(Params, Base)` is followed by `IPC_STRUCT_TRAITS_PARENT(Base)` in
            // Chromium's own headers: the struct macro declares the traits that line completes.
            if macro == .traitsParent, openTraits == nil, let parent = openStruct?.value.parent {
                if arguments[0].text != parent {
                    problem(.warning, at: site.at, "IPC_STRUCT_TRAITS_PARENT(\(arguments[0].text)) inside IPC_STRUCT_BEGIN_WITH_PARENT(\(openStruct!.value.name), \(parent)) names another parent",
                            hint: "name the struct's parent, \(parent), in both", structural: false)
                }
                return
            }
            guard openTraits != nil else {
                problem(.warning, at: site.at, "\(site.macro) outside IPC_STRUCT_TRAITS_BEGIN ... IPC_STRUCT_TRAITS_END", hint: "check the traits' BEGIN/END", structural: true)
                return
            }
            if macro == .traitsMember {
                openTraits!.value.members.append(arguments[0].text)
                openTraits!.memberPositions.append(at)
            } else {
                openTraits!.value.parents.append(arguments[0].text)
            }
        case .traitsEnd:
            if openTraits == nil {
                problem(.warning, at: site.at, "IPC_STRUCT_TRAITS_END without IPC_STRUCT_TRAITS_BEGIN", hint: "check the traits' BEGIN/END", structural: true)
            }
            closeTraits(missingEndAt: nil)

        case let .enumTraits(check):
            let expected = check.argumentCount
            guard arguments.count == expected else { return malformed("expected \(expected) argument\(expected == 1 ? "" : "s")") }
            var traits = EnumTraits(
                type: arguments[0].text, macro: site.macro, minValue: nil, maxValue: nil, validation: nil,
                conditions: site.conditions, location: placeholderLocation(at), messageClass: messageClass
            )
            switch check {
            case .unchecked: break
            case .maxValue: traits.maxValue = arguments[1].text
            case .minMaxValue:
                traits.minValue = arguments[1].text
                traits.maxValue = arguments[2].text
            case .validate: traits.validation = arguments[1].text
            }
            findings.enumTraits.append(.init(value: traits, at: at))

        case .mapBegin:
            guard arguments.count >= 2 else { return malformed("expected the class and the message") }
            closeMap(missingEndAt: site.at)
            openMap = .init(value: MessageMap(
                macro: site.macro, handlerClass: arguments[0].text, function: enclosingFunction(at: site.at.start),
                handlers: [], conditions: site.conditions, location: placeholderLocation(at)
            ), at: at, handlerPositions: [])
        case .mapEnd:
            if openMap == nil {
                problem(.warning, at: site.at, "\(site.macro) without IPC_BEGIN_MESSAGE_MAP", hint: "check the map's BEGIN/END", structural: true)
            }
            closeMap(missingEndAt: nil)

        case let .handler(shape, delayReply):
            var handler = MessageHandler(
                macro: site.macro, wrapper: site.wrapper, message: nil, method: nil, target: nil,
                delayReply: delayReply, conditions: site.conditions, location: placeholderLocation(at)
            )
            switch shape {
            case .method, .generic:
                guard arguments.count >= 2 else { return malformed("expected the message and its handler") }
                handler.message = arguments[0].text
                handler.method = arguments[1...].map(\.text).joined(separator: ", ")
            case .forward:
                guard arguments.count == 3 else { return malformed("expected the message, the object and the method") }
                handler.message = arguments[0].text
                handler.target = arguments[1].text
                handler.method = arguments[2].text
            case .codeOnly:
                let code = arguments.map(\.text).joined(separator: ", ")
                handler.method = code.isEmpty ? nil : code
            }
            guard openMap != nil else {
                problem(.warning, at: site.at, "\(site.wrapper ?? site.macro) outside IPC_BEGIN_MESSAGE_MAP ... IPC_END_MESSAGE_MAP",
                        hint: "handlers outside a message map are not attributed to a class", structural: true)
                return
            }
            openMap!.value.handlers.append(handler)
            openMap!.handlerPositions.append(at)
        }
    }

    /// `(int /* a */, GURL)` -> its parameters; nil when the argument is not one parenthesised list.
    private func parenthesisedList(_ argument: Argument) -> [Parameter]? {
        let code = argument.tokens.indices.filter { argument.tokens[$0].kind != .comment }
        guard let first = code.first, let last = code.last, argument.tokens[first].text == "(", argument.tokens[last].text == ")",
              case let (items, close) = Recognizer.splitArguments(argument.tokens, openParen: first), close == last else { return nil }
        return items.map { Argument($0).parameter }
    }

    private func placeholderLocation(_ at: RawLocation) -> SourceLocation {
        SourceLocation(file: "", line: at.line, column: at.column)
    }

    private mutating func closeStruct(missingEndAt token: Token?) {
        close(\.openStruct, into: \.structs, missingEndAt: token, end: "IPC_STRUCT_END") { "IPC_STRUCT_BEGIN(\($0.value.name))" }
    }

    private mutating func closeTraits(missingEndAt token: Token?) {
        close(\.openTraits, into: \.structTraits, missingEndAt: token, end: "IPC_STRUCT_TRAITS_END") { "IPC_STRUCT_TRAITS_BEGIN(\($0.value.type))" }
    }

    private mutating func closeMap(missingEndAt token: Token?) {
        close(\.openMap, into: \.maps, missingEndAt: token, end: "IPC_END_MESSAGE_MAP") { "\($0.value.macro)(\($0.value.handlerClass))" }
    }

    /// Moves an open BEGIN ... END block to the findings; `token` is where an END was expected but not found.
    private mutating func close<Block>(
        _ open: WritableKeyPath<Recognizer, Block?>, into list: WritableKeyPath<FileFindings, [Block]>,
        missingEndAt token: Token?, end: String, describe: (Block) -> String
    ) {
        guard let block = self[keyPath: open] else { return }
        if let token {
            problem(.warning, at: token, "\(describe(block)) has no \(end) before this point", hint: "add \(end)()", structural: true)
        }
        findings[keyPath: list].append(block)
        self[keyPath: open] = nil
    }

    private mutating func closeOpenBlocks() {
        let end = tokens.last
        if let end {
            closeStruct(missingEndAt: openStruct == nil ? nil : end)
            closeTraits(missingEndAt: openTraits == nil ? nil : end)
            closeMap(missingEndAt: openMap == nil ? nil : end)
        }
        if conditions.depth > 0, let end {
            problem(.warning, at: end, "\(conditions.depth) #if block\(conditions.depth == 1 ? " is" : "s are") not closed at the end of the file",
                    hint: "add the missing #endif", structural: true)
        }
    }

    // MARK: - Senders, aliases

    /// `new FooMsg_Bar(`, `new ns::FooMsg_Bar(` or `new FooMsg_Bar;`.
    private mutating func noteNewSender(at index: Int) {
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
    private mutating func noteTemplateSender(at index: Int) {
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
    private mutating func noteSite(_ name: String, isCall: Bool, in function: String) {
        if !scopes.isInsideABranch(in: tokens) {
            sitesOutsideBranches[function, default: []].append(PathSite(name: name, isCall: isCall, after: scopes.earlierReturnsSent.map { $0.sorted() }))
        }
        scopes.noteSend(name)
    }

    private func candidate(_ name: Token) -> FileFindings.MessageUse {
        .init(message: name.text, function: enclosingFunction(at: name.start), conditions: conditions.current, at: RawLocation(name))
    }

    private func enclosingFunction(at offset: Int) -> String? {
        functionAt(offset) ?? scopes.currentFunction
    }

    /// `typedef std::map<int, int> CountMap;` (function-pointer typedefs are skipped).
    private mutating func typedefDeclaration(at index: Int) -> Int {
        guard let end = statementEnd(from: index) else { return index + 1 }
        let body = tokens[(index + 1)..<end].filter { $0.kind != .comment }
        if let name = body.last, name.kind == .identifier, body.count >= 2, !body.contains(where: { $0.text == "(" }) {
            findings.typedefs.append((qualified(name.text), TokenText.join(body.dropLast())))
        }
        scopes.statementBoundary()
        return end + 1
    }

    /// `using CountMap = std::map<int, int>;` (using-declarations and directives are skipped).
    private mutating func aliasDeclaration(at index: Int) -> Int {
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

    private mutating func problem(_ severity: Diagnostic.Severity, at token: Token, _ message: String, hint: String?, structural: Bool = false) {
        findings.problems.append(.init(severity: severity, at: RawLocation(token), message: message, hint: hint, isStructural: structural))
    }
}

/// One macro argument: its tokens (comments kept), its text as written, and the name a comment gives it.
struct Argument {
    var tokens: [Token]

    init(_ tokens: [Token]) {
        self.tokens = tokens
    }

    var text: String { TokenText.join(tokens) }

    /// `std::string /* mime_type */` -> type `std::string`, name `mime_type`. A comment that is one identifier
    /// wins; otherwise a short phrase names the parameter the way its author wrote it (see `nameFromPhrase`).
    var parameter: Parameter {
        let bodies = tokens.filter { $0.kind == .comment }.map { TokenText.commentBody($0.text) }.filter { !Argument.isToolMarker($0) }
        let name = bodies.first { $0.isCIdentifier } ?? bodies.lazy.compactMap(Argument.nameFromPhrase).first
        return Parameter(type: text, name: name)
    }

    /// `// NOLINT`, `// TODO(...)`: comments for tools and readers, never names.
    static func isToolMarker(_ body: String) -> Bool {
        ["NOLINT", "TODO", "FIXME", "XXX", "NOTE", "IWYU", "clang-format"].contains { body.hasPrefix($0) }
    }

    /// Words before a comment's first punctuation: `rendered document cookie` -> `rendered_document_cookie`,
    /// `error_message, if any` -> `error_message`, `the id of the frame` -> `id_of_the_frame`, `is muted?` ->
    /// `is_muted`. A longer phrase (a description, not a name) gives its head, the words before the first word
    /// that starts a qualifier: `location where menu should be shown` -> `location`, `the offset of the text in
    /// the document` -> `offset`. Tool markers (`NOLINT`, `TODO(...)`) and words that are not plain words give none.
    static func nameFromPhrase(_ body: String) -> String? {
        let head = body.prefix { !",;.:()[]=?!".contains($0) }.replacingOccurrences(of: "'s ", with: " ")
        // `success/failure status` is two words there.
        var words = head.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "-" || $0 == "\n" || $0 == "/" }).map(String.init)
        if let first = words.first, ["the", "a", "an"].contains(first.lowercased()), words.count > 1 { words.removeFirst() }
        if words.count > 5, let cut = words.firstIndex(where: { qualifierWords.contains($0.lowercased()) }), (1...4).contains(cut) {
            words = Array(words[..<cut])
        }
        guard (1...5).contains(words.count), words.allSatisfy({ $0.isCIdentifier || $0.allSatisfy(\.isNumber) }),
              words[0].isCIdentifier
        else { return nil }
        return words.joined(separator: "_")
    }

    /// English words that start what qualifies a noun (prepositions, relative words, verbs of a relative clause):
    /// where a long comment's head noun phrase ends.
    static let qualifierWords: Set<String> = [
        "of", "in", "for", "where", "which", "that", "to", "from", "with", "when", "whose", "who", "on", "at", "by", "if",
        "whether", "as", "into", "while", "after", "before", "should", "will", "can", "must", "is", "are", "was", "were",
    ]
}

extension String {
    /// `[A-Za-z_][A-Za-z0-9_]*`, on the bytes: asked of every comment body next to a parameter.
    var isCIdentifier: Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") }
        guard let first = utf8.first, isLetter(first) else { return false }
        return utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
