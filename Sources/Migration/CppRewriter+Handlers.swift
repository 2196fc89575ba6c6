import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// Handlers become interface methods (migration guide 2.5.1): when every method of an interface is handled by
/// one class whose handlers can be renamed safely, the class derives from the interface, `void OnBar(int a);`
/// becomes `void Bar(int32_t a) override;` and `void Foo::OnBar(int a) {` becomes `void Foo::Bar(int32_t a) {`
/// with the parameter names the body uses. It is all or nothing per interface, since a class implementing only
/// some of an interface's methods would be abstract; the other interfaces keep their forwarding skeleton, and
/// every handler method gets an outcome saying which way it went. Three kinds of method are added to the class
/// rather than made of a declaration it has: one whose handler a direct base class declares (Electron's
/// `CommonWebContentsDelegate::HideAutofillPopup`), which calls it; one whose handler's map entry is under an
/// `#if`, which calls it under that `#if`; and one whose messages are left whole, which says so and is not called
/// until they are converted (their legacy handler and map entry stay).
extension CppRewriter {
    struct Problem: Error, Sendable, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The edits turning one handler into the interface method, or why it cannot be done.
    struct InPlaceMethod {
        var method: CppMigration.Method
        var change: Change
        var location: SourceLocation
        /// The `WriteReplyParams` uses of a delayed reply that the change makes the callback's `Run`.
        var writes: [SourceLocation] = []

        enum Change {
            /// Edits of the handler's own declaration and definition: renamed, or followed by an adapter; and
            /// `others` in its body and the members it passes a delayed reply to.
            case edits(declaration: UnifiedDiff.Edit, definition: UnifiedDiff.Edit, others: [(String, UnifiedDiff.Edit)] = [])
            /// A member the class gains (its declaration among the registration's members, its definition after
            /// the class's last one in the map's file), whose body is `body`; a `stub` for messages left whole.
            case added(body: [String], stub: Bool)
        }
    }

    mutating func convertHandlersInPlace() {
        var planned: [String: [(interface: CppMigration.Interface, methods: [InPlaceMethod])]] = [:]
        let whole = leftWhole.union(partiallyRewritten().keys)
        for interface in migration.interfaces {
            var methods: [InPlaceMethod] = []
            var problems: [(CppMigration.Method, SourceLocation, String)] = []
            // A method left whole keeps its legacy handler and map entry, wherever they are; so will one a site of
            // which could not be rewritten in this round (the next round leaves it whole).
            var keptWhole = interface.methods.filter { $0.messages.contains(where: whole.contains) }
            var converted = interface.methods.filter { !$0.messages.contains(where: whole.contains) }
            var classes = Set(converted.compactMap(\.handler).map { $0.file + ":" + $0.className })
            // Handlers in several classes: a forwarding skeleton reaches them all, unless one needs what only its
            // class has (its map's frame). Then the class with most of them implements the interface, and the
            // others' messages are left whole: one connection has one implementation.
            if classes.count > 1, converted.contains(where: { $0.handler?.takesMapParameter == true }),
               let owner = Self.soleMajority(converted.compactMap { $0.handler.map { $0.file + ":" + $0.className } }) {
                let others = converted.filter { method in method.handler.map { $0.file + ":" + $0.className != owner } ?? false }
                let ownerName = owner.split(separator: ":").last.map(String.init) ?? owner
                for method in others {
                    let handler = method.handler!
                    record(.handler, method.messages[0], entryLocation(of: method, in: handler.file),
                           reason: "\(handler.className) handles it, while \(ownerName) implements \(interface.name), handling \(converted.count - others.count) of its methods: one connection has one implementation; move its handling into \(ownerName), or give \(handler.className)'s messages an interface of their own, by hand")
                }
                keptWhole += others
                converted.removeAll { method in others.contains { $0.name == method.name } }
                classes = [owner]
            }
            for method in converted {
                guard let handler = method.handler else { continue }
                let location = entryLocation(of: method, in: handler.file)
                if classes.count > 1 {
                    problems.append((method, location, "\(interface.name)'s handlers are in \(classes.count) classes; \(interface.name)Impl forwards to them"))
                    continue
                }
                switch inPlaceMethod(method, interface: interface, handler: handler, location: location) {
                case .success(let converted): methods.append(converted)
                case .failure(let problem): problems.append((method, location, problem.reason))
                }
            }
            let unhandled = converted.filter { $0.handler == nil }.map(\.name)
            if problems.isEmpty, unhandled.isEmpty, let handler = converted.first?.handler {
                let stubs = keptWhole.map { method in
                    InPlaceMethod(method: method, change: .added(body: Self.leftWholeBody(method, leftWhole: whole), stub: true), location: entryLocation(of: method, in: method.handler?.file ?? handler.file))
                }
                planned[handler.file + ":" + handler.className, default: []].append((interface, methods + stubs))
                continue
            }
            // One method that cannot move keeps the whole interface on its skeleton.
            let blocker = problems.first.map { "\(interface.name).\($0.0.name) cannot" } ?? "\(interface.name).\(unhandled.joined(separator: ", ")) \(unhandled.count == 1 ? "has" : "have") no handler to"
            for converted in methods {
                record(.method, converted.method.messages[0], converted.location, reason: "\(blocker) become an interface method, so \(interface.name)Impl keeps forwarding to this handler")
            }
            for (method, location, reason) in problems { record(.method, method.messages[0], location, reason: reason) }
            // Said of a message left whole, a problem is not followed by the skeleton forwarding to the handler.
            let forwards = ["; \(interface.name)Impl forwards to it", "; \(interface.name)Impl forwards to them"]
            let whyNot = problems.map { problem in
                (problem.0.name, forwards.first(where: problem.2.hasSuffix).map { String(problem.2.dropLast($0.count)) } ?? problem.2)
            }
            let problemOf = Dictionary(whyNot, uniquingKeysWith: { first, _ in first })
            keepWholeIfOnlyTheClassCanCall(converted, problems: problemOf, blocker: blocker + " become an interface method")
            for method in keptWhole {
                guard let handler = method.handler else { continue }
                record(.method, method.messages[0], entryLocation(of: method, in: handler.file), reason: "\(interface.name).\(method.name) is left whole (see its message): its legacy handler \(handler.method) stays")
            }
        }
        for key in planned.keys.sorted() { apply(planned[key]!) }
    }

