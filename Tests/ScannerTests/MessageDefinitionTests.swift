import MojifyCore
@testable import MojifyScanner
import XCTest

final class MessageDefinitionTests: XCTestCase {
    func testEveryCountedAsyncArity() throws {
        var source = "#define IPC_MESSAGE_START TestMsgStart\n"
        for arity in 0...5 {
            let types = (0..<arity).map { "int /* p\($0) */" }
            source += "IPC_MESSAGE_CONTROL\(arity)(" + (["TestMsg_Control\(arity)"] + types).joined(separator: ", ") + ")\n"
            source += "IPC_MESSAGE_ROUTED\(arity)(" + (["TestMsg_Routed\(arity)"] + types).joined(separator: ", ") + ")\n"
        }
        let inventory = try scanSource(source)
        XCTAssertEqual(inventory.messages.count, 12)
        for arity in 0...5 {
            let control = try inventory.message("TestMsg_Control\(arity)")
            XCTAssertEqual(control.kind, .control)
            XCTAssertFalse(control.isSync)
            XCTAssertEqual(control.inputs.map(\.name), (0..<arity).map { "p\($0)" })
            XCTAssertEqual(control.messageClass, "TestMsgStart")
            let routed = try inventory.message("TestMsg_Routed\(arity)")
            XCTAssertEqual(routed.kind, .routed)
            XCTAssertEqual(routed.inputs.count, arity)
        }
    }

    func testEverySyncArity() throws {
        var source = ""
        for inputs in 0...5 {
            for outputs in 0...4 {
                let types = (0..<inputs).map { "int /* in\($0) */" } + (0..<outputs).map { "bool /* out\($0) */" }
                for kind in ["CONTROL", "ROUTED"] {
                    source += "IPC_SYNC_MESSAGE_\(kind)\(inputs)_\(outputs)(" + (["SyncMsg_\(kind)\(inputs)_\(outputs)"] + types).joined(separator: ", ") + ")\n"
                }
            }
        }
        let inventory = try scanSource(source)
        XCTAssertEqual(inventory.messages.count, 60)
        let message = try inventory.message("SyncMsg_ROUTED3_2")
        XCTAssertTrue(message.isSync)
        XCTAssertEqual(message.kind, .routed)
        XCTAssertEqual(message.inputs.map(\.name), ["in0", "in1", "in2"])
        XCTAssertEqual(message.outputs.map(\.name), ["out0", "out1"])
        XCTAssertEqual(message.outputs.map(\.type), ["bool", "bool"])
        XCTAssertTrue(inventory.diagnostics.isEmpty, "\(inventory.diagnostics)")
    }

    func testVariadicAndParenthesisedForms() throws {
        let inventory = try scanSource("""
        IPC_MESSAGE_CONTROL(ChromeMsg_Empty)
        IPC_MESSAGE_ROUTED(ChromeMsg_Variadic, bool /* enabled */, std::map<int, std::string> /* names */, GURL)
        IPC_SYNC_MESSAGE_CONTROL(ChromeHostMsg_GetInfo,
                                 (int /* frame_id */, GURL /* url */),
                                 (bool /* found */, std::pair<int, int> /* range */))
        IPC_SYNC_MESSAGE_ROUTED(ChromeHostMsg_NoArgs, (), ())
        """)
        XCTAssertEqual(try inventory.message("ChromeMsg_Empty").inputs, [])
        let variadic = try inventory.message("ChromeMsg_Variadic")
        XCTAssertEqual(variadic.kind, .routed)
        XCTAssertEqual(variadic.inputs, [
            Parameter(type: "bool", name: "enabled"),
            Parameter(type: "std::map<int, std::string>", name: "names"),
            Parameter(type: "GURL"),
        ])
        let sync = try inventory.message("ChromeHostMsg_GetInfo")
        XCTAssertTrue(sync.isSync)
        XCTAssertEqual(sync.kind, .control)
        XCTAssertEqual(sync.inputs, [Parameter(type: "int", name: "frame_id"), Parameter(type: "GURL", name: "url")])
        XCTAssertEqual(sync.outputs, [Parameter(type: "bool", name: "found"), Parameter(type: "std::pair<int, int>", name: "range")])
        let empty = try inventory.message("ChromeHostMsg_NoArgs")
        XCTAssertEqual(empty.inputs, [])
        XCTAssertEqual(empty.outputs, [])
    }

