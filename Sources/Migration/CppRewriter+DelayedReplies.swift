import MojifyConversion
import MojifyCore
import MojifyScanner

/// A delayed reply (`IPC_MESSAGE_HANDLER_DELAY_REPLY`) becomes the reply callback (migration guide 2.5.1): the
/// handler takes `FooCallback callback` where it took `IPC::Message* reply_msg`, and each
/// `FooMsg_Bar::WriteReplyParams(reply_msg, a, b);` followed by `[object->]Send(reply_msg);` becomes
/// `std::move(callback).Run(a, b);`. Passed on to another member of the class, called or bound with
/// `base::BindOnce(&Class::Member, ...)` to answer later, the message is followed there: that member's parameter
/// becomes the callback too, and the argument `std::move(callback)`. Any other use of the message (its
/// `routing_id()`, a member keeping it, `base::Bind`, which cannot hold a move-only callback) leaves the handler
/// to a human, with the line that uses it.
extension CppRewriter {
    /// The edits making one handler's reply message the callback, beyond renaming the handler itself.
    struct ReplyFlow {
        var edits: [(file: String, edit: UnifiedDiff.Edit)] = []
        /// The `WriteReplyParams` uses rewritten, where the scan reports them.
        var writes: [SourceLocation] = []
        /// The name the handler's callback parameter takes.
        var callback = "callback"
        /// The token ranges (of the handler's file) the edits replace: what no longer uses a name afterwards.
        var replaced: [Range<Int>] = []
    }

