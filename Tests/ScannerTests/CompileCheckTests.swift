import Foundation
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// The include-aware parse: what a file's includes declare is known, what the tree lacks is reported.
final class CompileCheckTests: XCTestCase {
    private func tree() throws -> TemporaryFolder {
        try temporaryFolder(files: [
            "a/foo.h": "#pragma once\nclass Foo {\n public:\n  void Bar(int value);\n};\n",
            "a/use.cc": "#include \"a/foo.h\"\nvoid Use(Foo* foo) { foo->Bar(1); }\n",
        ])
    }

    func testACallOfAMethodTheIncludedClassLacksIsAnError() throws {
        let scratch = try tree()
        let checker = try CompileCheck.Checker(CompileCheck.Setup(root: scratch.path))
        let path = scratch.path + "/a/use.cc"
        let before = checker.check(path: path, text: try scratch.read("a/use.cc"))
        XCTAssertEqual(before.errors, [])
        XCTAssertTrue(before.isClean)
        let after = checker.check(path: path, text: "#include \"a/foo.h\"\nvoid Use(Foo* foo) { foo->Baz(1); }\n")
        XCTAssertEqual(after.errors.map(\.description), ["2:27: no member named 'Baz' in 'Foo'"])
        // The syntax check, which does not read includes, cannot see it.
        XCTAssertEqual(SyntaxCheck.errors(path: path, text: "#include \"a/foo.h\"\nvoid Use(Foo* foo) { foo->Baz(1); }\n"), [])
    }

    func testAHeaderTheTreeLacksIsReportedAndLeavesTheFileUnclean() throws {
        let scratch = try tree()
        let checker = try CompileCheck.Checker(CompileCheck.Setup(root: scratch.path))
        let result = checker.check(path: scratch.path + "/a/use.cc", text: "#include \"gen/a/bar.mojom.h\"\n#include \"a/foo.h\"\nvoid Use(Foo* foo) { foo->Bar(1); }\n")
        XCTAssertEqual(result.unseen, ["gen/a/bar.mojom.h"])
        XCTAssertTrue(result.isClean, "a missing include alone still leaves every other error the change's")
        XCTAssertTrue(CompileCheck.isGenerated("gen/a/bar.mojom.h"))
        XCTAssertFalse(CompileCheck.isGenerated("base/logging.h"))
        let broken = checker.check(path: scratch.path + "/a/use.cc", text: "#include \"a/foo.h\"\nvoid Use(Foo* foo) { foo->Baz(1); }\n")
        XCTAssertFalse(broken.isClean)
    }

    func testTheOverlayIsReadInsteadOfTheFileOnDisk() throws {
        let scratch = try tree()
        let checker = try CompileCheck.Checker(CompileCheck.Setup(root: scratch.path))
        let result = checker.check(
            path: scratch.path + "/a/use.cc", text: try scratch.read("a/use.cc"),
            overlay: [scratch.path + "/a/foo.h": "#pragma once\nclass Foo {\n public:\n  void Baz(int value);\n};\n"]
        )
        XCTAssertEqual(result.errors.map(\.message), ["no member named 'Bar' in 'Foo'"])
    }

    func testFallbackFoldersAnswerOnlyWhatTheTreeLacks() throws {
        let scratch = try tree()
        let fallback = try temporaryFolder(files: [
            "a/foo.h": "#pragma once\nclass Foo {};\n",
            "a/declared.h": "#pragma once\nstruct Declared { int broken = \"text\"; };\n",
        ])
        var setup = CompileCheck.Setup(root: scratch.path)
        setup.fallbackDirs = [fallback.path]
        let checker = try CompileCheck.Checker(setup)
        let result = checker.check(path: scratch.path + "/a/use.cc", text: "#include \"a/declared.h\"\n#include \"a/foo.h\"\nvoid Use(Foo* foo, Declared d) { foo->Bar(1); }\n")
        // The tree's own a/foo.h is read, not the fallback's empty class.
        XCTAssertEqual(result.errors, [])
        XCTAssertEqual(result.fallbackErrors.count, 1)
        XCTAssertTrue(result.fallbackErrors[0].description.hasPrefix("a/declared.h:2:"), "\(result.fallbackErrors)")
    }
}
