import MojifyCore

/// A `#define` as the recogniser keeps it. Those whose expansion can reach an IPC macro are shared with the rest of
/// the tree: `#define EXT_HANDLER(m, f) IPC_MESSAGE_HANDLER(m, f)`, `#define MY_CONTROL1 IPC_MESSAGE_CONTROL1`,
/// `#define DEFINE_MSG(n) IPC_MESSAGE_CONTROL0(FooMsg_##n)`, and macros that reach one through others.
struct WrapperMacro: Codable, Sendable, Equatable {
    var name: String
    /// The parameters' names (`__VA_ARGS__` for `...`); nil for an object-like macro.
    var parameters: [String]?
    /// Whether the last parameter takes the remaining arguments (`...`, `args...`).
    var isVariadic: Bool
    /// The replacement list, comments kept: they name the parameters of messages.
    var body: [Token]

    /// The same definition, whatever file or line it was written on.
    func spells(like other: WrapperMacro) -> Bool {
        name == other.name && parameters == other.parameters && isVariadic == other.isVariadic
            && body.filter { $0.kind != .comment }.map(\.text) == other.body.filter { $0.kind != .comment }.map(\.text)
    }
}

/// How far a macro's expansion can get: to an IPC macro whatever its arguments, only through them (it invokes
/// one of its parameters: `#define FOR_EACH_MESSAGE(X) X(FooMsg_A) X(FooMsg_B)`), or not at all.
enum MacroReach: Int, Comparable {
    case none, viaArguments, always

    static func < (left: MacroReach, right: MacroReach) -> Bool { left.rawValue < right.rawValue }
}

/// The macros in force at a point of a file: the file's own definitions so far over the tree's project macros that
/// reach IPC macros (a name the tree defines several ways has each of them, `alternative` picks one).
struct MacroTable {
    let tree: [String: [WrapperMacro]]
    /// This file's definitions in force; nil where an `#undef` hides the tree's.
    private var local: [String: WrapperMacro?] = [:]
    /// Every definition the file made, in order, to share those that reach IPC macros.
    private(set) var definitions: [WrapperMacro] = []
    /// The definitions (indices into `definitions`) made since the file's last `#include`, by name.
    private var sinceLastInclude: [String: Int] = [:]
    /// Definitions an `#undef` removed before any `#include` could see them: no other file has them.
    private var fileLocal: Set<Int> = []
    /// Tells most names apart without hashing them: asked of every name in the code of a file with macros.
    private var filter = NameFilter()
    private var memo = ReachMemo()

    init(tree: [String: [WrapperMacro]]) {
        self.tree = tree
        for name in tree.keys { filter.insert(name) }
    }

    var isEmpty: Bool { tree.isEmpty && local.isEmpty }

    func lookup(_ name: String, alternative: Int = 0) -> WrapperMacro? {
        guard filter.mayContain(name) else { return nil }
        if let own = local[name] { return own }
        guard let all = tree[name] else { return nil }
        return all[min(alternative, all.count - 1)]
    }

    /// How many ways the name is defined where it is looked up.
    func alternatives(of name: String) -> Int {
        local[name] != nil ? 1 : tree[name]?.count ?? 0
    }

    /// Conditions are not evaluated, so a definition under an `#if` may be the one the build does not see: it hides
    /// one that reaches IPC macros only when made unconditionally, or when it reaches them too.
    mutating func define(_ macro: WrapperMacro, unconditional: Bool) {
        // An empty object-like macro (an include guard, most often) expands to nothing: it matters only where it
        // hides another definition. Most headers define nothing else, and their names then need no look-up.
        guard macro.parameters != nil || macro.body.contains(where: { $0.kind != .comment }) || lookup(macro.name) != nil else { return }
        definitions.append(macro)
        sinceLastInclude[macro.name] = definitions.count - 1
        filter.insert(macro.name)
        if !unconditional, reach(of: macro.name) > .none, reach(macro) == .none { return }
        local[macro.name] = .some(macro)
        memo = ReachMemo()
    }