    func testArgumentsSplitOnlyAtTopLevelCommas() throws {
        let inventory = try scanSource("""
        IPC_MESSAGE_ROUTED3(FooMsg_Nested,
                            std::map<int, std::vector<std::pair<A, B>>> /* deep */,
                            base::flat_map<std::string, base::Optional<std::vector<int>>>,
                            std::array<char, 16> /* bytes */)  // NOLINT(whitespace/line_length)
        """)
        let message = try inventory.message("FooMsg_Nested")
        XCTAssertEqual(message.inputs.map(\.type), [
            "std::map<int, std::vector<std::pair<A, B>>>",
            "base::flat_map<std::string, base::Optional<std::vector<int>>>",
            "std::array<char, 16>",
        ])
        XCTAssertEqual(message.inputs.map(\.name), ["deep", nil, "bytes"])
    }

    func testCommentsBeforeAndAfterCommas() throws {
        let inventory = try scanSource("""
        IPC_MESSAGE_CONTROL4(FooHostMsg_Comments,
                             int,  // render_frame_id
                             /* url */ GURL,
                             std::string /* method */
                             , std::string /* mime_type */)
        """)
        let message = try inventory.message("FooHostMsg_Comments")
        XCTAssertEqual(message.inputs.map(\.type), ["int", "GURL", "std::string", "std::string"])
        XCTAssertEqual(message.inputs.map(\.name), ["render_frame_id", "url", "method", "mime_type"])
    }

    func testProseCommentsAndToolMarkersAreNotNames() throws {
        let inventory = try scanSource("""
        IPC_MESSAGE_CONTROL3(FooMsg_Prose,
                             int /* whether the frame is focused after the load ends */,
                             bool /* "quoted" */,
                             bool)  // NOLINT
        IPC_MESSAGE_CONTROL1(FooMsg_Described, int)  // Sent when the frame closes.
        """)
        XCTAssertEqual(try inventory.message("FooMsg_Prose").inputs.map(\.name), [nil, nil, nil])
        XCTAssertEqual(try inventory.message("FooMsg_Described").inputs.map(\.name), [nil])
    }

    /// Engineers name parameters in phrases: the words before the first punctuation, a comment after the comma
    /// or after the closing parenthesis on the argument's own line.
    func testPhrasesInCommentsAreNames() throws {
        let inventory = try scanSource("""
        IPC_MESSAGE_ROUTED2(PrintHostMsg_DidGetPrintedPagesCount,
                            int /* rendered document cookie */,
                            int /* number of rendered pages */)
        IPC_MESSAGE_CONTROL2(ChromeUtilityHostMsg_ParseJSON_Failed,
                             std::string /* error_message, if any */,
                             std::string /* JSON to parse */)
        IPC_MESSAGE_ROUTED3(GuestHostMsg_Attach,
                            int, /* guest_instance_id */
                            int, /* the id of the frame */
                            SkBitmap)  // decoded image
        """)
        XCTAssertEqual(try inventory.message("PrintHostMsg_DidGetPrintedPagesCount").inputs.map(\.name), ["rendered_document_cookie", "number_of_rendered_pages"])
        XCTAssertEqual(try inventory.message("ChromeUtilityHostMsg_ParseJSON_Failed").inputs.map(\.name), ["error_message", "JSON_to_parse"])
        XCTAssertEqual(try inventory.message("GuestHostMsg_Attach").inputs.map(\.name), ["guest_instance_id", "id_of_the_frame", "decoded_image"])
        // Questions and descriptions, as emblink and Electron write them: a name from the words, never from the type.
        let phrases = try scanSource("""
        IPC_MESSAGE_ROUTED5(FooHostMsg_Show, bool /* is muted? */, uint32_t /* the offset of the text in the document */, gfx::Point /* location where menu should be shown */, int /* final success/failure status */, bool /* print page's background */)
        """)
        XCTAssertEqual(try phrases.message("FooHostMsg_Show").inputs.map(\.name), ["is_muted", "offset", "location", "final_success_failure_status", "print_page_background"])
    }

