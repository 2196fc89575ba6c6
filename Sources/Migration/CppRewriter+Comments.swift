import Foundation
import MojifyCore
import MojifyScanner

extension CppRewriter {
    /// Comments that name a converted message name the method it became, so that no line of the patched tree names
    /// a definition the patch removed (`// TODO: ideally ViewMsg_WasShown would take a size.` reads
    /// `content::mojom::View::WasShown`). Comments inside code the patch removes go with it. A string naming one is
    /// listed (Electron's `"Unable to send AtomFrameHostMsg_Message_To"`).
    mutating func renameInComments() {
        var methods: [String: String] = [:]
        for (message, found) in targets {
            guard let target = found.first else { continue }
            let method = target.interface.namespace + "::" + target.interface.name + "::" + target.method.name
            methods[message] = target.isRequest ? method : method + " (its reply)"
        }
        guard !methods.isEmpty else { return }
        for file in sources.keys.sorted() where !GNFile.isGNFile(file) && !deletedFiles.contains(file) {
            let source = sources[file]!
            let bytes = source.bytes
            for comment in source.comments {
                for word in Self.words(in: bytes, range: comment) {
                    guard let method = methods[String(decoding: bytes[word], as: UTF8.self)] else { continue }
                    // Fails only inside code another pass removed, which takes the comment with it.
                    _ = add(UnifiedDiff.Edit(range: word, replacement: method), in: file)
                }
            }
            // A string may be shown to users or compared elsewhere: it is listed, not rewritten, unless the code around
            // it goes (an edit replaces it by text without it).
            let fileEdits = edits[file] ?? []
            let gone = { (token: CodeToken) in
                fileEdits.contains { $0.range.lowerBound <= token.range.lowerBound && token.range.upperBound <= $0.range.upperBound && !$0.replacement.contains(token.text) }
            }
            // Strings in code, and in directives (a `#define`'s text), whose lines no edit removes.
            let strings = source.tokens.filter { $0.kind == .literal && $0.text.contains("\"") && !gone($0) }.map(\.range)
                + source.directiveStrings.filter { range in !fileEdits.contains { $0.range.lowerBound <= range.lowerBound && range.upperBound <= $0.range.upperBound } }
            for range in strings.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                let named = Set(Self.words(in: bytes, range: range).map { String(decoding: bytes[$0], as: UTF8.self) }.filter { methods[$0] != nil })
                for message in named.sorted() {
                    let location = SourceLocation(file: file, line: source.line(of: range.lowerBound), column: source.column(of: range.lowerBound))
                    record(.mention, message, location, reason: "a string names it; the patch leaves its text as it is (it may be shown or compared): update it by hand")
                }
            }
        }
    }

    /// The ranges of the identifier-like words in `range` of `bytes`.
    private static func words(in bytes: [UInt8], range: Range<Int>) -> [Range<Int>] {
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
        var words: [Range<Int>] = []
        var start: Int?
        for index in range {
            if isWordByte(bytes[index]) {
                if start == nil { start = index }
            } else if let first = start {
                words.append(first..<index)
                start = nil
            }
        }
        if let first = start { words.append(first..<range.upperBound) }
        return words
    }
}