    /// Follows the reply message, parameter `parameter` of the handler's definition `definition` in the class
    /// named `className` (unqualified), through the class's members in the handler's file.
    func replyFlow(of method: CppMigration.Method, handler: CppMigration.Handler, className: String, definition: MethodDefinition, parameter: Int) -> Result<ReplyFlow, Problem> {
        guard method.isSync, let reply = method.reply, let message = method.messages.first else {
            return .failure(Problem("\(handler.method) takes a reply message, but \(method.messages.first ?? method.name) is no sync message"))
        }
        if method.condition != nil || handler.condition != nil {
            return .failure(Problem("\(method.name) exists under an #if, and so does its callback type; make \(handler.method) take \(method.name)Callback by hand"))
        }
        if let value = reply.first(where: \.needsConversion) {
            return .failure(Problem("the reply's \(value.name) is \(value.type) in the bindings, where \(handler.method) wrote the legacy C++ type: run \(method.name)Callback by hand"))
        }
        let source = sources[handler.file]!
        let tokens = source.tokens
        let callbackType = method.name + "Callback"
        var flow = ReplyFlow()
        var queue: [(function: String, definition: MethodDefinition, parameter: Int)] = [(handler.method, definition, parameter)]
        var followed: [String: Int] = [handler.method: parameter]
        var passedOn: [String: Int] = [:]
        var runs = 0
        while !queue.isEmpty {
            let (function, definition, parameter) = queue.removeFirst()
            let written = definition.parameters[parameter]
            guard let name = Self.parameterName(written), written.map(\.text) == ["IPC", "::", "Message", "*", name] else {
                return .failure(Problem("\(function)'s parameter \(parameter + 1) is not written `IPC::Message* name`; make it \(callbackType) by hand"))
            }
            let open = definition.bodyOpen
            guard let close = tokens.closing(open) else {
                return .failure(Problem("the body of \(className)::\(function) could not be found"))
            }
            let body = (open + 1)..<close
            let uses = Set(tokens[body].map(\.text) + definition.parameters.joined().map(\.text))
            guard let callback = ["callback", "reply_callback"].first(where: { !uses.contains($0) }) else {
                return .failure(Problem("\(className)::\(function) already uses the names callback and reply_callback; make it take \(callbackType) by hand"))
            }
            if function == handler.method {
                flow.callback = callback
            } else {
                flow.edits.append((handler.file, UnifiedDiff.Edit(range: written.first!.range.lowerBound..<written.last!.range.upperBound, replacement: "\(callbackType) \(callback)")))
                switch declaredParameter(parameter, of: function, className: className, header: handler.header) {
                case .success(let range): flow.edits.append((handler.header, UnifiedDiff.Edit(range: range, replacement: "\(callbackType) \(callback)")))
                case .failure(let problem): return .failure(problem)
                }
            }
            var cursor = body.lowerBound
            while cursor < body.upperBound {
                defer { cursor += 1 }
                guard tokens[cursor].text == name, tokens[cursor].kind == .name, ![".", "->", "::"].contains(tokens[cursor - 1].text) else { continue }
                let line = source.line(of: tokens[cursor].range.lowerBound)
                let at = "\(handler.file):\(line)"
                // Run once, where the message was sent once: not in a loop, nor in a lambda (which copies what it
                // captures, and a callback cannot be copied).
                if let context = Self.enclosingRepetition(of: cursor, in: tokens, body: body) {
                    return .failure(Problem("\(function) uses \(name) at \(at) inside \(context); make it a \(callbackType) by hand"))
                }
                if tokens.text(at: cursor - 1) == "(", tokens.text(at: cursor - 2) == "WriteReplyParams", tokens.text(at: cursor - 3) == "::" {
                    guard tokens.text(at: cursor - 4) == message else {
                        return .failure(Problem("\(function) writes the reply of another message than \(message) at \(at); convert by hand"))
                    }
                    switch replyRun(at: cursor, in: source, name: name, callback: callback, values: reply.count) {
                    case .success(let run):
                        flow.edits.append((handler.file, run.edit))
                        flow.replaced += run.replaced
                        let start = tokens[cursor - 4].range.lowerBound
                        flow.writes.append(SourceLocation(file: handler.file, line: source.line(of: start), column: source.column(of: start)))
                        runs += 1
                        cursor = run.end
                    case .failure(let problem):
                        return .failure(Problem("at \(at), " + problem.reason))
                    }
                    continue
                }
                // A reply without values is sent without being written: `Send(reply_msg);`.
                if tokens.text(at: cursor - 1) == "(", tokens.text(at: cursor - 2) == "Send", tokens.text(at: cursor + 1) == ")", tokens.text(at: cursor + 2) == ";" {
                    guard reply.isEmpty, let statement = Self.sendStatementStart(before: cursor - 2, in: tokens) else {
                        return .failure(Problem("\(function) sends \(name) at \(at) without writing the reply into it first; convert by hand"))
                    }
                    flow.edits.append((handler.file, UnifiedDiff.Edit(range: tokens[statement].range.lowerBound..<tokens[cursor + 2].range.upperBound, replacement: "std::move(\(callback)).Run();")))
                    flow.replaced.append(statement..<(cursor + 3))
                    runs += 1
                    cursor += 2
                    continue
                }
                switch passedOnMember(at: cursor, in: tokens, className: className) {
                case .success(let (member, index)):
                    if let earlier = followed[member], earlier != index {
                        return .failure(Problem("\(function) passes \(name) to \(member) as two different parameters; convert by hand"))
                    }
                    var found: MethodDefinition?
                    if followed[member] == nil {
                        switch self.definition(of: member, className: className, in: source, file: handler.file) {
                        case .success(let definition) where index < definition.parameters.count: found = definition
                        case .success: return .failure(Problem("\(member) takes no parameter \(index + 1), which \(function) passes \(name) as at \(at)"))
                        case .failure:
                            return .failure(Problem("\(function) passes \(name) to \(member) at \(at), which \(handler.file) defines as no member of \(className) (a macro, or another class's function); make it a \(callbackType) by hand"))
                        }
                    }
                    // The callback is moved into the member: nothing after may use it on the same path.
                    if let later = Self.useAfterPassingOn(name, at: cursor, in: tokens, body: body) {
                        return .failure(Problem("\(function) uses \(name) at \(handler.file):\(source.line(of: tokens[later].range.lowerBound)) after passing it to \(member) at \(at), where the callback would be moved; make it a \(callbackType) by hand"))
                    }
                    passedOn[member, default: 0] += 1
                    flow.edits.append((handler.file, UnifiedDiff.Edit(range: tokens[cursor].range, replacement: "std::move(\(callback))")))
                    flow.replaced.append(cursor..<(cursor + 1))
                    if let found {
                        followed[member] = index
                        queue.append((member, found, index))
                    }
                case .failure(let problem):
                    return .failure(Problem("\(function) uses \(name) at \(at) \(problem.reason); make it a \(callbackType) by hand"))
                }
            }
        }
        if runs == 0 {
            return .failure(Problem("no `\(message)::WriteReplyParams(...)` followed by its `Send` was found in \(handler.method) or the members it passes the reply to; run \(callbackType) by hand"))
        }
        // A member the reply is passed on to takes a callback now: nothing else may call it with a message.
        for (member, count) in passedOn.sorted(by: { $0.key < $1.key }) {
            let inFile = tokens.filter { $0.text == member && $0.kind == .name }.count
            let inHeader = sources[handler.header]?.tokens.filter { $0.text == member && $0.kind == .name }.count ?? 0
            if inFile != count + 1 || inHeader != 1 {
                return .failure(Problem("\(member), which \(handler.method) passes the reply to, is named elsewhere in \(handler.file) or \(handler.header) too; it would take \(callbackType) there as well: convert by hand"))
            }
        }
        return .success(flow)
    }

