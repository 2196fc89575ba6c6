import MojifyConversion
import MojifyCore
import MojifyScanner

/// What the legacy dispatch gave a handler that its interface method no longer gets, named for a human (the
/// rewrite itself compiles): per-message state that the function holding the map set before dispatching
/// (`current_routing_id_ = message.routing_id();`, a `base::AutoReset` of a member), which the handler reads; and a
/// thread override (`OverrideThreadForMessage`) whose case label the rewrite removed, which ran the handler on
/// another thread.
extension CppRewriter {
    mutating func nameTraps() {
        let rewritten = Set(outcomes.filter { $0.kind == .handler && $0.reason == nil }.map(\.location))
        for map in inventory.messageMaps where map.patch == nil {
            let converted = map.handlers.filter { rewritten.contains($0.location) }
            guard !converted.isEmpty, let state = perMessageState(around: map), !state.isEmpty else { continue }
            let className = map.handlerClass.components(separatedBy: "::").last ?? map.handlerClass
            let function = map.function ?? map.handlerClass + "::OnMessageReceived"
            for handler in converted {
                guard let message = handler.message, let method = handler.method?.components(separatedBy: "::").last,
                      let read = statesRead(by: method, className: className, in: map.location.file, among: state) else { continue }
                record(.trap, message, handler.location, reason: "\(method) reads \(read.joined(separator: ", ")), which \(function) sets from each message before dispatching; the interface method is called without it: take what it held from the receiver's context (for a frame-scoped interface, the frame its receiver belongs to) by hand")
            }
        }
        let removedLabels = Set(outcomes.filter { $0.kind == .reference && $0.reason == nil }.map(\.location))
        for reference in inventory.references ?? [] where removedLabels.contains(reference.location) {
            guard let function = reference.function, ["OverrideThreadForMessage", "OverrideTaskRunnerForMessage"].contains(where: function.hasSuffix) else { continue }
            record(.trap, reference.message, reference.location, reason: "its case label left \(function), which ran its handler on another thread; the interface method runs on the thread its receiver is bound on (a message filter's: the IO thread): post the work to the thread the override named by hand")
        }
    }

    /// The members the function holding `map` sets from its `IPC::Message` parameter: assigned from an expression
    /// naming it, or reset for the dispatch by a `base::AutoReset` whose arguments name it. Nil when the function
    /// cannot be read.
    private func perMessageState(around map: MessageMap) -> Set<String>? {
        guard let source = sources[map.location.file], let offset = source.offset(line: map.location.line, column: map.location.column) else { return nil }
        let tokens = source.tokens
        // The function directly holding the map, as the shell's removal reads it.
        guard let begin = tokens.firstIndex(where: { $0.range.lowerBound >= offset }), let open = tokens.openBraces(at: begin).last,
              let function = tokens.function(body: open), let close = function.close else { return nil }
        let (parametersOpen, parametersClose) = (function.parametersOpen, function.parametersClose)
        // The message parameter: the name after `Message&` among the parameters.
        let parameters = tokens[(parametersOpen + 1)..<parametersClose]
        guard let type = parameters.firstIndex(where: { $0.text == "Message" }), type + 2 < parametersClose, tokens[type + 1].text == "&",
              tokens[type + 2].kind == .name else { return nil }
        let message = tokens[type + 2].text
        var state: Set<String> = []
        var index = open + 1
        while index < close {
            let token = tokens[index]
            if token.text == "=", index > open + 1, tokens[index - 1].kind == .name, !["=", "!", "<", ">"].contains(tokens[index + 1].text),
               !["=", "!", "<", ">", "+", "-", "*", "/"].contains(tokens[index - 1].text) {
                let end = tokens[index...].firstIndex { $0.text == ";" } ?? close
                // A local declared here (`int id = message.routing_id();`) is not state the handler can read.
                let declared = index >= 2 && tokens[index - 2].kind == .name && !["return"].contains(tokens[index - 2].text)
                if !declared, tokens[(index + 1)..<end].contains(where: { $0.text == message }) { state.insert(tokens[index - 1].text) }
                index = end
            } else if token.text == "AutoReset", let argumentsOpen = tokens[index...].firstIndex(where: { $0.text == "(" || $0.text == ";" }),
                      tokens[argumentsOpen].text == "(", let argumentsClose = tokens.closing(argumentsOpen) {
                let arguments = tokens[(argumentsOpen + 1)..<argumentsClose]
                if let address = arguments.firstIndex(where: { $0.text == "&" }), address + 1 < argumentsClose, tokens[address + 1].kind == .name,
                   arguments.contains(where: { $0.text == message }) {
                    state.insert(tokens[address + 1].text)
                }
                index = argumentsClose
            }
            index += 1
        }
        return state
    }

    /// The members of `state` the definition of `Class::method` in `file` names, sorted; nil when none (or no
    /// single definition is found).
    private func statesRead(by method: String, className: String, in file: String, among state: Set<String>) -> [String]? {
        guard let source = sources[file], case .success(let found) = definition(of: method, className: className, in: source, file: file) else { return nil }
        let tokens = source.tokens
        let open = found.bodyOpen
        guard let close = tokens.closing(open) else { return nil }
        let read = Set(tokens[(open + 1)..<close].filter { $0.kind == .name && state.contains($0.text) }.map(\.text))
        return read.isEmpty ? nil : read.sorted()
    }
}
