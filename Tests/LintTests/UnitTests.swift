import Foundation
import MojifyConversion
import MojifyCore
@testable import MojifyLint
import MojifyLedger
import MojifyTestSupport
import XCTest

final class BannedTypeTests: XCTestCase {
    func testCanonicalNamesInsideTemplatesPointersAndQualifiers() {
        XCTAssertEqual(CppType.simpleNames(in: "const std::map<unsigned long int, std::size_t>&"), ["map", "unsigned long", "size_t"])
        XCTAssertEqual(CppType.simpleNames(in: "long unsigned"), ["unsigned long"])
        XCTAssertEqual(CppType.simpleNames(in: "signed long int"), ["long"])
        XCTAssertEqual(CppType.simpleNames(in: "unsigned long long"), ["unsigned long long"])
        XCTAssertEqual(CppType.simpleNames(in: "unsigned"), ["unsigned int"])
        XCTAssertEqual(CppType.simpleNames(in: "long double"), ["long double"])
        XCTAssertEqual(CppType.simpleNames(in: "::base::Optional<::time_t>"), ["base::Optional", "time_t"])
        XCTAssertEqual(CppType.simpleNames(in: "std::vector<std::pair<int, ssize_t>>*"), ["vector", "pair", "int", "ssize_t"])
    }

    func testShippedListCatchesEveryIssueTypeAndSpelling() throws {
        let banned = try BannedTypes.load(path: try RulesDirectory.file("banned-types.yaml"))
        for type in ["long", "unsigned long", "size_t", "ssize_t", "ptrdiff_t", "time_t", "off_t"] {
            XCTAssertEqual(banned.banned(in: type).map(\.type), [type], type)
        }
        // Pointer-sized integers are pointer-over-ipc errors, not banned-ipc-type warnings.
        for type in ["intptr_t", "uintptr_t"] {
            XCTAssertEqual(banned.banned(in: type).map(\.type), [], type)
            XCTAssertEqual(banned.pointerSized(in: "std::vector<\(type)>").map(\.type), [type], type)
        }
        XCTAssertEqual(banned.banned(in: "std::vector<size_t>").map(\.type), ["size_t"])
        XCTAssertEqual(banned.banned(in: "std::map<long int, const std::size_t*>").map(\.type), ["long", "size_t"])
        XCTAssertEqual(banned.banned(in: "std::vector<size_t>, size_t").map(\.type), ["size_t"], "each banned type once per parameter")
        for allowed in ["int64_t", "uint32_t", "long long", "unsigned long long", "size_type", "base::TimeDelta", "std::vector<uint64_t>", "time_tick"] {
            XCTAssertEqual(banned.banned(in: allowed).map(\.type), [], allowed)
        }
    }

    func testMalformedListIsAnInputError() throws {
        let tree = try temporaryFolder()
        let path = try tree.write("banned.yaml", "- long\n")
        XCTAssertThrowsError(try BannedTypes.load(path: path)) { error in
            XCTAssertTrue("\(error)".contains("expected a 'types' list"), "\(error)")
        }
    }
}

final class FormatTests: XCTestCase {
    private func finding(_ severity: Diagnostic.Severity, line: Int, message: String = "m") -> Finding {
        Finding(ruleID: "new-legacy-ipc", severity: severity, message: message,
                location: SourceLocation(file: "a,b:c.h", line: line, column: 1), messageName: nil, fingerprint: "f")
    }

    private let context = FindingsContext(displayRoot: "src", rootURI: "file:///src/", workingDirectory: "/w", settings: RuleSettings())