    func testMessageClassAndExportMacroFollowRedefinitions() throws {
        let inventory = try scanSource("""
        #define IPC_MESSAGE_EXPORT CONTENT_EXPORT
        #define IPC_MESSAGE_START FirstMsgStart
        IPC_MESSAGE_CONTROL0(FirstMsg_A)
        #undef IPC_MESSAGE_START
        #undef IPC_MESSAGE_EXPORT
        #define IPC_MESSAGE_START SecondMsgStart
        IPC_MESSAGE_CONTROL0(SecondMsg_B)
        """)
        let first = try inventory.message("FirstMsg_A")
        XCTAssertEqual(first.messageClass, "FirstMsgStart")
        XCTAssertEqual(first.exportMacro, "CONTENT_EXPORT")
        let second = try inventory.message("SecondMsg_B")
        XCTAssertEqual(second.messageClass, "SecondMsgStart")
        XCTAssertNil(second.exportMacro)
    }

    func testPositionsAndSource() throws {
        let inventory = try scanSource("// header\n\n  IPC_MESSAGE_ROUTED1(FooMsg_At,\n      int)\n")
        let message = try inventory.message("FooMsg_At")
        XCTAssertEqual(message.location, SourceLocation(file: "test/foo_messages.h", line: 3, column: 3))
        XCTAssertEqual(message.source, "IPC_MESSAGE_ROUTED1(FooMsg_At,\n      int)")
        XCTAssertEqual(message.macro, "IPC_MESSAGE_ROUTED1")
    }