    /// Applies the plans of one class (one or more interfaces) as a whole, or lists them all.
    private mutating func apply(_ interfaces: [(interface: CppMigration.Interface, methods: [InPlaceMethod])]) {
        let handler = interfaces[0].methods[0].method.handler!
        let names = interfaces.flatMap { $0.methods.map(\.method.name) }
        let clash = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted().first
        var reason: String?
        var changes: [(String, UnifiedDiff.Edit)] = []
        var registrations: [(String, Result<Registration, Problem>)] = []
        if let clash {
            reason = "\(handler.className) would implement \(clash) of two interfaces; keep the skeletons"
        } else if case .success(let declaration) = CppClassDeclaration.only(named: handler.className, in: sources[handler.header]!, file: handler.header) {
            let header = sources[handler.header]!
            let insertion = declaration.memberInsertion(in: header)
            for (interface, _) in interfaces {
                let key = interface.module + "." + interface.name
                registrations.append((key, registration(of: interface, handler: handler, declaration: declaration, indent: insertion?.indent ?? "  ").flatMap { found in
                    found.members.isEmpty || insertion != nil ? .success(found) : .failure(Problem("\(handler.className)'s closing brace shares its line with a member; register \(interface.name) by hand"))
                }))
            }
            // Two BrowserAssociatedInterface bases would make the injected name the initializers use ambiguous;
            // two RegisterMojoInterfaces would be one function twice.
            for (form, problem) in [(RegistrationForm.messageFilter, "\(handler.className) would be a BrowserAssociatedInterface of several interfaces; spell out each base's initializer by hand"),
                                    (.renderThreadObserver, "\(handler.className) would register several interfaces; add them to one RegisterMojoInterfaces by hand")]
            where registrations.filter({ (try? $0.1.get())?.form == form }).count > 1 {
                registrations = registrations.map { key, registration in
                    (key, registration.flatMap { $0.form == form ? .failure(Problem(problem)) : .success($0) })
                }
            }
            let registered = registrations.compactMap { try? $0.1.get() }
            let bases = (interfaces.map { declaration.qualified("\($0.interface.namespace)::\($0.interface.name)") } + registered.flatMap(\.bases))
                .filter { !declaration.baseSpecifiers.contains("public " + $0) }
            if !bases.isEmpty { changes.append((handler.header, declaration.addingBases(bases))) }
            // Not those already there or added by another rewrite (a remote getter of the same class).
            let mojomHeaders = interfaces.map { bindingsInclude(of: $0.interface, in: header) }
            changes += includeEdits(mojomHeaders + registered.flatMap(\.includes), in: handler.header)
            // Two interfaces registered in one class insert at the same places (after a constructor's Observe).
            for (file, edit) in registered.flatMap(\.edits) {
                if edit.range.isEmpty, let index = changes.firstIndex(where: { $0.0 == file && $0.1.range == edit.range }) {
                    changes[index].1.replacement += edit.replacement
                } else {
                    changes.append((file, edit))
                }
            }
            var added: [(method: CppMigration.Method, body: [String])] = []
            for (_, methods) in interfaces {
                for method in methods {
                    switch method.change {
                    case .edits(let declaration, let definition, let others): changes += [(handler.header, declaration), (handler.file, definition)] + others
                    case .added(let body, _): added.append((method.method, body))
                    }
                }
            }
            // Insertions join those other rewrites put at the same place (a remote getter's members before the
            // same line, an adapter after the same definition); taken back if the class's changes fail.
            var merged: [(String, UnifiedDiff.Edit)] = []
            func insert(_ text: String, at offset: Int, in file: String) {
                let range = offset..<offset
                if let index = changes.firstIndex(where: { $0.0 == file && $0.1.range == range }) {
                    changes[index].1.replacement += text
                } else if let existing = edits[file]?.first(where: { $0.range == range }) {
                    merged.append((file, existing))
                    edits[file]?.removeAll { $0 == existing }
                    changes.append((file, UnifiedDiff.Edit(range: range, replacement: existing.replacement + text)))
                } else {
                    changes.append((file, UnifiedDiff.Edit(range: range, replacement: text)))
                }
            }
            // What the bodies' conversions use (a struct's TypeConverters, `base/values.h`), joined with the
            // includes other rewrites add at the same place.
            // A stub (a message left whole) converts nothing: the converters its values would need may not be added.
            let converting = interfaces.flatMap(\.methods).filter { method in
                if case .added(_, stub: true) = method.change { return false }
                return true
            }
            let conversionHeaders = converting.flatMap { $0.method.convertedForHandler.compactMap(\.conversionHeader) }.map { includeSpelling(of: $0, in: handler.file) }
            if case let missing = missingIncludes(conversionHeaders, in: handler.file), !missing.isEmpty, let last = lastIncludeLine(in: sources[handler.file]!) {
                insert(missing.map { "\n#include \"\($0)\"" }.joined(), at: last.range.upperBound, in: handler.file)
            }
            let indent = insertion?.indent ?? "  "
            // Under the `#if` the legacy message was defined under, as the bindings declare the method only there.
            let members = registered.flatMap(\.members)
                + added.flatMap { CppDraftEmitter.conditional($0.method, [indent + "void \($0.method.name)(\(CppDraftEmitter.parameterList($0.method))) override;"]) }
            let last = handler.className.components(separatedBy: "::").last ?? handler.className
            let lastDefinition = lastMemberDefinition(of: last, in: handler.file)
            if let taken = added.first(where: { !Self.overloadsSafely($0.method, in: declaration) }) {
                reason = "\(last) already has a member named \(taken.method.name)"
            } else if !added.isEmpty, lastDefinition == nil {
                reason = "\(handler.file) defines no member of \(last) outside the class to add \(added.map(\.method.name).joined(separator: ", ")) after"
            } else if !members.isEmpty, insertion == nil {
                reason = "\(last)'s closing brace shares its line with a member, which leaves no line to declare \(added.map(\.method.name).joined(separator: ", ")) on"
            }
            if reason == nil {
                if let insertion, !members.isEmpty {
                    let joins = changes.contains { $0.0 == handler.header && $0.1.range == insertion.offset..<insertion.offset }
                        || edits[handler.header]?.contains { $0.range == insertion.offset..<insertion.offset } == true
                    let access = insertion.isPrivate || joins ? [] : [" private:"]
                    insert((access + members).joined(separator: "\n") + "\n", at: insertion.offset, in: handler.header)
                }
                if let lastDefinition, !added.isEmpty {
                    let definitions = added.flatMap { [""] + CppDraftEmitter.conditional($0.method, ["void \(lastDefinition.qualifier)\($0.method.name)(\(CppDraftEmitter.parameterList($0.method))) {"] + $0.body + ["}"]) }
                    insert("\n" + definitions.joined(separator: "\n"), at: lastDefinition.end, in: handler.file)
                }
                if !addAll(changes) {
                    reason = "another rewrite changes the same declarations"
                    for (file, edit) in merged { edits[file, default: []].append(edit) }
                } else if registered.contains(where: { $0.form == .messageFilter }) {
                    registeredFilters.insert(handler.className)
                }
            }
        } else {
            reason = "the class declaration changed while converting"
        }
        // Registered in the patch, or listed with why not, once the class implements them.
        for (key, registration) in registrations where reason == nil {
            let location = SourceLocation(file: handler.header, line: 1, column: 1)
            switch registration {
            case .success:
                registeredInPatch.insert(key)
                record(.registration, key, location, reason: nil)
            case .failure(let problem):
                record(.registration, key, location, reason: problem.reason)
            }
        }
        if let reason { keepWholeIfOnlyTheClassCanCall(interfaces.flatMap(\.methods).map(\.method), blocker: reason) }
        for (interface, methods) in interfaces {
            if reason == nil {
                runReplies.formUnion(methods.flatMap(\.writes))
                convertedInPlace.insert(interface.module + "." + interface.name)
                let label = plan.files.first { $0.module == interface.module && $0.interfaces.contains { $0.name == interface.name } }?.label
                for file in [handler.header, handler.file] { if let label { mojomUses[file, default: []].insert(label) } }
            }
            for method in methods {
                guard case .added(_, stub: true) = method.change else {
                    record(.method, method.method.messages[0], method.location, reason: reason)
                    continue
                }
                // The legacy handler stays; what the class implements instead is said where it is.
                guard method.method.handler != nil else { continue }
                let className = handler.className.components(separatedBy: "::").last ?? handler.className
                record(.method, method.method.messages[0], method.location, reason: reason.map { "\(interface.name).\(method.method.name) is left whole (see its message): \($0)" }
                    ?? "\(interface.name).\(method.method.name) is left whole (see its message): \(className) implements it with NOTIMPLEMENTED() until it is converted, and the legacy handler stays")
            }
        }
    }

