import MojifyScanner
import XCTest

/// `CodeLexer`, the scanner's lexer as the migration reads code: comments and preprocessor lines dropped, one
/// character per punctuator but `::` and `->`, literals whole.
final class CodeLexerTests: XCTestCase {
    private func texts(_ source: String) -> [String] {
        CodeLexer.tokens(of: Array(source.utf8)).map(\.text)
    }

    func testCommentsAndDirectivesWithTheirContinuationsAreDropped() {
        let source = "#define A(x) \\\n  x + 1\nint a; // done\n/* gone */ int b;\n  #  include <x.h>\nc;\n"
        XCTAssertEqual(texts(source), ["int", "a", ";", "int", "b", ";", "c", ";"])
    }

    func testPunctuatorsAreSplitButScopeAndArrowStayWhole() {
        XCTAssertEqual(texts("std::vector<std::vector<int>> v; p->q &&r;"),
                       ["std", "::", "vector", "<", "std", "::", "vector", "<", "int", ">", ">", "v", ";", "p", "->", "q", "&", "&", "r", ";"])
    }

    func testLiteralsAreWholeAndNumbersAreKnown() {
        let tokens = CodeLexer.tokens(of: Array("f(1'000, 'a', u8R\"x(a\"b)x\", .5);".utf8))
        XCTAssertEqual(tokens.map(\.text), ["f", "(", "1'000", ",", "'a'", ",", "u8R\"x(a\"b)x\"", ",", ".5", ")", ";"])
        XCTAssertEqual(tokens.map(\.kind), [.name, .punctuation, .number, .punctuation, .literal, .punctuation, .literal, .punctuation, .number, .punctuation, .punctuation])
    }

    func testRangesPointIntoTheBytesAsWritten() {
        let source = "a <% b %> /* c */ d"
        let tokens = CodeLexer.tokens(of: Array(source.utf8))
        XCTAssertEqual(tokens.map(\.text), ["a", "{", "b", "}", "d"])
        XCTAssertEqual(tokens.map(\.range), [0..<1, 2..<4, 5..<6, 7..<9, 18..<19])
    }

    func testAFileTheRawLexerLeavesToLibclangIsStillRead() {
        // A byte outside ASCII in code: the raw lexer defers to libclang.
        XCTAssertEqual(texts("int caf\u{E9} = 1;\n#if X\nint y;\n#endif\n"), ["int", "café", "=", "1", ";", "int", "y", ";"])
    }
}
