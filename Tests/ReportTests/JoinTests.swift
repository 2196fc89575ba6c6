import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyLedger
import MojifyLint
import MojifyScanner
@testable import MojifyReport
import MojifyTestSupport
import XCTest

/// How the ledger, the conversion plan and the lint findings attach to the scanned messages.
final class JoinTests: XCTestCase {
    static func definition(_ name: String, _ inputs: [Parameter], disabled: Bool = false) -> MessageDefinition {
        MessageDefinition(name: name, messageClass: "FrameMsgStart", kind: .routed, isSync: false, inputs: inputs, outputs: [],
                          macro: "IPC_MESSAGE_ROUTED\(inputs.count)", exportMacro: nil, conditions: Conditions(stack: disabled ? ["0"] : [], disabled: disabled),
                          location: SourceLocation(file: "content/common/frame_messages.h", line: 10, column: 1), source: "IPC_MESSAGE_ROUTED(\(name))")
    }

    func testLedgerRowsJoinByNameAndVanishedMessagesStay() {
        let messages = ReportModelBuilder.messages(from: Inventory(messages: [Self.definition("FrameHostMsg_A", []), Self.definition("FrameHostMsg_B", [])]))
        let ledger = Ledger(rows: [
            LedgerRow(message: "FrameHostMsg_A", messageClass: "FrameMsgStart", kind: .routed, sync: false, file: "content/common/frame_messages.h", line: 10,
                      status: .inProgress, owner: "alice"),
            LedgerRow(message: "WidgetMsg_Gone", messageClass: "WidgetMsgStart", kind: .control, sync: true, file: "content/common/widget_messages.h", line: 4,
                      status: .converted, owner: "bob", proposedInterface: "content.mojom.Widget", proposedMethod: "Gone();"),
        ])
        let joined = ReportModelBuilder.attach(ledger, to: messages)
        XCTAssertEqual(joined.messages.map(\.name), ["FrameHostMsg_A", "FrameHostMsg_B", "WidgetMsg_Gone"])
        XCTAssertEqual(joined.notInLedger, ["FrameHostMsg_B"])
        XCTAssertEqual(joined.messages.map(\.status), [.inProgress, .unclaimed, .converted])
        XCTAssertEqual(joined.messages.map(\.owner), ["alice", nil, "bob"])
        let gone = joined.messages[2]
        XCTAssertEqual(gone.directory, "content/common")
        XCTAssertEqual(gone.kind, .control)
        XCTAssertTrue(gone.isSync)
        XCTAssertEqual(gone.proposal, Proposal(interface: "content.mojom.Widget", process: nil, declaration: "Gone();"))
    }

