import Foundation
@testable import MojifyScanner
import XCTest

/// `RawLexer` against libclang's own tokens: on constructed edge cases, on every C++ fixture of the project, on every
/// name clang's `TokenKinds.def` knows, and, given `MOJIFY_LEXER_ORACLE_TREE`, on every file of a real tree.
final class RawLexerTests: XCTestCase {
    /// One case per rule of clang's raw lexer that the lexer follows.
    static let modelled: [String] = [
        "int main() { return 0; }\n",
        "",
        "\n\n   \t\u{0B}\u{0C}\n",
        "\u{FEFF}#include \"a.h\"\n",
        "#include <base/foo.h>\n#error don't do this\n#define X(a, b) a ## b #a\n",
        "a->b->*c .* d ... e .. f . 5 .5 1. x::y :: : ;",
        "<: :> <% %> %: %:%: %:% <::a <::> <::: < :: <= <=> <<= >>= << >> > >= == = != ! && & &= || | |= ^ ^= ~ ? , ;",
        "a += b -= c *= d /= e %= f ++ -- + - * / % -> -",
        "0x1p-3 1e+5 0x1e+5 1.5e-3f 0x1'p+3 1'000'000 0b1010 07 1.f 1_km 0x1.8p+1 1e 1e+ 12.3.4 1'a 1''2 1'",
        "\"plain\" \"a\\\"b\" L\"w\" u\"16\" U\"32\" u8\"8\" 'c' L'w' u'x' U'y' u8'z' '\\'' '\\n' \"\\\\\"",
        "R\"(raw)\" R\"d(raw )\" still)d\" u8R\"x(a)x\" LR\"(b)\" uR\"(c)\" UR\"(d)\" R\"(\nmultiline\n)\"",
        "\"a\"s \"a\"sv \"a\"h \"a\"ms \"a\"us \"a\"d \"a\"y \"a\"z \"a\"ull \"a\"svx \"a\"_x 'a'_x \"a\"if \"a\"min \"a\"mins \"x\"PRIu64 \"y\" PRIu64 \"a\"i \"a\"il \"a\"ns 'a'b 'a'_ R\"(r)\"_s \"a\"_1",
        "\"unterminated\nnext 'x\nnext '' \"a\\\nb\" 'a\\\n'",
        "// line comment\nx // another // nested /* */\n// splice \\\n continues\n// spaced splice \\  \t\n continues too\ny",
        "/* block */ /**/ /***/ /*/ still */ /* a\n b */ /* // */ x/**//**/y",
        "int a\\\n  = 1; foo\\\n) \"str\\\ning\" // c\\\r\n d\r\n e\r f\n\r g",
        "$dollar a$b @interface Foo @end @property `tick` \u{01} \u{7F} \\\n",
        "class struct union enum and or not xor bitand compl typeof asm char8_t concept requires co_await wchar_t __is_pod import module",
        "x = 1; /* open at the end",
        "trailing\\",
        "#if 0\n'unbalanced\n\"also\n#endif\n",
        "a//\n/\\\n/b\n",
        "x /\\\n* spliced open */ y",
    ]

    /// Files clang lexes in ways the lexer leaves to it: it must say so rather than guess.
    static let unmodelled: [String] = [
        "int caf\u{E9} = 1;",
        "int \\u00e9 = 1;",
        "in\\\nt x;",
        "a \u{0} b",
        "R\"abc def(x)abc def\"",
        "// splice then a blank line \\\n\nnot comment",
        "x \\ y",
        "\"s\"\u{E9}",
        "1\u{E9}",
    ]

    func testTheLexerGivesLibclangsTokensOnEachRuleItFollows() throws {
        for text in Self.modelled {
            try assertSameTokens(Array(text.utf8), label: text.debugDescription)
        }
    }

    func testTheLexerLeavesToLibclangWhatItDoesNotFollow() {
        for text in Self.unmodelled {
            XCTAssertNil(RawLexer.tokens(of: Array(text.utf8)), text.debugDescription)
        }
    }

