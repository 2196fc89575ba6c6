import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters

/// The calling side of a conversion (migration guide 2.4.5 and 2.5.7): every class whose senders now call
/// `GetFooHost()->Bar(...)` gains that getter and the remote behind it. The header's class gets a private
/// `GetFooHost()` declaration and a `mojo::Remote`/`mojo::AssociatedRemote` (or `FooPtr`) member (before a trailing
/// `base::WeakPtrFactory`, which stays last); the `.cc` gets the getter's definition after the first function that
/// sends, binding the remote on first use through the frame or process that replaces the routing ID.
extension CppRewriter {
    /// One class that needs a getter for one interface, whichever files its senders are in.
    private struct Caller: Hashable {
        /// As qualified as the scan knows it: `content::RenderFrameImpl`.
        var qualifiedClass: String
        var interface: String
    }

    /// Where the class of a `.cc` file's functions is usually declared: `foo/bar_helper_linux.cc` ->
    /// `foo/bar_helper_linux.h`, then without the platform-like suffixes (`foo/bar_helper.h`, `foo/bar.h`).
    static func classHeaders(_ file: String) -> [String] {
        var stem = (file as NSString).deletingPathExtension
        var headers = [stem + ".h"]
        for _ in 0..<2 {
            guard let underscore = stem.lastIndex(of: "_"), !stem[underscore...].contains("/") else { break }
            stem = String(stem[..<underscore])
            headers.append(stem + ".h")
        }
        return headers
    }

