import MojifyCore

extension LintContext {
    /// Why `message`, handled or sent but defined nowhere in the tree, is an orphan; nil when nothing shows that it
    /// ever belonged to this tree, so it is taken to be defined upstream (in the Chromium the tree builds against).
    /// Its class is the ledger row's, else the conventional one (`FooHostMsg_Bar` -> `FooMsgStart`). In order:
    /// 1. a patch in the tree removes its definition: an orphan;
    /// 2. defined upstream (the `--upstream` inventory, or the rules file's `upstream:` classes and prefixes):
    ///    not an orphan;
    /// 3. the ledger has a row for it, so it was defined here: an orphan;
    /// 4. without a ledger only, its class is defined here: the tree's own files (patches add to upstream files, so
    ///    they do not count) define a message of that class: an orphan. A ledger, which `mojify ledger sync` fills
    ///    with every message the tree defines, is the better record: with one, a message it never listed never
    ///    was defined here (trees keep copies of upstream headers without the messages of platforms they do not
    ///    build, and still carry the upstream code that handles them).
    func orphanEvidence(for message: String) -> String? {
        if let removed = inventory.removedMessages?.first(where: { $0.name == message }) {
            return "a patch removes its definition (\(removed.location.file):\(removed.location.line))"
        }
        let row = ledger?.row(for: message)
        let rowClass = row.map(\.messageClass).flatMap { $0.isEmpty ? nil : $0 }
        let messageClass = rowClass ?? IPCNaming.conventionalClass(of: message)
        if upstream.defines(message, messageClass: messageClass) { return nil }
        if row != nil, let ledger {
            return "the ledger has a row for it at line \(ledger.location(of: message).line), so it was defined in this tree"
        }
        if ledger == nil, let messageClass, let sibling = classEvidence[messageClass] {
            return "this tree defines its message class \(messageClass) ('\(sibling.name)' in \(sibling.location.file))"
        }
        return nil
    }
}

extension [MessageDefinition] {
    /// The first definition of each message class in the tree's own files, by location: the evidence that the tree
    /// defines a class.
    func firstOwnDefinitionByClass() -> [String: MessageDefinition] {
        var found: [String: MessageDefinition] = [:]
        for message in filter({ $0.patch == nil && !$0.messageClass.isEmpty }).sorted(by: { ($0.location, $0.name) < ($1.location, $1.name) })
        where found[message.messageClass] == nil {
            found[message.messageClass] = message
        }
        return found
    }
}
