import Foundation
import MojifyCore

/// The interfaces: the routes grouped, their names kept apart from each other and from the tree's, their comments.
extension PlanBuilder {
    mutating func buildInterfaces(_ routes: [Route], pairs: [String: Pair]) {
        let replies = Set(pairs.values.flatMap { [$0.success.message.name] + ($0.error.map { [$0.message.name] } ?? []) })
        let interfaceOf = Dictionary(routes.map { ($0.message.name, $0.message.messageClass + "/" + $0.interface) }, uniquingKeysWith: { first, _ in first })
        var grouped: [String: [Route]] = [:]
        var order: [String] = []
        for route in routes where !replies.contains(route.message.name) {
            let key = route.message.messageClass + "/" + route.interface
            if grouped[key] == nil { order.append(key) }
            grouped[key, default: []].append(route)
        }
        let splitOffs = Dictionary(grouping: routes.filter { $0.splitFrom != nil }, by: { $0.splitFrom! + "/" + $0.message.messageClass })
        for key in order {
            let members = grouped[key]!
            let first = members[0]
            let path = file(messageClass: first.message.messageClass, header: FileLayout.header(of: first.message.location, patch: first.message.patch))
            var methods = members.map { method(for: $0, pair: pairs[$0.message.name], inFile: path) }
            dedupeMethodNames(&methods, interface: first.interface)
            let routing: RoutingKind = members.contains { $0.message.kind == .routed } ? .routed : .control
            let caller = self.caller(of: members)
            let interface = MojomInterface(
                name: first.interface, process: first.process, routing: routing, messageClass: first.message.messageClass,
                comments: interfaceComments(members: members, splitOff: splitOffs[first.interface + "/" + first.message.messageClass] ?? [], routing: routing, key: key,
                                            interfaceOf: interfaceOf, caller: caller),
                methods: methods, caller: caller
            )
            files[path]!.interfaces.append(interface)
        }
    }

    /// Two headers of one folder (`chrome_utility_messages.h`, `chrome_utility_printing_messages.h`) can give
    /// one interface name, which the bindings cannot compile in one module, and which the drafts, mocks and binder
    /// registrations, named by the interface alone, cannot tell apart in two. The first file (by path) keeps the
    /// name; the others take their file's name (`ChromeUtilityHost` -> `ChromeUtilityPrintingHost`).
    mutating func separateDuplicateInterfaces() {
        var taken: [String: String] = [:]
        for path in files.keys.sorted() {
            for name in files[path]!.interfaces.map(\.name) { taken[name] = taken[name] ?? path }
        }
        for path in files.keys.sorted() {
            let module = files[path]!.module
            let stem = naming.upperCamel(String(path.split(separator: "/").last!.dropLast(".mojom".count)))
            for index in files[path]!.interfaces.indices {
                let name = files[path]!.interfaces[index].name
                // The tree's own `content.mojom.FrameHost` (Chromium 83's frame.mojom) is as taken as a generated one.
                let treeOwner = rules.treeDeclarations[module + "." + name]
                guard let owner = treeOwner ?? taken[name], owner != path else { continue }
                // Whole words shared with the file's name (`ChromeUtility` of `ChromeUtilityPrinting`) are not repeated.
                let shared = zip(Naming.words(name), Naming.words(stem)).prefix { $0 == $1 }.map(\.0.count).reduce(0, +)
                let base = stem + name.dropFirst(shared)
                var renamed = base
                var number = 2
                while taken[renamed] != nil || rules.treeDeclarations[module + "." + renamed] != nil {
                    renamed = "\(base)\(number)"
                    number += 1
                }
                taken[renamed] = path
                files[path]!.interfaces[index].name = renamed
                if treeOwner != nil {
                    files[path]!.interfaces[index].comments.append("TODO(mojify): named \(renamed), not \(name), because the tree's \(owner) declares \(module).\(name); move these methods into it if they belong together.")
                    warnings.append(PlanWarning(.interfaceDeclaredByTree(owner: owner, qualifiedName: module + "." + name, renamed: renamed), at: .file(path)))
                    continue
                }
                let ownerModule = files[owner]!.module
                let sameModule = ownerModule == module
                let place = sameModule ? "in module \(module)" : "in module \(ownerModule) (drafts and registrations go by the interface's name alone)"
                files[path]!.interfaces[index].comments.append("TODO(mojify): named \(renamed), not \(name), because \(owner) has an interface \(name) \(place) too; merge the two if they belong together.")
                warnings.append(PlanWarning(.interfaceNameTaken(owner: owner, name: name, ownerModule: ownerModule, sameModule: sameModule, renamed: renamed), at: .file(path)))
            }
        }
    }

