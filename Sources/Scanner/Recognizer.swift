import MojifyCore

/// Reads a file's raw token stream and recognises the IPC constructs in it. Works on tokens, not text:
/// comments and string literals are single tokens and can never look like an invocation, and directive lines
/// (including the macro definitions of `ipc_message_macros.h` itself) are read as directives, not as code.
struct Recognizer {
    let tokens: [Token]
    let source: [UInt8]
    /// The macros in force: the tree's project macros that reach IPC macros, under the file's own definitions.
    var macros: MacroTable
    /// The AST's answer for the function around an offset, when it has one.
    let functionAt: (Int) -> String?

    var findings = FileFindings()
    /// The names each function's body holds, reduced to the file's own functions at the end.
    var namesInFunctions: [String: Set<String>] = [:]
    /// The sends and calls outside any branch of each function, reduced to the file's own functions at the end.
    var sitesOutsideBranches: [String: [PathSite]] = [:]
    var conditions = ConditionStack()
    var messageClass = ""
    var exportMacro: String?
    var openStruct: FileFindings.Struct?
    var openTraits: FileFindings.Traits?
    var openMap: FileFindings.Map?
    var scopes = ScopeTracker()
    /// Whether any code or directive other than comments came before the current point.
    var sawCode = false

    /// The text is one patch hunk: it ends where the hunk does, possibly inside an invocation.
    let isHunk: Bool

    init(tokens: [Token], source: [UInt8], wrappers: [String: [WrapperMacro]], isHunk: Bool = false, functionAt: @escaping (Int) -> String?) {
        self.tokens = tokens
        self.source = source
        macros = MacroTable(tree: wrappers)
        self.isHunk = isHunk
        self.functionAt = functionAt
    }

    mutating func run() -> FileFindings {
        var index = 0
        var previousLine = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .comment {
                index += 1
                continue
            }
            let startsLine = token.line != previousLine
            previousLine = token.line
            if startsLine && token.is("#") {
                let end = directiveEnd(from: index)
                handleDirective(tokens[index..<end])
                sawCode = true
                index = end
                previousLine = tokens[end - 1].line
                continue
            }
            index = handleCode(at: index)
            sawCode = true
        }
        closeOpenBlocks()
        findings.wrappers = macros.shared()
        let defined = Dictionary(grouping: namesInFunctions.keys, by: { IPCNaming.unqualified($0) })
        for (function, names) in namesInFunctions {
            let callees = names.flatMap { defined[$0] ?? [] }.filter { $0 != function }
            if !callees.isEmpty { findings.calls[function] = Array(Set(callees)).sorted() }
        }
        for (function, sites) in sitesOutsideBranches {
            // A name that is a function of the file stands for each function of that name.
            let kept = sites.flatMap { site in
                // What earlier returns' paths held is spelled as written (`SendReply`): named as the file's functions.
                let after = site.after.map { names in Array(Set(names.flatMap { defined[$0] ?? [$0] })).sorted() }
                return site.isCall ? (defined[site.name] ?? []).filter { $0 != function }.map { PathSite(name: $0, isCall: true, after: after) }
                    : [PathSite(name: site.name, isCall: false, after: after)]
            }
            if !kept.isEmpty { findings.pathSites[function] = kept }
        }
        return findings
    }

    mutating func problem(_ severity: Diagnostic.Severity, at token: Token, _ message: String, hint: String?, structural: Bool = false) {
        findings.problems.append(.init(severity: severity, at: RawLocation(token), message: message, hint: hint, isStructural: structural))
    }
}