    func testGitHubCommandsEscapeAndCapWithASummary() throws {
        let findings = (1...12).map { finding(.warning, line: $0) } + [finding(.error, line: 99, message: "100% bad\nreally")]
        let lines = try GitHubFindings.render(findings, context: context).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "::error file=src/a%2Cb%3Ac.h,line=99,col=1,title=mojify new-legacy-ipc::100%25 bad%0Areally")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::warning ") }.count, GitHubFindings.annotationsPerSeverity)
        XCTAssertEqual(lines.filter { $0.hasPrefix("src/a,b:c.h:") }.count, 2, "the rest as plain lines:\n\(lines.joined(separator: "\n"))")
        XCTAssertEqual(lines.last, "mojify lint: 1 error, 12 warnings, 0 notes; 2 not annotated (GitHub shows 10 per kind and step), listed above")
    }

    func testControlCharactersInFileNamesAndMessagesAreShownEscaped() throws {
        var hostile = finding(.error, line: 4, message: "ledger says \u{1B}]0;owned\u{07}")
        hostile.location.file = "evil\u{1B}[2J\nfake.h:1:1: error: forged.h"
        let text = try TextFindings.render([hostile], context: context)
        XCTAssertEqual(text, """
            src/evil\\u{1B}[2J\\nfake.h:1:1: error: forged.h:4:1: error: ledger says \\u{1B}]0;owned\\u{07} [new-legacy-ipc]
            mojify lint: 1 error, 0 warnings, 0 notes

            """)
        let github = try GitHubFindings.render([hostile], context: context)
        XCTAssertEqual(github.split(separator: "\n").first,
                       "::error file=src/evil\\u{1B}[2J%0Afake.h%3A1%3A1%3A error%3A forged.h,line=4,col=1,title=mojify new-legacy-ipc::ledger says \\u{1B}]0;owned\\u{07}")
        XCTAssertFalse(text.contains("\u{1B}") || github.contains("\u{1B}") || github.contains("\u{07}"))
    }

    func testTextIsCompilerStyleAndPathsOutsideTheRootAreShownFromTheCurrentFolder() throws {
        var outside = finding(.note, line: 3)
        outside.location.file = "/w/ledger.csv"
        let text = try TextFindings.render([finding(.error, line: 2), outside], context: context)
        XCTAssertEqual(text, """
            src/a,b:c.h:2:1: error: m [new-legacy-ipc]
            ledger.csv:3:1: note: m [new-legacy-ipc]
            mojify lint: 1 error, 0 warnings, 1 note

            """)
    }
}

final class UnreadFileRuleTests: XCTestCase {
    /// Whatever stopped the scan reading a file (here a permission error, which tests running as root cannot
    /// provoke on disk), a ledger row naming it is not stale: the scan never saw whether its message is gone.
    func testStaleLedgerRowLeavesRowsOfUnreadFilesAndUnreadableFileReportsThem() throws {
        let tree = try temporaryFolder()
        let path = try tree.write("ledger.csv", RuleExample.ledgerCSV([("FooMsg_Unseen", .inProgress)])
            + "BarMsg_Gone,BarMsgStart,control,no,bar/bar_messages.h,2,unclaimed,,,,,,,\n")
        let ledger = try Ledger.load(path: path)
        XCTAssertEqual(ledger.row(for: "BarMsg_Gone")?.file, "bar/bar_messages.h")
        var inventory = Inventory()
        inventory.unreadFiles = [UnreadFile(location: SourceLocation(file: "foo/foo_messages.h", line: 0, column: 0),
                                            reason: .unreadable, detail: "cannot read: Permission denied")]
        let findings = try Linter.lint(inventory: inventory, ledger: LedgerReference(ledger: ledger, path: path, root: tree.path),
                                       options: try LintOptions.standard(root: tree.path))
        XCTAssertEqual(findings.filter { $0.ruleID == "stale-ledger-row" }.map(\.messageName), ["BarMsg_Gone"])
        let unreadable = try XCTUnwrap(findings.first { $0.ruleID == "unreadable-file" })
        XCTAssertEqual(unreadable.severity, .error)
        XCTAssertEqual(unreadable.location.file, "foo/foo_messages.h")
        XCTAssertTrue(unreadable.message.contains("cannot read: Permission denied"), unreadable.message)
    }
}

final class LedgerReferenceTests: XCTestCase {
    func testRowLinesSkipNotesThatSpanLinesOrNameOtherMessages() throws {
        let tree = try temporaryFolder()
        let text = RuleExample.ledgerCSV([("FooMsg_A", .unclaimed), ("FooMsg_B", .blocked)])
            .replacingOccurrences(of: "FooMsg_A,FooMsgStart,control,no,foo/foo_messages.h,2,unclaimed,,,",
                                  with: "FooMsg_A,FooMsgStart,control,no,foo/foo_messages.h,2,unclaimed,,,\"waits for\nFooMsg_B\"")
        let path = try tree.write("ledger.csv", text)
        let reference = LedgerReference(ledger: try Ledger.load(path: path), path: path, root: tree.path)
        XCTAssertEqual(reference.file, "ledger.csv")
        XCTAssertEqual(reference.location(of: "FooMsg_A").line, 2)
        XCTAssertEqual(reference.location(of: "FooMsg_B").line, 4)
    }
}

final class ChangedFilesTests: XCTestCase {
    func testGitQuotedPathsAreUnquotedAndOthersKept() {
        XCTAssertEqual(ChangedFiles.unquoted(#""d\303\251j\303\240/a\tb\\c\"d.h""#), "d\u{e9}j\u{e0}/a\tb\\c\"d.h")
        XCTAssertEqual(ChangedFiles.unquoted("plain/a_messages.h"), "plain/a_messages.h")
        XCTAssertEqual(ChangedFiles.unquoted(#""unknown\q escape""#), #""unknown\q escape""#, "git writes no such quoting: kept as a name")
        XCTAssertEqual(ChangedFiles.unquoted(#""\777""#), #""\777""#)
    }
}