    mutating func addRemoteGetters() {
        let rewritten = Set(outcomes.filter { $0.kind == .sender && $0.reason == nil }.map(\.location))
        var senders: [Caller: [Sender]] = [:]
        var order: [Caller] = []
        for sender in inventory.senders where rewritten.contains(sender.location) && !boundInPlace.contains(sender.location) {
            guard let target = targets[sender.message]?.first else { continue }
            guard let qualifiedClass = Self.className(ofFunction: sender.function) else {
                let reason = "sent from \(sender.function.map { "the free function \($0)" } ?? "outside a function"), not a method: define Get\(target.interface.name)() there by hand"
                record(.remote, target.interface.module + "." + target.interface.name, sender.location, reason: reason)
                unrewrite([sender], reason: "no Get\(target.interface.name)() can be added: " + reason)
                continue
            }
            let caller = Caller(qualifiedClass: qualifiedClass, interface: target.interface.module + "." + target.interface.name)
            if senders[caller] == nil { order.append(caller) }
            senders[caller, default: []].append(sender)
        }
        // Per file, one insertion for all members of a class and one for all includes, so that edits never meet.
        var members: [String: [Int: (insertion: CppClassDeclaration.MemberInsertion, lines: [String])]] = [:]
        var includes: [String: Set<String>] = [:]
        var definitions: [String: [Int: [String]]] = [:]
        for caller in order {
            // The getter is defined once, in the file named like the class's header when one of them sends
            // (`print_helper.cc` rather than `print_helper_linux.cc`).
            var callerSenders = senders[caller]!
            let sender = callerSenders.min { ($0.location.file.count, $0.location.file) < ($1.location.file.count, $1.location.file) }!
            let target = targets[sender.message]![0]
            let interface = target.interface
            let className = caller.qualifiedClass.components(separatedBy: "::").last!
            let getter = "Get\(interface.name)"
            let member = Naming.words(interface.name).map { $0.lowercased() }.joined(separator: "_") + "_remote_"
            let candidates = [sender.location.file] + Self.classHeaders(sender.location.file)
            // Without the getter the rewritten senders would call nothing: they are listed instead, which leaves
            // their messages whole.
            func fail(_ reason: String) {
                record(.remote, caller.interface, sender.location, reason: reason)
                unrewrite(callerSenders, reason: "no \(getter)() can be added: \(reason)")
            }
            // The first candidate file defining the class decides; one defining it twice (`#if` branches) is left.
            let found = classDefinitions(of: className, near: sender.location.file)
            if let found, found.definitions.count > 1 {
                fail("\(found.header) defines class \(className) \(found.definitions.count) times (#if branches?); add \(getter)() and its remote by hand")
                continue
            }
            guard let (header, declaration) = found.map({ ($0.header, $0.definitions[0]) }),
                  let insertion = declaration.memberInsertion(in: sources[header]!) else {
                fail("the definition of class \(className) was not found in \(candidates.joined(separator: " or ")); add \(getter)() and its remote by hand")
                continue
            }
            if let existing = [getter, member].first(where: declaration.mentions) {
                // A getter of the interface (a user's, or a run's before) is called as it is; any other member of
                // that name (RenderWidgetHostImpl's GetView() returns the widget's view) would take the calls.
                guard declaration.declaresPointer(named: existing, to: interface.name) else {
                    fail("\(className) already declares \(existing) for something else; name its \(interface.namespace)::\(interface.name) remote by hand")
                    continue
                }
                record(.remote, caller.interface, sender.location, reason: "\(className) already declares \(existing); check that it returns a bound \(interface.namespace)::\(interface.name) remote")
                continue
            }
            // A function defined in the class body (a class local to a .cc) has no end outside the class to define
            // the getter after: the getter is then defined in the class too.
            let inClass = header == sender.location.file && sources[header]!.offset(line: sender.location.line, column: sender.location.column).map {
                declaration.tokens[declaration.open].range.lowerBound < $0 && $0 < declaration.tokens[declaration.close].range.lowerBound
            } == true
            let definitionOffset = inClass ? nil : functionEnd(containing: sender.location)
            if !inClass && definitionOffset == nil {
                fail("the function sending \(sender.message) could not be delimited; define \(className)::\(getter)() by hand")
                continue
            }
            let mojomType = interface.namespace + "::" + interface.name
            let visible = Set([sender.location.file, header].compactMap { sources[$0] }.flatMap { $0.tokens.map(\.text) })
            let classes = [className] + declaration.baseNames
            var connection = self.connection(for: target, member: member, classes: classes, visibleNames: visible)
            // The object the class sent through, or one it keeps, where no remote holder rule names the class
            // (CEF's CefFrameHostImpl keeps `render_frame_host_`).
            let objects = Set(callerSenders.compactMap { sentThrough[$0.location] })
            let through = objects.count == 1 ? objects.first : nil
            let own = callerSenders.filter { sentThrough[$0.location] == nil }
            if let through, own.isEmpty || connection.bind == nil || connection.via == through.expression {
                connection = self.connection(for: target, member: member, classes: classes, visibleNames: visible, through: through)
            } else if !objects.isEmpty {
                let others = callerSenders.filter { sentThrough[$0.location] != nil }
                let ways = ([connection.via.map { $0.isEmpty ? "itself" : $0 }].compactMap { $0 } + objects.map(\.expression)).sorted().joined(separator: ", ")
                unrewrite(others, reason: "\(className) sends \(caller.interface) through \(ways): one \(getter)() cannot serve them all; give each object its remote by hand")
                callerSenders = own
                if own.isEmpty { continue }
            } else if connection.bind == nil, let object = connection.place.flatMap(RemoteConnection.placeCall)?.object, let kept = keptObject(object, in: declaration, files: [sender.location.file, header]) {
                connection = self.connection(for: target, member: member, classes: classes, visibleNames: visible, through: kept)
                connection.comments.append("TODO(mojify): \(kept.expression) is the \(object) \(className) keeps; check that the legacy messages went to it.")
            } else if connection.bind == nil, let object = connection.place.flatMap(RemoteConnection.placeCall)?.object,
                      let sent = ownSendObject(of: className, in: sender.location.file), sent.object == object {
                // The legacy messages went through the class's own Send, to that object: the remote is its.
                connection = self.connection(for: target, member: member, classes: classes, visibleNames: visible, through: sent)
                connection.comments.append("TODO(mojify): \(className)::Send reached the \(object) as \(sent.expression); it may have checked that for null, which this does not.")
            }
            let indent = insertion.indent
            var lines = members[header]?[insertion.offset]?.lines ?? []
            lines += EmitterText.comment("Calls \(caller.interface) in place of legacy IPC (drafted by mojify migrate).", indent: indent)
            let body = getterBody(connection, member: member)
            if let definitionOffset {
                lines.append("\(indent)\(mojomType)* \(getter)();")
                let namespaces = enclosingNamespaces(in: sender.location.file, at: definitionOffset)
                let qualifier = Self.dropEnclosing(namespaces, from: caller.qualifiedClass.components(separatedBy: "::"))
                let definition = ["\(mojomType)* \(qualifier.joined(separator: "::"))::\(getter)() {"] + body + ["}"]
                definitions[sender.location.file, default: [:]][definitionOffset, default: []].append(definition.joined(separator: "\n"))
            } else {
                lines += ["\(indent)\(mojomType)* \(getter)() {"] + body.map { indent + $0 } + ["\(indent)}"]
            }
            lines.append("\(indent)\(connection.remoteType(mojomType)) \(member);")
            members[header, default: [:]][insertion.offset] = (insertion, lines)
            // The sender's own file gets the mojom include from the include rewrite.
            let senderSource = sources[sender.location.file]!
            let mojomHeader = Self.includePath(of: target.mojomFile, writtenLegacy: includeLine(of: target.mojomFile.sourceHeader, in: senderSource)?.written ?? spelling(of: target.mojomFile.sourceHeader))
            includes[header, default: []].formUnion([connection.include] + (header == sender.location.file ? [] : [mojomHeader]))
            includes[inClass ? header : sender.location.file, default: []].formUnion(providerHeader(of: connection))
            record(.remote, caller.interface, sender.location, reason: nil)
        }
        for (file, paths) in remoteIncludes { includes[file, default: []].formUnion(paths) }
        for (file, paths) in includes where members[file] == nil { addIncludes(paths, to: file) }
        for (file, insertions) in members {
            for (offset, entry) in insertions {
                let access = entry.insertion.isPrivate ? [] : [" private:"]
                _ = add(UnifiedDiff.Edit(range: offset..<offset, replacement: (access + entry.lines).joined(separator: "\n") + "\n"), in: file)
            }
            addIncludes(includes[file] ?? [], to: file)
        }
        for (file, insertions) in definitions {
            for (offset, bodies) in insertions {
                _ = add(UnifiedDiff.Edit(range: offset..<offset, replacement: bodies.map { "\n" + $0 + "\n" }.joined()), in: file)
            }
        }
    }