    /// `Msg::WriteReplyParams(name, values...);` at the token `name`, followed by `[object->]Send(name);`: the
    /// edit making them `std::move(callback).Run(values...);`, the tokens no longer there (the values stay), and
    /// the last token.
    private func replyRun(at name: Int, in source: CppSource, name text: String, callback: String, values: Int) -> Result<(edit: UnifiedDiff.Edit, replaced: [Range<Int>], end: Int), Problem> {
        let tokens = source.tokens
        var start = name - 4
        while start >= 2, tokens[start - 1].text == "::", tokens[start - 2].kind == .name { start -= 2 }
        if start >= 1, tokens[start - 1].text == "::" { start -= 1 }
        guard let close = tokens.closing(name - 1), tokens.text(at: close + 1) == ";" else {
            return .failure(Problem("the reply is not written in one plain statement"))
        }
        // Joined onto one line, the values must not span a preprocessor line (`#if` between two of them).
        if Self.hasDirective(in: source, from: tokens[start].range.lowerBound, to: tokens[close].range.upperBound) {
            return .failure(Problem("a preprocessor line is among the reply's values"))
        }
        let arguments = tokens.arguments(between: name - 1, and: close, countingAngleBrackets: false)
        guard arguments.allSatisfy({ !$0.isEmpty }) else { return .failure(Problem("an empty value is among the reply's")) }
        guard arguments.count == values + 1 else {
            return .failure(Problem("the reply is written with \(arguments.count - 1) values where the reply has \(values)"))
        }
        if arguments.dropFirst().joined().contains(where: { $0.text == text }) {
            return .failure(Problem("the reply's values use \(text) itself"))
        }
        // The next statement sends it: `Send(name);`, `rfh->Send(name);`, `render_frame_host()->Send(name);`.
        guard let send = ((close + 2)..<min(tokens.count, close + 12)).first(where: { tokens[$0].text == "Send" }),
              Self.sendStatementStart(before: send, in: tokens) == close + 2,
              tokens.text(at: send + 1) == "(", tokens.text(at: send + 2) == text, tokens.text(at: send + 3) == ")", tokens.text(at: send + 4) == ";" else {
            return .failure(Problem("the reply written is not sent by the next statement (`Send(\(text));`)"))
        }
        if Self.hasDirective(in: source, from: tokens[close].range.upperBound, to: tokens[send + 4].range.upperBound) {
            return .failure(Problem("a preprocessor line stands between the reply's write and its Send"))
        }
        let written = arguments.dropFirst().map { argument in
            Self.oneLine(source.text(argument.first!.range.lowerBound..<argument.last!.range.upperBound))
        }
        let edit = UnifiedDiff.Edit(range: tokens[start].range.lowerBound..<tokens[send + 4].range.upperBound, replacement: "std::move(\(callback)).Run(\(written.joined(separator: ", ")));")
        let valuesStart = arguments.count > 1 ? arguments[1].startIndex : close
        return .success((edit, [start..<valuesStart, close..<(send + 5)], send + 4))
    }