    mutating func undefine(_ name: String, unconditional: Bool) {
        guard unconditional, lookup(name) != nil else { return }
        // `#define EXTRA_HANDLER(...) ...` used in a `.cc` file's message map and `#undef`'d after it.
        if let index = sinceLastInclude.removeValue(forKey: name) { fileLocal.insert(index) }
        local[name] = .some(nil)
        memo = ReachMemo()
    }

    /// An `#include`: the header it names sees every definition in force.
    mutating func include() {
        sinceLastInclude.removeAll()
    }

    /// The farthest any definition of `name` in force reaches.
    func reach(of name: String) -> MacroReach {
        reach(of: name, visiting: [])
    }

    func reach(_ macro: WrapperMacro) -> MacroReach {
        reach(macro, visiting: [macro.name])
    }

    private func reach(of name: String, visiting: Set<String>) -> MacroReach {
        if let known = memo.reach[name] { return known }
        let count = alternatives(of: name)
        var best = MacroReach.none
        for alternative in 0..<count {
            guard let macro = lookup(name, alternative: alternative) else { continue }
            best = max(best, reach(macro, visiting: visiting.union([name])))
        }
        if visiting.isEmpty { memo.reach[name] = best }
        return best
    }

    private func reach(_ macro: WrapperMacro, visiting: Set<String>) -> MacroReach {
        let code = macro.body.filter { $0.kind != .comment }
        var best = MacroReach.none
        for (index, token) in code.enumerated() where token.kind == .identifier {
            let next = index + 1 < code.count ? code[index + 1].text : nil
            if IPCMacro(name: token.text) != nil { return .always }
            // `IPC_MESSAGE_##kind`: a name pasted together from an IPC macro's prefix.
            if token.text.hasPrefix(IPCMacro.prefix) && (next == "##" || (index > 0 && code[index - 1].text == "##")) { return .always }
            if macro.parameters?.contains(token.text) ?? false {
                if next == "(" { best = max(best, .viaArguments) }
            } else if !visiting.contains(token.text), lookup(token.text) != nil {
                let other = reach(of: token.text, visiting: visiting)
                if other == .always { return .always }
                best = max(best, other)
            }
        }
        return best
    }

    /// The file's definitions that reach IPC macros whatever their arguments, for the other files of the tree
    /// (except those the file `#undef`s before it includes anything, which no other file can see). A
    /// macro that only invokes a parameter stays in its file: generic ones abound (test frameworks' assertions),
    /// and named as needles they would have most files read again. Across files such a list macro hands an IPC
    /// macro on by name, which the recogniser reports as not followed.
    func shared() -> [WrapperMacro] {
        definitions.indices.filter { !fileLocal.contains($0) && reach(definitions[$0]) == .always }.map { definitions[$0] }
    }

    /// The names files must be read again for when the tree's table goes from `old` to `new`: those defined
    /// otherwise (or no longer), and those whose definitions name one of them, however indirectly.
    static func namesToLookFor(from old: [String: [WrapperMacro]], to new: [String: [WrapperMacro]]) -> [String] {
        var changed = Set(new.keys.filter { old[$0] != new[$0] } + old.keys.filter { new[$0] == nil })
        var grown = !changed.isEmpty
        while grown {
            grown = false
            for (name, definitions) in new where !changed.contains(name)
                && definitions.contains(where: { $0.body.contains { changed.contains($0.text) } }) {
                changed.insert(name)
                grown = true
            }
        }
        return changed.sorted()
    }

    /// Replaced, not cleared, when the table changes: a copy of the table shares it until then.
    private final class ReachMemo {
        var reach: [String: MacroReach] = [:]
    }

    /// A set of names that may answer yes for a name it does not hold, and never no for one it does.
    private struct NameFilter {
        private var bits = [UInt64](repeating: 0, count: 64)

