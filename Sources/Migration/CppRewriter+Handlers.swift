import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// Handlers become interface methods (migration guide 2.5.1): when every method of an interface is handled by
/// one class whose handlers can be renamed safely, the class derives from the interface, `void OnBar(int a);`
/// becomes `void Bar(int32_t a) override;` and `void Foo::OnBar(int a) {` becomes `void Foo::Bar(int32_t a) {`
/// with the parameter names the body uses. It is all or nothing per interface, since a class implementing only
/// some of an interface's methods would be abstract; the other interfaces keep their forwarding skeleton, and
/// every handler method gets an outcome saying which way it went.
extension CppRewriter {
    struct Problem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The edits turning one handler into the interface method, or why it cannot be done.
    struct InPlaceMethod {
        var method: CppMigration.Method
        var declaration: UnifiedDiff.Edit
        var definition: UnifiedDiff.Edit
        var location: SourceLocation
    }

    mutating func convertHandlersInPlace() {
        var planned: [String: [(interface: CppMigration.Interface, methods: [InPlaceMethod])]] = [:]
        for interface in migration.interfaces {
            var methods: [InPlaceMethod] = []
            var problems: [(CppMigration.Method, SourceLocation, String)] = []
            let classes = Set(interface.methods.compactMap(\.handler).map { $0.file + ":" + $0.className })
            for method in interface.methods {
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
            let unhandled = interface.methods.filter { $0.handler == nil }.map(\.name)
            // A method left whole keeps its legacy handler and map entry: the class cannot implement it yet.
            if let kept = interface.methods.first(where: { $0.messages.contains(where: leftWhole.contains) }), problems.isEmpty, unhandled.isEmpty {
                problems = methods.map { ($0.method, $0.location, "\(interface.name).\(kept.name) is left whole (see its message), so the class cannot implement \(interface.name) yet; \(interface.name)Impl forwards to this handler") }
                methods = []
            }
            if problems.isEmpty, unhandled.isEmpty, let handler = interface.methods.first?.handler {
                planned[handler.file + ":" + handler.className, default: []].append((interface, methods))
                continue
            }
            // One method that cannot move keeps the whole interface on its skeleton.
            let blocker = problems.first.map { "\(interface.name).\($0.0.name) cannot" } ?? "\(interface.name).\(unhandled.joined(separator: ", ")) \(unhandled.count == 1 ? "has" : "have") no handler to"
            for converted in methods {
                record(.method, converted.method.messages[0], converted.location, reason: "\(blocker) become an interface method, so \(interface.name)Impl keeps forwarding to this handler")
            }
            for (method, location, reason) in problems { record(.method, method.messages[0], location, reason: reason) }
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
            // Two BrowserAssociatedInterface bases would make the injected name the initializers use ambiguous.
            if registrations.filter({ (try? $0.1.get())?.form == .messageFilter }).count > 1 {
                registrations = registrations.map { key, registration in
                    (key, registration.flatMap { $0.form == .messageFilter ? .failure(Problem("\(handler.className) would be a BrowserAssociatedInterface of several interfaces; spell out each base's initializer by hand")) : .success($0) })
                }
            }
            let registered = registrations.compactMap { try? $0.1.get() }
            let bases = (interfaces.map { declaration.qualified("\($0.interface.namespace)::\($0.interface.name)") } + registered.flatMap(\.bases))
                .filter { !declaration.baseSpecifiers.contains("public " + $0) }
            if !bases.isEmpty { changes.append((handler.header, declaration.addingBases(bases))) }
            // Not those already there or added by another rewrite (a remote getter of the same class).
            // The bindings' header spelled as the tree includes its legacy header (`components/...` for Electron's
            // `chromium_src/components/...`).
            let mojomHeaders = interfaces.map { entry in
                plan.files.first { $0.module == entry.interface.module && $0.interfaces.contains { $0.name == entry.interface.name } }.map { file in
                    Self.includePath(of: file, writtenLegacy: includeLine(of: file.sourceHeader, in: header)?.written ?? spelling(of: file.sourceHeader))
                } ?? entry.interface.mojomHeader
            }
            changes += includeEdits(mojomHeaders + registered.flatMap(\.includes), in: handler.header)
            // Members join those another rewrite (a remote getter) put before the same line.
            var replaced: UnifiedDiff.Edit?
            let members = registered.flatMap(\.members)
            if let insertion, !members.isEmpty {
                let offset = insertion.offset
                replaced = edits[handler.header]?.first { $0.range == offset..<offset }
                let access = insertion.isPrivate || replaced != nil ? [] : [" private:"]
                changes.append((handler.header, UnifiedDiff.Edit(range: offset..<offset, replacement: (replaced?.replacement ?? "") + (access + members).joined(separator: "\n") + "\n")))
                if let replaced { edits[handler.header]?.removeAll { $0 == replaced } }
            }
            changes += registered.flatMap(\.edits)
            for (_, methods) in interfaces {
                for method in methods { changes += [(handler.header, method.declaration), (handler.file, method.definition)] }
            }
            if !addAll(changes) {
                reason = "another rewrite changes the same declarations"
                if let replaced { edits[handler.header, default: []].append(replaced) }
            } else if registered.contains(where: { $0.form == .messageFilter }) {
                registeredFilters.insert(handler.className)
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
        for (interface, methods) in interfaces {
            if reason == nil {
                convertedInPlace.insert(interface.module + "." + interface.name)
                let label = plan.files.first { $0.module == interface.module && $0.interfaces.contains { $0.name == interface.name } }?.label
                for file in [handler.header, handler.file] { if let label { mojomUses[file, default: []].insert(label) } }
            }
            for method in methods { record(.method, method.method.messages[0], method.location, reason: reason) }
        }
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
        // A handler that cannot become the method itself (a sync one writing through pointers, one taking values
        // the bindings give as other types) keeps its name, and the class gets the method calling it: an adapter.
        let adapter = CppDraftEmitter.forwardsCompletely(method)
            && (method.isSync || method.parameters.contains { $0.needsConversion || $0.type.contains(interface.namespace + "::") })
        if !adapter {
            if handler.delayReply {
                return .failure(Problem("\(handler.method) takes the reply message (IPC_MESSAGE_HANDLER_DELAY_REPLY): make it take \(method.name)Callback by hand\(keep)"))
            }
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
        let last = handler.className.components(separatedBy: "::").last ?? handler.className
        let declared = declaration.members(named: handler.method)
        guard declared.count == 1 else {
            return .failure(Problem(declared.isEmpty
                ? "\(handler.method) is not declared in class \(last) in \(handler.header) (inherited, or written through a macro)\(keep)"
                : "\(handler.method) is declared \(declared.count) times in \(handler.header) (overloads or #if branches); convert by hand\(keep)"))
        }
        // A handler already named as its method (`ShowAutofillPopup`) becomes it; an adapter would overload it.
        if handler.method != method.name || adapter, !declaration.members(named: method.name).isEmpty {
            return .failure(Problem("\(last) already has a member named \(method.name)\(keep)"))
        }
        let tokens = declaration.tokens
        let name = declared[0]
        if adapter { return self.adapter(for: method, handler: handler, className: last, declaration: declaration, declared: name, location: location, keep: keep) }
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
        if definition.parameters.count != method.parameters.count {
            return .failure(Problem("\(handler.method) takes \(definition.parameters.count) parameters where \(method.name) has \(method.parameters.count) (a map passing a parameter?)\(keep)"))
        }
        // A parameter the legacy handler took by value and changes cannot become the `const T&` the interface has.
        let bodyTokens = sources[handler.file]!.tokens
        if let open = bodyTokens.firstIndex(where: { $0.range.lowerBound >= definition.end && $0.text == "{" }), let bodyClose = bodyTokens.closing(open) {
            let body = bodyTokens[(open + 1)..<bodyClose]
            for (index, argument) in method.parameters.enumerated() where argument.type.hasSuffix("&") {
                let written = definition.parameters[index]
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
        let definitionNames = definition.parameters.map(Self.parameterName)
        let declarationNames = definitionNames.enumerated().map { index, name in
            name ?? (index < declaredParameters.count ? Self.parameterName(declaredParameters[index]) : nil)
        }
        return .success(InPlaceMethod(
            method: method,
            declaration: UnifiedDiff.Edit(range: tokens[start].range.lowerBound..<tokens[end].range.upperBound, replacement: "void \(method.name)(\(list(declarationNames))) override;"),
            definition: UnifiedDiff.Edit(range: definition.name.range.lowerBound..<definition.end, replacement: "\(method.name)(\(list(definitionNames)))"),
            location: location
        ))
    }

    /// The method declared after the handler's declaration and defined after its definition, calling it as the
    /// forwarding skeleton would: the handler stays as it is.
    private func adapter(
        for method: CppMigration.Method, handler: CppMigration.Handler, className: String, declaration: CppClassDeclaration, declared name: Int,
        location: SourceLocation, keep: String
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
        let found: MethodDefinition
        switch definition(of: handler.method, className: className, in: source, file: handler.file) {
        case .success(let definition): found = definition
        case .failure(let problem): return .failure(Problem(problem.reason + keep))
        }
        if case .success = definition(of: method.name, className: className, in: source, file: handler.file) {
            return .failure(Problem("\(handler.file) already defines \(className)::\(method.name)\(keep)"))
        }
        let bodyTokens = source.tokens
        guard let open = bodyTokens.firstIndex(where: { $0.range.lowerBound >= found.end && $0.text == "{" }), let close = bodyTokens.closing(open),
              source.restOfLineIsBlank(after: bodyTokens[close].range.upperBound) else {
            return .failure(Problem("the end of \(handler.method)'s definition could not be found; convert by hand\(keep)"))
        }
        // The qualifier the handler's definition writes (`content::Foo::`), which the adapter's repeats.
        let qualifier = source.text(found.qualifier..<found.name.range.lowerBound)
        let declarationEnd = header.lineEnd(of: tokens[semicolon].range.upperBound)
        let indent = header.indentation(ofLineAt: tokens[name].range.lowerBound)
        let definitionEnd = source.lineEnd(of: bodyTokens[close].range.upperBound)
        let body = ["", "void \(qualifier)\(method.name)(\(CppDraftEmitter.parameterList(method))) {"] + CppDraftEmitter.body(method, inPlace: true) + ["}"]
        return .success(InPlaceMethod(
            method: method,
            declaration: UnifiedDiff.Edit(range: declarationEnd..<declarationEnd, replacement: "\n\(indent)void \(method.name)(\(CppDraftEmitter.parameterList(method))) override;"),
            definition: UnifiedDiff.Edit(range: definitionEnd..<definitionEnd, replacement: "\n" + body.joined(separator: "\n")),
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
    }

    /// The one out-of-class definition of `Class::method` in `source`.
    func definition(of method: String, className: String, in source: CppSource, file: String) -> Result<MethodDefinition, Problem> {
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
                qualifier: tokens[qualifier].range.lowerBound
            ))
        }
        guard found.count == 1 else {
            return .failure(Problem(found.isEmpty
                ? "no definition `void \(className)::\(method)(...) {` in \(file)"
                : "\(className)::\(method) is defined \(found.count) times in \(file) (#if branches?); convert by hand"))
        }
        return .success(found[0])
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
