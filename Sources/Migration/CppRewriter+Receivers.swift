import MojifyConversion
import MojifyScanner

/// Sends through another object (`render_frame->Send(...)`, `frame_host_->Send(...)`, `thread->Send(...)`): which
/// frame, frame host, thread or process host the object is, as the rules' `remote_holders` name them, so that the
/// remote is taken from that same object (migration guide 2.5.7: the frame replaces the routing ID).
extension CppRewriter {
    /// The object a message was sent through.
    struct Receiver: Hashable {
        /// As the remote's bind statement writes it: `render_frame`, `frame_host_`, `render_frame()`.
        var expression: String
        /// `->`, or `.` for a reference or a value.
        var access: String
        /// The rules' object it is: `RenderFrame`, `RenderFrameHost`, `RenderThread`, `RenderProcessHost`.
        var object: String
        /// Whether the object is the same on every call of the class: a member, an accessor, a singleton. Its
        /// remote is then a member of the calling class; otherwise each send binds a remote of its own.
        var isMember: Bool
    }

    /// The rules' object a C++ type is (`content::RenderFrameHostImpl` -> `RenderFrameHost`), nil for any other type.
    func holderObject(ofType type: String) -> String? {
        let name = type.components(separatedBy: "::").last ?? type
        let holders = remotes.rules.remoteHolders
        if holders.contains(where: { $0.object == name }) { return name }
        return holders.first { $0.className == name && $0.via.isEmpty }?.object
    }

    /// `receiver` (the expression before `->Send` or `.Send`, ending at token `end`) as an object of the rules,
    /// found by the holders' own ways to one (`render_frame()`, `content::RenderThread::Get()`), by the declaration
    /// of a name in the sending function (a parameter, a local) or in its class, or by an accessor named after the
    /// object (`render_frame_host()`, `GetRenderFrameHost()`). Nil when none tells.
    func receiver(_ written: String, access: String, source: CppSource, end: Int, className: String?, file: String) -> Receiver? {
        let expression = written.hasPrefix("this->") ? String(written.dropFirst(6)) : written
        let holders = remotes.rules.remoteHolders
        if let holder = holders.first(where: { !$0.via.isEmpty && ($0.via == expression || $0.via.hasSuffix("::" + expression)) }) {
            return Receiver(expression: holder.via, access: access, object: holder.object, isMember: true)
        }
        if Naming.isIdentifier(expression) {
            if let object = localObject(of: expression, in: source.tokens, before: end) {
                return Receiver(expression: expression, access: access, object: object, isMember: false)
            }
            if let className, let (header, definitions) = classDefinitions(of: className, near: file), definitions.count == 1,
               let member = definitions[0].members.first(where: { $0.name == expression && !$0.isAccessor }), let object = holderObject(ofType: member.type) {
                // A member set anew after construction may name another object at the next send: no cached remote.
                return Receiver(expression: expression, access: access, object: object, isMember: !isReassigned(expression, in: [file, header]))
            }
            return nil
        }
        // `it.GetCurrentValue()` of a `content::RenderProcessHost::iterator it(...)` (Chromium's walk over every
        // renderer process) is the process it is at.
        if expression.hasSuffix(".GetCurrentValue()"), case let iterator = String(expression.dropLast(".GetCurrentValue()".count)), Naming.isIdentifier(iterator),
           let object = localObject(of: iterator, in: source.tokens, before: end, iterating: true) {
            return Receiver(expression: expression, access: access, object: object, isMember: false)
        }
        guard expression.hasSuffix("()"), case let name = String(expression.dropLast(2)), Naming.isIdentifier(name) else { return nil }
        let squashed = (name.hasPrefix("Get") ? String(name.dropFirst(3)) : name).replacingOccurrences(of: "_", with: "").lowercased()
        guard let object = Set(holders.map(\.object)).sorted().first(where: { $0.lowercased() == squashed }) else { return nil }
        return Receiver(expression: expression, access: access, object: object, isMember: true)
    }

    /// The object a routing ID is taken from, `E->GetRoutingID()` (or `routing_id()`), as a receiver bound in
    /// place: `E` as `receiver` knows it, or a call the rules' `object_accessors` name (`contents->GetMainFrame()`).
    func routedObject(_ routingID: String, source: CppSource, end: Int, className: String?, file: String) -> Receiver? {
        for access in ["->", "."] {
            for call in ["GetRoutingID()", "routing_id()"] where routingID.hasSuffix(access + call) {
                let expression = String(routingID.dropLast(access.count + call.count))
                guard !expression.isEmpty else { continue }
                if let known = receiver(expression, access: access, source: source, end: end, className: className, file: file) {
                    return Receiver(expression: known.expression, access: access, object: known.object, isMember: false)
                }
                // `a->b()->GetMainFrame()`: the last call names the object.
                guard expression.hasSuffix("()"), let open = expression.lastIndex(of: "("),
                      case let name = expression[..<open].split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last.map(String.init),
                      let name, let object = remotes.rules.objectAccessors[name] else { continue }
                return Receiver(expression: expression, access: access, object: object, isMember: false)
            }
        }
        return nil
    }