        @inline(__always)
        private static func bucket(_ name: String) -> Int {
            let utf8 = name.utf8
            guard let first = utf8.first, let last = utf8.last else { return 0 }
            return (Int(first) &* 131 &+ Int(last) &* 31 &+ utf8.count &* 7) & 4095
        }

        mutating func insert(_ name: String) {
            let bucket = NameFilter.bucket(name)
            bits[bucket >> 6] |= 1 << UInt64(bucket & 63)
        }

        func mayContain(_ name: String) -> Bool {
            let bucket = NameFilter.bucket(name)
            return bits[bucket >> 6] & (1 << UInt64(bucket & 63)) != 0
        }
    }
}

/// One use of a project macro, expanded as the preprocessor would as far as IPC macros go: arguments substituted
/// (`#`, `##` and `__VA_ARGS__` included), the result rescanned for further macros, a macro name at its end given
/// the arguments that follow the use, and the IPC macro invocations it comes to collected with their arguments.
/// Arguments are not expanded before they are substituted: the rescan expands them where it matters here.
struct MacroExpansion {
    struct Invocation {
        var macro: IPCMacro
        var name: String
        var arguments: [[Token]]
    }

    enum Outcome {
        case invocations([Invocation])
        /// Compilers reject it (a wrong number of arguments).
        case malformed(String)
        /// It does what this does not follow; the reason, in words.
        case unfollowed(String)
        /// The tokens end inside an argument list.
        case unterminated
    }

    /// More tokens than this from one use is taken for a runaway expansion rather than followed.
    static let tokenBudget = 50_000

    private struct Item {
        var token: Token
        /// Macros not to expand again in this token: those whose expansion produced it.
        var hidden: [String]
        /// Where in the file the token is, for those taken from after the use.
        var fileIndex: Int?
    }

    private let tokens: [Token]
    private let table: MacroTable
    private let alternative: Int
    private var items: [Item]
    private var cursor: Int
    private var produced = 0
    /// The most definitions a name met had: the use is expanded once with each.
    private var alternativesMet = 1

    private init(use index: Int, in tokens: [Token], table: MacroTable, alternative: Int) {
        self.tokens = tokens
        self.table = table
        self.alternative = alternative
        items = [Item(token: tokens[index], hidden: [], fileIndex: nil)]
        cursor = index + 1
    }

    /// Expands the use at `tokens[index]`; `end`: the index of the first token it did not take. Where a name has
    /// several definitions in the tree, the use is expanded with each, and the invocations of all are kept.
    static func expand(use index: Int, in tokens: [Token], table: MacroTable) -> (outcome: Outcome, end: Int) {
        var found: [Invocation] = []
        var seen = Set<String>()
        var first: (outcome: Outcome, end: Int)?
        var end = index + 1
        var alternative = 0, alternatives = 1
        while alternative < alternatives {
            var expansion = MacroExpansion(use: index, in: tokens, table: table, alternative: alternative)
            let outcome = expansion.run()
            alternatives = expansion.alternativesMet
            alternative += 1
            if first == nil { first = (outcome, expansion.end) }
            switch outcome {
            case let .invocations(invocations):
                end = max(end, expansion.end)
                for invocation in invocations where seen.insert(invocation.key).inserted { found.append(invocation) }
            case .unfollowed:
                return (outcome, expansion.end)
            case .malformed, .unterminated:
                continue
            }
        }
        // Nothing found with any definition: what the first gave (a malformed use is the compiler's error too).
        if found.isEmpty, let first { return first }
        return (.invocations(found), end)
    }

    /// Where the file's tokens go on after what the expansion took.
    private var end: Int {
        items.first(where: { $0.fileIndex != nil })?.fileIndex ?? cursor
    }

