@testable import MojifyScanner
import XCTest

/// libclang's syntax errors of one file read without its includes, and which of them a rewrite added.
final class SyntaxCheckTests: XCTestCase {
    static let valid = """
    #include "content/common/frame_messages.h"

    void RenderFrameImpl::DidCommit(const GURL& url) {
      Send(new FrameHostMsg_DidCommit(routing_id(), url));
    }

    """

    func testAFileThatParsesHasNoErrorsThoughItsNamesAreUnknown() {
        // Neither the header nor GURL nor Send is known: meaning is not judged, only syntax.
        XCTAssertEqual(SyntaxCheck.errors(path: "content/renderer/render_frame_impl.cc", text: Self.valid), [])
    }

    func testAnUnbalancedCallInAMemberOfAnUnknownClassIsAnError() {
        // Without the class's header clang would drop the definition unread; its body is parsed all the same.
        let broken = Self.valid.replacingOccurrences(of: "Send(new FrameHostMsg_DidCommit(routing_id(), url));", with: "GetFrameHost()->DidCommit(url;")
        let errors = SyntaxCheck.errors(path: "content/renderer/render_frame_impl.cc", text: broken)
        XCTAssertFalse(errors.isEmpty)
        // Clang reports it where it gives up on the function: at the latest, its closing brace.
        XCTAssertTrue(errors.allSatisfy { (3...5).contains($0.line) }, "\(errors)")
    }

    func testQualifiersAreBlankedOnlyWhereDefinitionsAre() {
        let text = """
        namespace content {
        void RenderFrameImpl::Close() { foo::Bar(); }
        content::Frame::~Frame() = default;
        }
        int x = std::max(1, 2);

        """
        let bytes = Array(text.utf8)
        let tokens = ClangSession().parse(path: "a.cc", contents: bytes, arguments: SyntaxCheck.arguments(forPath: "a.cc"), singleFile: true)!.tokens()
        func blank(_ text: String) -> String { String(repeating: " ", count: text.count) }
        XCTAssertEqual(String(decoding: SyntaxCheck.freeingMemberDefinitions(bytes, tokens: tokens), as: UTF8.self), """
        namespace content {
        void \(blank("RenderFrameImpl::"))Close() { foo::Bar(); }
        \(blank("content::Frame::"))~Frame() = default;
        }
        int x = \(blank("std::"))max(1, 2);

        """)
    }

    func testOnlyErrorsTheRewriteAddedAreNew() {
        // The file had an error before (a macro without its semicolon, as message maps have); a rewrite that moves
        // it down a line adds nothing, one that breaks the call adds one error.
        let before = Self.valid + "void F() {\n  int a = 1 +;\n}\n"
        let moved = "// A comment.\n" + before
        let broken = before.replacingOccurrences(of: "routing_id(), url));", with: "routing_id(), url);")
        let old = SyntaxCheck.errors(path: "a.cc", text: before)
        XCTAssertEqual(old.count, 1, "\(old)")
        XCTAssertEqual(SyntaxCheck.newErrors(before: old, after: SyntaxCheck.errors(path: "a.cc", text: moved)), [])
        let added = SyntaxCheck.newErrors(before: old, after: SyntaxCheck.errors(path: "a.cc", text: broken))
        // Clang reports it where it recovers, at the broken line or after it.
        XCTAssertEqual(added.count, 1, "\(added)")
        XCTAssertGreaterThanOrEqual(added.first?.line ?? 0, 4, "\(added)")
    }

    func testObjectiveCPlusPlusIsParsedAsSuch() {
        XCTAssertEqual(SyntaxCheck.arguments(forPath: "a.mm").prefix(2), ["-x", "objective-c++"])
        XCTAssertEqual(SyntaxCheck.errors(path: "a.mm", text: "@interface Foo\n- (void)bar;\n@end\n"), [])
    }
}
