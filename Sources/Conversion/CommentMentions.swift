/// Which messages' comments mention which names: the index that lets reply pairing look only at messages whose
/// comments could name each other, instead of testing every pair (quadratic: 66 s of `lint` at 50,000 messages).
///
/// A comment can document a reply only by holding the other message's name as a whole word, compared without
/// case (`PlanBuilder.documentsReply`). So each comment is cut into words as that comparison sees them: runs of
/// ASCII letters, digits and `_`, lower-cased, with the two non-ASCII letters whose case folding is ASCII (`ſ` is
/// `s`, the Kelvin sign is `k`) folded too. Any other character ends a word; a word the regular expression would
/// not see as whole (an ASCII run beside a non-ASCII letter) is a word here too, which only adds candidates that the
/// exact test then turns down. The index therefore never misses a pair the exact test accepts.
struct CommentMentions {
    /// By lower-cased word, the indices of the messages whose comment holds it.
    private var mentioning: [String: [Int]] = [:]
    /// By lower-cased name, the indices of the messages of that name.
    private var named: [String: [Int]] = [:]
    /// The words of each message's comment.
    private var words: [Set<String>] = []

    init(names: [String], comments: [String?]) {
        for (index, name) in names.enumerated() {
            named[name.lowercased(), default: []].append(index)
        }
        for (index, comment) in comments.enumerated() {
            let found = comment.map(CommentMentions.words(in:)) ?? []
            words.append(found)
            for word in found { mentioning[word, default: []].append(index) }
        }
    }

    /// The messages whose comment mentions message `index`'s name, and those that message's comment mentions, in
    /// index order, without `index` itself.
    func candidates(for index: Int, name: String) -> [Int] {
        var found = Set(mentioning[name.lowercased()] ?? [])
        for word in words[index] { found.formUnion(named[word] ?? []) }
        found.remove(index)
        return found.sorted()
    }

    static func words(in text: String) -> Set<String> {
        var words = Set<String>()
        var current = String.UnicodeScalarView()
        func end() {
            if !current.isEmpty { words.insert(String(current)) }
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "a"..."z", "0"..."9", "_": current.append(scalar)
            case "A"..."Z": current.append(Unicode.Scalar(scalar.value + 32)!)
            case "\u{017F}": current.append("s")
            case "\u{212A}": current.append("k")
            default: end()
            }
        }
        end()
        return words
    }
}
