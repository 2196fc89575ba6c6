import Foundation
import MojifyCore
import MojifyLedger

/// Builders and file helpers shared by the ledger tests.
enum Fixture {
    static func message(
        _ name: String, file: String = "foo/foo_messages.h", line: Int, messageClass: String = "FooMsgStart",
        kind: RoutingKind = .routed, sync: Bool = false
    ) -> MessageDefinition {
        MessageDefinition(
            name: name, messageClass: messageClass, kind: kind, isSync: sync, inputs: [], outputs: [],
            macro: "IPC_MESSAGE_ROUTED0", exportMacro: nil, conditions: Conditions(),
            location: SourceLocation(file: file, line: line, column: 1), source: "IPC_MESSAGE_ROUTED0(\(name))"
        )
    }

    static func inventory(_ messages: MessageDefinition...) -> Inventory {
        Inventory(messages: messages)
    }

    static func row(_ message: String, line: Int, messageClass: String = "FooMsgStart", status: LedgerStatus = .unclaimed, owner: String = "") -> LedgerRow {
        LedgerRow(message: message, messageClass: messageClass, kind: .routed, sync: false, file: "foo/foo_messages.h",
                  line: line, status: status, owner: owner)
    }
}
