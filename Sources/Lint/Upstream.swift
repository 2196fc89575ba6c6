import MojifyCore

/// What is defined outside the tree, in the Chromium (or other upstream) checkout it builds against: handlers and
/// senders of such messages are not orphans. Comes from an upstream inventory (`mojify lint --upstream`) and from
/// the `upstream:` section of the rules file.
public struct Upstream: Sendable, Equatable {
    /// Message name -> its message class, from an upstream inventory.
    public var messages: [String: String] = [:]
    /// IPC struct and traits type names of an upstream inventory: `new` of one of them is no send.
    public var structs: Set<String> = []
    /// Message classes (`ViewMsgStart`) whose messages are defined upstream.
    public var classes: Set<String> = []
    /// Message name prefixes (`PrintMsg_`) whose messages are defined upstream.
    public var prefixes: [String] = []

    public init(classes: Set<String> = [], prefixes: [String] = []) {
        self.classes = classes
        self.prefixes = prefixes
    }

    /// Adds what an inventory of the upstream checkout defines (`#if 0` definitions included: the checkout's
    /// build settings are not known here).
    public mutating func add(_ inventory: Inventory) {
        for message in inventory.messages where messages[message.name] == nil {
            messages[message.name] = message.messageClass
        }
        structs.formUnion(inventory.structs.map(\.name) + inventory.structTraits.map { IPCNaming.unqualified($0.type) })
    }

    /// Whether `message` is defined upstream: by name, by prefix, or by its class (`messageClass`, when known).
    func defines(_ message: String, messageClass: String?) -> Bool {
        if messages[message] != nil || prefixes.contains(where: message.hasPrefix) { return true }
        guard let messageClass = messages[message] ?? messageClass else { return false }
        return classes.contains(messageClass)
    }
}
