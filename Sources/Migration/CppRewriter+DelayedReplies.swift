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
        while !queue.isEmpty {
            let (function, definition, parameter) = queue.removeFirst()
            let written = definition.parameters[parameter]
            guard let name = Self.parameterName(written), written.map(\.text) == ["IPC", "::", "Message", "*", name] else {
                return .failure(Problem("\(function)'s parameter \(parameter + 1) is not written `IPC::Message* name`; make it \(callbackType) by hand"))
            }
            guard let open = tokens.firstIndex(where: { $0.range.lowerBound >= definition.end && $0.text == "{" }), let close = tokens.closing(open) else {
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
                if tokens.text(at: cursor - 1) == "(", tokens.text(at: cursor - 2) == "WriteReplyParams", tokens.text(at: cursor - 3) == "::" {
                    guard tokens.text(at: cursor - 4) == message else {
                        return .failure(Problem("\(function) writes the reply of another message than \(message) at \(at); convert by hand"))
                    }
                    switch replyRun(at: cursor, in: source, name: name, callback: callback, values: reply.count) {
                    case .success(let run):
                        flow.edits.append((handler.file, run.edit))
                        flow.replaced.append(run.tokens)
                        let start = tokens[cursor - 4].range.lowerBound
                        flow.writes.append(SourceLocation(file: handler.file, line: source.line(of: start), column: source.column(of: start)))
                        cursor = run.tokens.upperBound - 1
                    case .failure(let problem):
                        return .failure(Problem("at \(at), " + problem.reason))
                    }
                    continue
                }
                switch passedOnMember(at: cursor, in: tokens, className: className) {
                case .success(let (member, index)):
                    if let earlier = followed[member], earlier != index {
                        return .failure(Problem("\(function) passes \(name) to \(member) as two different parameters; convert by hand"))
                    }
                    passedOn[member, default: 0] += 1
                    flow.edits.append((handler.file, UnifiedDiff.Edit(range: tokens[cursor].range, replacement: "std::move(\(callback))")))
                    flow.replaced.append(cursor..<(cursor + 1))
                    guard followed[member] == nil else { continue }
                    let found: MethodDefinition
                    switch self.definition(of: member, className: className, in: source, file: handler.file) {
                    case .success(let definition): found = definition
                    case .failure(let problem): return .failure(Problem("\(function) passes \(name) on to \(member) at \(at): " + problem.reason))
                    }
                    guard index < found.parameters.count else {
                        return .failure(Problem("\(member) takes no parameter \(index + 1), which \(function) passes \(name) as at \(at)"))
                    }
                    followed[member] = index
                    queue.append((member, found, index))
                case .failure(let problem):
                    return .failure(Problem("\(function) uses \(name) at \(at) \(problem.reason); make it a \(callbackType) by hand"))
                }
            }
        }
        if flow.writes.isEmpty {
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
    /// edit making them `std::move(callback).Run(values...);`, and the tokens it replaces.
    private func replyRun(at name: Int, in source: CppSource, name text: String, callback: String, values: Int) -> Result<(edit: UnifiedDiff.Edit, tokens: Range<Int>), Problem> {
        let tokens = source.tokens
        var start = name - 4
        while start >= 2, tokens[start - 1].text == "::", tokens[start - 2].kind == .name { start -= 2 }
        guard let close = tokens.closing(name - 1), tokens.text(at: close + 1) == ";" else {
            return .failure(Problem("the reply is not written in one plain statement"))
        }
        let arguments = tokens.arguments(between: name - 1, and: close, countingAngleBrackets: false)
        guard arguments.count == values + 1 else {
            return .failure(Problem("the reply is written with \(arguments.count - 1) values where the reply has \(values)"))
        }
        // The next statement sends it: `Send(name);`, `rfh->Send(name);`, `render_frame_host()->Send(name);`.
        var send = close + 2
        while send < tokens.count, tokens[send].text != "Send", send - close < 12,
              tokens[send].isName && !["if", "return", "else", "delete"].contains(tokens[send].text) || ["->", ".", "::", "(", ")"].contains(tokens[send].text) {
            send += 1
        }
        guard tokens.text(at: send) == "Send", tokens.text(at: send + 1) == "(", tokens.text(at: send + 2) == text, tokens.text(at: send + 3) == ")", tokens.text(at: send + 4) == ";" else {
            return .failure(Problem("the reply written is not sent by the next statement (`Send(\(text));`)"))
        }
        let written = arguments.dropFirst().map { argument in
            Self.oneLine(source.text(argument.first!.range.lowerBound..<argument.last!.range.upperBound))
        }
        let edit = UnifiedDiff.Edit(range: tokens[start].range.lowerBound..<tokens[send + 4].range.upperBound, replacement: "std::move(\(callback)).Run(\(written.joined(separator: ", ")));")
        return .success((edit, start..<(send + 5)))
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
        guard ownMember else { return .failure(Problem("passed to \(callee) of another object")) }
        return .success((callee, position))
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
        return .success(first.range.lowerBound..<last.range.upperBound)
    }
}