    /// The rules' object a function declares `name` as before token `end`: a parameter or a local such as
    /// `content::RenderFrame* render_frame = GetCurrentRenderFrame();` (a template's last argument counts:
    /// `std::vector<content::RenderFrameHost*> hosts`), an `auto*` initialized by a remote holder's way
    /// (`web_contents()->GetMainFrame()`) or a factory (`content::RenderFrameHost::FromID(...)`), or the element of
    /// a range-for over such a container. With `iterating`, an iterator over such objects
    /// (`content::RenderProcessHost::iterator`). Nil when the function's body or the declaration cannot be read.
    func localObject(of name: String, in tokens: [CodeToken], before end: Int, iterating: Bool = false) -> String? {
        guard let body = tokens.enclosingFunctionBody(at: end), let parametersOpen = tokens.function(body: body)?.parametersOpen else { return nil }
        for index in stride(from: end - 1, to: parametersOpen, by: -1) where tokens[index].text == name {
            guard index + 1 < tokens.count, ["=", ";", ",", ")", "(", "{", ":"].contains(tokens[index + 1].text) else { continue }
            var typeEnd = index - 1
            while typeEnd > parametersOpen, ["*", "&", "const"].contains(tokens[typeEnd].text) { typeEnd -= 1 }
            if iterating {
                if typeEnd - 2 > parametersOpen, tokens[typeEnd].text == "iterator", tokens[typeEnd - 1].text == "::", tokens[typeEnd - 2].isName {
                    return holderObject(ofType: tokens[typeEnd - 2].text)
                }
                // A declaration of another type; anything else is a use of the name.
                if typeEnd > parametersOpen, tokens[typeEnd].isName, !Self.statementKeywords.contains(tokens[typeEnd].text) { return nil }
                continue
            }
            if tokens[typeEnd].text == ">", let inner = Self.lastTemplateArgumentName(tokens, closing: typeEnd) { return holderObject(ofType: inner) }
            guard typeEnd > parametersOpen, tokens[typeEnd].isName, !Self.statementKeywords.contains(tokens[typeEnd].text) else { continue }
            guard tokens[typeEnd].text == "auto" else { return holderObject(ofType: tokens[typeEnd].text) }
            switch tokens[index + 1].text {
            case "=":
                let initializerEnd = tokens[(index + 2)...].firstIndex { $0.text == ";" } ?? tokens.count
                let initializer = tokens[(index + 2)..<initializerEnd].map(\.text).joined()
                if let holder = remotes.rules.remoteHolders.first(where: { !$0.via.isEmpty && $0.via == initializer }) { return holder.object }
                // `content::RenderFrameHost::FromID(...)`: the class the factory belongs to.
                var cursor = index + 2
                var last: String?
                while cursor + 1 < initializerEnd, tokens[cursor].isName, tokens[cursor + 1].text == "::" {
                    last = tokens[cursor].text
                    cursor += 2
                }
                guard let last, cursor < initializerEnd, tokens[cursor].text.hasPrefix("From") || tokens[cursor].text == "Get" else { return nil }
                return holderObject(ofType: last)
            case ":":
                // `for (auto* frame_host : target_hosts)`: what the container holds.
                guard index + 3 < tokens.count, tokens[index + 2].isName, tokens[index + 3].text == ")" else { return nil }
                return localObject(of: tokens[index + 2].text, in: tokens, before: index)
            default:
                return nil
            }
        }
        return nil
    }

    /// The last name inside the template argument list closed by the `>` at `close`: `RenderFrameHost` of
    /// `std::vector<content::RenderFrameHost*>`.
    private static func lastTemplateArgumentName(_ tokens: [CodeToken], closing close: Int) -> String? {
        var depth = 0
        var index = close
        while index >= 0 {
            switch tokens[index].text {
            case ">": depth += 1
            case "<":
                depth -= 1
                if depth == 0 { return tokens[(index + 1)..<close].last(where: \.isName)?.text }
            case ";", "{", "}": return nil
            default: break
            }
            index -= 1
        }
        return nil
    }

    /// Whether a statement of `files` sets `member` anew (`frame_host_ = frame_host;`, Electron's
    /// `AutofillPopup::CreateView`): a remote bound through it once would go on calling the first object. A
    /// declaration's default (`content::RenderFrameHost* frame_host_ = nullptr;`) is no such statement.
    func isReassigned(_ member: String, in files: [String]) -> Bool {
        Set(files).contains { file in
            guard let tokens = sources[file]?.tokens else { return false }
            return tokens.indices.dropFirst().dropLast().contains { index in
                guard tokens[index].text == member, tokens[index + 1].text == "=" else { return false }
                let before = tokens[index - 1].text
                return [";", "{", "}", ")", ":"].contains(before) || (before == "->" && index >= 2 && tokens[index - 2].text == "this")
            }
        }
    }