    func testEveryFixtureIsLexedAsLibclangLexesIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var lexed = 0, files = 0
        for folder in ["Examples", "Tests"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard IPCScanner.reads(fileNamed: url.lastPathComponent), !FileWalker.isPatch(url.lastPathComponent),
                      let data = FileManager.default.contents(atPath: url.path) else { continue }
                files += 1
                if try assertSameTokens(Array(data), label: url.path) { lexed += 1 }
            }
        }
        XCTAssertGreaterThan(files, 40)
        // A few fixtures hold non-ASCII names or bytes on purpose; every other one is lexed here.
        XCTAssertGreaterThan(lexed, files * 9 / 10, "\(lexed) of \(files) fixtures lexed")
    }

    /// Every name in clang's token list, keyword or not in C++17, as an identifier of the source: the keyword
    /// list must be the one of the libclang in use.
    func testKeywordsAreTheOnesLibclangKnows() throws {
        let definitions = try ["14", "15", "16", "17", "18", "19"].lazy
            .map { "/usr/lib/llvm-\($0)/include/clang/Basic/TokenKinds.def" }
            .first(where: FileManager.default.fileExists(atPath:))
            .map { try String(contentsOfFile: $0, encoding: .utf8) }
        guard let definitions else { throw XCTSkip("clang's TokenKinds.def is not installed") }
        let pattern = try NSRegularExpression(pattern: #"^[A-Z_0-9]*(KEYWORD|ALIAS|OPERATOR|TRAIT[A-Z_0-9]*)\(\s*"?([A-Za-z_][A-Za-z_0-9]*)"#,
                                              options: .anchorsMatchLines)
        let range = NSRange(definitions.startIndex..., in: definitions)
        let names = Set(pattern.matches(in: definitions, range: range).compactMap { Range($0.range(at: 2), in: definitions).map { String(definitions[$0]) } })
        XCTAssertGreaterThan(names.count, 300)
        let text = names.sorted().map { "\($0) @\($0)" }.joined(separator: "\n")
        try assertSameTokens(Array(text.utf8), label: "TokenKinds.def names")
    }

    /// Set `MOJIFY_LEXER_ORACLE_TREE` to a checkout to compare the lexer with libclang on each of its C++ files.
    func testARealTreeIsLexedAsLibclangLexesIt() throws {
        guard let tree = ProcessInfo.processInfo.environment["MOJIFY_LEXER_ORACLE_TREE"] else {
            throw XCTSkip("set MOJIFY_LEXER_ORACLE_TREE to a checkout to run")
        }
        var walker = FileWalker(excludes: [], followSymlinks: false, honourGitIgnore: true)
        walker.jobs = 2
        let files = walker.walk(root: tree).files.filter { !FileWalker.isPatch($0.relativePath) }
        var lexed = 0, mismatches: [String] = []
        let session = ClangSession()
        for entry in files {
            guard let data = FileManager.default.contents(atPath: entry.path), data.count < 4 << 20, !data.contains(0) else { continue }
            let bytes = Array(data)
            guard let ours = RawLexer.tokens(of: bytes) else { continue }
            lexed += 1
            guard let theirs = session.lexBatch([bytes])?.tokens(ofFileAt: 0), FileAnalyser.tokensCover(bytes, theirs) else { continue }
            if let difference = Self.firstDifference(ours, theirs) { mismatches.append("\(entry.relativePath): \(difference)") }
        }
        print("lexer oracle: \(files.count) files, \(lexed) lexed, \(files.count - lexed) left to libclang, \(mismatches.count) differ")
        XCTAssertEqual(mismatches.prefix(20), [])
    }

    /// Compares the lexer with libclang on `bytes`; false when the lexer left the file to libclang.
    @discardableResult
    private func assertSameTokens(_ bytes: [UInt8], label: String, file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        let theirs = try XCTUnwrap(ClangSession().lexBatch([bytes])?.tokens(ofFileAt: 0), label, file: file, line: line)
        guard let ours = RawLexer.tokens(of: bytes) else { return false }
        if let difference = Self.firstDifference(ours, theirs) {
            XCTFail("\(label): \(difference)", file: file, line: line)
        }
        return true
    }

    private static func firstDifference(_ ours: [Token], _ theirs: [Token]) -> String? {
        func describe(_ token: Token?) -> String {
            token.map { "\($0.kind) \($0.start)..<\($0.end) \($0.line):\($0.column) \($0.text.debugDescription)" } ?? "none"
        }
        for index in 0..<max(ours.count, theirs.count) {
            let mine = index < ours.count ? ours[index] : nil, clang = index < theirs.count ? theirs[index] : nil
            if describe(mine) != describe(clang) {
                return "token \(index): lexer \(describe(mine)), libclang \(describe(clang))"
            }
        }
        return nil
    }
}
