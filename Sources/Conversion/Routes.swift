import Foundation
import MojifyCore

/// Where one legacy message goes: which interface, implemented in which process, under which method name.
struct Route {
    var message: MessageDefinition
    var interface: String
    var process: String
    /// The process the message name alone gives (its direction's `implemented_in`).
    var namedProcess: String
    /// Where its handlers are, when they decided `process` (`PrintWebViewHelper in chrome/renderer/print.cc:12`).
    var handledAt: String?
    /// The message name after its matched prefix, e.g. `GetMimeTypeFromExtension`.
    var stem: String
    /// The matched prefix, e.g. `MimeRegistryMsg_`.
    var prefix: String
    /// Why the process differs from what the prefix says, when it does.
    var processNote: String?
    /// Where the message goes if it is a control message among routed ones of `interface` (see `PlanBuilder`).
    var controlInterface: String
    /// The routed interface a control message was split from.
    var splitFrom: String?
}

/// Applies the rules' `directions` to message names.
struct DirectionMatcher {
    private let directions: [(ConversionRules.Direction, NSRegularExpression)]
    private let syncProcess: String
    private let syncCommentDirections: [NSRegularExpression]
    private let processes: Set<String>

    private let naming: Naming

    init(rules: ConversionRules) throws {
        directions = try rules.directions.map { ($0, try NSRegularExpression(pattern: $0.pattern)) }
        syncProcess = rules.syncImplementedIn
        syncCommentDirections = try rules.syncCommentDirections.map { try NSRegularExpression(pattern: $0, options: .caseInsensitive) }
        processes = Set(rules.processes.keys)
        naming = Naming(rules: rules)
    }

    /// The interface, process and stem for `name`, or `nil` when no scheme matches.
    func match(_ name: String) -> (interface: String, controlInterface: String, process: String, prefix: String, stem: String)? {
        let range = NSRange(name.startIndex..., in: name)
        for (direction, expression) in directions {
            guard let found = expression.firstMatch(in: name, options: [.anchored], range: range),
                  let whole = Range(found.range, in: name)
            else { continue }
            // A name the template makes from a non-ASCII message name, or a template's stray characters, would not parse.
            func identifier(_ template: String) -> String {
                let text = expression.replacementString(for: found, in: name, offset: 0, template: template)
                return text.isEmpty || Naming.isIdentifier(text) ? text : naming.upperCamel(text)
            }
            let interface = identifier(direction.interface)
            let controlInterface = direction.controlInterface.map(identifier) ?? interface + "Process"
            let stem = String(name[whole.upperBound...])
            guard !stem.isEmpty, !interface.isEmpty else { continue }
            return (interface, controlInterface, direction.process, String(name[whole]), stem)
        }
        return nil
    }

    /// The route of a message, or why it has none.
    func route(_ message: MessageDefinition) -> Result<Route, SkipReason> {
        guard let found = match(message.name) else { return .failure(.init(text: "no rule in 'directions' matches its name; add one to the rules")) }
        var route = Route(
            message: message, interface: found.interface, process: found.process, namedProcess: found.process, stem: found.stem,
            prefix: found.prefix, controlInterface: found.controlInterface
        )
        if message.isSync, let (implementer, sentence) = commentedImplementer(message.comment) {
            route.process = implementer
            route.processNote = "Sync: implemented in the \(implementer) process, as the header's comment says (\"\(sentence)\")."
        } else if message.isSync, found.process != syncProcess {
            route.process = syncProcess
            route.processNote = "Sync: legacy IPC only lets the renderer send sync messages, so this is implemented in the \(syncProcess) process although its prefix says \(found.process)."
        }
        return .success(route)
    }

    /// The process a sync message's comment says waits on it (`This message blocks the browser process on the
    /// renderer`), with the words that say so; only a process the rules know counts.
    func commentedImplementer(_ comment: String?) -> (String, String)? {
        guard let comment else { return nil }
        let range = NSRange(comment.startIndex..., in: comment)
        for expression in syncCommentDirections {
            guard let found = expression.firstMatch(in: comment, range: range),
                  let group = Range(found.range(withName: "implementer"), in: comment), let whole = Range(found.range, in: comment)
            else { continue }
            let implementer = comment[group].lowercased()
            if processes.contains(implementer) { return (implementer, String(comment[whole])) }
        }
        return nil
    }

    /// Strips a direction prefix from a struct name: `FrameHostMsg_Foo_Params` -> `Foo_Params`.
    func withoutPrefix(_ name: String) -> String {
        match(name)?.stem ?? name
    }
}

struct SkipReason: Error {
    var text: String
}
