import XCTest

/// The checker itself: it must refuse what Chromium's parser refuses, or the other tests prove nothing.
final class MojomSyntaxCheckerTests: XCTestCase {
    func testAcceptsTheGrammarsConstructs() throws {
        let source = """
        // Comment.
        [JavaPackage="org.chromium"]
        module a.b.mojom;
        import "x/y.mojom";
        const int32 kMax = -0x10;
        enum E { kA, kB = 2, kC = kA, };
        enum Native;
        struct S {
          const string kName = "a\\n";
          enum Inner { kX };
          [MinVersion=1] array<int32, 4>? values@0 = default;
          map<string, array<handle<shared_buffer>>> m;
          pending_remote<a.b.mojom.I> remote;
          float f = 1.5e3;
        };
        union U { int32 a; string b@1; };
        interface I {
          const bool kOn = true;
          [Sync, EnableIf=is_android_and_is_win] M@2(int32 a, [X] string? b) => ();
          N() => result<int32, string>;
          /* block
             comment */
          O(pending_receiver<I> r);
        };
        feature F { const string name = "f"; };
        """
        XCTAssertNoThrow(try MojomSyntaxChecker.check(source))
    }

    func testRefusesWhatTheParserRefuses() {
        let bad: [(String, String)] = [
            ("interface I { M(int32 a) };", "method without ;"),
            ("struct S { int32 a }; ", "field without ;"),
            ("import \"a.mojom\"; module m;", "module after import"),
            ("struct S {}; import \"a.mojom\";", "import after definition"),
            ("module a; module b;", "two modules"),
            ("struct S { map<array<int32>, int32> m; };", "map key not an identifier"),
            ("struct S { array<int32, 0> a; };", "zero-size array"),
            ("struct S { handle<socket> h; };", "bad handle type"),
            ("enum E { kA = 1.5 };", "float enum value"),
            ("enum E { kA = 010 };", "octal"),
            ("interface I { M(int32 a,) ; };", "trailing comma in parameters"),
            ("interface I { M() => (int32 a; };", "unclosed response"),
            ("struct S { int32 a = ; };", "missing default"),
            ("struct S { string s = \"a\\#\"; };", "bad escape"),
            ("interface I { M(int32 $a); };", "illegal character"),
            ("struct S { int32 struct; };", "keyword as a name"),
            ("interface I { M@x(); };", "bad ordinal"),
            ("interface I { [EnableIf=a&b] M(); };", "a conjunction of features"),
            ("interface I { [EnableIfNot=a|b] M(); };", "a disjunction of features"),
            ("interface I { [EnableIf=a, EnableIfNot=b] M(); };", "two conditional attributes"),
        ]
        for (source, what) in bad {
            XCTAssertThrowsError(try MojomSyntaxChecker.check(source), what)
        }
    }
}