    /// How `target`'s caller binds a remote named `member`: through the registry form's place for the interface, by
    /// the remote holder rules matching `classes` (or `visibleNames`), or through the object `through`.
    func connection(for target: Target, member: String, classes: [String], visibleNames: Set<String>, through: Receiver? = nil) -> RemoteConnection {
        let planned = target.mojomFile.interfaces.first { $0.name == target.interface.name }
        let place = planned.flatMap { RegistryEntry.places(of: $0, rules: remotes.rules, scheme: remotes.scheme)?.remotes }
        let service = planned.flatMap { remotes.rules.processes[$0.process]?.service }
        return RemoteConnection(place: place, service: service, member: member, classes: classes, visibleNames: visibleNames, settings: remotes, through: through)
    }

    /// A send through `through`, an object of the sending function's own (a parameter, a local), as a block binding
    /// a remote through it and calling the method: the remote cannot be a member, since the object differs
    /// from call to call.
    mutating func boundRemote(for target: Target, through: Receiver, file: String, arguments: String, indent: String) -> Result<String, Problem> {
        let local = Naming.words(target.interface.name).map { $0.lowercased() }.joined(separator: "_") + "_remote"
        let connection = connection(for: target, member: local, classes: [], visibleNames: [], through: through)
        guard let bind = connection.bind else {
            let place = connection.place.map { "the caller's remotes of \(target.interface.name) come from \($0)" } ?? "the rules give no place for the caller's remotes of \(target.interface.name)"
            return .failure(Problem("sent through \(through.expression), a \(through.object), but \(place): bind one by hand"))
        }
        remoteIncludes[file, default: []].formUnion([connection.include] + providerHeader(of: connection))
        let type = connection.remoteType(target.interface.namespace + "::" + target.interface.name)
        let lines = ["{", "  \(type) \(local);", "  \(bind)", "  \(local)->\(target.method.name)(\(arguments));"]
        return .success(lines.joined(separator: "\n" + indent) + "\n" + indent + "}")
    }

