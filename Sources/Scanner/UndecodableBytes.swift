import MojifyCore

extension TextEncoding {
    /// The first byte that is not UTF-8 outside comments and literals, where it changes what the code says:
    /// libclang's raw lexer drops such a byte, so `FooMsg_Caf\xE9` would be read as a message `FooMsg_Caf`.
    /// Inside a comment or a string literal it changes no construct and is let be.
    static func firstUndecodableCodeByte(_ bytes: [UInt8], tokens: [Token]) -> Int? {
        invalidUTF8Offsets(bytes).first { offset in
            // Tokens are in file order: the last one starting at or before the byte is the only one that can hold it.
            var low = 0, high = tokens.count
            while low < high {
                let middle = (low + high) / 2
                if tokens[middle].start <= offset { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return true }
            let token = tokens[low - 1]
            return !(offset < token.end && (token.kind == .comment || token.kind == .literal))
        }
    }
}