    func testThePlanGivesInterfaceMethodDirectionSkipsAndUnmappedTypes() throws {
        let inventory = Inventory(messages: [
            Self.definition("FrameHostMsg_DidStop", [Parameter(type: "int", name: "code")]),
            Self.definition("FrameMsg_Show", [Parameter(type: "madeup::Thing", name: "thing")]),
            Self.definition("NoDirection", []),
            Self.definition("FrameHostMsg_DidFinishLoadingEverything", ["first_argument", "second_argument", "third_argument"].map {
                Parameter(type: "std::string", name: $0)
            }),
        ])
        let rules = try ConversionRules.load()
        let plan = try ConversionPlan.make(inventory: inventory, rules: rules)
        let messages = ReportModelBuilder.attach(plan, to: ReportModelBuilder.messages(from: inventory))
        let byName = Dictionary(uniqueKeysWithValues: messages.map { ($0.name, $0) })
        // The method as the generated .mojom file has it: its comment, and the declaration wrapped past 80 columns.
        let mojom = try MojomEmitter.emit(plan, rules: rules).values.joined()
        for name in ["FrameHostMsg_DidStop", "FrameHostMsg_DidFinishLoadingEverything"] {
            let method = try XCTUnwrap(byName[name]?.proposal?.methodText, name)
            XCTAssertTrue(method.hasPrefix("// From \(name)"), method)
            XCTAssertTrue(mojom.contains(method.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") + "\n"), method)
        }
        XCTAssertTrue(try XCTUnwrap(byName["FrameHostMsg_DidFinishLoadingEverything"]?.proposal?.methodText).contains("(string first_argument,\n"))
        XCTAssertEqual(byName["FrameHostMsg_DidStop"]?.proposal?.interface, plan.proposals["FrameHostMsg_DidStop"]?.interface)
        XCTAssertEqual(byName["FrameHostMsg_DidStop"]?.direction, "to browser")
        XCTAssertEqual(byName["FrameMsg_Show"]?.direction, "to renderer")
        XCTAssertEqual(byName["FrameMsg_Show"]?.unmappedTypes, ["madeup::Thing"])
        XCTAssertNil(byName["NoDirection"]?.proposal)
        XCTAssertEqual(byName["NoDirection"]?.direction, "")
        XCTAssertNotNil(byName["NoDirection"]?.skipReason)
        XCTAssertEqual(ReportModelBuilder.unmappedTypeProblems(plan), [TypeProblem(kind: .unmapped, type: "madeup::Thing", users: ["FrameMsg_Show"])])
    }

    func testBannedTypesAreFoundInParametersAliasesAndStructMembersButNotInDisabledCode() throws {
        let banned = try BannedTypes.load(path: RulesDirectory.file("banned-types.yaml"))
        let member = IPCStruct.Member(type: "unsigned long", name: "flags", defaultValue: nil, location: SourceLocation(file: "a.h", line: 3, column: 3))
        let inventory = Inventory(
            messages: [
                Self.definition("FrameHostMsg_Sizes", [Parameter(type: "std::vector<size_t>", name: "sizes"), Parameter(type: "Count", resolvedType: "long")]),
                Self.definition("FrameHostMsg_Off", [Parameter(type: "size_t")], disabled: true),
                Self.definition("FrameHostMsg_Fine", [Parameter(type: "uint32_t")]),
            ],
            structs: [IPCStruct(name: "FooParams", parent: nil, members: [member], messageClass: "FooMsgStart", conditions: Conditions(),
                                location: SourceLocation(file: "a.h", line: 2, column: 1))]
        )
        let found = ReportModelBuilder.bannedTypes(in: inventory, banned: banned)
        XCTAssertEqual(found.byMessage, ["FrameHostMsg_Sizes": ["long", "size_t"]])
        XCTAssertEqual(found.problems.map(\.type), ["long", "size_t", "unsigned long"])
        XCTAssertEqual(found.problems.map(\.users), [["FrameHostMsg_Sizes"], ["FrameHostMsg_Sizes"], ["FooParams.flags"]])
        XCTAssertTrue(found.problems.allSatisfy { !($0.why ?? "").isEmpty })
    }

    func testFindingsGoToTheirMessageOrToTheGeneralList() {
        let messages = ReportModelBuilder.messages(from: Inventory(messages: [Self.definition("FrameHostMsg_A", [])]))
        let here = SourceLocation(file: "x.cc", line: 1, column: 1)
        let findings = [
            Finding(ruleID: "r1", severity: .error, message: "about A", location: here, messageName: "FrameHostMsg_A", fingerprint: ""),
            Finding(ruleID: "r2", severity: .warning, message: "about an undefined message", location: here, messageName: "FrameHostMsg_Gone", fingerprint: ""),
            Finding(ruleID: "r3", severity: .note, message: "about a struct", location: here, messageName: nil, fingerprint: ""),
        ]
        let joined = ReportModelBuilder.attach(findings, to: messages)
        XCTAssertEqual(joined.messages[0].findings, [findings[0]])
        XCTAssertEqual(joined.general.map(\.ruleID), ["r2", "r3"])
    }
}

/// The report and lint tell one story: the handlers and senders lint names for a message are the drill-down's,
/// and lint's errors are in the Attention section whatever the message's status.
final class ReportAgreesWithLintTests: XCTestCase {
    func testHandlersAndSendersOfAConvertedMessageAreTheOnesLintNames() throws {
        let folder = try temporaryFolder()
        let tree = folder.path
        // FrameHostMsg_Gone was converted: its definition left, one handler and one sender did not.
        try folder.write("content/common/frame_messages.h", "#define IPC_MESSAGE_START FrameMsgStart\nIPC_MESSAGE_ROUTED0(FrameHostMsg_Stays)\n")
        try folder.write("content/browser/frame_host.cc", """
            bool FrameHost::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(FrameHost, message)
                IPC_MESSAGE_HANDLER(FrameHostMsg_Stays, OnStays)
                IPC_MESSAGE_HANDLER(FrameHostMsg_Gone, OnGone)
              IPC_END_MESSAGE_MAP()
            }
            """)
        try folder.write("content/renderer/frame.cc", "void Frame::Leave() {\n  Send(new FrameHostMsg_Gone(routing_id_));\n}\n")
        let ledger = Ledger(rows: [
            LedgerRow(message: "FrameHostMsg_Gone", messageClass: "FrameMsgStart", kind: .routed, sync: false, file: "content/common/frame_messages.h", line: 3,
                      status: .converted, owner: "bob"),
            LedgerRow(message: "FrameHostMsg_Stays", messageClass: "FrameMsgStart", kind: .routed, sync: false, file: "content/common/frame_messages.h", line: 2,
                      status: .unclaimed),
        ])
        let inventory = try IPCScanner.scan(ScanOptions(paths: [tree]))
        let options = try LintOptions.standard(root: tree)
        let findings = try Linter.lint(inventory: inventory, ledger: LedgerReference(ledger: ledger, path: tree + "/ledger.csv", root: tree), options: options)
        let named = findings.filter { $0.messageName == "FrameHostMsg_Gone" && $0.severity == .error }
        XCTAssertEqual(Set(named.map(\.ruleID)), ["converted-still-present"])
        let sources = ReportSources(inventory: inventory, ledger: ledger, history: nil, plan: try ConversionPlan.make(inventory: inventory, rules: try ConversionRules.load()),
                                    findings: findings, bannedTypes: options.bannedTypes)
        let model = ReportModelBuilder.model(sources, title: "t", generatedAt: nil)
        let gone = try XCTUnwrap(model.messages.first { $0.name == "FrameHostMsg_Gone" })
        XCTAssertEqual(Set((gone.handlers + gone.senders).map(\.location)), Set(named.compactMap(\.location)), "the drill-down shows where lint points")
        XCTAssertEqual(gone.handlers.map(\.function), ["FrameHost::OnGone"])
        XCTAssertEqual(gone.senders.map(\.function), ["Frame::Leave"])
        let html = try ReportPage.render(model)
        let attention = try XCTUnwrap(html.components(separatedBy: "<section id=\"attention\"").dropFirst().first?.components(separatedBy: "</section>").first)
        XCTAssertTrue(attention.contains("<summary>Lint errors <span class=\"count\">\(named.count)</span>"), attention)
        XCTAssertTrue(attention.contains("converted-still-present"), attention)
    }
}

extension ReportAgreesWithLintTests {
    /// A converted message whose class code still names (`::ID` in a thread override, `::WriteReplyParams` in a
    /// delayed reply) is no finished one: lint reports each use, and the drill-down lists them.
    func testAConvertedMessageThatCodeStillNamesIsNotClean() throws {
        let folder = try temporaryFolder()
        let tree = folder.path
        try folder.write("content/common/frame_messages.h", "#define IPC_MESSAGE_START FrameMsgStart\nIPC_MESSAGE_ROUTED0(FrameHostMsg_Stays)\n")
        try folder.write("content/browser/frame_filter.cc", """
            void FrameFilter::OverrideThreadForMessage(const IPC::Message& message, BrowserThread::ID* thread) {
              if (message.type() == FrameHostMsg_Gone::ID)
                *thread = BrowserThread::UI;
            }
            void FrameFilter::OnGoneDone(IPC::Message* reply, bool ok) {
              FrameHostMsg_Gone::WriteReplyParams(reply, ok);
            }
            """)
        let ledger = Ledger(rows: [
            LedgerRow(message: "FrameHostMsg_Gone", messageClass: "FrameMsgStart", kind: .routed, sync: true, file: "content/common/frame_messages.h", line: 3,
                      status: .converted, owner: "bob"),
            LedgerRow(message: "FrameHostMsg_Stays", messageClass: "FrameMsgStart", kind: .routed, sync: false, file: "content/common/frame_messages.h", line: 2,
                      status: .unclaimed),
        ])
        let inventory = try IPCScanner.scan(ScanOptions(paths: [tree]))
        let options = try LintOptions.standard(root: tree)
        let findings = try Linter.lint(inventory: inventory, ledger: LedgerReference(ledger: ledger, path: tree + "/ledger.csv", root: tree), options: options)
        let named = findings.filter { $0.messageName == "FrameHostMsg_Gone" }
        XCTAssertEqual(named.map(\.ruleID), ["converted-still-present", "converted-still-present"])
        XCTAssertEqual(named.map(\.location.line), [2, 6])
        let sources = ReportSources(inventory: inventory, ledger: ledger, history: nil, plan: try ConversionPlan.make(inventory: inventory, rules: try ConversionRules.load()),
                                    findings: findings, bannedTypes: options.bannedTypes)
        let model = ReportModelBuilder.model(sources, title: "t", generatedAt: nil)
        let gone = try XCTUnwrap(model.messages.first { $0.name == "FrameHostMsg_Gone" })
        XCTAssertEqual(gone.handlers + gone.senders, [])
        XCTAssertEqual(gone.references, [
            CodeSite(location: SourceLocation(file: "content/browser/frame_filter.cc", line: 2, column: 25), function: "FrameFilter::OverrideThreadForMessage", remarks: ["::ID"]),
            CodeSite(location: SourceLocation(file: "content/browser/frame_filter.cc", line: 6, column: 3), function: "FrameFilter::OnGoneDone", remarks: ["::WriteReplyParams"]),
        ])
        let html = try ReportPage.render(model)
        XCTAssertEqual(try ReportPage.render(model), html, "deterministic")
        XCTAssertTrue(MessageTable.flags(gone).contains("lint"))
        let attention = try XCTUnwrap(html.components(separatedBy: "<section id=\"attention\"").dropFirst().first?.components(separatedBy: "</section>").first)
        XCTAssertTrue(attention.contains("<summary>Lint errors <span class=\"count\">2</span>"), attention)
        XCTAssertTrue(html.contains(#",2,"FrameFilter::OverrideThreadForMessage","::ID"],["#) && html.contains(#",6,"FrameFilter::OnGoneDone","::WriteReplyParams"]]"#),
                      "the drill-down lists the uses")
    }
}
