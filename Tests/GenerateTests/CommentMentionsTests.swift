@testable import MojifyConversion
import XCTest

/// Reply pairing looks only at messages whose comments could name each other: linear in the messages, where
/// testing every pair made `lint` take 66 s at 50,000 messages.
final class CommentMentionsTests: XCTestCase {
    /// The candidates a request gets are the messages its comment names and those whose comments name it, so
    /// their total grows with the number of mentions, not with the square of the messages.
    func testCandidatesGrowWithMentionsNotWithPairs() {
        for count in [1_000, 8_000] {
            let names = (0..<count).map { "Foo\($0 / 500)Msg_M\($0)" }
            // Every other message documents the one before it as its request; the rest say nothing of others.
            let comments: [String?] = (0..<count).map { $0 % 2 == 1 ? "Sent in response to \(names[$0 - 1])." : "Asks for thing \($0)." }
            let mentions = CommentMentions(names: names, comments: comments)
            let considered = names.indices.reduce(0) { $0 + mentions.candidates(for: $1, name: names[$1]).count }
            XCTAssertEqual(considered, count, "each documented pair is considered from both sides, and nothing else")
        }
    }

    /// Never fewer candidates than the exact test accepts: words are cut as `\b` and case-insensitive matching
    /// see them, the two non-ASCII letters that fold to ASCII included.
    func testWordsAreCutAsTheExactTestSeesThem() {
        XCTAssertEqual(CommentMentions.words(in: "Reply to FOOMSG_Bar, (see fooMsg_baz2)."), ["reply", "to", "foomsg_bar", "see", "foomsg_baz2"])
        XCTAssertEqual(CommentMentions.words(in: "Antwort auf FooMſg_Bar; über Kelvin \u{212A}ey"), ["antwort", "auf", "foomsg_bar", "ber", "kelvin", "key"])
        let mentions = CommentMentions(names: ["FooHostMsg_Go", "FooMsg_Went", "FooMsg_Other"],
                                       comments: [nil, "The reply to foohostmsg_go.", "Unrelated."])
        XCTAssertEqual(mentions.candidates(for: 0, name: "FooHostMsg_Go"), [1])
        XCTAssertEqual(mentions.candidates(for: 1, name: "FooMsg_Went"), [0])
        XCTAssertEqual(mentions.candidates(for: 2, name: "FooMsg_Other"), [])
    }
}