    /// Whether a line from the one holding offset `from` to the one holding `to` is a preprocessor directive.
    static func hasDirective(in source: CppSource, from: Int, to: Int) -> Bool {
        (source.line(of: from)...source.line(of: to)).contains { line in
            source.text(source.lineStarts[line - 1]..<source.lineEnd(of: source.lineStarts[line - 1])).trimmingCharacters(in: .whitespaces).hasPrefix("#")
        }
    }

    /// The start of the statement `[object->]Send(` whose `Send` is at token `send`: after names, `->`, `.`, `::`
    /// and call parentheses, at a statement's start; nil otherwise.
    static func sendStatementStart(before send: Int, in tokens: [CodeToken]) -> Int? {
        var start = send
        while start > 0, tokens[start - 1].isName && !["return", "else", "if", "delete"].contains(tokens[start - 1].text) || ["->", ".", "::", "(", ")"].contains(tokens[start - 1].text) {
            if tokens[start - 1].text == ")", tokens.opening(start - 1) == nil { return nil }
            start -= 1
        }
        return CppRewriter.startsStatement(tokens, at: start) && tokens.text(at: start - 1) != ")" ? start : nil
    }

    /// What repeats the token at `index` within the function body `body`: a loop, or a lambda; nil for neither.
    static func enclosingRepetition(of index: Int, in tokens: [CodeToken], body: Range<Int>) -> String? {
        for brace in tokens.openBraces(at: index, from: body.lowerBound) {
            let before = tokens.text(at: brace - 1)
            if before == "]" || before == "mutable" { return "a lambda" }
            if before == "do" { return "a loop" }
            if before == ")", let open = tokens.opening(brace - 1) {
                if ["for", "while"].contains(tokens.text(at: open - 1)) { return "a loop" }
                if tokens.text(at: open - 1) == "]" { return "a lambda" }
            }
        }
        // A loop without braces: the statement holding the token starts with `for` or `while`, the semicolons of
        // its parentheses not ending it.
        var statement = index
        var depth = 0
        while statement > body.lowerBound {
            let text = tokens[statement - 1].text
            if text == ")" { depth += 1 } else if text == "(" { depth -= 1 }
            if depth == 0, [";", "{", "}"].contains(text) { break }
            statement -= 1
        }
        return ["for", "while", "do"].contains(tokens[statement].text) ? "a loop" : nil
    }

    /// The first use of `name` after the statement holding the token `index`, in `body`, unless that statement is
    /// followed by `return;` or ends the body: where the callback passed on would be used again.
    static func useAfterPassingOn(_ name: String, at index: Int, in tokens: [CodeToken], body: Range<Int>) -> Int? {
        var depth = 0
        var end = index
        while end < body.upperBound {
            let text = tokens[end].text
            if ["(", "[", "{"].contains(text) {
                depth += 1
            } else if [")", "]", "}"].contains(text) {
                depth -= 1
            } else if text == ";", depth <= 0 {
                break
            }
            end += 1
        }
        if tokens.text(at: end + 1) == "return", tokens.text(at: end + 2) == ";" { return nil }
        return ((end + 1)..<body.upperBound).first { tokens[$0].text == name && tokens[$0].kind == .name && ![".", "->", "::"].contains(tokens[$0 - 1].text) }
    }