    /// The header declaring what the call a remote is bound through returns: of the rules' `provider_headers`, the
    /// first the tree holds. None where it holds none (an embedder's tree without Chromium's), whose include could
    /// not be checked.
    func providerHeader(of connection: RemoteConnection) -> [String] {
        // The object too, which a file binding through `render_frame()` may know only by a forward declaration.
        [connection.provider?.call, connection.provider?.object].compactMap { key in
            key.flatMap { remotes.rules.providerHeaders[$0] }?.first { sources[$0] != nil }
        }
    }

    /// The statements of `Get<Interface>()`: bind the remote on first use, return it.
    private func getterBody(_ connection: RemoteConnection, member: String) -> [String] {
        var body = ["  if (!\(member)) {"]
        body += connection.comments.flatMap { EmitterText.comment($0, indent: "    ") }
        if let bind = connection.bind { body.append("    \(bind)") }
        return body + ["  }", "  return \(member).get();"]
    }

    /// `#include` lines for `paths` the file does not include yet, after its last include.
    private mutating func addIncludes(_ paths: Set<String>, to file: String) {
        let source = sources[file]!
        let missing = missingIncludes(paths, in: file)
        guard !missing.isEmpty, let last = lastIncludeLine(in: source) else { return }
        let offset = min(last.range.upperBound + 1, source.bytes.count)
        let lines = missing.map { "#include \"\($0)\"\n" }.joined()
        _ = add(UnifiedDiff.Edit(range: offset..<offset, replacement: last.range.upperBound + 1 > source.bytes.count ? "\n" + lines : lines), in: file)
    }

    /// The offset of the line after the closing brace of the function holding `location`, when the brace nesting
    /// around it is plain: namespaces and `extern "C"` blocks outside, a function body (after `)` or a
    /// qualifier such as `const`) as the first other brace.
    private func functionEnd(containing location: SourceLocation) -> Int? {
        guard let source = sources[location.file], let offset = source.offset(line: location.line, column: location.column) else { return nil }
        let tokens = source.tokens
        guard let body = tokens.outermostBody(at: tokens.firstIndex { $0.range.lowerBound >= offset } ?? tokens.count),
              let close = tokens.function(body: body)?.close else { return nil }
        let end = source.lineEnd(of: tokens[close].range.lowerBound)
        // Only a brace that ends its line (a comment may follow) leaves room for a definition after it.
        guard source.restOfLineIsBlank(after: tokens[close].range.upperBound) else { return nil }
        return min(end + 1, source.bytes.count)
    }

    /// The names of the namespaces open at `offset`, outermost first (`namespace a::b {` gives two).
    private func enclosingNamespaces(in file: String, at offset: Int) -> [String] {
        guard let source = sources[file] else { return [] }
        let tokens = source.tokens
        return tokens.namespaces(enclosing: tokens.firstIndex { $0.range.lowerBound >= offset } ?? tokens.count)
    }

    /// The qualified class name written from inside `namespaces`: leading components they already open are dropped.
    static func dropEnclosing(_ namespaces: [String], from components: [String]) -> [String] {
        var remaining = components
        for namespace in namespaces {
            guard remaining.count > 1, remaining.first == namespace else { break }
            remaining.removeFirst()
        }
        return remaining
    }
}