    private mutating func run() -> Outcome {
        var invocations: [Invocation] = []
        var position = 0
        while position < items.count, items[position].fileIndex == nil {
            let token = items[position].token
            guard token.kind == .identifier else {
                position += 1
                continue
            }
            if let macro = IPCMacro(name: token.text) {
                guard let open = nextCode(after: position), items[open].token.is("(") else {
                    return .unfollowed("\(token.text) is not followed by its arguments")
                }
                guard let close = closing(open) else { return .unterminated }
                let list = items[open...close].map(\.token)
                invocations.append(Invocation(macro: macro, name: token.text, arguments: Recognizer.splitArguments(list, openParen: 0).arguments))
                items.removeSubrange(position...close)
                continue
            }
            guard !items[position].hidden.contains(token.text), let macro = table.lookup(token.text, alternative: alternative) else {
                position += 1
                continue
            }
            alternativesMet = max(alternativesMet, table.alternatives(of: token.text))
            var last = position
            var arguments: [[Token]] = []
            if let parameters = macro.parameters {
                guard let open = nextCode(after: position), items[open].token.is("(") else {
                    // A function-like macro named without arguments is not expanded.
                    if table.reach(macro) == .always { return .unfollowed("\(token.text) is not followed by its arguments") }
                    position += 1
                    continue
                }
                guard let close = closing(open) else { return .unterminated }
                arguments = self.arguments(from: open, to: close, parameters: parameters.count, isVariadic: macro.isVariadic)
                let expected = parameters.count - (macro.isVariadic ? 1 : 0)
                guard arguments.count == parameters.count || (macro.isVariadic && arguments.count == expected) else {
                    return .malformed("\(macro.name) takes \(parameters.count) arguments but is given \(arguments.count)")
                }
                last = close
            }
            let replacement: [Token]
            switch MacroExpansion.substitute(macro, arguments: arguments) {
            case let .success(tokens): replacement = tokens
            case let .failure(reason): return .unfollowed(reason.text)
            }
            produced += replacement.count
            guard produced <= MacroExpansion.tokenBudget else {
                return .unfollowed("its expansion grows past \(MacroExpansion.tokenBudget) tokens (at \(macro.name))")
            }
            let hidden = items[position].hidden + [token.text]
            items.replaceSubrange(position...last, with: replacement.map { Item(token: $0, hidden: hidden, fileIndex: nil) })
        }
        return .invocations(invocations)
    }

    /// The next token that is not a comment after `position`, taken from the file after the use where the expansion
    /// has no more.
    private mutating func nextCode(after position: Int) -> Int? {
        var next = position + 1
        while true {
            if next == items.count {
                guard cursor < tokens.count else { return nil }
                items.append(Item(token: tokens[cursor], hidden: [], fileIndex: cursor))
                cursor += 1
            }
            if items[next].token.kind != .comment { return next }
            next += 1
        }
    }

    /// The `)` that closes the `(` at `open`.
    private mutating func closing(_ open: Int) -> Int? {
        var depth = 0
        var index = open
        while true {
            if index == items.count {
                guard cursor < tokens.count else { return nil }
                items.append(Item(token: tokens[cursor], hidden: [], fileIndex: cursor))
                cursor += 1
            }
            let token = items[index].token
            if token.kind != .comment {
                if token.is("(") { depth += 1 }
                if token.is(")") {
                    depth -= 1
                    if depth == 0 { return index }
                }
            }
            index += 1
        }
    }

    /// The arguments between `open` and `close` as the preprocessor splits them: at commas outside parentheses (not
    /// brackets, not angle brackets), the variadic one with its commas. `()` is one empty argument, or none for a
    /// macro without parameters.
    private func arguments(from open: Int, to close: Int, parameters: Int, isVariadic: Bool) -> [[Token]] {
        var arguments: [[Token]] = [[]]
        var depth = 0
        for item in items[(open + 1)..<close] {
            let token = item.token
            if token.kind != .comment {
                if token.is("(") { depth += 1 }
                if token.is(")") { depth -= 1 }
                if depth == 0 && token.is(",") && !(isVariadic && arguments.count == parameters) {
                    arguments.append([])
                    continue
                }
            }
            arguments[arguments.count - 1].append(token)
        }
        if parameters == 0 && arguments.count == 1 && arguments[0].allSatisfy({ $0.kind == .comment }) { return [] }
        return arguments
    }