    /// The process whose code sends the messages of `members`, when every sender the tree has is in one process
    /// other than the implementing one and other than its `peer` (the utility process calling the browser).
    func caller(of members: [Route]) -> String? {
        let names = Set(members.map(\.message.name))
        let callers = Set(names.flatMap { sendersByMessage[$0] ?? [] }.filter { !$0.conditions.disabled }.compactMap { sender in
            process(ofFile: FileLayout.header(of: sender.location, patch: sender.patch), className: sender.function.map { $0.components(separatedBy: "::").dropLast().joined(separator: "::") } ?? "")
        })
        guard callers.count == 1, let caller = callers.first, caller != members[0].process, caller != rules.processes[members[0].process]?.peer else { return nil }
        return caller
    }

    /// `splitOff`: the routes split from this interface (its control messages), of its message class.
    func interfaceComments(members: [Route], splitOff: [Route], routing: RoutingKind, key: String, interfaceOf: [String: String], caller: String?) -> [String] {
        let first = members[0]
        let prefixes = Array(Set(members.map { $0.prefix + "*" })).sorted().joined(separator: ", ")
        var lines = ["Implemented in the \(first.process) process. Converted from the \(first.message.messageClass.isEmpty ? "" : first.message.messageClass + " ")messages \(prefixes)."]
        let handled = Array(Set(members.compactMap(\.handledAt))).sorted()
        let named = Array(Set(members.map(\.namedProcess))).sorted()
        if !handled.isEmpty, named != [first.process] {
            lines.append("The name (\(prefixes)) says the \(named.joined(separator: " and ")) process, but its handlers are in the \(first.process) process: \(handled.prefix(3).joined(separator: "; "))\(handled.count > 3 ? "; ..." : "").")
        }
        if let caller {
            lines.append("Called from the \(caller) process: the tree sends its messages only there.")
        }
        // Where it is registered and reached depends on the registry format; the emitter of that format adds it.
        if routing == .routed {
            let control = members.filter { $0.message.kind == .control }.map(\.message.name)
            if !control.isEmpty {
                lines.append("\(control.joined(separator: ", ")) \(control.count == 1 ? "was a control message: it now goes" : "were control messages: they now go") through the frame's connection; move \(control.count == 1 ? "it" : "them") to a process-wide interface if no frame is involved.")
            }
        }
        if let control = splitOff.first {
            lines.append("Its control messages (\(splitOff.map(\.message.name).joined(separator: ", "))) are in \(control.interface), which is process-wide.")
        }
        if let routed = first.splitFrom {
            lines.append("The control messages of \(prefixes), split from \(routed), which has the routed ones. Legacy IPC delivered both in one order; where a caller relies on it, keep them in one interface, associated with the frame.")
        }
        if routing == .routed {
            let names = Set(members.map(\.message.name))
            var sharedWith: Set<String> = []
            var functions: Set<String> = []
            let sending = Set(names.flatMap { sendersByMessage[$0] ?? [] }.compactMap(\.function))
            for function in sending {
                let senders = sendersByFunction[function] ?? []
                let others = senders.compactMap { interfaceOf[$0.message] }.filter { $0 != key }
                if !others.isEmpty {
                    sharedWith.formUnion(others.map { String($0.split(separator: "/").last!) })
                    functions.insert(function)
                }
            }
            if !functions.isEmpty {
                lines.append("Ordering: \(functions.sorted().joined(separator: ", ")) also send\(functions.count == 1 ? "s" : "") messages of \(sharedWith.sorted().joined(separator: ", ")); those sequences relied on legacy IPC order.")
            }
        }
        return lines
    }

    /// Two methods of one interface may share a name only when `[EnableIf]` attributes tell them apart.
    mutating func dedupeMethodNames(_ methods: inout [MojomMethod], interface: String) {
        var seen: [String: [[String]]] = [:]
        for index in methods.indices {
            let name = methods[index].name
            let conditions = methods[index].attributes.filter { $0.hasPrefix("EnableIf") }
            if let previous = seen[name], conditions.isEmpty || previous.contains(where: { $0.isEmpty || $0 == conditions }) {
                var number = 2
                while seen["\(name)\(number)"] != nil { number += 1 }
                methods[index].name = "\(name)\(number)"
                methods[index].comments.append("TODO(mojify): renamed from \(name), which \(interface) already has; pick a better name.")
                warnings.append(PlanWarning(.methodNameTaken(interface: interface, name: name, renamed: "\(name)\(number)")))
            }
            seen[methods[index].name, default: []].append(conditions)
        }
    }
}
