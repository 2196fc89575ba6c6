@testable import MojifyConversion
@testable import MojifyEmitters
import MojifyCore
import MojifyScanner
import MojifyTestSupport
import XCTest

/// Names, directions, sync messages, request/response folding, conditions, files and modules.
final class NamingAndFoldingTests: XCTestCase {
    func naming() throws -> Naming { Naming(rules: try Fixtures.rules()) }

    func testSnakeCaseParameterNames() throws {
        let naming = try naming()
        XCTAssertEqual(naming.snakeCase("render_frame_id"), "render_frame_id")
        XCTAssertEqual(naming.snakeCase("renderFrameID"), "render_frame_id")
        XCTAssertEqual(naming.snakeCase("Frame ID"), "frame_id")
        XCTAssertEqual(naming.snakeCase("GURL"), "gurl")
        XCTAssertEqual(naming.snakeCase("2nd-value"), "p_2nd_value")
        XCTAssertEqual(naming.snakeCase("***"), "value")
        XCTAssertEqual(naming.snakeCase("interface"), "interface_value")
        XCTAssertEqual(naming.snakeCase("string"), "string_value")
        // A keyword only after `=>`; Chromium's mojom is full of `=> (bool result)`.
        XCTAssertEqual(naming.snakeCase("result"), "result")
        let plan = try Fixtures.plan([Fixtures.message("FooHostMsg_Patch", sync: true, inputs: [Parameter(type: "int", name: "result")], outputs: [Parameter(type: "int", name: "result")])])
        XCTAssertEqual(plan.proposals["FooHostMsg_Patch"]?.declaration, "[Sync] Patch(int32 result) => (int32 result);")
    }

    func testUpperCamelMethodNames() throws {
        let naming = try naming()
        XCTAssertEqual(naming.upperCamel("GetMimeTypeFromExtension"), "GetMimeTypeFromExtension")
        XCTAssertEqual(naming.upperCamel("ShouldSuspend_ACK"), "ShouldSuspendAck")
        XCTAssertEqual(naming.upperCamel("RequestThumbnail_Reply"), "RequestThumbnailReply")
        XCTAssertEqual(naming.upperCamel("GetURL"), "GetURL")
        XCTAssertEqual(naming.upperCamel("did_stop"), "DidStop")
        XCTAssertEqual(naming.upperCamel("3D"), "T3d")
    }

    func testNonASCIINamesBecomeASCIIIdentifiers() throws {
        let naming = try naming()
        XCTAssertEqual(naming.upperCamel("Größe_Ändern"), "GrosseAndern")
        XCTAssertEqual(naming.snakeCase("fenêtreÉtat"), "fenetre_etat")
        XCTAssertEqual(naming.snakeCase("名前"), "value")
        XCTAssertEqual(naming.upperCamel("名前"), "Unnamed")
        XCTAssertTrue(Naming.isIdentifier("_a1") && !Naming.isIdentifier("1a") && !Naming.isIdentifier("Ü") && !Naming.isIdentifier(""))
        // C++ allows these names; the mojom file must still parse.
        let plan = try Fixtures.plan([
            Fixtures.message("ÜberHostMsg_Größe", inputs: [Parameter(type: "int", name: "höhe")], file: "3d/über_messages.h"),
            Fixtures.message("ÜberHostMsg_Frame", kind: .control, line: 2, file: "3d/über_messages.h"),
        ])
        XCTAssertEqual(plan.files.map(\.module), ["m_3d.mojom"])
        XCTAssertEqual(plan.interfaces.map(\.name).sorted(), ["UberHost", "UberHostProcess"])
        XCTAssertEqual(plan.proposals["ÜberHostMsg_Größe"]?.declaration, "Grosse(int32 hohe);")
        for text in try MojomEmitter.emit(plan, rules: Fixtures.rules()).values {
            XCTAssertNoThrow(try MojomSyntaxChecker.check(text), text)
        }
    }

    func testLongMethodsWrapLikeClangFormat() {
        func method(_ parameters: [MojomParameter], response: [MojomParameter]? = nil) -> MojomMethod {
            MojomMethod(name: "DidCommitProvisionalLoad", messages: [], attributes: ["Sync"], parameters: parameters, response: response, comments: [])
        }
        let short = MojomParameter(type: "int32", name: "id")
        let long = MojomParameter(type: "DidCommitProvisionalLoadParams", name: "did_commit_provisional_load_params")
        XCTAssertEqual(MojomText.methodLines(method([short]), indent: "  "), ["  DidCommitProvisionalLoad(int32 id);"])
        XCTAssertEqual(MojomText.methodLines(method([short, MojomParameter(type: "url.mojom.Url", name: "document_url_after_redirects")]), indent: "  "), [
            "  DidCommitProvisionalLoad(int32 id,",
            "                           url.mojom.Url document_url_after_redirects);",
        ])
        XCTAssertEqual(MojomText.methodLines(method([long], response: [short, long]), indent: "  "), [
            "  DidCommitProvisionalLoad(",
            "      DidCommitProvisionalLoadParams did_commit_provisional_load_params)",
            "      => (int32 id,",
            "          DidCommitProvisionalLoadParams did_commit_provisional_load_params);",
        ])
        for line in MojomText.methodLines(method([long, short], response: []), indent: "  ") {
            XCTAssertLessThanOrEqual(line.count, 80, line)
        }
    }

    func testEnumValuesDropSharedWords() throws {
        let naming = try naming()
        XCTAssertEqual(naming.enumValues(["PREFETCH_PRIORITY_LOW", "PREFETCH_PRIORITY_HIGH"]), ["kLow", "kHigh"])
        XCTAssertEqual(naming.enumValues(["kAllow", "kBlock"]), ["kAllow", "kBlock"])
        XCTAssertEqual(naming.enumValues(["TYPE_A", "TYPE_A_B"]), ["kA", "kAB"])
        XCTAssertEqual(naming.enumValues(["ONLY_ONE"]), ["kOnlyOne"])
        XCTAssertEqual(naming.enumValues(["MODE_1", "MODE_2"]), ["kV1", "kV2"])
    }

    func testUniqueNamesAreNumbered() {
        XCTAssertEqual(Naming.uniqued(["id", "id", "x", "id"]), ["id", "id_2", "x", "id_3"])
    }

