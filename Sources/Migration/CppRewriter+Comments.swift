import Foundation

extension CppRewriter {
    /// Comments that name a converted message name the method it became, so that no line of the patched tree names
    /// a definition the patch removed (`// TODO: ideally ViewMsg_WasShown would take a size.` reads
    /// `content::mojom::View::WasShown`). Comments inside code the patch removes go with it.
    mutating func renameInComments() {
        var methods: [String: String] = [:]
        for (message, found) in targets {
            guard let target = found.first else { continue }
            let method = target.interface.namespace + "::" + target.interface.name + "::" + target.method.name
            methods[message] = target.isRequest ? method : method + " (its reply)"
        }
        guard !methods.isEmpty else { return }
        for file in sources.keys.sorted() where !GNFile.isGNFile(file) && !deletedFiles.contains(file) {
            let bytes = sources[file]!.bytes
            for comment in sources[file]!.comments {
                for word in Self.words(in: bytes, range: comment) {
                    guard let method = methods[String(decoding: bytes[word], as: UTF8.self)] else { continue }
                    // Fails only inside code another pass removed, which takes the comment with it.
                    _ = add(UnifiedDiff.Edit(range: word, replacement: method), in: file)
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
