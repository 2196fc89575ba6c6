import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// A handler class of no kind the migration guide registers (CEF's `CefFrameImpl`, `CefFrameHostImpl`) may be
/// given its messages by one that is: an observer whose `OnMessageReceived` passes each message on
/// (`return frame_->OnMessageReceived(message);`). That observer registers the interface in its own form and
/// implements it by passing each call on the same way, found the same way (a WebContents observer's frame is its
/// receiver set's current target frame), to the class, which implements the interface in place.
extension CppRewriter {
    struct Forwarder {
        var className: String
        var file: String
        var header: String
        var declaration: CppClassDeclaration
        /// The tokens of its `OnMessageReceived` body's braces.
        var bodyOpen: Int
        var bodyClose: Int
        /// The `RenderFrameHost*` a WebContents observer's `OnMessageReceived` takes.
        var frameParameter: String?
        /// The first and last token (`return`, `;`) of `return target->OnMessageReceived(message);`.
        var statement: ClosedRange<Int>
        var target: String
    }

    /// The one observer among the files read whose `OnMessageReceived` passes its messages to `className`'s.
    func forwarder(to className: String) -> Result<Forwarder, Problem> {
        var found: [Forwarder] = []
        for file in sources.keys.sorted() where MigrationPatch.sourceSuffixes.contains(where: file.hasSuffix) {
            let tokens = sources[file]!.tokens
            for index in tokens.indices.dropFirst(3).dropLast() where tokens[index].text == "OnMessageReceived" && tokens[index + 1].text == "("
                && tokens[index - 1].text == "::" && tokens[index - 2].kind == .name {
                if let forwarder = forwarder(definedAt: index, in: file, to: className) { found.append(forwarder) }
            }
        }
        guard found.count == 1 else {
            return .failure(Problem(found.isEmpty
                ? "no RenderFrameObserver or WebContentsObserver among the files read passes its messages to \(className)'s OnMessageReceived (`return x->OnMessageReceived(message);`)"
                : "\(found.count) observers pass their messages to \(className)'s OnMessageReceived (\(found.map(\.className).joined(separator: ", ")))"))
        }
        return .success(found[0])
    }

    /// The forwarder whose `OnMessageReceived` is named at token `index` of `file`, when it passes its messages to
    /// `className` and nothing else, from an observer of a kind the guide registers.
    private func forwarder(definedAt index: Int, in file: String, to className: String) -> Forwarder? {
        let source = sources[file]!
        let tokens = source.tokens
        var start = index - 2
        while start >= 2, tokens[start - 1].text == "::", tokens[start - 2].kind == .name { start -= 2 }
        guard start >= 1, tokens[start - 1].text == "bool", let close = tokens.closing(index + 1), close + 1 < tokens.count,
              tokens[close + 1].text == "{", let end = tokens.closing(close + 1) else { return nil }
        let parameters = tokens.arguments(between: index + 1, and: close)
        guard (1...2).contains(parameters.count), parameters[0].contains(where: { $0.text == "Message" }), let message = parameters[0].last, message.kind == .name else { return nil }
        var frame: String?
        if parameters.count == 2 {
            guard parameters[1].contains(where: { $0.text == "RenderFrameHost" }), let name = parameters[1].last, name.kind == .name else { return nil }
            frame = name.text
        }
        let body = (close + 2)..<end
        // The message goes to one place, whole: `return target->OnMessageReceived(message);`, outside any lambda
        // (whose `return` is not the function's), and the frame only to where the target is found.
        guard body.filter({ tokens[$0].text == message.text }).count == 1,
              !body.contains(where: { tokens[$0].text == "[" && !((tokens[$0 - 1].kind == .name && !["return", "throw", "co_return", "co_yield"].contains(tokens[$0 - 1].text)) || [")", "]"].contains(tokens[$0 - 1].text)) }),
              let call = body.first(where: { tokens[$0].text == "OnMessageReceived" && ["->", "."].contains(tokens[$0 - 1].text) }),
              call + 4 < end, tokens[call + 1].text == "(", tokens[call + 2].text == message.text, tokens[call + 3].text == ")", tokens[call + 4].text == ";" else { return nil }
        var first = call - 1
        while first > close + 2, ![";", "{", "}"].contains(tokens[first - 1].text) { first -= 1 }
        guard tokens[first].text == "return", first + 1 < call - 1, tokens[call - 1].text == "->" else { return nil }
        let target = tokens[(first + 1)..<(call - 1)]
        if let frame, target.contains(where: { $0.text == frame }) { return nil }
        let forwarderName = tokens[index - 2].text
        let header = (file as NSString).deletingPathExtension + ".h"
        guard let headerSource = sources[header], case .success(let declaration) = CppClassDeclaration.only(named: forwarderName, in: headerSource, file: header),
              let form = RegistrationForm.of(declaration),
              (form == .renderFrameObserver && frame == nil) || (form == .webContentsObserver && frame != nil) else { return nil }
        // A pointer to the class: a cast to it (`static_cast<CefFrameHostImpl*>(frame.get())`), or a member declared
        // as one (`CefFrameImpl* frame_`).
        let texts = target.map(\.text)
        // The cast's parentheses hold the whole operand: `static_cast<C*>(x)->`, not `static_cast<C*>(x)->y()->`.
        let cast = texts.starts(with: ["static_cast", "<", className, "*", ">", "("]) && tokens.closing(first + 6) == call - 2
        let member = texts.count == 1 && declaration.declaresPointer(texts[0], to: className)
        guard cast || member else { return nil }
        return Forwarder(
            className: forwarderName, file: file, header: header, declaration: declaration, bodyOpen: close + 1, bodyClose: end,
            frameParameter: frame, statement: first...(call + 4),
            target: source.text(tokens[first + 1].range.lowerBound..<tokens[call - 2].range.upperBound)
        )
    }