    /// The bindings' header of `interface` as `header` would include it: spelled as the tree includes its legacy
    /// header (`components/...` for Electron's `chromium_src/components/...`).
    func bindingsInclude(of interface: CppMigration.Interface, in header: CppSource) -> String {
        plan.files.first { $0.module == interface.module && $0.interfaces.contains { $0.name == interface.name } }.map { file in
            Self.includePath(of: file, writtenLegacy: includeLine(of: file.sourceHeader, in: header)?.written ?? spelling(of: file.sourceHeader))
        } ?? interface.mojomHeader
    }

    /// A handler taking its map's parameter (a WebContents observer's frame) can be called only by its class,
    /// which alone knows it (its receiver set's current target frame); a delayed reply's handler answers only once
    /// its class makes it take the reply callback. Where the class does not implement the interface, the message
    /// stays whole rather than be forwarded to without them.
    /// `problems` are why methods could not be implemented in place, by name; `blocker` why none was.
    private mutating func keepWholeIfOnlyTheClassCanCall(_ methods: [CppMigration.Method], problems: [String: String] = [:], blocker: String? = nil) {
        let whole = leftWhole.union(partiallyRewritten().keys)
        for method in methods where !method.messages.contains(where: whole.contains) {
            guard let handler = method.handler, handler.takesMapParameter || handler.delayReply else { continue }
            let why = (problems[method.name] ?? blocker).map { ", which it cannot: " + $0 } ?? " (see the handler methods)"
            record(.handler, method.messages[0], entryLocation(of: method, in: handler.file), reason: handler.takesMapParameter
                ? "\(handler.method) takes its message map's parameter first (IPC_BEGIN_MESSAGE_MAP_WITH_PARAM), which only \(handler.className) can pass, implementing the interface itself" + why
                : "\(handler.method) answers through the reply message (IPC_MESSAGE_HANDLER_DELAY_REPLY), which only \(handler.className) can make the reply callback, implementing the interface itself" + why)
        }
    }