    func testTheGuidesExampleAndProposedMethod() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("MimeRegistryMsg_GetMimeTypeFromExtension", kind: .control, sync: true,
                             inputs: [Parameter(type: "base::FilePath::StringType", name: "extension")],
                             outputs: [Parameter(type: "std::string", name: "mime_type")]),
        ])
        XCTAssertEqual(plan.proposals["MimeRegistryMsg_GetMimeTypeFromExtension"]?.declaration, "[Sync] GetMimeTypeFromExtension(string extension) => (string mime_type);")
        XCTAssertEqual(plan.proposals["MimeRegistryMsg_GetMimeTypeFromExtension"]?.interface, "content.mojom.MimeRegistry")
        // Sync messages are renderer -> browser whatever the prefix says.
        XCTAssertEqual(plan.interfaces.first?.process, "browser")
        XCTAssertNil(plan.proposals["NoSuchMsg_Foo"]?.declaration)
    }

    func testDirectionsByPrefix() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("FooHostMsg_Bar", line: 1),
            Fixtures.message("FooMsg_Baz", line: 2),
            Fixtures.message("SomethingElse", line: 3),
        ])
        let byName = Dictionary(uniqueKeysWithValues: plan.interfaces.map { ($0.name, $0.process) })
        XCTAssertEqual(byName, ["FooHost": "browser", "Foo": "renderer"])
        XCTAssertEqual(plan.skippedMessages.map(\.message), ["SomethingElse"])
        XCTAssertTrue(plan.skippedMessages[0].reason.contains("directions"))
    }

    func testOtherNamingSchemesComeFromRules() throws {
        let rules = try Fixtures.rules(overriding: """
        directions:
          - {match: "^(\\\\w+)ToBrowser_", interface: "$1Service", implemented_in: browser}
        """)
        let plan = try Fixtures.plan([Fixtures.message("AudioToBrowser_Start")], rules: rules)
        XCTAssertEqual(plan.interfaces.map(\.name), ["AudioService"])
        XCTAssertEqual(plan.proposals["AudioToBrowser_Start"]?.declaration, "Start();")
    }

    func testParameterNamesFromCommentsOrTypesAreUniqueAndValid() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("FooHostMsg_Set", inputs: [
                Parameter(type: "bool"), Parameter(type: "std::string"), Parameter(type: "GURL"), Parameter(type: "GURL"),
                Parameter(type: "int", name: "class"), Parameter(type: "std::vector<gfx::Rect>"),
            ]),
        ])
        XCTAssertEqual(plan.proposals["FooHostMsg_Set"]?.declaration,
                       "Set(bool bool_value, string string_value, url.mojom.Url url, url.mojom.Url url_2, int32 class_value, array<gfx.mojom.Rect> rect);")
    }

    func testRequestReplyAndErrorAreFolded() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("FooHostMsg_Frobinate", line: 1),
            Fixtures.message("FooMsg_DidFrobinate", line: 2),
            Fixtures.message("FooMsg_FrobinateError", inputs: [Parameter(type: "std::string", name: "error")], line: 3),
        ], configure: Fixtures.answered([("FooHostMsg_Frobinate", ["FooMsg_DidFrobinate", "FooMsg_FrobinateError"])], conditional: true))
        XCTAssertEqual(plan.proposals["FooHostMsg_Frobinate"]?.declaration, "Frobinate() => (bool success, string? error);")
        XCTAssertEqual(plan.proposals["FooMsg_DidFrobinate"]?.declaration, plan.proposals["FooHostMsg_Frobinate"]?.declaration)
        XCTAssertEqual(plan.foldedPairs, [FoldedPair(request: "FooHostMsg_Frobinate", replies: ["FooMsg_DidFrobinate", "FooMsg_FrobinateError"], method: "Frobinate")])
        XCTAssertEqual(plan.interfaces.map(\.name), ["FooHost"], "the replies leave no methods behind")
        XCTAssertTrue(plan.interfaces[0].methods[0].comments.contains { $0.contains("Folded") })
    }

    func testEveryReplySuffixFolds() throws {
        for reply in [
            "DidPing", "Ping_Reply", "PingReply", "Ping_ACK", "Ping_Ack", "PingAck", "Ping_Response", "PingResponse", "Ping_Done", "PingDone",
            "Ping_Succeeded", "PingSucceeded", "Ping_Result", "PingResult", "Ping_Finished", "PingFinished",
        ] {
            let plan = try Fixtures.plan([
                Fixtures.message("FooMsg_Ping", inputs: [Parameter(type: "int", name: "id")], line: 1),
                Fixtures.message("FooHostMsg_\(reply)", inputs: [Parameter(type: "int", name: "id"), Parameter(type: "bool", name: "ok")], line: 2),
            ], configure: Fixtures.answered([("FooMsg_Ping", ["FooHostMsg_\(reply)"])]))
            XCTAssertEqual(plan.proposals["FooMsg_Ping"]?.declaration, "Ping(int32 id) => (int32 id, bool ok);", reply)
        }
    }

    /// Electron's chrome_utility_messages.h: `_Succeeded`/`_Failed` and `_Result`/`_Failed` replies.
    func testSucceededResultAndFailedRepliesFold() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("ChromeUtilityMsg_DecodeImage", kind: .control, inputs: [Parameter(type: "std::vector<uint8_t>", name: "encoded_image_contents")], line: 1),
            Fixtures.message("ChromeUtilityMsg_GetOpenFileName", kind: .control, inputs: [Parameter(type: "base::FilePath", name: "filename")], line: 2, conditions: ["defined(OS_WIN)"]),
            Fixtures.message("ChromeUtilityHostMsg_DecodeImage_Succeeded", kind: .control, inputs: [Parameter(type: "SkBitmap", name: "decoded_image")], line: 3),
            Fixtures.message("ChromeUtilityHostMsg_DecodeImage_Failed", kind: .control, line: 4),
            Fixtures.message("ChromeUtilityHostMsg_GetOpenFileName_Failed", kind: .control, line: 5, conditions: ["defined(OS_WIN)"]),
            Fixtures.message("ChromeUtilityHostMsg_GetOpenFileName_Result", kind: .control, inputs: [Parameter(type: "base::FilePath", name: "directory")], line: 6, conditions: ["defined(OS_WIN)"]),
        ], configure: Fixtures.answered([
            ("ChromeUtilityMsg_DecodeImage", ["ChromeUtilityHostMsg_DecodeImage_Succeeded", "ChromeUtilityHostMsg_DecodeImage_Failed"]),
            ("ChromeUtilityMsg_GetOpenFileName", ["ChromeUtilityHostMsg_GetOpenFileName_Result", "ChromeUtilityHostMsg_GetOpenFileName_Failed"]),
        ]))
        XCTAssertEqual(plan.foldedPairs.map(\.request), ["ChromeUtilityMsg_DecodeImage", "ChromeUtilityMsg_GetOpenFileName"])
        XCTAssertEqual(plan.foldedPairs.map(\.replies), [
            ["ChromeUtilityHostMsg_DecodeImage_Succeeded", "ChromeUtilityHostMsg_DecodeImage_Failed"],
            ["ChromeUtilityHostMsg_GetOpenFileName_Result", "ChromeUtilityHostMsg_GetOpenFileName_Failed"],
        ])
        XCTAssertEqual(plan.proposals["ChromeUtilityMsg_DecodeImage"]?.declaration, "DecodeImage(array<uint8> encoded_image_contents) => (bool success, skia.mojom.BitmapN32? decoded_image);")
    }

    /// A reply that follows no naming scheme is folded when a comment above either message names the other as
    /// its reply, and only then; a mention without "reply", or two documented candidates, folds nothing.
    func testPairsTheHeadersCommentsDocumentAreFolded() throws {
        func message(_ name: String, line: Int, comment: String?) -> MessageDefinition {
            var message = Fixtures.message(name, kind: .control, inputs: [Parameter(type: "int", name: "request_id")], line: line)
            message.comment = comment
            return message
        }
        let documented = try Fixtures.plan([
            message("XWalkViewHostMsg_CapturePicture", line: 1, comment: "Asks for a picture of the page; the renderer replies with XWalkViewMsg_PictureReady."),
            message("XWalkViewMsg_PictureReady", line: 2, comment: nil),
            message("XWalkViewHostMsg_Scroll", line: 3, comment: nil),
            message("XWalkViewMsg_Scrolled", line: 4, comment: "Response to XWalkViewHostMsg_Scroll."),
        ], configure: Fixtures.answered([("XWalkViewHostMsg_CapturePicture", ["XWalkViewMsg_PictureReady"]), ("XWalkViewHostMsg_Scroll", ["XWalkViewMsg_Scrolled"])]))
        XCTAssertEqual(documented.foldedPairs.map(\.request), ["XWalkViewHostMsg_CapturePicture", "XWalkViewHostMsg_Scroll"])
        XCTAssertEqual(documented.foldedPairs.map(\.replies), [["XWalkViewMsg_PictureReady"], ["XWalkViewMsg_Scrolled"]])
        let capture = try XCTUnwrap(documented.interfaces.flatMap(\.methods).first { $0.name == "CapturePicture" })
        XCTAssertTrue(capture.comments.contains { $0.contains("which the header's comments give as the reply") }, "\(capture.comments)")

        for unfolded in [
            [message("FooHostMsg_Go", line: 1, comment: "See FooMsg_Went for what happens next."), message("FooMsg_Went", line: 2, comment: nil)],
            [message("FooHostMsg_Go", line: 1, comment: "The reply is FooMsg_Went or FooMsg_Gone."), message("FooMsg_Went", line: 2, comment: nil),
             message("FooMsg_Gone", line: 3, comment: "Reply to FooHostMsg_Go.")],
        ] {
            XCTAssertEqual(try Fixtures.plan(unfolded, configure: Fixtures.answered([("FooHostMsg_Go", ["FooMsg_Went", "FooMsg_Gone"])])).foldedPairs.map(\.request), [], "\(unfolded.map(\.name))")
        }
        // A chain where the comments pair Request with Response and the names pair Response with ResponseAck: the
        // names win, and the documented pair is not folded.
        let chain = try Fixtures.plan([
            message("FooMsg_Request", line: 1, comment: "The renderer may respond with a FooHostMsg_Response."),
            message("FooHostMsg_Response", line: 2, comment: "Sent in response to a FooMsg_Request."),
            message("FooMsg_ResponseAck", line: 3, comment: nil),
        ], configure: Fixtures.answered([("FooMsg_Request", ["FooHostMsg_Response"]), ("FooHostMsg_Response", ["FooMsg_ResponseAck"])]))
        XCTAssertEqual(chain.foldedPairs.map(\.request), ["FooHostMsg_Response"])
        XCTAssertEqual(chain.foldedPairs.map(\.replies), [["FooMsg_ResponseAck"]])
    }

    func testAmbiguousOrMismatchedPairsAreNotFolded() throws {
        let cases: [[MessageDefinition]] = [
            // Two success replies.
            [Fixtures.message("FooHostMsg_Go", line: 1), Fixtures.message("FooMsg_DidGo", line: 2), Fixtures.message("FooMsg_Go_Ack", line: 3)],
            // Routed request, control reply.
            [Fixtures.message("FooHostMsg_Go", line: 1), Fixtures.message("FooMsg_DidGo", kind: .control, line: 2)],
            // Different #if conditions.
            [Fixtures.message("FooHostMsg_Go", line: 1), Fixtures.message("FooMsg_DidGo", line: 2, conditions: ["defined(OS_WIN)"])],
            // Sent the same way: not a reply.
            [Fixtures.message("FooHostMsg_Go", line: 1), Fixtures.message("FooHostMsg_DidGo", line: 2)],
            // Another message class.
            [Fixtures.message("FooHostMsg_Go", line: 1), Fixtures.message("FooMsg_DidGo", messageClass: "OtherMsgStart", line: 2)],
            // A chain: DidGo is both a reply and a request.
            [Fixtures.message("FooHostMsg_Go", line: 1), Fixtures.message("FooMsg_DidGo", line: 2), Fixtures.message("FooHostMsg_DidDidGo", line: 3)],
        ]
        for (index, messages) in cases.enumerated() {
            let plan = try Fixtures.plan(messages, configure: Fixtures.answered([("FooHostMsg_Go", messages.dropFirst().map(\.name))]))
            XCTAssertTrue(plan.foldedPairs.isEmpty, "case \(index): \(plan.foldedPairs)")
            XCTAssertEqual(plan.proposals["FooHostMsg_Go"]?.declaration, "Go();", "case \(index)")
        }
    }

    /// The four wrong folds of a Chromium 56-era tree, as its code shows them: a reply sent from another function
    /// (for every console message), one sent only on some paths of the handler, a pair named the other way
    /// round, and a reply sent from a callback the handler binds, which folds.
    func testPairsFoldOnlyWhenTheRequestsHandlerAloneSendsTheReply() throws {
        let tree = try temporaryFolder()
        try tree.write("content/common/frame_messages.h", """
            #define IPC_MESSAGE_START FrameMsgStart
            IPC_MESSAGE_ROUTED2(FrameMsg_AddMessageToConsole, int /* level */, std::string /* message */)
            IPC_MESSAGE_ROUTED2(FrameHostMsg_DidAddMessageToConsole, int /* level */, std::string /* message */)
            IPC_MESSAGE_ROUTED1(AccessibilityMsg_HitTest, int /* x */)
            IPC_MESSAGE_ROUTED1(AccessibilityHostMsg_HitTest_Result, int /* node_id */)
            IPC_MESSAGE_ROUTED1(FrameHostMsg_RequestThumbnail, int /* request_id */)
            IPC_MESSAGE_ROUTED2(FrameMsg_RequestThumbnail_Reply, int /* request_id */, std::string /* png */)
            """)
        try tree.write("content/common/text_input_client_messages.h", """
            #define IPC_MESSAGE_START TextInputClientMsgStart
            // Tells the renderer to send back the character index for a point.
            IPC_MESSAGE_ROUTED1(TextInputClientMsg_CharacterIndexForPoint, int /* point */)
            // Reply message for TextInputClientMsg_CharacterIndexForPoint.
            IPC_MESSAGE_ROUTED1(TextInputClientReplyMsg_GotCharacterIndexForPoint, uint32_t /* index */)
            """)
        try tree.write("content/browser/text_input_client_message_filter.cc", """
            bool TextInputClientMessageFilter::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(TextInputClientMessageFilter, message)
                IPC_MESSAGE_HANDLER(TextInputClientReplyMsg_GotCharacterIndexForPoint, OnGotCharacterIndexForPoint)
              IPC_END_MESSAGE_MAP()
            }
            void TextInputClientMac::GetCharacterIndexAtPoint(RenderWidgetHost* host, int point) {
              host->Send(new TextInputClientMsg_CharacterIndexForPoint(host->GetRoutingID(), point));
            }
            """)
        try tree.write("content/renderer/render_frame_impl.cc", """
            bool RenderFrameImpl::OnMessageReceived(const IPC::Message& msg) {
              IPC_BEGIN_MESSAGE_MAP(RenderFrameImpl, msg)
                IPC_MESSAGE_HANDLER(FrameMsg_AddMessageToConsole, OnAddMessageToConsole)
                IPC_MESSAGE_HANDLER(AccessibilityMsg_HitTest, OnHitTest)
              IPC_END_MESSAGE_MAP()
            }
            void RenderFrameImpl::OnAddMessageToConsole(int level, const std::string& message) {
              frame_->addMessageToConsole(level, message);
            }
            void RenderFrameImpl::didAddMessageToConsole(int level, const std::string& message) {
              Send(new FrameHostMsg_DidAddMessageToConsole(routing_id_, level, message));
            }
            void RenderFrameImpl::OnHitTest(int x) {
              if (!document_)
                return;
              if (HasChildFrame(x)) {
                Send(new AccessibilityHostMsg_HitTest_Result(routing_id_, x));
                return;
              }
              HandleHover(x);
            }
            """)
        try tree.write("content/renderer/text_input_client_observer.cc", """
            bool TextInputClientObserver::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(TextInputClientObserver, message)
                IPC_MESSAGE_HANDLER(TextInputClientMsg_CharacterIndexForPoint, OnCharacterIndexForPoint)
              IPC_END_MESSAGE_MAP()
            }
            void TextInputClientObserver::OnCharacterIndexForPoint(int point) {
              uint32_t index = 0U;
              if (auto* frame = GetFocusedFrame())
                index = frame->characterIndexForPoint(point);
              Send(new TextInputClientReplyMsg_GotCharacterIndexForPoint(routing_id(), index));
            }
            """)
        try tree.write("content/browser/render_frame_host_impl.cc", """
            bool RenderFrameHostImpl::OnMessageReceived(const IPC::Message& msg) {
              IPC_BEGIN_MESSAGE_MAP(RenderFrameHostImpl, msg)
                IPC_MESSAGE_HANDLER(FrameHostMsg_RequestThumbnail, OnRequestThumbnail)
              IPC_END_MESSAGE_MAP()
            }
            void RenderFrameHostImpl::OnRequestThumbnail(int request_id) {
              store_->Fetch(base::BindOnce(&RenderFrameHostImpl::OnThumbnailFetched, weak_factory_.GetWeakPtr(), request_id));
            }
            void RenderFrameHostImpl::OnThumbnailFetched(int request_id, const std::string& png) {
              Send(new FrameMsg_RequestThumbnail_Reply(routing_id_, request_id, png));
            }
            """)
        let plan = try ConversionPlan.make(inventory: try IPCScanner.scan(ScanOptions(paths: [tree.path])), rules: try Fixtures.rules())
        XCTAssertEqual(plan.foldedPairs, [
            FoldedPair(request: "FrameHostMsg_RequestThumbnail", replies: ["FrameMsg_RequestThumbnail_Reply"], method: "RequestThumbnail"),
            FoldedPair(request: "TextInputClientMsg_CharacterIndexForPoint", replies: ["TextInputClientReplyMsg_GotCharacterIndexForPoint"], method: "CharacterIndexForPoint"),
        ])
        XCTAssertEqual(plan.proposals["TextInputClientMsg_CharacterIndexForPoint"]?.declaration, "CharacterIndexForPoint(int32 point) => (uint32 index);")
        let warnings = plan.warnings.map(\.description).joined(separator: "\n")
        XCTAssertTrue(warnings.contains("FrameMsg_AddMessageToConsole was not folded with its reply: FrameHostMsg_DidAddMessageToConsole is sent from RenderFrameImpl::didAddMessageToConsole"), warnings)
        XCTAssertTrue(warnings.contains("AccessibilityMsg_HitTest was not folded with its reply: AccessibilityHostMsg_HitTest_Result is sent only on some paths (RenderFrameImpl::OnHitTest"), warnings)
        XCTAssertEqual(plan.proposals["FrameMsg_AddMessageToConsole"]?.declaration, "AddMessageToConsole(int32 level, string message);")
        XCTAssertEqual(plan.proposals["AccessibilityHostMsg_HitTest_Result"]?.declaration, "HitTestResult(int32 node_id);")
    }

    /// A Chromium 83 browser class sends a query from its constructor and handles the result; the renderer's
    /// handler of the query sends the result. The file's own `Run`, which makes that class, is not what the result
    /// handler's `std::move(callback_).Run(...)` calls, so the query is never taken for the result's reply. The
    /// renderer replies before each early return, so its reply is sent on every path.
    func testACallbackRunIsNoCallOfTheFilesOwnRun() throws {
        let tree = try temporaryFolder()
        try tree.write("extensions/common/query_messages.h", """
            #define IPC_MESSAGE_START ExtensionMsgStart
            IPC_MESSAGE_ROUTED2(ExtensionMsg_Query, int /* request_id */, int /* node */)
            IPC_MESSAGE_ROUTED2(ExtensionHostMsg_Query_Result, int /* request_id */, int /* result */)
            """)
        try tree.write("extensions/browser/query_function.cc", """
            class QueryHandler : public content::WebContentsObserver {
             public:
              QueryHandler(content::WebContents* contents, int request_id, Callback callback) : callback_(std::move(callback)) {
                content::RenderFrameHost* rfh = contents->GetMainFrame();
                rfh->Send(new ExtensionMsg_Query(rfh->GetRoutingID(), request_id, 1));
              }
              bool OnMessageReceived(const IPC::Message& message, content::RenderFrameHost* host) override {
                IPC_BEGIN_MESSAGE_MAP(QueryHandler, message)
                  IPC_MESSAGE_HANDLER(ExtensionHostMsg_Query_Result, OnQueryResponse)
                IPC_END_MESSAGE_MAP()
                return true;
              }
             private:
              void OnQueryResponse(int request_id, int result) {
                std::move(callback_).Run(result);
                delete this;
              }
              Callback callback_;
            };
            ExtensionFunction::ResponseAction QueryFunction::Run() {
              new QueryHandler(GetContents(), 1, base::BindOnce(&QueryFunction::OnResponse, this));
              return RespondLater();
            }
            """)
        try tree.write("extensions/renderer/query_helper.cc", """
            bool QueryHelper::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(QueryHelper, message)
                IPC_MESSAGE_HANDLER(ExtensionMsg_Query, OnQuery)
              IPC_END_MESSAGE_MAP()
            }
            void QueryHelper::OnQuery(int request_id, int node) {
              if (!document_) {
                Send(new ExtensionHostMsg_Query_Result(routing_id(), request_id, -1));
                return;
              }
              Send(new ExtensionHostMsg_Query_Result(routing_id(), request_id, Find(node)));
            }
            """)
        let plan = try ConversionPlan.make(inventory: try IPCScanner.scan(ScanOptions(paths: [tree.path])), rules: try Fixtures.rules())
        // The renderer's handler replies before its early return and at its end: on every path, so the query is
        // the request and the result its reply; never the other way round.
        XCTAssertEqual(plan.foldedPairs.map(\.request), ["ExtensionMsg_Query"])
        XCTAssertEqual(plan.proposals["ExtensionMsg_Query"]?.declaration, "Query(int32 request_id, int32 node) => (int32 request_id, int32 result);")
    }

    /// A reply sent from a helper the handler calls is on every path only when every path calls it. Chromium 63's
    /// `ExtensionMessageFilter::OnExtensionWakeEventPage` returns early without replying, and calls
    /// `SendWakeEventPageResponse` in some branches; a handler that calls its reply helper before each early return
    /// and at its end does reply on every path.
    func testAReplyFromAHelperIsOnEveryPathOnlyWhenEveryPathCallsIt() throws {
        let tree = try temporaryFolder()
        try tree.write("extensions/common/extension_messages.h", """
            #define IPC_MESSAGE_START ExtensionMsgStart
            IPC_MESSAGE_CONTROL2(ExtensionHostMsg_WakeEventPage, int /* request_id */, std::string /* extension_id */)
            IPC_MESSAGE_CONTROL2(ExtensionMsg_WakeEventPageResponse, int /* request_id */, bool /* success */)
            IPC_MESSAGE_CONTROL1(ExtensionHostMsg_Ping, int /* request_id */)
            IPC_MESSAGE_CONTROL2(ExtensionMsg_PingResponse, int /* request_id */, bool /* success */)
            """)
        try tree.write("extensions/browser/extension_message_filter.cc", """
            bool ExtensionMessageFilter::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(ExtensionMessageFilter, message)
                IPC_MESSAGE_HANDLER(ExtensionHostMsg_WakeEventPage, OnExtensionWakeEventPage)
                IPC_MESSAGE_HANDLER(ExtensionHostMsg_Ping, OnPing)
              IPC_END_MESSAGE_MAP()
            }
            void ExtensionMessageFilter::OnExtensionWakeEventPage(int request_id, const std::string& extension_id) {
              if (!browser_context_)
                return;
              if (IsSuspended(extension_id)) {
                manager_->WakeEventPage(extension_id, base::Bind(&ExtensionMessageFilter::SendWakeEventPageResponse, this, request_id));
                return;
              }
              SendWakeEventPageResponse(request_id, false);
            }
            void ExtensionMessageFilter::SendWakeEventPageResponse(int request_id, bool success) {
              Send(new ExtensionMsg_WakeEventPageResponse(request_id, success));
            }
            void ExtensionMessageFilter::OnPing(int request_id) {
              if (!browser_context_) {
                SendPingResponse(request_id, false);
                return;
              }
              SendPingResponse(request_id, true);
            }
            void ExtensionMessageFilter::SendPingResponse(int request_id, bool success) {
              Send(new ExtensionMsg_PingResponse(request_id, success));
            }
            """)
        try tree.write("extensions/renderer/wake_event_page.cc", """
            void WakeEventPage::Wake(int request_id, const std::string& extension_id) {
              Send(new ExtensionHostMsg_WakeEventPage(request_id, extension_id));
            }
            void WakeEventPage::Ping(int request_id) {
              Send(new ExtensionHostMsg_Ping(request_id));
            }
            """)
        let inventory = try IPCScanner.scan(ScanOptions(paths: [tree.path]))
        let reply = try XCTUnwrap(inventory.senders.first { $0.message == "ExtensionMsg_WakeEventPageResponse" })
        XCTAssertEqual(reply.reachedFrom, ["ExtensionMessageFilter::OnExtensionWakeEventPage"])
        XCTAssertEqual(reply.conditional, true)
        XCTAssertNil(inventory.senders.first { $0.message == "ExtensionMsg_PingResponse" }?.conditional)
        let plan = try ConversionPlan.make(inventory: inventory, rules: try Fixtures.rules())
        XCTAssertEqual(plan.foldedPairs.map(\.request), ["ExtensionHostMsg_Ping"])
        let warnings = plan.warnings.map(\.description).joined(separator: "\n")
        XCTAssertTrue(warnings.contains("ExtensionHostMsg_WakeEventPage was not folded with its reply: ExtensionMsg_WakeEventPageResponse is sent only on some paths"), warnings)
    }

    /// Three shapes of a reply on every path, from Chromium 56-63 handlers whose later mojoms fold the pair:
    /// returns after reporting a bad message owe no reply (`NotificationMessageFilter::OnShowPersistentNotification`
    /// binds its reply after two such returns); each branch of an `if ... else` calls the reply's function
    /// (`RenderFrameImpl::OnSerializeAsMHTML`); a function passed by address (`&GetSettingsCallback`) is a call.
    func testRepliesOnEveryPathThroughBadMessageReturnsBranchesAndFunctionAddresses() throws {
        let tree = try temporaryFolder()
        try tree.write("content/common/demo_messages.h", """
            #define IPC_MESSAGE_START DemoMsgStart
            IPC_MESSAGE_CONTROL1(DemoHostMsg_ShowPersistent, int /* request_id */)
            IPC_MESSAGE_CONTROL1(DemoMsg_DidShowPersistent, int /* request_id */)
            IPC_MESSAGE_ROUTED1(DemoMsg_Serialize, int /* job_id */)
            IPC_MESSAGE_ROUTED1(DemoHostMsg_SerializeResponse, int /* job_id */)
            IPC_MESSAGE_CONTROL1(DemoMsg_GetSettings, int /* request_id */)
            IPC_MESSAGE_CONTROL1(DemoHostMsg_GetSettingsResult, int /* request_id */)
            """)
        try tree.write("content/browser/demo_message_filter.cc", """
            bool DemoMessageFilter::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(DemoMessageFilter, message)
                IPC_MESSAGE_HANDLER(DemoHostMsg_ShowPersistent, OnShowPersistent)
              IPC_END_MESSAGE_MAP()
            }
            void DemoMessageFilter::OnShowPersistent(int request_id) {
              if (!Granted()) {
                bad_message::ReceivedBadMessage(this, bad_message::NO_PERMISSION);
                return;
              }
              context_->Write(base::Bind(&DemoMessageFilter::DidWrite, weak_factory_.GetWeakPtr(), request_id));
            }
            void DemoMessageFilter::DidWrite(int request_id, bool success) {
              Send(new DemoMsg_DidShowPersistent(request_id));
            }
            void DemoMessageFilter::Serialize(int job_id) {
              Send(new DemoMsg_Serialize(1, job_id));
            }
            void DemoMessageFilter::GetSettings(int request_id) {
              Send(new DemoMsg_GetSettings(request_id));
            }
            void DemoMessageFilter::ShowPersistent(int request_id) {
              Send(new DemoHostMsg_ShowPersistent(request_id));
            }
            """)
        try tree.write("content/renderer/demo_frame.cc", """
            bool DemoFrame::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(DemoFrame, message)
                IPC_MESSAGE_HANDLER(DemoMsg_Serialize, OnSerialize)
                IPC_MESSAGE_HANDLER(DemoMsg_GetSettings, OnGetSettings)
              IPC_END_MESSAGE_MAP()
            }
            void DemoFrame::OnSerialize(int job_id) {
              if (HasData()) {
                PostTaskAndReply(base::Bind(&Write), base::Bind(&DemoFrame::OnWriteComplete, weak_factory_.GetWeakPtr(), job_id));
              } else {
                file.Close();
                OnWriteComplete(job_id);
              }
            }
            void DemoFrame::OnWriteComplete(int job_id) {
              Send(new DemoHostMsg_SerializeResponse(routing_id(), job_id));
            }
            void DemoFrame::OnGetSettings(int request_id) {
              if (operations_) {
                operations_->GetSettings(&GetSettingsCallback, new Context(request_id));
                return;
              }
              OnGetSettingsCompleted(request_id);
            }
            void GetSettingsCallback(void* context) {
              static_cast<Context*>(context)->frame->OnGetSettingsCompleted(1);
            }
            void DemoFrame::OnGetSettingsCompleted(int request_id) {
              Send(new DemoHostMsg_GetSettingsResult(request_id));
            }
            """)
        let plan = try ConversionPlan.make(inventory: try IPCScanner.scan(ScanOptions(paths: [tree.path])), rules: try Fixtures.rules())
        XCTAssertEqual(plan.foldedPairs.map(\.request).sorted(), ["DemoHostMsg_ShowPersistent", "DemoMsg_GetSettings", "DemoMsg_Serialize"], plan.warnings.map(\.description).joined(separator: "\n"))
    }

    /// Chromium 83's `TextInputClientMac` sends `TextInputClientMsg_CharacterIndexForPoint` and then blocks the UI
    /// thread on a condition until an IO-thread filter's handler of the reply signals it (crbug 121917). A reply
    /// callback would run on the waiting thread, so the pair stays two methods, as Chromium's
    /// `blink.mojom.TextInputHost` kept them.
    func testARequestWhoseSenderBlocksWaitingForTheReplyIsNotFolded() throws {
        let tree = try temporaryFolder()
        try tree.write("content/common/text_input_client_messages.h", """
            #define IPC_MESSAGE_START TextInputClientMsgStart
            IPC_MESSAGE_ROUTED1(TextInputClientMsg_CharacterIndexForPoint, int /* point */)
            // Reply message for TextInputClientMsg_CharacterIndexForPoint.
            IPC_MESSAGE_ROUTED1(TextInputClientReplyMsg_GotCharacterIndexForPoint, uint32_t /* index */)
            """)
        try tree.write("content/browser/text_input_client_mac.mm", """
            uint32_t TextInputClientMac::GetCharacterIndexAtPoint(RenderWidgetHost* rwh, int point) {
              if (!SendMessageToRenderWidget(rwh, new TextInputClientMsg_CharacterIndexForPoint(rwh->GetRoutingID(), point)))
                return UINT32_MAX;
              base::ScopedAllowBaseSyncPrimitives allow_wait;
              condition_.TimedWait(base::TimeDelta::FromMilliseconds(kWaitTimeout));
              return character_index_;
            }
            """)
        try tree.write("content/browser/text_input_client_message_filter.mm", """
            bool TextInputClientMessageFilter::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(TextInputClientMessageFilter, message)
                IPC_MESSAGE_HANDLER(TextInputClientReplyMsg_GotCharacterIndexForPoint, OnGotCharacterIndexForPoint)
              IPC_END_MESSAGE_MAP()
            }
            void TextInputClientMessageFilter::OnGotCharacterIndexForPoint(uint32_t index) {
              TextInputClientMac::GetInstance()->SetCharacterIndexAndSignal(index);
            }
            """)
        try tree.write("content/renderer/text_input_client_observer.cc", """
            bool TextInputClientObserver::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(TextInputClientObserver, message)
                IPC_MESSAGE_HANDLER(TextInputClientMsg_CharacterIndexForPoint, OnCharacterIndexForPoint)
              IPC_END_MESSAGE_MAP()
            }
            void TextInputClientObserver::OnCharacterIndexForPoint(int point) {
              Send(new TextInputClientReplyMsg_GotCharacterIndexForPoint(routing_id(), Index(point)));
            }
            """)
        let inventory = try IPCScanner.scan(ScanOptions(paths: [tree.path]))
        XCTAssertEqual(inventory.senders.first { $0.message == "TextInputClientMsg_CharacterIndexForPoint" }?.blocksAfter, true)
        XCTAssertNil(inventory.senders.first { $0.message == "TextInputClientReplyMsg_GotCharacterIndexForPoint" }?.blocksAfter)
        let plan = try ConversionPlan.make(inventory: inventory, rules: try Fixtures.rules())
        XCTAssertEqual(plan.foldedPairs, [])
        let warnings = plan.warnings.map(\.description).joined(separator: "\n")
        XCTAssertTrue(warnings.contains("TextInputClientMsg_CharacterIndexForPoint was not folded with its reply TextInputClientReplyMsg_GotCharacterIndexForPoint: TextInputClientMac::GetCharacterIndexAtPoint"), warnings)
        XCTAssertTrue(warnings.contains("blocks its thread after sending it until the reply's handler signals"), warnings)
    }

    /// The guide keeps the handler's name without `On` (2.5.1), as Electron's engineers named
    /// `AtomAutofillFrameHostMsg_ShowPopup` `ShowAutofillPopup` after `OnShowAutofillPopup`; a message two methods
    /// handle, or none, keeps its message's name. A handler named for the sending process and the message
    /// (`OnRendererMessageTo`) gives the message's name, as Electron's engineers named `AtomFrameHostMsg_Message_To`
    /// `MessageTo`; a leading word that names no process of the rules (`Autofill`) stays. A handler dropping the
    /// message's leading words (`OnAttached` for `FrameAttached`, as CEF's frame host names it) gives the message's
    /// name too. Qt's `onFetchDocumentMarkup` loses its `on` as well. `generate` and `migrate` share the rule through
    /// the plan.
    func testAMethodIsNamedAfterItsOneHandler() throws {
        let tree = try temporaryFolder()
        try tree.write("atom/common/api/api_messages.h", """
            #define IPC_MESSAGE_START ShellMsgStart
            IPC_MESSAGE_ROUTED1(AtomAutofillFrameHostMsg_ShowPopup, int /* x */)
            IPC_MESSAGE_ROUTED1(AtomAutofillFrameHostMsg_HidePopup, int /* x */)
            IPC_MESSAGE_ROUTED1(AtomAutofillFrameHostMsg_Unhandled, int /* x */)
            IPC_MESSAGE_ROUTED1(AtomAutofillFrameHostMsg_Message_To, int /* x */)
            IPC_MESSAGE_ROUTED1(AtomAutofillFrameHostMsg_Clear, int /* x */)
            IPC_MESSAGE_ROUTED1(AtomAutofillFrameHostMsg_FrameAttached, int /* x */)
            IPC_MESSAGE_ROUTED1(AtomAutofillFrameHostMsg_FetchMarkup, int /* x */)
            """)
        try tree.write("atom/browser/autofill_driver.cc", """
            bool AutofillDriver::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(AutofillDriver, message)
                IPC_MESSAGE_HANDLER(AtomAutofillFrameHostMsg_ShowPopup, OnShowAutofillPopup)
                IPC_MESSAGE_HANDLER(AtomAutofillFrameHostMsg_HidePopup, OnHideAutofillPopup)
                IPC_MESSAGE_HANDLER(AtomAutofillFrameHostMsg_Message_To, OnRendererMessageTo)
                IPC_MESSAGE_HANDLER(AtomAutofillFrameHostMsg_Clear, OnAutofillClear)
                IPC_MESSAGE_HANDLER(AtomAutofillFrameHostMsg_FrameAttached, OnAttached)
                IPC_MESSAGE_HANDLER(AtomAutofillFrameHostMsg_FetchMarkup, onFetchDocumentMarkup)
              IPC_END_MESSAGE_MAP()
            }
            bool OtherDriver::OnMessageReceived(const IPC::Message& message) {
              IPC_BEGIN_MESSAGE_MAP(OtherDriver, message)
                IPC_MESSAGE_HANDLER(AtomAutofillFrameHostMsg_HidePopup, OnHideAll)
              IPC_END_MESSAGE_MAP()
            }
            """)
        let plan = try ConversionPlan.make(inventory: try IPCScanner.scan(ScanOptions(paths: [tree.path])), rules: try Fixtures.rules())
        XCTAssertEqual(plan.proposals["AtomAutofillFrameHostMsg_ShowPopup"]?.declaration, "ShowAutofillPopup(int32 x);")
        XCTAssertEqual(plan.proposals["AtomAutofillFrameHostMsg_HidePopup"]?.declaration, "HidePopup(int32 x);")
        XCTAssertEqual(plan.proposals["AtomAutofillFrameHostMsg_Unhandled"]?.declaration, "Unhandled(int32 x);")
        XCTAssertEqual(plan.proposals["AtomAutofillFrameHostMsg_Message_To"]?.declaration, "MessageTo(int32 x);")
        XCTAssertEqual(plan.proposals["AtomAutofillFrameHostMsg_Clear"]?.declaration, "AutofillClear(int32 x);")
        XCTAssertEqual(plan.proposals["AtomAutofillFrameHostMsg_FrameAttached"]?.declaration, "FrameAttached(int32 x);")
        // Qt's style writes the handler `onFetchDocumentMarkup` (Qt WebEngine's RenderViewObserverQt).
        XCTAssertEqual(plan.proposals["AtomAutofillFrameHostMsg_FetchMarkup"]?.declaration, "FetchDocumentMarkup(int32 x);")
    }

    func testSyncMethodsHaveAReplyEvenWithoutOutputs() throws {
        let plan = try Fixtures.plan([Fixtures.message("FooHostMsg_Flush", sync: true, inputs: [Parameter(type: "int", name: "sequence")])])
        XCTAssertEqual(plan.proposals["FooHostMsg_Flush"]?.declaration, "[Sync] Flush(int32 sequence) => ();")
    }

    func testConditionsBecomeEnableIfAndDisabledMessagesAreSkipped() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("FooHostMsg_Show", line: 1, conditions: ["defined(OS_ANDROID)"]),
            Fixtures.message("FooHostMsg_Show", inputs: [Parameter(type: "int", name: "x")], line: 2, conditions: ["!(defined(OS_ANDROID))"]),
            Fixtures.message("FooHostMsg_Plugin", line: 3, conditions: ["BUILDFLAG(ENABLE_PLUGINS)"]),
            Fixtures.message("FooHostMsg_Odd", line: 4, conditions: ["FOO > 2"]),
            Fixtures.message("FooHostMsg_Dead", line: 5, conditions: ["0"]),
        ])
        let methods = plan.interfaces[0].methods
        XCTAssertEqual(methods.map(\.declaration), [
            "[EnableIf=is_android] Show();", "[EnableIfNot=is_android] Show(int32 x);", "[EnableIf=enable_plugins] Plugin();", "Odd();",
        ])
        XCTAssertTrue(methods[3].comments.contains { $0.contains("#if FOO > 2") })
        XCTAssertEqual(plan.files[0].features, ["enable_plugins", "is_android"])
        XCTAssertEqual(plan.skippedMessages.map(\.message), ["FooHostMsg_Dead"])
    }

    /// Nested `#if`s gave `[EnableIf=a&b]`, which the parser rejects: one combined feature, defined in GN.
    func testNestedConditionsBecomeOneCombinedFeature() throws {
        let rules = try Fixtures.rules(overriding: "conditions: {defined(USE_EXTERNAL_POPUP_MENU): use_external_popup_menu}")
        let plan = try Fixtures.plan([
            Fixtures.message("FooHostMsg_Popup", line: 1, conditions: ["defined(USE_EXTERNAL_POPUP_MENU)", "defined(OS_MACOSX)"]),
            Fixtures.message("FooHostMsg_Desktop", line: 2, conditions: ["!(defined(OS_ANDROID))", "!(defined(OS_IOS))"]),
            Fixtures.message("FooHostMsg_Mixed", line: 3, conditions: ["defined(OS_WIN)", "!(BUILDFLAG(ENABLE_PLUGINS))"]),
        ], rules: rules)
        let methods = plan.interfaces[0].methods
        XCTAssertEqual(methods.map(\.attributes), [
            ["EnableIf=use_external_popup_menu_and_is_mac"], ["EnableIf=not_is_android_and_not_is_ios"], ["EnableIf=is_win_and_not_enable_plugins"],
        ])
        XCTAssertTrue(methods[0].comments.contains { $0.contains("if (use_external_popup_menu && is_mac) { enabled_features += [ \"use_external_popup_menu_and_is_mac\" ] }") }, "\(methods[0].comments)")
        XCTAssertTrue(methods[1].comments.contains { $0.contains("if (!is_android && !is_ios)") })
        XCTAssertEqual(plan.files[0].features, ["is_win_and_not_enable_plugins", "not_is_android_and_not_is_ios", "use_external_popup_menu_and_is_mac"])
        for text in try MojomEmitter.emit(plan, rules: rules).values {
            XCTAssertNoThrow(try MojomSyntaxChecker.check(text), text)
        }
    }

    func testSameNameWithoutDistinguishingConditionsIsRenamed() throws {
        let plan = try Fixtures.plan([Fixtures.message("FooHostMsg_Go", line: 1), Fixtures.message("FooHostMsg_Go", line: 2, conditions: ["FOO"])])
        XCTAssertEqual(plan.interfaces[0].methods.map(\.name), ["Go", "Go2"])
        XCTAssertFalse(plan.warnings.isEmpty)
    }

    func testFilesAndModulesFollowTheHeader() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("FooHostMsg_A", messageClass: "FooMsgStart", file: "content/common/foo_messages.h"),
            Fixtures.message("PrintHostMsg_B", messageClass: "PrintMsgStart", file: "components/printing/common/print_messages.h"),
            Fixtures.message("ExtHostMsg_C", messageClass: "ExtMsgStart", line: 1, file: "extensions/common/ext_messages.h"),
            Fixtures.message("ExtWorkerHostMsg_D", messageClass: "ExtWorkerMsgStart", line: 2, file: "extensions/common/ext_messages.h"),
        ])
        XCTAssertEqual(plan.files.map(\.path), [
            "components/printing/common/print.mojom", "content/common/foo.mojom",
            "extensions/common/ext.mojom", "extensions/common/ext_worker.mojom",
        ])
        XCTAssertEqual(plan.files.map(\.module), ["printing.mojom", "content.mojom", "extensions.mojom", "extensions.mojom"])
        XCTAssertEqual(plan.files[1].label, "//content/common:foo_mojom")
        let rules = try Fixtures.rules(overriding: "classes:\n  FooMsgStart: {module: foo.mojom, file: foo/public/foo.mojom}\n")
        let overridden = try Fixtures.plan([Fixtures.message("FooHostMsg_A", messageClass: "FooMsgStart", file: "content/common/foo_messages.h")], rules: rules)
        XCTAssertEqual(overridden.files.map(\.path), ["foo/public/foo.mojom"])
        XCTAssertEqual(overridden.files.map(\.module), ["foo.mojom"])
    }

    func testInterfaceCommentsFollowTheGuidesTables() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("AHostMsg_X", kind: .routed, line: 1), Fixtures.message("AMsg_X", kind: .routed, line: 2),
            Fixtures.message("BHostMsg_X", kind: .control, line: 3), Fixtures.message("BMsg_X", kind: .control, line: 4),
        ])
        // Where to register is the registry format's part of the comment (see RegistryFormatTests for the others).
        let rules = try Fixtures.rules()
        let comments = Dictionary(uniqueKeysWithValues: plan.interfaces.map {
            ($0.name, ($0.comments + [ManifestOverlayEmitter.registration(of: $0, rules: rules)]).joined(separator: " "))
        })
        XCTAssertTrue(comments["AHost"]!.contains("RenderFrameHost::GetInterfaceRegistry()") && comments["AHost"]!.contains("RenderFrame::GetRemoteInterfaces()"))
        XCTAssertTrue(comments["A"]!.contains("RenderFrame::GetInterfaceRegistry()") && comments["A"]!.contains("RenderFrameHost::GetRemoteInterfaces()"))
        XCTAssertTrue(comments["BHost"]!.contains("RenderProcessHostImpl::RegisterMojoInterfaces()") && comments["BHost"]!.contains("RenderThread::GetRemoteInterfaces()"))
        XCTAssertTrue(comments["B"]!.contains("RenderThreadImpl::Init()") && comments["B"]!.contains("RenderProcessHost::GetRemoteInterfaces()"))
        XCTAssertTrue(comments["AHost"]!.contains("--registry associated"))
        XCTAssertFalse(comments["BHost"]!.contains("--registry associated"))
    }

    func testRoutedAndControlMessagesOfOnePrefixBecomeTwoInterfaces() throws {
        let plan = try Fixtures.plan([
            Fixtures.message("PHostMsg_Frame", kind: .routed, line: 1), Fixtures.message("PHostMsg_Metrics", kind: .control, line: 2),
            Fixtures.message("PMsg_Frame", kind: .routed, line: 3), Fixtures.message("PMsg_Purge", kind: .control, line: 4),
            Fixtures.message("QHostMsg_OnlyControl", kind: .control, line: 5),
        ]) { inventory in
            let here = SourceLocation(file: "p.cc", line: 1, column: 1)
            inventory.senders = [
                Sender(message: "PHostMsg_Frame", function: "Helper::Finish", conditions: Conditions(), location: here),
                Sender(message: "PHostMsg_Metrics", function: "Helper::Finish", conditions: Conditions(), location: here),
            ]
        }
        let interfaces = Dictionary(uniqueKeysWithValues: plan.interfaces.map { ($0.name, $0) })
        XCTAssertEqual(interfaces.keys.sorted(), ["P", "PHost", "PHostProcess", "PProcess", "QHost"])
        XCTAssertEqual(interfaces["PHost"]?.routing, .routed)
        XCTAssertEqual(interfaces["PHost"]?.methods.map(\.name), ["Frame"])
        XCTAssertEqual(interfaces["PHostProcess"]?.routing, .control)
        XCTAssertEqual(interfaces["PHostProcess"]?.process, "browser")
        XCTAssertEqual(interfaces["PHostProcess"]?.methods.map(\.name), ["Metrics"])
        XCTAssertEqual(interfaces["PProcess"]?.process, "renderer")
        XCTAssertEqual(interfaces["QHost"]?.routing, .control, "an interface with control messages only keeps its name")
        let routed = interfaces["PHost"]!.comments.joined(separator: " ")
        let control = interfaces["PHostProcess"]!.comments.joined(separator: " ")
        XCTAssertTrue(routed.contains("Its control messages (PHostMsg_Metrics) are in PHostProcess"), routed)
        XCTAssertTrue(routed.contains("Helper::Finish also sends messages of PHostProcess"), routed)
        XCTAssertTrue(ManifestOverlayEmitter.registration(of: interfaces["PHostProcess"]!, rules: try Fixtures.rules()).contains("RenderProcessHostImpl::RegisterMojoInterfaces()"))
        XCTAssertTrue(control.contains("split from PHost"), control)
        XCTAssertEqual(plan.proposals["PHostMsg_Metrics"]?.interface, "content.mojom.PHostProcess")

        // The name comes from the rules; a name that is taken keeps the messages together, with a warning.
        let named = try Fixtures.plan(
            [Fixtures.message("PHostMsg_Frame", kind: .routed, line: 1), Fixtures.message("PHostMsg_Metrics", kind: .control, line: 2)],
            rules: Fixtures.rules(overriding: #"directions: [{match: "^(\\w+?)HostMsg_", interface: "$1Host", control_interface: "$1Metrics", implemented_in: browser}]"#)
        )
        XCTAssertEqual(named.interfaces.map(\.name).sorted(), ["PHost", "PMetrics"])
        let taken = try Fixtures.plan(
            [Fixtures.message("PHostMsg_Frame", kind: .routed, line: 1), Fixtures.message("PHostMsg_Metrics", kind: .control, line: 2),
             Fixtures.message("PMsg_X", kind: .control, line: 3)],
            rules: Fixtures.rules(overriding: #"directions: [{match: "^(\\w+?)HostMsg_", interface: "$1Host", control_interface: "$1", implemented_in: browser}]"#)
        )
        XCTAssertEqual(taken.interfaces.map(\.name).sorted(), ["P", "PHost"])
        XCTAssertEqual(taken.warnings, [PlanWarning(.controlInterfaceTaken(interface: "PHost", controlInterface: "P"))])
        XCTAssertEqual(taken.warnings.first?.description,
                       "PHost has routed and control messages, and P is taken, so they stay together; give the 'directions' rule another 'control_interface'")
        XCTAssertTrue(taken.interfaces.first { $0.name == "PHost" }!.comments.contains { $0.contains("PHostMsg_Metrics was a control message: it now goes through the frame's connection") })
    }

    func testOrderingEvidenceFromSenders() throws {
        let plan = try Fixtures.plan([Fixtures.message("AHostMsg_X", line: 1), Fixtures.message("BHostMsg_Y", line: 2)]) { inventory in
            let here = SourceLocation(file: "a.cc", line: 1, column: 1)
            inventory.senders = [
                Sender(message: "AHostMsg_X", function: "Impl::Do", conditions: Conditions(), location: here),
                Sender(message: "BHostMsg_Y", function: "Impl::Do", conditions: Conditions(), location: here),
            ]
        }
        XCTAssertTrue(plan.interfaces[0].comments.contains { $0.contains("Impl::Do also sends messages of BHost") }, "\(plan.interfaces[0].comments)")
    }

    func testOnlyRestrictsToClassesOrMessages() throws {
        let inventory = Inventory(messages: [
            Fixtures.message("AHostMsg_X", messageClass: "AMsgStart", line: 1), Fixtures.message("BHostMsg_Y", messageClass: "BMsgStart", line: 2),
        ])
        let rules = try Fixtures.rules()
        XCTAssertEqual(try ConversionPlan.make(inventory: inventory, rules: rules, only: ["AMsgStart"]).interfaces.map(\.name), ["AHost"])
        XCTAssertEqual(try ConversionPlan.make(inventory: inventory, rules: rules, only: ["BHostMsg_Y"]).interfaces.map(\.name), ["BHost"])
    }
}