    /// The member of `className` the argument at token `index` is passed to, and as which parameter: a call of
    /// the class's own member (`OnReply(query, reply_msg)`, `this->OnReply(...)`), or its binding
    /// (`base::BindOnce(&Class::OnReply, this, query, reply_msg)`); else what the use is, to list.
    private func passedOnMember(at index: Int, in tokens: [CodeToken], className: String) -> Result<(String, Int), Problem> {
        guard [",", "("].contains(tokens[index - 1].text), [",", ")"].contains(tokens.text(at: index + 1) ?? "") else {
            return .failure(Problem("other than to write the reply and send it, or pass it to a member of \(className)"))
        }
        var depth = 0
        var open = index - 1
        while open >= 0 {
            let text = tokens[open].text
            if [")", "]", "}"].contains(text) { depth += 1 }
            if ["(", "[", "{"].contains(text) {
                if depth == 0 { break }
                depth -= 1
            }
            if text == ";", depth == 0 { return .failure(Problem("outside a call")) }
            open -= 1
        }
        guard open > 0, tokens[open].text == "(", let close = tokens.closing(open), tokens[open - 1].kind == .name else {
            return .failure(Problem("as an argument of something other than a call"))
        }
        let arguments = tokens.arguments(between: open, and: close, countingAngleBrackets: false)
        guard let position = arguments.firstIndex(where: { $0.contains { $0.range == tokens[index].range } }) else {
            return .failure(Problem("as an argument mojify could not place"))
        }
        let callee = tokens[open - 1].text
        if callee == "BindOnce" {
            if let post = Self.enclosingCalls(of: open, in: tokens).first(where: { $0.hasPrefix("Post") }) {
                return .failure(Problem("bound into a task \(post) posts, which would run the reply callback off the sequence its receiver is bound on"))
            }
            let target = arguments[0].map(\.text)
            guard position >= 2, target.count >= 4, target.first == "&", target.suffix(3).first == className, target.suffix(2).first == "::", let member = target.last else {
                return .failure(Problem("bound to something other than a member of \(className) with its receiver"))
            }
            return .success((member, position - 2))
        }
        if ["Bind", "BindRepeating"].contains(callee) {
            return .failure(Problem("bound with base::\(callee), which cannot hold the reply callback (it is move-only: base::BindOnce can)"))
        }
        let before = tokens.text(at: open - 2)
        let ownMember = ![".", "->", "::"].contains(before ?? "") || (before == "->" && tokens.text(at: open - 3) == "this")
            || (before == "::" && tokens.text(at: open - 3) == className)
        guard ownMember else { return .failure(Problem("passed to \(callee) of another object")) }
        return .success((callee, position))
    }

    /// The names of the calls whose parentheses hold the token `index`, innermost first, within its statement.
    static func enclosingCalls(of index: Int, in tokens: [CodeToken]) -> [String] {
        var names: [String] = []
        var depth = 0
        var cursor = index - 1
        while cursor > 0 {
            let text = tokens[cursor].text
            if [";", "{", "}"].contains(text), depth == 0 { break }
            if text == ")" || text == "]" { depth += 1 }
            if text == "(" || text == "[" {
                if depth == 0 {
                    if text == "(", tokens[cursor - 1].kind == .name { names.append(tokens[cursor - 1].text) }
                } else {
                    depth -= 1
                }
            }
            cursor -= 1
        }
        return names
    }

    /// The tokens of parameter `index` where `member`'s one declaration in its class in `header` writes it.
    private func declaredParameter(_ index: Int, of member: String, className: String, header: String) -> Result<Range<Int>, Problem> {
        guard let source = sources[header], case .success(let declaration) = CppClassDeclaration.only(named: className, in: source, file: header) else {
            return .failure(Problem("\(className) is not declared once in \(header)"))
        }
        let declared = declaration.members(named: member)
        guard declared.count == 1, let parameters = declaration.parameters(ofMemberAt: declared[0]), index < parameters.count, let first = parameters[index].first, let last = parameters[index].last else {
            return .failure(Problem("\(member) is not declared once in \(className) with a parameter \(index + 1)"))
        }
        // A virtual member is overridden, or called, where this file and header do not show.
        let tokens = declaration.tokens
        let after = tokens.closing(declared[0] + 1).map { tokens[($0 + 1)...].prefix { ![";", "{"].contains($0.text) }.map(\.text) } ?? []
        if tokens[declaration.declarationStart(of: declared[0])..<declared[0]].contains(where: { $0.text == "virtual" }) || after.contains("override") {
            return .failure(Problem("\(member), which the reply is passed to, is virtual: its overrides would still take the reply message; convert by hand"))
        }
        return .success(first.range.lowerBound..<last.range.upperBound)
    }
}