    /// The handlers (`Class::method`) of `IPC_BEGIN_MESSAGE_MAP_WITH_PARAM` maps declared, in their class or a
    /// direct base, with as many parameters as their message: the legacy dispatch passes those no map parameter.
    /// A handler whose declaration is not found is taken to want it, which keeps its message whole.
    func handlersWithoutMapParameter() -> Set<String> {
        var result: Set<String> = []
        for method in migration.interfaces.flatMap(\.methods) {
            guard let handler = method.handler, handler.takesMapParameter, let source = sources[handler.header],
                  case .success(let declaration) = CppClassDeclaration.only(named: handler.className, in: source, file: handler.header) else { continue }
            // A delayed reply's handler takes the reply message too.
            let passed = method.parameters.count + (handler.delayReply ? 1 : 0)
            let declared = declaration.members(named: handler.method)
            let arity = declared.count == 1 ? declaration.parameters(ofMemberAt: declared[0])?.count : nil
            if arity == passed || (declared.isEmpty && declaringBase(of: handler.method, parameters: passed, in: declaration, header: handler.header) != nil) {
                result.insert(handler.className + "::" + handler.method)
            }
        }
        return result
    }

    /// The direct base class of `declaration` (as its base specifier writes it, `CommonWebContentsDelegate`) that
    /// declares `method` once, as a plain `void` member taking `parameters` parameters, in the class's header or a
    /// header it includes; nil when none or several do.
    func declaringBase(of method: String, parameters: Int, in declaration: CppClassDeclaration, header: String) -> String? {
        let headers = [header] + includedHeaders(of: header)
        let found = zip(declaration.baseSpecifiers, declaration.baseNames).filter { _, name in
            headers.contains { file in
                guard let source = sources[file], case .success(let base) = CppClassDeclaration.only(named: name, in: source, file: file) else { return false }
                let members = base.members(named: method)
                guard members.count == 1, let declared = base.parameters(ofMemberAt: members[0]) else { return false }
                let specifiers = base.tokens[base.declarationStart(of: members[0])..<members[0]].map(\.text)
                return (specifiers == ["void"] || specifiers == ["virtual", "void"]) && declared.count == parameters
            }
        }
        guard found.count == 1 else { return nil }
        return found[0].0.split(separator: " ").filter { !["public", "protected", "private", "virtual"].contains($0) }.joined(separator: " ")
    }

    /// The tree's headers `file` includes with quotes, as far as they were read.
    func includedHeaders(of file: String) -> [String] {
        (sources[file]?.includes ?? []).map(\.written).filter { sources[$0] != nil }
    }

    /// Whether a member `method` that the class gains cannot clash with the members of that name it has: each
    /// takes another number of parameters, or none of a `mojom::` type where the method takes one (CEF's
    /// `LoadRequest(CefRefPtr<CefRequest>)` beside the interface's `LoadRequest(mojom::RequestParamsPtr)`, as its
    /// engineers overloaded it).
    static func overloadsSafely(_ method: CppMigration.Method, in declaration: CppClassDeclaration) -> Bool {
        let signature = CppDraftEmitter.signature(method)
        let takesMojom = signature.contains { $0.type.contains("mojom::") }
        return declaration.members(named: method.name).allSatisfy { member in
            guard let parameters = declaration.parameters(ofMemberAt: member) else { return false }
            return parameters.count != signature.count || (takesMojom && !parameters.joined().contains { $0.text == "mojom" })
        }
    }