    struct Unfollowed: Error {
        var text: String
    }

    /// The macro's body with `arguments` in place of its parameters, `#` and `##` applied.
    static func substitute(_ macro: WrapperMacro, arguments: [[Token]]) -> Result<[Token], Unfollowed> {
        let parameters = macro.parameters ?? []
        func argument(_ index: Int) -> [Token] { index < arguments.count ? arguments[index] : [] }
        var output: [Token] = []
        var pasting = false
        // An empty argument is a placemarker: pasted to it, the other operand stands alone.
        var leftIsEmpty = false
        func append(_ operand: [Token]) {
            let firstCode = operand.firstIndex { $0.kind != .comment }
            if pasting {
                pasting = false
                // `x ## <empty>` is x.
                guard let firstCode else { return }
                if !leftIsEmpty, let left = output.lastIndex(where: { $0.kind != .comment }) {
                    output[left] = pasted(output[left], operand[firstCode])
                    output += operand[(firstCode + 1)...]
                    return
                }
            }
            output += operand
            leftIsEmpty = firstCode == nil
        }
        let body = macro.body
        var index = 0
        while index < body.count {
            let token = body[index]
            index += 1
            if token.kind == .comment {
                output.append(token)
                continue
            }
            if token.text == "__VA_OPT__" { return .failure(Unfollowed(text: "\(macro.name) uses __VA_OPT__")) }
            if token.text == "##" {
                pasting = true
                continue
            }
            if macro.parameters != nil, token.text == "#",
               let next = body[index...].firstIndex(where: { $0.kind != .comment }), let parameter = parameters.firstIndex(of: body[next].text) {
                append([stringized(argument(parameter), at: token)])
                index = next + 1
                continue
            }
            if let parameter = parameters.firstIndex(of: token.text) {
                let value = argument(parameter)
                // `, ## __VA_ARGS__` (a GNU extension) pastes nothing: it drops the comma when there are no variadic
                // arguments.
                if pasting, macro.isVariadic, parameter == parameters.count - 1,
                   let comma = output.lastIndex(where: { $0.kind != .comment }), output[comma].is(",") {
                    pasting = false
                    if value.allSatisfy({ $0.kind == .comment }) {
                        output.remove(at: comma)
                        continue
                    }
                }
                append(value)
                continue
            }
            append([token])
        }
        return .success(output)
    }

    /// The token `left ## right` makes.
    private static func pasted(_ left: Token, _ right: Token) -> Token {
        var token = left
        token.text = left.text + right.text
        let bytes = token.text.utf8
        let first = bytes.first ?? 0
        if first.isASCIIDigit || (first == UInt8(ascii: ".") && bytes.dropFirst().first?.isASCIIDigit == true) {
            token.kind = .literal
        } else if bytes.allSatisfy({ $0.isASCIIDigit || $0 == 95 || $0 == 36 || $0 >= 0x80 || ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 }) {
            token.kind = .identifier
        } else {
            token.kind = .punctuation
        }
        return token
    }

    /// `#p`: the argument's spelling as a string literal.
    private static func stringized(_ argument: [Token], at operatorToken: Token) -> Token {
        var token = operatorToken
        var text = "\""
        for character in TokenText.join(argument) {
            if character == "\"" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        token.text = text + "\""
        token.kind = .literal
        return token
    }
}

private extension MacroExpansion.Invocation {
    /// The invocation as written, to keep one of each when a use is expanded with several definitions.
    var key: String {
        ([name] + arguments.map { TokenText.join($0) }).joined(separator: "\u{1}")
    }
}

private extension UInt8 {
    var isASCIIDigit: Bool { self >= 48 && self <= 57 }
}
