internal import CClang
import Foundation

/// libclang's parse errors in one C++ file, read on its own as the scanner reads files: includes are not followed,
/// so only the file's own syntax is judged. Used to tell whether a rewrite broke a file that parsed before.
public enum SyntaxCheck {
    public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        /// The text of the line it is on, trimmed: what tells the same error on a moved line from a new one.
        public var lineText: String

        public var description: String { "\(line):\(column): \(message)" }

        public init(line: Int, column: Int, message: String, lineText: String) {
            self.line = line
            self.column = column
            self.message = message
            self.lineText = lineText
        }

        /// `error`, with the text of its line among `lines`, the checked file's.
        init(_ error: ClangError, in lines: [Substring]) {
            self.init(line: error.line, column: error.column, message: error.message, in: lines)
        }

        /// An error at `line`, with the text of that line among `lines`, the file's.
        public init(line: Int, column: Int, message: String, in lines: [Substring]) {
            let lineText = line >= 1 && line <= lines.count ? lines[line - 1].trimmingCharacters(in: .whitespaces) : ""
            self.init(line: line, column: column, message: message, lineText: lineText)
        }
    }

    /// The arguments for a file: its language by extension, no system headers, every error kept.
    public static func arguments(forPath path: String) -> [String] {
        let language = language(ofPath: path)
        return ["-x", language, "-fsyntax-only", "-w", "-nostdinc", "-nobuiltininc", "-ferror-limit=0"]
            + (language.hasSuffix("c++") ? ["-std=c++17", "-nostdinc++"] : [])
    }

    /// The language clang is told a file is in, by its extension.
    static func language(ofPath path: String) -> String {
        path.hasSuffix(".c") ? "c" : (path.hasSuffix(".m") ? "objective-c" : (path.hasSuffix(".mm") ? "objective-c++" : "c++"))
    }

    /// The syntax errors of `text` parsed as the file `path`. Errors of meaning (an undeclared name, an unknown
    /// type) are left out: without the file's includes nearly every name is unknown, before a rewrite as after.
    /// With `standardTemplates`, a first line declares the standard library's class templates, which no header is
    /// read for: `std::vector<ns::T> name` is then a declaration rather than an expression, though
    /// `ConvertTo<std::vector<ns::T>>(x)`, with `ns` unknown, no longer parses. Lines are the text's either way.
    public static func errors(path: String, text: String, arguments: [String]? = nil, standardTemplates: Bool = false) -> [Diagnostic] {
        let session = ClangSession()
        let arguments = arguments ?? Self.arguments(forPath: path)
        let bytes = Array(text.utf8)
        guard let tokens = session.parse(path: path, contents: bytes, arguments: arguments, singleFile: true)?.tokens() else {
            return bytes.isEmpty ? [] : [Diagnostic(line: 0, column: 0, message: "libclang could not parse the file", lineText: "")]
        }
        // Function bodies are parsed (senders are rewritten inside them); `#if` branches follow the single-file rules.
        let options = CXTranslationUnit_Incomplete.rawValue | CXTranslationUnit_KeepGoing.rawValue
            | CXTranslationUnit_SingleFileParse.rawValue
        let prelude = standardTemplates ? Array(Self.standardTemplates.utf8) + [UInt8(ascii: "\n")] : []
        guard let unit = session.translationUnit(
            main: path, files: [(path, prelude + freeingMemberDefinitions(bytes, tokens: tokens))], arguments: arguments, options: options
        ) else {
            return [Diagnostic(line: 0, column: 0, message: "libclang could not parse the file", lineText: "")]
        }
        defer { clang_disposeTranslationUnit(unit) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let shifted = ClangError.all(in: unit).compactMap { error -> ClangError? in
            guard standardTemplates, error.file == path else { return error }
            var error = error
            error.line -= 1
            return error.line >= 1 ? error : nil
        }
        return shifted.filter { error in
            guard error.category == "Parse Issue" || error.category == "Lexical or Preprocessor Issue" else { return false }
            // Includes are not read by design: a header missing here says nothing of the file's syntax, nor does a
            // base class declared in one, nor a template named as a base (`public content::BrowserAssociatedInterface<...>`).
            return !error.message.hasSuffix("file not found") && error.message != "expected class name" && !error.message.hasPrefix("unknown template name")
        }.map { Diagnostic($0, in: lines) }
    }

    /// The standard library's class templates and strings, declared on one line.
    static let standardTemplates = "namespace std { "
        + ["vector", "list", "deque", "map", "multimap", "set", "multiset", "unordered_map", "unordered_set", "unique_ptr", "shared_ptr", "weak_ptr",
           "pair", "tuple", "optional", "function", "basic_string"].map { "template <class...> class \($0);" }.joined(separator: " ")
        + " class string; class u16string; }"

    /// The errors of `after` that `before` did not have: compared by message and line text, so an error that only
    /// moved with its line is not new; then by message alone, so one that moved to a neighbour's line (a legacy
    /// header read without its macros, where each error sits on whatever definition follows) is not new either.
    public static func newErrors(before: [Diagnostic], after: [Diagnostic]) -> [Diagnostic] {
        var known: [String: Int] = [:]
        for error in before { known["\(error.message)\u{0}\(error.lineText)", default: 0] += 1 }
        let unmatched = after.filter { error in
            let key = "\(error.message)\u{0}\(error.lineText)"
            guard let count = known[key], count > 0 else { return true }
            known[key] = count - 1
            return false
        }
        var moved: [String: Int] = [:]
        for (key, count) in known where count > 0 { moved[String(key.prefix { $0 != "\u{0}" }), default: 0] += count }
        return unmatched.filter { error in
            guard let count = moved[error.message], count > 0 else { return true }
            moved[error.message] = count - 1
            return false
        }
    }

    /// `bytes` with the class qualifier of every out-of-line definition blanked (`void Foo::Bar() {` reads as
    /// `void      Bar() {`). Without the header declaring `Foo`, clang drops a member's definition unread, body and
    /// all; as a free function its body is parsed. Lines and columns stay where they were.
    static func freeingMemberDefinitions(_ bytes: [UInt8], tokens: [Token]) -> [UInt8] {
        let code = tokens.filter { $0.kind != .comment }
        var result = bytes
        // Which open braces are namespaces' (declarations go on inside them) and how deep in anything else we are.
        var braces: [Bool] = []
        var depth = 0
        for (index, token) in code.enumerated() {
            switch token.text {
            case "{":
                let opensNamespace = opensNamespaceOrLinkage(code, brace: index)
                braces.append(opensNamespace)
                if !opensNamespace { depth += 1 }
            case "}":
                if let namespace = braces.popLast(), !namespace { depth -= 1 }
            default:
                guard depth == 0, token.kind == .identifier, index + 1 < code.count, code[index + 1].text == "::",
                      index == 0 || !["::", ".", "->"].contains(code[index - 1].text) else { continue }
                var name = index
                while name + 1 < code.count, code[name].kind == .identifier, code[name + 1].text == "::" { name += 2 }
                guard name + 1 < code.count else { continue }
                let declaresMember = (code[name].kind == .identifier && code[name + 1].text == "(")
                    || code[name].text == "~" || code[name].text == "operator"
                guard declaresMember else { continue }
                for offset in token.start..<code[name].start where result[offset] != UInt8(ascii: "\n") {
                    result[offset] = UInt8(ascii: " ")
                }
            }
        }
        return result
    }

    /// Whether the `{` at `brace` opens `namespace a::b {`, `namespace {` or `extern "C" {`.
    private static func opensNamespaceOrLinkage(_ code: [Token], brace: Int) -> Bool {
        var index = brace - 1
        while index >= 0, code[index].kind == .identifier || code[index].text == "::" { index -= 1 }
        guard index >= 0 else { return false }
        if code[index].text == "namespace" { return true }
        return index == brace - 1 && code[index].kind == .literal && index > 0 && code[index - 1].text == "extern"
    }

}
