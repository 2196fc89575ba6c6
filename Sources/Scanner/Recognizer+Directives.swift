import MojifyCore

/// Preprocessor directives: `#if` conditions, the message class and export macro, project macros, includes.
extension Recognizer {
    /// The index after the last token of the directive starting at `start`: the directive ends at the first line
    /// break between two of its tokens that no backslash splices (a comment's own line breaks do not end it).
    func directiveEnd(from start: Int) -> Int {
        source.withUnsafeBytes { bytes in
            var end = start + 1
            while end < tokens.count && !LogicalSpelling.hasLineBreak(bytes, from: tokens[end - 1].end, to: tokens[end].start) {
                end += 1
            }
            return end
        }
    }

    mutating func handleDirective(_ directive: ArraySlice<Token>) {
        let words = directive.filter { $0.kind != .comment }
        guard words.count >= 2 else { return }
        let name = words[words.startIndex + 1].text
        let rest = words.dropFirst(2)
        let restText = TokenText.join(rest)
        switch name {
        case "if":
            conditions.push(condition: restText, constant: constantValue(restText))
        case "ifdef":
            conditions.push(condition: "defined(\(restText))", constant: nil)
        case "ifndef":
            conditions.push(condition: "!defined(\(restText))", constant: nil, isIncludeGuard: isIncludeGuard(directive, macro: restText))
        case "elif", "elifdef", "elifndef":
            let condition = name == "elif" ? restText : (name == "elifdef" ? "defined(\(restText))" : "!defined(\(restText))")
            if !conditions.elseIf(condition: condition, constant: name == "elif" ? constantValue(restText) : nil) {
                problem(.warning, at: words.first!, "#\(name) without #if", hint: "check the file's #if/#endif balance", structural: true)
            }
        case "else":
            if !conditions.otherwise() {
                problem(.warning, at: words.first!, "#else without #if", hint: "check the file's #if/#endif balance", structural: true)
            }
        case "endif":
            if !conditions.pop() {
                problem(.warning, at: words.first!, "#endif without #if", hint: "check the file's #if/#endif balance", structural: true)
            }
        case "define":
            handleDefine(directive)
        case "undef":
            switch restText {
            case "IPC_MESSAGE_START": messageClass = ""
            case "IPC_MESSAGE_EXPORT": exportMacro = nil
            default: macros.undefine(restText, unconditional: isUnconditional)
            }
        case "include", "import", "include_next":
            macros.include()
            if let path = rest.first, path.kind == .literal, path.text.hasPrefix("\""), path.text.count >= 2 {
                findings.includes.append(String(path.text.dropFirst().dropLast()))
            } else if let open = rest.first, open.is("<"), let close = rest.first(where: { $0.is(">") }) {
                // Raw tokens do not know a header name: `<foo/msgs.def>` is its bytes between the brackets.
                findings.includes.append(String(decoding: source[open.end..<close.start], as: UTF8.self))
            }
        default:
            break
        }
    }

    /// `#ifndef FOO_H_` that opens the file (only comments before it) and is followed at once by `#define FOO_H_`.
    private func isIncludeGuard(_ directive: ArraySlice<Token>, macro: String) -> Bool {
        guard !sawCode, let lastIndex = directive.indices.last else { return false }
        let following = tokens[(lastIndex + 1)...].lazy.filter { $0.kind != .comment }.prefix(3).map(\.text)
        return Array(following) == ["#", "define", macro]
    }

    /// `0`, `1`, `false` and `true` are the only conditions whose outcome is known without a build configuration.
    private func constantValue(_ condition: String) -> Bool? {
        switch condition {
        case "0", "false": false
        case "1", "true": true
        default: nil
        }
    }

    /// Whether a directive here is made whatever the build: no `#if` around it but the include guard.
    private var isUnconditional: Bool {
        let current = conditions.current
        return current.stack.isEmpty && !current.disabled
    }

    /// `directive`: all of it, from `#`, comments kept.
    private mutating func handleDefine(_ directive: ArraySlice<Token>) {
        let code = directive.indices.filter { directive[$0].kind != .comment }
        guard code.count >= 3, directive[code[2]].kind == .identifier || directive[code[2]].kind == .keyword else { return }
        let macro = directive[code[2]]
        let body = Array(directive[(code[2] + 1)...])
        switch macro.text {
        case "IPC_MESSAGE_START":
            messageClass = TokenText.join(body)
            return
        case "IPC_MESSAGE_EXPORT":
            let value = TokenText.join(body)
            exportMacro = value.isEmpty ? nil : value
            return
        default:
            break
        }
        // IPC macros defining each other (ipc_message_macros.h itself) are the vocabulary, not project macros.
        guard IPCMacro(name: macro.text) == nil else { return }
        // Function-like only when the `(` touches the name.
        guard let open = body.first, open.is("("), touches(macro, open) else {
            macros.define(WrapperMacro(name: macro.text, parameters: nil, isVariadic: false, body: body), unconditional: isUnconditional)
            return
        }
        guard let close = body.firstIndex(where: { $0.is(")") }) else { return }
        var parameters: [String] = []
        var isVariadic = false
        var afterComma = true
        for token in body[1..<close] where token.kind != .comment {
            if token.is(",") {
                afterComma = true
            } else if token.is("...") {
                // `...` is `__VA_ARGS__`; `args...` names it.
                if afterComma { parameters.append("__VA_ARGS__") }
                isVariadic = true
            } else {
                parameters.append(token.text)
                afterComma = false
            }
        }
        macros.define(WrapperMacro(name: macro.text, parameters: parameters, isVariadic: isVariadic, body: Array(body[(close + 1)...])),
                      unconditional: isUnconditional)
    }

    /// Whether nothing but line splices lies between the two tokens.
    private func touches(_ first: Token, _ second: Token) -> Bool {
        source.withUnsafeBytes { bytes in
            var offset = first.end
            while offset < second.start, let end = LogicalSpelling.spliceEnd(at: offset, in: bytes) { offset = end }
            return offset == second.start
        }
    }
}