    func testCommentsStringsAndMacroDefinitionsAreNotMessages() throws {
        let inventory = try scanSource(#"""
        // IPC_MESSAGE_ROUTED1(FakeMsg_LineComment, int)
        /* IPC_MESSAGE_CONTROL0(FakeMsg_BlockComment) */
        const char kText[] = "IPC_MESSAGE_CONTROL0(FakeMsg_String)";
        const char* kRaw = R"(
        IPC_MESSAGE_ROUTED1(FakeMsg_RawString, int)
        )";
        #define IPC_MESSAGE_ROUTED1(msg_class, type1) \
          IPC_MESSAGE_DECL(msg_class, ROUTED, IPC_MESSAGE_ROUTED1(FakeMsg_InDefine, int))
        IPC_MESSAGE_CONTROL0(RealMsg_Only)
        """#, named: "ipc/ipc_message_macros.h")
        XCTAssertEqual(inventory.messages.map(\.name), ["RealMsg_Only"])
    }

    func testMalformedInvocationsAreDiagnosedAndScanGoesOn() throws {
        let inventory = try scanSource("""
        IPC_MESSAGE_ROUTED2(FooMsg_TooFew, int)
        IPC_MESSAGE_CONTROL0(FooMsg_Fine)
        IPC_MESSAGE_CONTROL1(FooMsg_Unbalanced, std::vector<int>
        """)
        XCTAssertEqual(inventory.messages.map(\.name), ["FooMsg_Fine"])
        let messages = inventory.diagnostics.map(\.description)
        XCTAssertEqual(inventory.diagnostics.count, 2, "\(messages)")
        XCTAssertTrue(messages[0].hasPrefix("test/foo_messages.h:1:1: error: malformed IPC_MESSAGE_ROUTED2(...)"), messages[0])
        XCTAssertTrue(messages[1].hasPrefix("test/foo_messages.h:3:1: error: unbalanced parentheses"), messages[1])
    }
}

/// The comment block engineers wrote above a definition is kept, and only that block.
final class LeadingCommentTests: XCTestCase {
    func testTheBlockRightAboveIsKeptAndNothingElse() throws {
        let inventory = try scanSource("""
            #define IPC_MESSAGE_START TestMsgStart
            // Unrelated: separated by a blank line.

            // Asks the browser to open |url|,
            // in a new tab.
            IPC_MESSAGE_ROUTED1(TestHostMsg_Open, GURL)
            IPC_MESSAGE_ROUTED0(TestHostMsg_Close)  // trailing comment of Close
            IPC_MESSAGE_ROUTED0(TestHostMsg_Stop)
            /* A block
             * comment. */
            IPC_STRUCT_BEGIN(TestHostMsg_Params)
              // The frame's id.
              IPC_STRUCT_MEMBER(int, frame_id)
              IPC_STRUCT_MEMBER(int, other)
            IPC_STRUCT_END()
            """)
        let comments = Dictionary(uniqueKeysWithValues: inventory.messages.map { ($0.name, $0.comment) })
        XCTAssertEqual(comments["TestHostMsg_Open"], "Asks the browser to open |url|, in a new tab.")
        XCTAssertEqual(comments["TestHostMsg_Close"], .some(nil))
        XCTAssertEqual(comments["TestHostMsg_Stop"], .some(nil), "a comment after code on the line above belongs to that code")
        XCTAssertEqual(inventory.structs.first?.comment, "A block comment.")
        XCTAssertEqual(inventory.structs.first?.members.map(\.comment), ["The frame's id.", nil])
    }

    /// A comment's lines are counted as the lexer counts them: a form feed in the comment right above a
    /// definition is no line break, and a lone carriage return is one.
    func testTheCommentAboveIsFoundWhateverItsControlCharacters() throws {
        let inventory = try scanSource("// Opens\u{0C} a tab.\nIPC_MESSAGE_ROUTED0(TestHostMsg_Open)\n/* Old\rline ends. */\nIPC_MESSAGE_ROUTED0(TestHostMsg_Close)\n")
        let comments = Dictionary(uniqueKeysWithValues: inventory.messages.map { ($0.name, $0.comment) })
        XCTAssertEqual(comments["TestHostMsg_Open"], "Opens a tab.")
        XCTAssertEqual(comments["TestHostMsg_Close"], "Old line ends.")
    }

    /// ASCII comments are taken apart on their bytes, others by `Character`: both give what the `Character`
    /// reading gives, where `\r\n` is one character (a line break, white space, but not the `\n` lines end at).
    func testCommentWordsAndLineBreaksReadAsCharacters() {
        func words(_ comment: String) -> String {
            var paragraph: [UInt8] = []
            TokenText.appendWords(ofComment: comment, to: &paragraph)
            return String(decoding: paragraph, as: UTF8.self)
        }
        let cases: [(comment: String, words: String)] = [
            ("// Opens |url|.", "Opens |url|."), ("/// three", "three"), ("//", ""), ("/**/", ""), ("/*/", ""), ("/*", ""),
            ("/* a\n * b\n\t**c */", "a b c"), ("/* a\r\n * b */", "a * b"), ("/* a\n\r * b */", "a * b"),
            ("/*\u{0B}x\u{0C}y*/", "x y"), ("/* caf\u{E9}\n * au lait */", "caf\u{E9} au lait"),
            ("/* caf\u{E9}\r\n * au\u{A0}lait */", "caf\u{E9} * au lait"), ("/* no end", "no end"),
        ]
        for (comment, expected) in cases {
            XCTAssertEqual(words(comment), expected, comment.debugDescription)
        }
        let lineBreaks: [(text: String, count: Int)] = [
            ("a\nb", 1), ("a\r\nb", 1), ("a\rb\n", 2), ("\r\r", 2), ("\n\r", 2), ("\u{0B}\u{0C}\r\n\n", 2), ("caf\u{E9}\r\n\u{2028}\u{85}", 1), ("", 0),
        ]
        for (text, count) in lineBreaks {
            XCTAssertEqual(TokenText.newlineCount(text), count, text.debugDescription)
        }
        for comment in ["/*  mime_type \t*/", "// NOLINT ", "/*\r\n*/", "/* caf\u{E9}\u{A0}*/", "/**/", "/*/", "//\u{0B}x",
                        "//", "/*", "/*** doc **/", "/* a *//", "/* no end", "/*\t\n\u{0C}*/", "// x\u{301}"] {
            var body = Substring(comment).dropFirst(2)
            if comment.hasPrefix("/*"), body.hasSuffix("*/") { body = body.dropLast(2) }
            XCTAssertEqual(TokenText.commentBody(comment), body.trimmingCharacters(in: .whitespacesAndNewlines), comment.debugDescription)
        }
    }
}