    /// The registration of `interface` through `forwarder`: the observer registers it in its own form and
    /// implements it, each method passing the call on to the handler class as `OnMessageReceived` passed the message.
    func forwardingRegistration(of interface: CppMigration.Interface, handler: CppMigration.Handler, through forwarder: Forwarder) -> Result<Registration, Problem> {
        let name = forwarder.className
        if let method = interface.methods.first(where: { $0.isSync || $0.reply != nil }) {
            return .failure(Problem("\(name), which passes \(handler.className) its messages, would pass on \(method.name), whose reply its dispatch may drop (where it returns without passing the message on)"))
        }
        guard let header = sources[forwarder.header], let insertion = forwarder.declaration.memberInsertion(in: header) else {
            return .failure(Problem("\(name)'s closing brace shares its line with a member, which leaves no line to declare \(interface.name)'s methods on"))
        }
        guard let definition = lastMemberDefinition(of: name, in: forwarder.file) else {
            return .failure(Problem("\(forwarder.file) defines no member of \(name) outside the class to add \(interface.name)'s methods after"))
        }
        if let taken = interface.methods.first(where: { !forwarder.declaration.members(named: $0.name).isEmpty }) {
            return .failure(Problem("\(name), which passes \(handler.className) its messages, already has a member named \(taken.name)"))
        }
        // The body's own names stay its own: a parameter of the same name would be shadowed by them.
        let bodyNames = Set(sources[forwarder.file]!.tokens[(forwarder.bodyOpen + 1)..<forwarder.bodyClose].filter { $0.kind == .name }.map(\.text))
        if let taken = interface.methods.flatMap(\.parameters).first(where: { bodyNames.contains($0.name) }) {
            return .failure(Problem("\(name)'s OnMessageReceived uses the name \(taken.name), which a parameter of \(interface.name)'s methods has"))
        }
        var own = handler
        own.className = name
        own.file = forwarder.file
        own.header = forwarder.header
        let inner: Registration
        switch registration(of: interface, handler: own, declaration: forwarder.declaration, indent: insertion.indent) {
        case .success(let found): inner = found
        case .failure(let problem): return .failure(Problem("through \(name), which passes \(handler.className) its messages: \(problem.reason)"))
        }
        var frame: String?
        if forwarder.frameParameter != nil {
            guard case .success(let set)? = frameReceiverSet(of: interface, in: forwarder.declaration, file: forwarder.file, header: forwarder.header) else {
                return .failure(Problem("\(name) passes the frame its messages come from, which no receiver set of it gives"))
            }
            frame = set + "GetCurrentTargetFrame()"
        }
        let type = interface.namespace + "::" + interface.name
        let indent = insertion.indent
        let declarations = interface.methods.flatMap { CppDraftEmitter.conditional($0, [indent + "void \($0.name)(\(CppDraftEmitter.parameterList($0))) override;"]) }
        let definitions = interface.methods.flatMap { method in
            [""] + CppDraftEmitter.conditional(method, ["void \(definition.qualifier)\(method.name)(\(CppDraftEmitter.parameterList(method))) {"]
                + passingOn(method, type: type, through: forwarder, frame: frame) + ["}"])
        }
        let bases = ([forwarder.declaration.qualified(type)] + inner.bases).filter { !forwarder.declaration.baseSpecifiers.contains("public " + $0) }
        var registration = Registration(form: inner.form)
        registration.edits = [(forwarder.header, forwarder.declaration.addingBases(bases))]
            + includeEdits([bindingsInclude(of: interface, in: header)] + inner.includes, in: forwarder.header)
        let members = EmitterText.comment("\(interface.module).\(interface.name), passed on to \(handler.className) as its legacy messages were (drafted by mojify migrate).", indent: indent)
            + inner.members + declarations
        registration.edits.append((forwarder.header, UnifiedDiff.Edit(range: insertion.offset..<insertion.offset, replacement: ((insertion.isPrivate ? [] : [" private:"]) + members).joined(separator: "\n") + "\n")))
        registration.edits.append((forwarder.file, UnifiedDiff.Edit(range: definition.end..<definition.end, replacement: "\n" + definitions.joined(separator: "\n"))))
        registration.edits += inner.edits
        return .success(registration)
    }

