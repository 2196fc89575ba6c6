/// Turning token runs back into text the way the source wrote them.
enum TokenText {
    /// The tokens' text, with one space wherever the source had white space or a comment between two tokens,
    /// so `std::map<int,  /* key */ int>` becomes `std::map<int, int>` and multi-line arguments become one line.
    static func join<C: Collection>(_ tokens: C) -> String where C.Element == Token {
        var text = ""
        var previousEnd: Int?
        for token in tokens where token.kind != .comment {
            if let previousEnd, token.start != previousEnd { text += " " }
            text += token.text
            previousEnd = token.end
        }
        return text
    }

    /// The words of a comment (`/* mime_type */` -> `mime_type`, `// NOLINT` -> `NOLINT`).
    static func commentBody(_ comment: String) -> String {
        var body = Substring(comment)
        if body.hasPrefix("//") {
            body = body.dropFirst(2)
        } else if body.hasPrefix("/*") {
            body = body.dropFirst(2)
            if body.hasSuffix("*/") { body = body.dropLast(2) }
        }
        return body.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

import Foundation
