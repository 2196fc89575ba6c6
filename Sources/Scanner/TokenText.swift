/// Turning token runs back into text the way the source wrote them.
enum TokenText {
    /// The comments that end on the line right above `tokens[index]` and on each line above those, with no blank
    /// line or code between: what the engineers wrote about the construct. Comment markers and `*` gutters are
    /// removed, lines are joined into one paragraph.
    static func commentAbove(_ index: Int, in tokens: [Token]) -> String? {
        var line = tokens[index].line
        var start = index
        // Only what stands alone on its lines: a comment after code on the line above belongs to that code.
        while start > 0, tokens[start - 1].kind == .comment,
              tokens[start - 1].line + tokens[start - 1].text.filter(\.isNewline).count == line - 1,
              start - 1 == 0 || tokens[start - 2].line < tokens[start - 1].line {
            start -= 1
            line = tokens[start].line
        }
        guard start < index else { return nil }
        let words = tokens[start..<index].flatMap { token -> [Substring] in
            var text = Substring(token.text)
            if text.hasPrefix("//") { text = text.drop { $0 == "/" } } else if text.hasPrefix("/*") {
                text = text.dropFirst(2).dropLast(text.hasSuffix("*/") ? 2 : 0)
            }
            return text.split(separator: "\n").flatMap { line in
                line.drop { $0 == " " || $0 == "\t" || $0 == "*" }.split(whereSeparator: \.isWhitespace)
            }
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

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
