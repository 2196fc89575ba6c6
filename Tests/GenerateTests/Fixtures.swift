import Foundation
@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import MojifyScanner
import MojifyTestSupport
import XCTest

/// Builders for small inventories and the shipped rules, shared by the tests of this target.
enum Fixtures {
    static func rules() throws -> ConversionRules {
        try ConversionRules.load()
    }

    static func rules(overriding yaml: String) throws -> ConversionRules {
        try ConversionRules(yaml: yaml, path: "test-rules.yaml", base: rules())
    }

    static func message(
        _ name: String, messageClass: String = "TestMsgStart", kind: RoutingKind = .routed, sync: Bool = false,
        inputs: [Parameter] = [], outputs: [Parameter] = [], line: Int = 1, conditions: [String] = [],
        file: String = "content/common/test_messages.h"
    ) -> MessageDefinition {
        MessageDefinition(
            name: name, messageClass: messageClass, kind: kind, isSync: sync, inputs: inputs, outputs: outputs,
            macro: "IPC_MESSAGE_ROUTED", exportMacro: nil, conditions: Conditions(stack: conditions, disabled: conditions == ["0"]),
            location: SourceLocation(file: file, line: line, column: 1), source: ""
        )
    }

    static func plan(
        _ messages: [MessageDefinition], rules: ConversionRules? = nil, file: StaticString = #filePath, line: UInt = #line,
        configure: (inout Inventory) -> Void = { _ in }
    ) throws -> ConversionPlan {
        var inventory = Inventory(messages: messages)
        configure(&inventory)
        let rules = try rules ?? self.rules()
        let plan = try ConversionPlan.make(inventory: inventory, rules: rules)
        // Every plan a test builds must give mojom that Chromium's parser reads, whatever the test looks at.
        for (path, text) in try MojomEmitter.emit(plan, rules: rules) {
            XCTAssertNoThrow(try MojomSyntaxChecker.check(text), "\(path) does not parse:\n\(text)", file: file, line: line)
        }
        return plan
    }

    /// What a tree shows when each request's replies are its answers: a message map handling the request with
    /// `OnRequest` in `Handler`, and each reply sent from that handler (`conditional` as the scan marks a send under
    /// a condition). Folding needs this evidence.
    static func answered(_ pairs: [(request: String, replies: [String])], conditional: Bool = false) -> (inout Inventory) -> Void {
        { inventory in
            for (index, pair) in pairs.enumerated() {
                let at = SourceLocation(file: "content/common/handler.cc", line: 100 * (index + 1), column: 1)
                // Named as Chromium names handlers: `On` and the message's name.
                let handler = "On" + (pair.request.split(separator: "_", maxSplits: 1).last.map(String.init) ?? pair.request)
                inventory.messageMaps.append(MessageMap(
                    macro: "IPC_BEGIN_MESSAGE_MAP", handlerClass: "Handler", function: "Handler::OnMessageReceived",
                    handlers: [MessageHandler(macro: "IPC_MESSAGE_HANDLER", wrapper: nil, message: pair.request, method: handler, target: nil, delayReply: false, conditions: Conditions(), location: at)],
                    conditions: Conditions(), location: at
                ))
                for (offset, reply) in pair.replies.enumerated() {
                    inventory.senders.append(Sender(message: reply, function: "Handler::" + handler, conditions: Conditions(),
                                                    location: SourceLocation(file: at.file, line: at.line + offset + 1, column: 3), conditional: conditional ? true : nil))
                }
            }
        }
    }

    /// The inventory of Examples/, scanned once per test process.
    static let examples: Result<Inventory, Error> = Result { try IPCScanner.scan(ScanOptions(paths: [repositoryRoot + "/Examples"])) }
}
