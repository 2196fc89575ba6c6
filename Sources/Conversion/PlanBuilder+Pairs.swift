import Foundation
import MojifyCore

/// Request and reply messages folded into one method with a reply callback, where names or comments propose the pair
/// and the code proves it.
extension PlanBuilder {
    struct Pair {
        var request: Route
        var success: Route
        var error: Route?
        /// Paired because a comment above one of the two names the other as its reply or its request.
        var documented = false
        /// The names proposed the pair the other way round; the handlers and senders decided which is the request.
        var turned = false
    }

    /// Whether a comment above a reply names its request (`// Reply to FooHostMsg_Go.`, `// Sent in response to
    /// FooHostMsg_Go`) or one above a request names its reply (`// The renderer replies with FooMsg_Went.`): the
    /// reply word comes first, then the other message within a few words; "to" or "for" right after the word
    /// points at the request, anything else at the reply.
    static func documentsReply(_ comment: String?, naming other: String, otherIsRequest: Bool) -> Bool {
        guard let comment else { return false }
        // The pattern needs the name itself, and most comments do not hold it: looking costs far less than
        // compiling the pattern. (Only ASCII is compared so: ICU's case folding can match other scalars.)
        if comment.utf8.allSatisfy({ $0 < 0x80 }) && other.utf8.allSatisfy({ $0 < 0x80 }) && !comment.lowercased().contains(other.lowercased()) {
            return false
        }
        let name = NSRegularExpression.escapedPattern(for: other)
        let word = #"\b(?:repl(?:y|ies|ied)|respon(?:se|ses|ds?|ded)|answer(?:s|ed)?|ack(?:nowledge[sd]?)?)\b"#
        let pattern = otherIsRequest ? word + #"\s+(?:to|for)\s+(?:the\s+)?"# + name + #"\b"#
            : word + #"(?!\s+(?:to|for)\b)(?:\W+\w+){0,4}?\W+"# + name + #"\b"#
        return comment.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// Finds replies (`Did{}`, `{}_Reply`, `{}Error`...) sent the other way in the same class; folds only
    /// pairs where each side has exactly one candidate and one definition.
    mutating func foldPairs(_ routes: [Route]) -> [String: Pair] {
        var byStem: [String: [Route]] = [:]
        for route in routes { byStem[route.message.messageClass + "/" + route.stem, default: []].append(route) }
        var definitionCount: [String: Int] = [:]
        for route in routes { definitionCount[route.message.name, default: 0] += 1 }

        // Each reply pattern (`{}_Reply`) as the text around its `{}`, split once rather than searched for every request.
        let successPatterns = rules.successReplies.map { $0.components(separatedBy: "{}") }
        let errorPatterns = rules.errorReplies.map { $0.components(separatedBy: "{}") }
        func candidates(for request: Route, patterns: [[String]]) -> [Route] {
            patterns.flatMap { parts in
                byStem[request.message.messageClass + "/" + parts.joined(separator: request.stem)] ?? []
            }.filter { $0.process != request.process && !$0.message.isSync }
        }

        /// Replies no naming scheme finds, but the header's comments document: looked for only among the messages
        /// whose comments could name the request or be named by it.
        let mentions = CommentMentions(names: routes.map(\.message.name), comments: routes.map(\.message.comment))
        func documented(for index: Int) -> [Route] {
            let request = routes[index]
            return mentions.candidates(for: index, name: request.message.name).map { routes[$0] }.filter { reply in
                reply.message.name != request.message.name && reply.message.messageClass == request.message.messageClass
                    && reply.process != request.process && !reply.message.isSync
                    && (Self.documentsReply(reply.message.comment, naming: request.message.name, otherIsRequest: true)
                        || Self.documentsReply(request.message.comment, naming: reply.message.name, otherIsRequest: false))
            }
        }

        var proposals: [Pair] = []
        for (index, request) in routes.enumerated() where !request.message.isSync && definitionCount[request.message.name] == 1 {
            var successes = candidates(for: request, patterns: successPatterns)
            let errors = candidates(for: request, patterns: errorPatterns)
            let isDocumented = successes.isEmpty && errors.isEmpty
            if isDocumented { successes = documented(for: index) }
            guard !successes.isEmpty else { continue }
            let problem: String?
            if successes.count > 1 || errors.count > 1 {
                problem = "several replies match (\((successes + errors).map(\.message.name).joined(separator: ", ")))"
            } else if let mismatch = (successes + errors).first(where: { $0.message.kind != request.message.kind }) {
                problem = "\(mismatch.message.name) is \(mismatch.message.kind.rawValue) but the request is \(request.message.kind.rawValue)"
            } else if let mismatch = (successes + errors).first(where: { $0.message.conditions.stack != request.message.conditions.stack }) {
                problem = "\(mismatch.message.name) is under different #if conditions"
            } else if let twice = (successes + errors).first(where: { definitionCount[$0.message.name] != 1 }) {
                problem = "\(twice.message.name) is defined more than once"
            } else {
                problem = nil
            }
            if let problem {
                warnings.append(PlanWarning(.notFolded(request: request.message.name, problem: problem), at: .line(request.message.location)))
                continue
            }
            proposals.append(Pair(request: request, success: successes[0], error: errors.first, documented: isDocumented))
        }
        // A naming scheme is the stronger evidence: a documented pair that shares a message with a named one
        // (CEF's Request, Response, ResponseAck chain) gives way to it.
        let named = Set(proposals.filter { !$0.documented }.flatMap { [$0.request, $0.success] + ($0.error.map { [$0] } ?? []) }.map(\.message.name))
        proposals.removeAll { $0.documented && !named.isDisjoint(with: [$0.request.message.name, $0.success.message.name]) }
        // A reply claimed by two requests, or a message that is both a request and a reply, is ambiguous.
        var claims: [String: Int] = [:]
        for pair in proposals {
            for reply in [pair.success] + (pair.error.map { [$0] } ?? []) { claims[reply.message.name, default: 0] += 1 }
        }
        let requests = Set(proposals.map(\.request.message.name))
        var pairs: [String: Pair] = [:]
        for pair in proposals {
            let replies = [pair.success] + (pair.error.map { [$0] } ?? [])
            if replies.contains(where: { claims[$0.message.name]! > 1 || requests.contains($0.message.name) }) || claims[pair.request.message.name] != nil {
                warnings.append(PlanWarning(.replyPairsTwice(request: pair.request.message.name), at: .line(pair.request.message.location)))
                continue
            }
            guard let proven = provenByTheCode(pair) else { continue }
            pairs[proven.request.message.name] = proven
            folded.append(FoldedPair(request: proven.request.message.name, replies: ([proven.success] + (proven.error.map { [$0] } ?? [])).map(\.message.name),
                                     method: methodName(proven.request)))
        }
        return pairs
    }

    /// The pair as the code shows it, or nil with a warning saying why it stays two methods. A name or a comment
    /// only proposes a pair: a reply becomes the request's callback only when it is sent from the request's
    /// handler and from nowhere else, and on every path of it (a callback must run once). A reply sent elsewhere
    /// (`FrameHostMsg_DidAddMessageToConsole`, sent for every console message) or only sometimes
    /// (`AccessibilityHostMsg_ChildFrameHitTestResult`) is a message of its own. Which of the two is the request
    /// is who handles whom: a pair named the other way round (`TextInputClientReplyMsg_GotCharacterIndexForPoint`
    /// answering `TextInputClientMsg_CharacterIndexForPoint`) is turned round.
    mutating func provenByTheCode(_ pair: Pair) -> Pair? {
        let replies = [pair.success] + (pair.error.map { [$0] } ?? [])
        // With an error reply each of the two is sent on some paths only, by design.
        let findings = replies.map { sendEvidence(of: $0.message.name, fromHandlerOf: pair.request.message.name, everyPath: pair.error == nil) }
        if findings.allSatisfy({ $0 == nil }) { return unlessTheSenderWaits(pair) }
        if pair.error == nil, sendEvidence(of: pair.request.message.name, fromHandlerOf: pair.success.message.name, everyPath: true) == nil {
            var turned = Pair(request: pair.success, success: pair.request, error: nil, documented: pair.documented)
            turned.turned = true
            return unlessTheSenderWaits(turned)
        }
        let reasons = zip(replies, findings).compactMap { reply, finding in finding.map { "\(reply.message.name) \($0)" } }
        warnings.append(PlanWarning(.replyNotProven(request: pair.request.message.name, reasons: reasons), at: .line(pair.request.message.location)))
        return nil
    }

    /// The pair, unless a sender of its request then blocks its thread until the reply's handler, on another
    /// thread, signals it (`TextInputClientMac` waits on a condition for `TextInputClientReplyMsg_*`): a reply
    /// callback would be run on the thread that is waiting for it. Chromium kept such pairs two methods.
    mutating func unlessTheSenderWaits(_ pair: Pair) -> Pair? {
        guard let waiting = sendersByMessage[pair.request.message.name]?.first(where: { $0.blocksAfter == true && !$0.conditions.disabled }) else { return pair }
        warnings.append(PlanWarning(.senderWaits(request: pair.request.message.name, reply: pair.success.message.name, function: waiting.function, at: waiting.location),
                                    at: .line(pair.request.message.location)))
        return nil
    }

    /// Nil when every sender of `reply` is in a handler of `request` (on every path of it when `everyPath`), else
    /// what the code shows instead.
    func sendEvidence(of reply: String, fromHandlerOf request: String, everyPath: Bool) -> String? {
        let handlers = Set(inventory.messageMaps.flatMap { map in
            map.handlers.filter { $0.message == request }.compactMap { handler in handler.method.map { IPCNaming.classAndMethod($0, of: map.handlerClass) } }
        })
        let senders = (sendersByMessage[reply] ?? []).filter { !$0.conditions.disabled }
        guard !handlers.isEmpty else { return "has no evidence: \(request) has no handler method in the tree" }
        guard !senders.isEmpty else { return "is sent nowhere in the tree" }
        let handlerList = handlers.sorted().joined(separator: ", ")
        // In the handler, or in code of its file that it reaches.
        if let elsewhere = senders.first(where: { !handlers.contains(IPCNaming.classAndMethod($0.function ?? "")) && handlers.isDisjoint(with: $0.reachedFrom ?? []) }) {
            return "is sent from \(elsewhere.function ?? "outside any function") (\(elsewhere.location)), not only from \(request)'s handler \(handlerList)"
        }
        // A send under a condition is one path; an unconditional send (in the handler, or in the callback it binds)
        // covers the rest, as after an early error reply. With none, some paths send nothing or another message
        // (an error reply no naming scheme pairs).
        if everyPath, let sometimes = senders.first, senders.allSatisfy({ $0.conditional == true }) {
            return "is sent only on some paths (\(sometimes.function ?? handlerList), \(sometimes.location)), so a reply callback would not always run"
        }
        return nil
    }
}
