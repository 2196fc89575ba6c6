import Foundation
import MojifyCore

/// Where each selected message goes: its interface and process by the rules' directions, then by where its handlers
/// are, and apart from messages it cannot share an interface with.
extension PlanBuilder {
    func isSelected(_ message: MessageDefinition) -> Bool {
        only.isEmpty || only.contains(message.name) || only.contains(message.messageClass)
    }

    mutating func routeMessages() -> [Route] {
        var routes: [Route] = []
        for message in inventory.messages where isSelected(message) {
            if message.conditions.disabled {
                skipped.append(SkippedMessage(message: message.name, reason: "never compiled (\(message.conditions.stack.joined(separator: " && ")))", location: message.location))
                continue
            }
            if let deep = (message.inputs + message.outputs).lazy.map({ CppType.nestingDepth(of: $0.type) }).first(where: { $0 > CppType.nestingLimit }) {
                skipped.append(SkippedMessage(
                    message: message.name,
                    reason: "a parameter type nests templates \(deep) levels deep, past mojify's limit of \(CppType.nestingLimit); name the type with a 'using' alias, or convert this message by hand",
                    location: message.location
                ))
                continue
            }
            switch matcher.route(message) {
            case let .success(route): routes.append(route)
            case let .failure(reason): skipped.append(SkippedMessage(message: message.name, reason: reason.text, location: message.location))
            }
        }
        placeByHandlers(&routes)
        // An interface name used by two processes (a sync message overriding its prefix) is split by process.
        var processesByInterface: [String: Set<String>] = [:]
        for route in routes { processesByInterface[route.message.messageClass + "/" + route.interface, default: []].insert(route.process) }
        for index in routes.indices where routes[index].processNote != nil && processesByInterface[routes[index].message.messageClass + "/" + routes[index].interface]!.count > 1 {
            let renamed = routes[index].interface + naming.upperCamel(routes[index].process)
            let split = PlanWarning(.syncMessagesSplit(interface: routes[index].interface, process: routes[index].process, renamed: renamed))
            if !warnings.contains(split) { warnings.append(split) }
            routes[index].interface = renamed
            routes[index].controlInterface += naming.upperCamel(routes[index].process)
        }
        splitControlFromRouted(&routes)
        return routes
    }

    /// The process a message map's handlers run in: the innermost folder of its file that a process lists in
    /// `handler_folders`, else the process whose `handler_classes` end the handler class's name.
    func handlerProcess(of map: MessageMap) -> String? {
        process(ofFile: FileLayout.header(of: map.location, patch: map.patch), className: map.handlerClass)
    }

    /// The process code in `file` (and class `className`) runs in, by the rules' `handler_folders` and `handler_classes`.
    func process(ofFile file: String, className qualified: String) -> String? {
        let folders = file.split(separator: "/").dropLast().map(String.init)
        let processes = rules.processes.sorted { $0.key < $1.key }
        for folder in folders.reversed() {
            if let found = processes.first(where: { $0.value.handlerFolders.contains(folder) }) { return found.key }
        }
        let className = String(qualified.split(separator: ":").last ?? "")
        let matches = processes.flatMap { process in process.value.handlerClasses.filter { className.hasSuffix($0) }.map { (process.key, $0.count) } }
        return matches.max { $0.1 < $1.1 }?.0
    }

    /// Where handlers are decides the process before the name does: a message handled only in the renderer is
    /// implemented there, sync or not. Handlers in several processes leave the name's choice, with a note.
    mutating func placeByHandlers(_ routes: inout [Route]) {
        var found: [String: [(process: String, place: String)]] = [:]
        for map in inventory.messageMaps where !map.conditions.disabled {
            guard let process = handlerProcess(of: map) else { continue }
            for handler in map.handlers where !handler.conditions.disabled {
                guard let message = handler.message else { continue }
                found[message, default: []].append((process, "\(map.handlerClass) in \(handler.location.file):\(handler.location.line)"))
            }
        }
        for index in routes.indices {
            guard let handlers = found[routes[index].message.name] else { continue }
            let processes = Array(Set(handlers.map(\.process))).sorted()
            let places = Array(Set(handlers.map(\.place))).sorted()
            guard processes.count == 1 else {
                routes[index].processNote = [routes[index].processNote, "Handled in the \(processes.joined(separator: " and ")) processes (\(places.joined(separator: "; "))); implemented in the \(routes[index].process) process as its name says. Check which side should own it."].compactMap { $0 }.joined(separator: " ")
                continue
            }
            let process = processes[0]
            routes[index].handledAt = places[0]
            guard process != routes[index].process else { continue }
            let route = routes[index]
            if route.message.isSync {
                let caller = rules.processes[process]?.peer ?? "caller"
                routes[index].processNote = "Sync, and handled in the \(process) process (\(places[0])), so implemented there: the \(caller) blocks on the \(process) process while it runs. Legacy IPC refused that direction for sync messages; check that it cannot deadlock."
            } else {
                routes[index].processNote = "Handled in the \(process) process (\(places[0])), so implemented there, although its name (\(route.prefix)) says \(route.namedProcess)."
            }
            routes[index].process = process
        }
    }

    /// Legacy IPC let one prefix mix routed and control messages; Mojo cannot: a frame-scoped interface is
    /// registered, reached and whitelisted elsewhere than a process-wide one (the guide's tables). So the control
    /// messages of an interface that also has routed ones move to the direction's `control_interface`.
    mutating func splitControlFromRouted(_ routes: inout [Route]) {
        func key(_ route: Route) -> String { route.message.messageClass + "/" + route.interface }
        var kinds: [String: Set<RoutingKind>] = [:]
        for route in routes { kinds[key(route), default: []].insert(route.message.kind) }
        let taken = Set(routes.map(key))
        var refused: Set<String> = []
        for index in routes.indices where routes[index].message.kind == .control && kinds[key(routes[index])]!.count > 1 {
            let target = routes[index].message.messageClass + "/" + routes[index].controlInterface
            guard !taken.contains(target) else {
                if refused.insert(key(routes[index])).inserted {
                    warnings.append(PlanWarning(.controlInterfaceTaken(interface: routes[index].interface, controlInterface: routes[index].controlInterface)))
                }
                continue
            }
            routes[index].splitFrom = routes[index].interface
            routes[index].interface = routes[index].controlInterface
        }
    }
}