    /// The forwarder's `OnMessageReceived` body made `method`'s: the call passed on where the message was, and
    /// every other `return` returning nothing; the frame parameter is the one the call came from.
    private func passingOn(_ method: CppMigration.Method, type: String, through forwarder: Forwarder, frame: String?) -> [String] {
        let source = sources[forwarder.file]!
        let tokens = source.tokens
        let arguments = method.parameters.map { argument in
            argument.type.hasSuffix("&") || Self.scalarTypes.contains(argument.type) ? argument.name : "std::move(\(argument.name))"
        }
        var edits = [UnifiedDiff.Edit(range: tokens[forwarder.statement.lowerBound].range.lowerBound..<tokens[forwarder.statement.upperBound].range.upperBound,
                                      replacement: "static_cast<\(type)*>(\(forwarder.target))->\(method.name)(\(arguments.joined(separator: ", ")));")]
        var index = forwarder.bodyOpen + 1
        while index < forwarder.bodyClose {
            defer { index += 1 }
            if forwarder.statement.contains(index) {
                index = forwarder.statement.upperBound
                continue
            }
            if tokens[index].text == "return", let end = Self.statementEnd(tokens, from: index + 1, before: forwarder.bodyClose) {
                edits.append(UnifiedDiff.Edit(range: tokens[index].range.lowerBound..<tokens[end].range.upperBound, replacement: "return;"))
                index = end
            } else if let frame, let parameter = forwarder.frameParameter, tokens[index].text == parameter, ![".", "->", "::"].contains(tokens[index - 1].text) {
                edits.append(UnifiedDiff.Edit(range: tokens[index].range, replacement: frame))
            }
        }
        // The body alone: what lies outside its braces goes too.
        edits += [UnifiedDiff.Edit(range: 0..<tokens[forwarder.bodyOpen].range.upperBound, replacement: ""),
                  UnifiedDiff.Edit(range: tokens[forwarder.bodyClose].range.lowerBound..<source.bytes.count, replacement: "")]
        let body = UnifiedDiff.apply(edits, to: source)
        let blank = { (line: String) in line.trimmingCharacters(in: .whitespaces).isEmpty }
        var lines = Array(body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).drop(while: blank).reversed().drop(while: blank).reversed())
        // The `return false;` ending the dispatch ends the method anyway.
        if lines.last?.trimmingCharacters(in: .whitespaces) == "return;" { lines.removeLast() }
        return Array(lines.reversed().drop(while: blank).reversed())
    }

    /// The `;` ending the statement whose tokens go on from `start`, outside any parentheses or braces in it.
    static func statementEnd(_ tokens: [CodeToken], from start: Int, before end: Int) -> Int? {
        var depth = 0
        for index in start..<end {
            switch tokens[index].text {
            case "(", "{", "[": depth += 1
            case ")", "}", "]":
                depth -= 1
                if depth < 0 { return nil }
            case ";" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// Types passed by value that a forwarding call copies rather than moves.
    static let scalarTypes: Set<String> = [
        "bool", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "float", "double",
    ]
}