    /// An object of the rules' `object` that the class keeps as a member or returns from an accessor
    /// (`content::RenderFrameHost* render_frame_host_;`): what a remote can be bound through where no remote holder
    /// rule names the class. Data members come first; one set anew in `files` (see `isReassigned`) is none.
    func keptObject(_ object: String, in declaration: CppClassDeclaration, files: [String]) -> Receiver? {
        let members = declaration.members.filter { holderObject(ofType: $0.type) == object && $0.isPointer && ($0.isAccessor || !isReassigned($0.name, in: files)) }
        guard let member = members.first(where: { !$0.isAccessor }) ?? members.first else { return nil }
        return Receiver(expression: member.name + (member.isAccessor ? "()" : ""), access: "->", object: object, isMember: true)
    }

    /// Words that may stand before a name without declaring it (`return render_frame;`).
    private static let statementKeywords: Set<String> = ["return", "else", "case", "new", "delete", "throw", "sizeof", "co_return", "co_yield", "goto"]

    /// The object the class's own `Send(IPC::Message*)` in `file` sends through, where it reaches it by a local
    /// initialized without the message (CEF's `CefFrameImpl::Send`: `auto render_frame =
    /// content::RenderFrame::FromWebFrame(frame_); ... render_frame->Send(message);`): the initializer, which any
    /// member function of the class can write, is what a remote can be bound through.
    func ownSendObject(of className: String, in file: String) -> Receiver? {
        guard let tokens = sources[file]?.tokens else { return nil }
        let name = className.components(separatedBy: "::").last ?? className
        let definitions = tokens.indices.dropFirst(2).dropLast().filter {
            tokens[$0].text == "Send" && tokens[$0 + 1].text == "(" && tokens[$0 - 1].text == "::" && tokens[$0 - 2].text == name
        }
        guard definitions.count == 1, let close = tokens.closing(definitions[0] + 1), close + 1 < tokens.count, tokens[close + 1].text == "{",
              let end = tokens.closing(close + 1) else { return nil }
        let parameters = Set(tokens[(definitions[0] + 2)..<close].filter(\.isName).map(\.text))
        // Names the body declares (`auto* web_frame = ...;`): a type or `*`/`&` before, `=`, `;`, `(` or `{` after.
        let locals = Set(((close + 2)..<end).filter { index in
            tokens[index].isName && index + 1 < end && ["=", ";", "(", "{"].contains(tokens[index + 1].text)
                && (tokens[index - 1].isName || ["*", "&", ">"].contains(tokens[index - 1].text)) && !Self.statementKeywords.contains(tokens[index - 1].text)
        }.map { tokens[$0].text })
        let sends = ((close + 2)..<end).filter { index in
            index >= 2 && tokens[index].text == "Send" && tokens[index - 1].text == "->" && tokens[index - 2].isName && tokens[index + 1].text == "("
        }
        guard sends.count == 1, case let local = tokens[sends[0] - 2].text, let object = localObject(of: local, in: tokens, before: sends[0] - 2) else { return nil }
        // The local's one initializer, written with names, scopes, calls and member accesses only.
        let initializers = ((close + 2)..<(sends[0] - 2)).filter { tokens[$0].text == local && tokens[$0 + 1].text == "=" }
        guard initializers.count == 1, let semicolon = tokens[(initializers[0] + 2)...].firstIndex(where: { $0.text == ";" }) else { return nil }
        let expression = tokens[(initializers[0] + 2)..<semicolon]
        guard !expression.isEmpty, expression.allSatisfy({ $0.isName || ["::", "->", ".", "(", ")"].contains($0.text) }),
              !expression.contains(where: { parameters.contains($0.text) || ($0.text != local && locals.contains($0.text)) }) else { return nil }
        return Receiver(expression: expression.map(\.text).joined(), access: "->", object: object, isMember: true)
    }

    /// The definitions of class `className` in the first of `file` and the headers beside it that defines it
    /// (several in `#if` branches), with that file.
    func classDefinitions(of className: String, near file: String) -> (header: String, definitions: [CppClassDeclaration])? {
        let name = className.components(separatedBy: "::").last ?? className
        for candidate in [file] + Self.classHeaders(file) {
            guard let source = sources[candidate] else { continue }
            let found = CppClassDeclaration.all(named: name, in: source.tokens)
            if !found.isEmpty { return (candidate, found) }
        }
        return nil
    }

    /// The one definition of class `className` near `file`; nil when there is none or several.
    func classDeclaration(of className: String, near file: String) -> CppClassDeclaration? {
        classDefinitions(of: className, near: file).flatMap { $0.definitions.count == 1 ? $0.definitions[0] : nil }
    }

    /// `content::RenderFrameImpl` of `content::RenderFrameImpl::Close`; nil for a free function.
    static func className(ofFunction function: String?) -> String? {
        guard let parts = function?.components(separatedBy: "::"), parts.count >= 2 else { return nil }
        return parts.dropLast().joined(separator: "::")
    }
}