    /// The value occurring most often in `values`, if no other occurs as often.
    static func soleMajority(_ values: [String]) -> String? {
        let counts = Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +).sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        guard let first = counts.first, counts.count < 2 || counts[1].value < first.value else { return nil }
        return first.key
    }

    /// The body of a method whose messages are left whole: still sent and handled as legacy IPC, so nothing calls
    /// it yet.
    static func leftWholeBody(_ method: CppMigration.Method, leftWhole: Set<String>) -> [String] {
        let kept = method.messages.filter(leftWhole.contains).joined(separator: ", ")
        return EmitterText.comment("TODO(mojify): \(kept) is left whole: still sent and handled as legacy IPC (see the migration summary), so nothing calls this yet. Convert it, then move its handler here.", indent: "  ") + ["  NOTIMPLEMENTED();"]
    }

    /// The end (of its line) of the last out-of-class definition `Qualifier::Class::name(...) ... {...}` of a
    /// member of `className` in `file` outside any `#if` the others are not in, and the qualifier it writes
    /// (`api::WebContents::`), where members the class gains are defined.
    func lastMemberDefinition(of className: String, in file: String) -> (end: Int, qualifier: String)? {
        guard let source = sources[file] else { return nil }
        let tokens = source.tokens
        var found: [(end: Int, qualifier: String, depth: Int)] = []
        var index = 0
        while index + 3 < tokens.count {
            defer { index += 1 }
            guard tokens[index].text == className, tokens[index + 1].text == "::", tokens[index + 2].kind == .name, tokens[index + 3].text == "(" else { continue }
            guard let close = tokens.closing(index + 3) else { continue }
            var open = close + 1
            while open < tokens.count, ["const", "override", "final"].contains(tokens[open].text) { open += 1 }
            guard open < tokens.count, tokens[open].text == "{", let end = tokens.closing(open), source.restOfLineIsBlank(after: tokens[end].range.upperBound) else { continue }
            var qualifier = index
            while qualifier >= 2, tokens[qualifier - 1].text == "::", tokens[qualifier - 2].kind == .name { qualifier -= 2 }
            found.append((source.lineEnd(of: tokens[end].range.upperBound), source.text(tokens[qualifier].range.lowerBound..<tokens[index + 2].range.lowerBound),
                          source.conditionalDepth(at: tokens[qualifier].range.lowerBound)))
            index = end
        }
        guard let outermost = found.map(\.depth).min() else { return nil }
        return found.last { $0.depth == outermost }.map { ($0.end, $0.qualifier) }
    }

    /// Where the map entry of `method`'s request is, for the outcome.
    private func entryLocation(of method: CppMigration.Method, in file: String) -> SourceLocation {
        let entries = inventory.messageMaps.filter { $0.location.file == file }.flatMap(\.handlers)
        return entries.first { $0.message == method.messages[0] }?.location ?? SourceLocation(file: file, line: 1, column: 1)
    }

    private func inPlaceMethod(
        _ method: CppMigration.Method, interface: CppMigration.Interface, handler: CppMigration.Handler, location: SourceLocation
    ) -> Result<InPlaceMethod, Problem> {
        let keep = "; \(interface.name)Impl forwards to it"
        for file in [handler.header, handler.file] {
            if !SafeName.isSafePath(file) { return .failure(Problem("\(file) needs quoting in a diff\(keep)")) }
            if sources[file] == nil { return .failure(Problem("\(file), where \(handler.className) should be \(file == handler.header ? "declared" : "defined"), was not found or is not UTF-8 text\(keep)")) }
        }
        let header = sources[handler.header]!
        let declaration: CppClassDeclaration
        switch CppClassDeclaration.only(named: handler.className, in: header, file: handler.header) {
        case .success(let found): declaration = found
        case .failure(let problem): return .failure(Problem(problem.reason + keep))
        }
        // The frame a WebContents observer's map passed its handlers is the receiver set's current target frame.
        var mapArgument: String?
        if handler.takesMapParameter {
            let declared = declaration.members(named: handler.method)
            let first = declared.count == 1 ? declaration.parameters(ofMemberAt: declared[0])?.first : nil
            let set = frameReceiverSet(of: interface, in: declaration, file: handler.file, header: handler.header)
            if case .failure(let problem)? = set { return .failure(Problem("no receiver set can give it the frame: \(problem.reason)")) }
            guard case .success(let set)? = set, let first, first.contains(where: { $0.text == "RenderFrameHost" }) else {
                return .failure(Problem("only a WebContentsObserver's map passes the RenderFrameHost that \(handler.method) takes first, registered with --registry associated (its receiver set's GetCurrentTargetFrame())\(keep)"))
            }
            mapArgument = set + "GetCurrentTargetFrame()"
        }
        // A handler that cannot become the method itself (a sync one writing through pointers, one taking values
        // the bindings give as other types, or its map's parameter) keeps its name, and the class gets the method
        // calling it: an adapter.
        // So does one whose message is defined under an `#if` (`OS_WIN`): the method exists only there, which the
        // adapter is declared and defined under, while the handler is the class's whatever the build.
        let adapter = CppDraftEmitter.forwardsCompletely(method, mapArgument: mapArgument)
            && (method.isSync || handler.takesMapParameter || method.condition != nil
                || method.parameters.contains { $0.needsConversion || $0.type.contains(interface.namespace + "::") })
        // A delayed reply's handler takes the callback where it took the reply message (see `replyFlow`).
        if !adapter, !handler.delayReply {
            if method.isSync {
                return .failure(Problem("\(handler.method) is a sync handler whose outputs are not the reply's types: make it take \(method.name)Callback by hand\(keep)"))
            }
            if method.reply != nil {
                return .failure(Problem("\(interface.name).\(method.name) answers through a callback where the handler sent \(method.messages.dropFirst().joined(separator: ", ")): give it \(method.name)Callback by hand\(keep)"))
            }
            if let parameter = method.parameters.first(where: { $0.needsConversion || $0.type.contains(interface.namespace + "::") }) {
                return .failure(Problem("parameter \(parameter.name) is \(parameter.type) in the bindings, where \(handler.method) takes the legacy C++ type: convert it by hand\(keep)"))
            }
        }
        let last = handler.className.components(separatedBy: "::").last ?? handler.className
        let declared = declaration.members(named: handler.method)
        let handlerArity = method.parameters.count + (handler.takesMapParameter ? 1 : 0)
        // A handler under an `#if` (its map entry's, `#if defined(TOOLKIT_VIEWS)`) is called under it, from a
        // method the class always has: the interface's methods are not conditional.
        if let condition = handler.condition, !CppName.isSafeCondition(condition) {
            return .failure(Problem("\(handler.method)'s map entry is under an #if mojify does not copy; convert by hand\(keep)"))
        }
        let underCondition = { (lines: [String]) in handler.condition.map { ["#if \($0)"] + lines + ["#endif"] } ?? lines }
        if declared.isEmpty, let base = declaringBase(of: handler.method, parameters: handlerArity, in: declaration, header: handler.header) {
            // The class overrides the interface's method, which calls the base's handler: `HideAutofillPopup()` of
            // the interface then hides the base's of the same name, as the engineers' hand conversions do.
            guard CppDraftEmitter.forwardsCompletely(method, mapArgument: mapArgument) else {
                return .failure(Problem("\(handler.method) is declared in \(last)'s base \(base), and \(method.name) cannot call it as it is (a reply, or values to convert by hand)\(keep)"))
            }
            let body = underCondition(CppDraftEmitter.body(method, inPlace: true, base: base, mapArgument: mapArgument))
            return .success(InPlaceMethod(method: method, change: .added(body: body, stub: false), location: location))
        }
        if declared.count == 1, handler.condition != nil {
            guard CppDraftEmitter.forwardsCompletely(method, mapArgument: mapArgument) else {
                return .failure(Problem("\(handler.method) is handled under an #if, and \(method.name), which the class has whatever the build, cannot call it as it is (a reply, or values to convert by hand)\(keep)"))
            }
            let arity = declaration.parameters(ofMemberAt: declared[0])?.count
            guard handler.method != method.name || arity == handlerArity && handler.takesMapParameter else {
                return .failure(Problem("\(handler.method) is handled under an #if and named as \(method.name), which the class must have whatever the build; convert by hand\(keep)"))
            }
            let body = underCondition(CppDraftEmitter.body(method, inPlace: true, mapArgument: mapArgument))
            return .success(InPlaceMethod(method: method, change: .added(body: body, stub: false), location: location))
        }
        guard declared.count == 1 else {
            return .failure(Problem(declared.isEmpty
                ? "\(handler.method) is not declared in class \(last) in \(handler.header) (inherited, or written through a macro)\(keep)"
                : "\(handler.method) is declared \(declared.count) times in \(handler.header) (overloads or #if branches); convert by hand\(keep)"))
        }
        let tokens = declaration.tokens
        let name = declared[0]
        // A handler already named as its method (`ShowAutofillPopup`) becomes it; an adapter would overload it,
        // which only one taking its map's parameter may (the engineers' `ShowAutofillPopup(bounds, ...)` beside
        // `ShowAutofillPopup(frame_host, bounds, ...)`): it takes one parameter more.
        let overloads = handler.takesMapParameter && handler.method == method.name && declaration.members(named: method.name).count == 1
            && declaration.parameters(ofMemberAt: name)?.count == handlerArity
        if handler.method != method.name || adapter, !declaration.members(named: method.name).isEmpty, !overloads {
            return .failure(Problem("\(last) already has a member named \(method.name)\(keep)"))
        }
        if adapter {
            return self.adapter(for: method, handler: handler, className: last, declaration: declaration, declared: name, mapArgument: mapArgument, location: location, keep: keep)
        }
        let start = declaration.declarationStart(of: name)
        let specifiers = tokens[start..<name].map(\.text)
        guard specifiers == ["void"] || specifiers == ["virtual", "void"] else {
            return .failure(Problem("\(handler.method) is declared `\(specifiers.joined(separator: " ")) \(handler.method)(...)`, not a plain `void` member\(keep)"))
        }
        guard let close = tokens.closing(name + 1) else { return .failure(Problem("\(handler.method)'s declaration does not end\(keep)")) }
        var end = close + 1
        while end < declaration.close, tokens[end].text == "const" { end += 1 }
        guard tokens[end].text == ";" else {
            let what = tokens[end].text == "{" ? "is defined inside the class" : tokens[end].text == "override" ? "overrides a base class method" : "has `\(tokens[end].text)` after its parameters"
            return .failure(Problem("\(handler.method) \(what); convert by hand\(keep)"))
        }
        let definition: MethodDefinition
        switch self.definition(of: handler.method, className: last, in: sources[handler.file]!, file: handler.file) {
        case .success(let found): definition = found
        case .failure(let problem): return .failure(Problem(problem.reason + keep))
        }
        // A delayed reply's handler takes its map's parameter first (when the map passes one) and the reply last.
        let mapOffset = handler.delayReply && handler.takesMapParameter ? 1 : 0
        let written = method.parameters.count + mapOffset + (handler.delayReply ? 1 : 0)
        if definition.parameters.count != written {
            return .failure(Problem("\(handler.method) takes \(definition.parameters.count) parameters where \(method.name) has \(method.parameters.count)\(handler.delayReply ? " and the reply message" : "") (a map passing a parameter?)\(keep)"))
        }
        let ownParameters = Array(definition.parameters[mapOffset..<(mapOffset + method.parameters.count)])
        var flow = ReplyFlow()
        if handler.delayReply {
            switch replyFlow(of: method, handler: handler, className: last, definition: definition, parameter: written - 1) {
            case .success(let found): flow = found
            case .failure(let problem): return .failure(Problem(problem.reason + keep))
            }
        }
        // A parameter the legacy handler took by value and changes cannot become the `const T&` the interface has.
        let bodyTokens = sources[handler.file]!.tokens
        if case let open = definition.bodyOpen, let bodyClose = bodyTokens.closing(open) {
            let body = bodyTokens[(open + 1)..<bodyClose]
            for (index, argument) in method.parameters.enumerated() where argument.type.hasSuffix("&") {
                let written = ownParameters[index]
                guard !written.contains(where: { $0.text == "&" || $0.text == "*" }), let name = Self.parameterName(written), Self.modifies(name, in: body) else { continue }
                return .failure(Problem("\(handler.method) changes its parameter \(name), which \(method.name) takes as \(argument.type); convert by hand\(keep)"))
            }
        }
        if handler.method != method.name, case .success = self.definition(of: method.name, className: last, in: sources[handler.file]!, file: handler.file) {
            return .failure(Problem("\(handler.file) already defines \(last)::\(method.name)\(keep)"))
        }
        // The definition keeps the names its body uses; the declaration takes them too, or its own where the
        // definition leaves a parameter unnamed.
        let declaredParameters = tokens.arguments(between: name + 1, and: close)
        func list(_ names: [String?]) -> String {
            zip(method.parameters, names).map { argument, name in name.map { "\(argument.type) \($0)" } ?? argument.type }.joined(separator: ", ")
        }
        let definitionNames = ownParameters.map(Self.parameterName)
        let declarationNames = definitionNames.enumerated().map { index, name in
            name ?? (mapOffset + index < declaredParameters.count ? Self.parameterName(declaredParameters[mapOffset + index]) : nil)
        }
        let callback = handler.delayReply ? ["\(method.name)Callback \(flow.callback)"] : []
        var others = flow.edits
        // The helper the map forwarded to would call the handler by its old name.
        if handler.helper != nil {
            guard let removal = helperMethodRemoval(of: handler) else {
                return .failure(Problem("the method of the helper the map forwards \(method.messages[0]) to shares its lines with other code; convert by hand\(keep)"))
            }
            others.append((handler.file, removal))
        }
        if mapOffset == 1, let mapArgument, let local = mapParameterLocal(definition.parameters[0], value: mapArgument, definition: definition, file: handler.file, replaced: flow.replaced) {
            others.append((handler.file, local))
        }
        return .success(InPlaceMethod(
            method: method,
            change: .edits(
                declaration: UnifiedDiff.Edit(range: tokens[start].range.lowerBound..<tokens[end].range.upperBound, replacement: "void \(method.name)(\(([list(declarationNames)] + callback).filter { !$0.isEmpty }.joined(separator: ", "))) override;"),
                definition: UnifiedDiff.Edit(range: definition.name.range.lowerBound..<definition.end, replacement: "\(method.name)(\(([list(definitionNames)] + callback).filter { !$0.isEmpty }.joined(separator: ", ")))"),
                others: others
            ),
            location: location,
            writes: flow.writes
        ))
    }

    /// The map's parameter a delayed reply's handler took (`content::RenderFrameHost* rfh`) as a local at the
    /// start of its body, given what the map passed (`value`); nil when the body no longer uses it, outside the
    /// token ranges `replaced` (the `rfh->Send(reply_msg)` the callback replaces).
    private func mapParameterLocal(_ parameter: ArraySlice<CodeToken>, value: String, definition: MethodDefinition, file: String, replaced: [Range<Int>]) -> UnifiedDiff.Edit? {
        let source = sources[file]!
        let tokens = source.tokens
        let open = definition.bodyOpen
        guard let name = Self.parameterName(parameter), let close = tokens.closing(open) else { return nil }
        let used = ((open + 1)..<close).contains { index in
            tokens[index].text == name && ![".", "->", "::"].contains(tokens[index - 1].text) && !replaced.contains { $0.contains(index) }
        }
        guard used else { return nil }
        let declared = Self.oneLine(source.text(parameter.first!.range.lowerBound..<parameter.last!.range.upperBound))
        return UnifiedDiff.Edit(range: tokens[open].range.upperBound..<tokens[open].range.upperBound, replacement: "\n  \(declared) = \(value);")
    }

    /// The method declared after the handler's declaration and defined after its definition, calling it as the
    /// forwarding skeleton would: the handler stays as it is.
    private func adapter(
        for method: CppMigration.Method, handler: CppMigration.Handler, className: String, declaration: CppClassDeclaration, declared name: Int,
        mapArgument: String?, location: SourceLocation, keep: String
    ) -> Result<InPlaceMethod, Problem> {
        let tokens = declaration.tokens
        guard let semicolon = tokens[name...].firstIndex(where: { $0.text == ";" || $0.text == "{" }), tokens[semicolon].text == ";" else {
            return .failure(Problem("\(handler.method) is defined inside the class; convert by hand\(keep)"))
        }
        let header = sources[handler.header]!
        guard header.restOfLineIsBlank(after: tokens[semicolon].range.upperBound) else {
            return .failure(Problem("other code shares the line of \(handler.method)'s declaration; convert by hand\(keep)"))
        }
        let source = sources[handler.file]!
        if handler.method != method.name, case .success = definition(of: method.name, className: className, in: source, file: handler.file) {
            return .failure(Problem("\(handler.file) already defines \(className)::\(method.name)\(keep)"))
        }
        // Defined in other files (one per platform: Electron's `_mac.mm` and `_views.cc`), the handler is called
        // from a method that joins the class's other members defined beside its map.
        if definitions(of: handler.method, className: className, in: source).isEmpty {
            return .success(InPlaceMethod(method: method, change: .added(body: CppDraftEmitter.body(method, inPlace: true, mapArgument: mapArgument), stub: false), location: location))
        }
        let found: MethodDefinition
        switch definition(of: handler.method, className: className, in: source, file: handler.file) {
        case .success(let definition): found = definition
        case .failure(let problem): return .failure(Problem(problem.reason + keep))
        }
        let bodyTokens = source.tokens
        guard case let open = found.bodyOpen, let close = bodyTokens.closing(open),
              source.restOfLineIsBlank(after: bodyTokens[close].range.upperBound) else {
            return .failure(Problem("the end of \(handler.method)'s definition could not be found; convert by hand\(keep)"))
        }
        // The qualifier the handler's definition writes (`content::Foo::`), which the adapter's repeats.
        let qualifier = source.text(found.qualifier..<found.name.range.lowerBound)
        let declarationEnd = header.lineEnd(of: tokens[semicolon].range.upperBound)
        let indent = header.indentation(ofLineAt: tokens[name].range.lowerBound)
        let definitionEnd = source.lineEnd(of: bodyTokens[close].range.upperBound)
        let body = [""] + CppDraftEmitter.conditional(method, ["void \(qualifier)\(method.name)(\(CppDraftEmitter.parameterList(method))) {"] + CppDraftEmitter.body(method, inPlace: true, mapArgument: mapArgument) + ["}"])
        let declaration = CppDraftEmitter.conditional(method, ["\(indent)void \(method.name)(\(CppDraftEmitter.parameterList(method))) override;"])
        return .success(InPlaceMethod(
            method: method,
            change: .edits(
                declaration: UnifiedDiff.Edit(range: declarationEnd..<declarationEnd, replacement: "\n" + declaration.joined(separator: "\n")),
                definition: UnifiedDiff.Edit(range: definitionEnd..<definitionEnd, replacement: "\n" + body.joined(separator: "\n"))
            ),
            location: location
        ))
    }

    /// An out-of-class definition `void [ns::]Class::method(...) [const] {`.
    struct MethodDefinition {
        var name: CodeToken
        /// The end of its parameter list (and `const`).
        var end: Int
        var parameters: [ArraySlice<CodeToken>]
        /// Where its qualifier (`ns::Class::`) starts.
        var qualifier: Int
        /// The token index of its body's `{`.
        var bodyOpen: Int
    }

    /// The one out-of-class definition of `Class::method` in `source`.
    func definition(of method: String, className: String, in source: CppSource, file: String) -> Result<MethodDefinition, Problem> {
        let found = definitions(of: method, className: className, in: source)
        guard found.count == 1 else {
            return .failure(Problem(found.isEmpty
                ? "no definition `void \(className)::\(method)(...) {` in \(file)"
                : "\(className)::\(method) is defined \(found.count) times in \(file) (#if branches?); convert by hand"))
        }
        return .success(found[0])
    }

    /// The out-of-class definitions `void [ns::]Class::method(...) [const] {` in `source`.
    func definitions(of method: String, className: String, in source: CppSource) -> [MethodDefinition] {
        let tokens = source.tokens
        var found: [MethodDefinition] = []
        for index in tokens.indices.dropFirst(2).dropLast() where tokens[index].text == method && tokens[index + 1].text == "("
            && tokens[index - 1].text == "::" && tokens[index - 2].text == className {
            var qualifier = index - 2
            while qualifier >= 2, tokens[qualifier - 1].text == "::", tokens[qualifier - 2].kind == .name { qualifier -= 2 }
            guard qualifier >= 1, tokens[qualifier - 1].text == "void", let close = tokens.closing(index + 1) else { continue }
            var end = close + 1
            while end < tokens.count, tokens[end].text == "const" { end += 1 }
            guard end < tokens.count, tokens[end].text == "{" else { continue }
            found.append(MethodDefinition(
                name: tokens[index], end: tokens[end - 1].range.upperBound, parameters: tokens.arguments(between: index + 1, and: close),
                qualifier: tokens[qualifier].range.lowerBound, bodyOpen: end
            ))
        }
        return found
    }

    /// Member functions that change a standard container or string.
    static let modifyingMembers: Set<String> = [
        "append", "assign", "clear", "emplace", "emplace_back", "erase", "insert", "pop_back", "push_back", "resize", "swap",
    ]

    /// Whether `body` may change the variable `name`: assigned (`=`, `+=`...), incremented, moved from, its address
    /// taken, or a modifying member called. Comparisons (`==`, `<=`, `>=`, `!=`) are not changes.
    static func modifies(_ name: String, in body: ArraySlice<CodeToken>) -> Bool {
        let tokens = Array(body)
        for index in tokens.indices where tokens[index].text == name && tokens[index].kind == .name {
            let previous = index > 0 ? tokens[index - 1].text : ""
            let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
            let after = index + 2 < tokens.count ? tokens[index + 2].text : ""
            // A member of another object (`other.name`, `p->name`) is not the parameter.
            if previous == "." || previous == "->" || previous == "::" { continue }
            if next == "=" && after != "=" { return true }
            if ["+", "-", "*", "/", "%", "|", "^"].contains(next) && after == "=" { return true }
            if next == "&" && after == "=" { return true }
            if (next == "+" && after == "+") || (next == "-" && after == "-") { return true }
            if index >= 2, (previous == "+" && tokens[index - 2].text == "+") || (previous == "-" && tokens[index - 2].text == "-") { return true }
            if previous == "(", index >= 2, tokens[index - 2].text == "move" { return true }
            if previous == "&", index >= 2, ["(", ",", "="].contains(tokens[index - 2].text) { return true }
            if next == ".", modifyingMembers.contains(after) { return true }
        }
        return false
    }

    static let typeWords: Set<String> = ["int", "bool", "char", "short", "long", "unsigned", "signed", "float", "double", "auto", "const", "volatile"]

    /// The name a written parameter declares (`const std::string& name = ""` -> `name`); nil when unnamed.
    static func parameterName(_ parameter: ArraySlice<CodeToken>) -> String? {
        let declarator = parameter.prefix { $0.text != "=" }
        guard declarator.count >= 2, let last = declarator.last, last.kind == .name, !typeWords.contains(last.text) else { return nil }
        return declarator[declarator.endIndex - 2].text == "::" ? nil : last.text
    }
}
