import MojifyCore

/// Macro argument lists: split at their top-level commas, with the comments that name the arguments.
extension Recognizer {
    /// Splits the parenthesised list opening at `openParen` at its top-level commas. Angle brackets count as
    /// nesting after a name (`std::map<int, int>`), but only within their own parenthesis level, so an unmatched
    /// `<` in an expression cannot swallow the rest of the list. Returns the arguments (comments kept, so that
    /// names in comments can be read) and the index of the closing parenthesis. When the list never closes, the
    /// close is nil and the arguments are the ones a comma completed.
    static func splitArguments(_ list: [Token], openParen: Int) -> (arguments: [[Token]], close: Int?) {
        var arguments: [[Token]] = []
        var depth = 0
        var angles: [Int] = [0]
        var argumentStart = openParen + 1
        var index = openParen
        var previousCode: Token?
        while index < list.count {
            let token = list[index]
            if token.kind != .comment {
                switch token.text {
                case "(", "[", "{":
                    depth += 1
                    angles.append(0)
                case ")", "]", "}":
                    depth -= 1
                    angles.removeLast()
                    if depth == 0 {
                        let last = list[argumentStart..<index]
                        if !arguments.isEmpty || last.contains(where: { $0.kind != .comment }) {
                            arguments.append(Array(last))
                        }
                        return (Recognizer.reattachTrailingComments(arguments), index)
                    }
                case "<":
                    if let previousCode, previousCode.kind == .identifier || previousCode.text == ">" {
                        angles[angles.count - 1] += 1
                    }
                case ">":
                    angles[angles.count - 1] = max(0, angles[angles.count - 1] - 1)
                case ">>":
                    angles[angles.count - 1] = max(0, angles[angles.count - 1] - 2)
                case "," where depth == 1 && angles[angles.count - 1] == 0:
                    arguments.append(Array(list[argumentStart..<index]))
                    argumentStart = index + 1
                default:
                    break
                }
                previousCode = token
            }
            index += 1
        }
        return (Recognizer.reattachTrailingComments(arguments), nil)
    }

    /// `int,  // render_frame_id` puts the comment after the comma but on the argument's own line:
    /// such a comment belongs to the argument before the comma, not the one after it.
    private static func reattachTrailingComments(_ arguments: [[Token]]) -> [[Token]] {
        var result = arguments
        for index in result.indices.dropFirst() {
            guard let previousLine = result[index - 1].last(where: { $0.kind != .comment })?.line else { continue }
            let leading = result[index].prefix { $0.kind == .comment && $0.line == previousLine }
            guard !leading.isEmpty else { continue }
            result[index - 1].append(contentsOf: leading)
            result[index].removeFirst(leading.count)
        }
        return result
    }

    /// `SkBitmap)  // decoded image` names the last argument when that argument has a line of its own; a comment
    /// after a one-line invocation describes the message, not its last parameter.
    static func attachCommentAfterClose(_ arguments: inout [[Token]], after close: Token, next: Token?, invocationLine: Int) {
        guard let comment = next, comment.kind == .comment, comment.line == close.line, close.line != invocationLine,
              let last = arguments.indices.last,
              let firstCode = arguments[last].first(where: { $0.kind != .comment }), firstCode.line == close.line,
              last == 0 || arguments[last - 1].last(where: { $0.kind != .comment })?.line != close.line
        else { return }
        arguments[last].append(comment)
    }
}

/// One macro argument: its tokens (comments kept), its text as written, and the name a comment gives it.
struct Argument {
    var tokens: [Token]

    init(_ tokens: [Token]) {
        self.tokens = tokens
    }

    var text: String { TokenText.join(tokens) }

    /// `std::string /* mime_type */` -> type `std::string`, name `mime_type`. A comment that is one identifier
    /// wins; otherwise a short phrase names the parameter the way its author wrote it (see `nameFromPhrase`).
    var parameter: Parameter {
        let bodies = tokens.filter { $0.kind == .comment }.map { TokenText.commentBody($0.text) }.filter { !Argument.isToolMarker($0) }
        let name = bodies.first { $0.isCIdentifier } ?? bodies.lazy.compactMap(Argument.nameFromPhrase).first
        return Parameter(type: text, name: name)
    }

    /// `// NOLINT`, `// TODO(...)`: comments for tools and readers, never names.
    static func isToolMarker(_ body: String) -> Bool {
        ["NOLINT", "TODO", "FIXME", "XXX", "NOTE", "IWYU", "clang-format"].contains { body.hasPrefix($0) }
    }

    /// Words before a comment's first punctuation: `rendered document cookie` -> `rendered_document_cookie`,
    /// `error_message, if any` -> `error_message`, `the id of the frame` -> `id_of_the_frame`, `is muted?` ->
    /// `is_muted`. A longer phrase (a description, not a name) gives its head, the words before the first word
    /// that starts a qualifier: `location where menu should be shown` -> `location`, `the offset of the text in
    /// the document` -> `offset`. Tool markers (`NOLINT`, `TODO(...)`) and words that are not plain words give none.
    static func nameFromPhrase(_ body: String) -> String? {
        let head = body.prefix { !",;.:()[]=?!".contains($0) }.replacingOccurrences(of: "'s ", with: " ")
        // `success/failure status` is two words there.
        var words = head.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "-" || $0 == "\n" || $0 == "/" }).map(String.init)
        if let first = words.first, ["the", "a", "an"].contains(first.lowercased()), words.count > 1 { words.removeFirst() }
        if words.count > 5, let cut = words.firstIndex(where: { qualifierWords.contains($0.lowercased()) }), (1...4).contains(cut) {
            words = Array(words[..<cut])
        }
        guard (1...5).contains(words.count), words.allSatisfy({ $0.isCIdentifier || $0.allSatisfy(\.isNumber) }),
              words[0].isCIdentifier
        else { return nil }
        return words.joined(separator: "_")
    }

    /// English words that start what qualifies a noun (prepositions, relative words, verbs of a relative clause):
    /// where a long comment's head noun phrase ends.
    static let qualifierWords: Set<String> = [
        "of", "in", "for", "where", "which", "that", "to", "from", "with", "when", "whose", "who", "on", "at", "by", "if",
        "whether", "as", "into", "while", "after", "before", "should", "will", "can", "must", "is", "are", "was", "were",
    ]
}

extension String {
    /// `[A-Za-z_][A-Za-z0-9_]*`, on the bytes: asked of every comment body next to a parameter.
    var isCIdentifier: Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") }
        guard let first = utf8.first, isLetter(first) else { return false }
        return utf8.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}
