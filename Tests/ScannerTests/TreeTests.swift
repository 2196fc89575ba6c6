import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// Walking, filtering and surviving whatever a tree holds.
final class TreeTests: XCTestCase {
    func testGitignoreAndExcludesAreHonoured() throws {
        let tree = try temporaryFolder()
        try tree.write(".gitignore", "out/\n*.generated.h\n/rooted_only.h\n")
        try tree.write("out/gen/a_messages.h", "IPC_MESSAGE_CONTROL0(OutMsg_Ignored)")
        try tree.write("x/b.generated.h", "IPC_MESSAGE_CONTROL0(GenMsg_Ignored)")
        try tree.write("rooted_only.h", "IPC_MESSAGE_CONTROL0(RootMsg_Ignored)")
        try tree.write("x/rooted_only.h", "IPC_MESSAGE_CONTROL0(NestedMsg_Kept)")
        try tree.write("x/.gitignore", "*.h\n!keep.h\n")
        try tree.write("x/keep.h", "IPC_MESSAGE_CONTROL0(KeepMsg_Kept)")
        try tree.write("third_party/lib/c.h", "IPC_MESSAGE_CONTROL0(ThirdMsg_Excluded)")
        try tree.write("y/d.h", "IPC_MESSAGE_CONTROL0(YMsg_Kept)")
        try tree.write("y/e_test.h", "IPC_MESSAGE_CONTROL0(YMsg_TestExcluded)")

        let inventory = try tree.scan { $0.excludes = ["third_party/**", "*_test.h"] }
        XCTAssertEqual(Set(inventory.messages.map(\.name)), ["KeepMsg_Kept", "YMsg_Kept"])

        let everything = try tree.scan { $0.honourGitIgnore = false }
        XCTAssertEqual(everything.messages.count, 8)
    }

    /// Files the caller asks for besides C++ (a tree's typemaps) come from the scan's own walk, under the same
    /// ignore rules, and the same walk without a scan lists the same.
    func testTheWalkListsRequestedFilesUnderTheSameIgnoreRules() throws {
        let tree = try temporaryFolder()
        try tree.write(".gitignore", "out/\nskipped.mojom\n")
        try tree.write("a/BUILD.gn", "mojom(\"a\") {}\n")
        try tree.write("a/a.mojom", "module a.mojom;\n")
        try tree.write("a/a.typemap", "mojom = \"//a/a.mojom\"\n")
        try tree.write("a/NOT_BUILD.gn", "")
        try tree.write("a/a.mojom.txt", "")
        try tree.write("a/skipped.mojom", "")
        try tree.write("out/gen/b.mojom", "")
        try tree.write("third_party/c.mojom", "")
        try tree.write("a/a_messages.h", "IPC_MESSAGE_CONTROL0(AMsg_Kept)")
        var options = ScanOptions(paths: [tree.path])
        options.excludes = ["third_party/**"]
        options.listing = FileNameSelection(names: ["BUILD.gn"], suffixes: [".mojom", ".typemap"])
        let expected = [ListedFiles(root: tree.path, relativePaths: ["a/BUILD.gn", "a/a.mojom", "a/a.typemap"])]
        let result = try IPCScanner.scanListing(options)
        XCTAssertEqual(result.listed, expected)
        XCTAssertEqual(result.inventory.messages.map(\.name), ["AMsg_Kept"])
        XCTAssertEqual(result.inventory, try IPCScanner.scan(ScanOptions(paths: [tree.path])), "listing changes nothing the scan finds")
        XCTAssertEqual(IPCScanner.list(options.listing, under: [tree.path], options: options), expected)
        // A C++ file the selection names is listed and still scanned.
        options.listing = FileNameSelection(suffixes: ["_messages.h"])
        let both = try IPCScanner.scanListing(options)
        XCTAssertEqual(both.listed, [ListedFiles(root: tree.path, relativePaths: ["a/a_messages.h"])])
        XCTAssertEqual(both.inventory.messages.map(\.name), ["AMsg_Kept"])
        // By a glob on the name: message generators whatever their prefix or suffix.
        for name in ["a/message_generator_efl.h", "a/content_message_generator.h", "a/message_generator.cc", "a/generator.h"] { try tree.write(name, "") }
        options.listing = FileNameSelection(patterns: ["*message_generator*.h"])
        XCTAssertEqual(Set(try IPCScanner.scanListing(options).listed.flatMap(\.relativePaths)), ["a/message_generator_efl.h", "a/content_message_generator.h"])
        XCTAssertTrue(FileNameSelection(patterns: ["*message_generator*.h"]).contains(name: "message_generator_efl.h"))
    }

    func testExcludesTakeGitignorePatternsAndApplyToListedFiles() throws {
        let tree = try temporaryFolder()
        try tree.write("third_party/lib/a.h", "IPC_MESSAGE_CONTROL0(ThirdMsg_Excluded)")
        try tree.write("x/third_party/b.h", "IPC_MESSAGE_CONTROL0(NestedThirdMsg_Excluded)")
        try tree.write("gen/c.h", "IPC_MESSAGE_CONTROL0(GenMsg_Excluded)")
        try tree.write("x/gen/d.h", "IPC_MESSAGE_CONTROL0(NestedGenMsg_Kept)")
        try tree.write("x/e9.h", "IPC_MESSAGE_CONTROL0(DigitMsg_Excluded)")
        try tree.write("x/ee.h", "IPC_MESSAGE_CONTROL0(LetterMsg_Kept)")
        let excludes = ["third_party/", "/gen", "x/e[0-9].h"]
        let walked = try tree.scan { $0.excludes = excludes }
        XCTAssertEqual(Set(walked.messages.map(\.name)), ["NestedGenMsg_Kept", "LetterMsg_Kept"])
        let listed = try tree.scan {
            $0.excludes = excludes
            $0.onlyFiles = ["third_party/lib/a.h", "x/third_party/b.h", "gen/c.h", "x/gen/d.h", "x/e9.h", "x/ee.h"]
        }
        XCTAssertEqual(Set(listed.messages.map(\.name)), ["NestedGenMsg_Kept", "LetterMsg_Kept"], "a folder excluded above a listed file excludes it")
    }

    /// Messages named without the `Msg_` convention are found by name in files that mention no IPC macro: names
    /// from messages headers (read first), names from other headers and patches (found later, by a pass over the
    /// files not yet parsed); a name defined in a source file is that file's own.
    func testMessagesNamedWithoutTheConventionAreFoundWhereverTheyCanBeSent() throws {
        let tree = try temporaryFolder()
        try tree.write("z/common/tracker_messages.h", "IPC_MESSAGE_CONTROL1(TrackerHost_AddStats, int)\n")
        try tree.write("a/common/plain_types.h", "IPC_MESSAGE_CONTROL0(PlainHost_Ping)\n")
        try tree.write("b/test/local_unittest.cc", "IPC_MESSAGE_CONTROL0(LocalTestMessage)\nvoid F() { Send(new LocalTestMessage()); }\n")
        try tree.write("c/browser/sender.cc", """
        void Report() { Send(new TrackerHost_AddStats(1)); }
        void Ping() { Send(new PlainHost_Ping()); }

        """)
        try tree.write("d/browser/other.cc", "void Local() { Send(new LocalTestMessage()); }\n")
        let inventory = try tree.scan()
        XCTAssertEqual(Set(inventory.messages.map(\.name)), ["TrackerHost_AddStats", "PlainHost_Ping", "LocalTestMessage"])
        let senders = inventory.senders.map { "\($0.location.file):\($0.message)" }
        XCTAssertEqual(senders.sorted(), [
            "b/test/local_unittest.cc:LocalTestMessage", "c/browser/sender.cc:PlainHost_Ping", "c/browser/sender.cc:TrackerHost_AddStats",
        ])
        XCTAssertEqual(inventory.stats.filesParsed, 4)
    }

    /// Which files are read before the others for message names: headers and patches named like messages
    /// headers, in any case; never compiled sources, and never because a folder is named so.
    func testMessagesHeadersAreKnownByTheFileNameAlone() {
        for path in ["frame_messages.h", "a/b/render_messages.h.patch", "x/IPC_MESSAGE_TYPES.H", "x/Messages.inc", "x/message.h"] {
            XCTAssertTrue(FileWalker.isNamedLikeMessagesHeader(path), path)
        }
        for path in ["messages/frame.h", "a/render_messages.cc", "a/messages.MM", "a/massage.h", "a/messag.h", "", "/", "message/"] {
            XCTAssertFalse(FileWalker.isNamedLikeMessagesHeader(path), path)
        }
    }

    func testOddFilesNeverStopTheScan() throws {
        let tree = try temporaryFolder()
        try tree.write("a/latin1_messages.h", bytes: Array("// caf".utf8) + [0xE9, 0xFF, 0x0A] + Array("IPC_MESSAGE_CONTROL1(Latin1Msg_A, std::string /* caf\u{e9} */)\n".utf8))
        try tree.write("a/binary.h", bytes: [0x7F, 0x45, 0x4C, 0x46, 0x00, 0x00] + Array("IPC_MESSAGE_CONTROL0(BinMsg_X)".utf8))
        try tree.write("a/empty.h", "")
        try tree.write("a/big_messages.h", String(repeating: "// padding\n", count: 2000) + "IPC_MESSAGE_CONTROL0(BigMsg_X)\n")
        try tree.write("a/unterminated.h", "/* never closed IPC_MESSAGE_CONTROL0(CommentMsg_X)\n\"string IPC_")
        try tree.write("a/garbage.cc", "}}}} ))) IPC_MESSAGE_CONTROL1( template<<<< #if\n#endif #endif\n{{{{ Send(new ")
        mkfifo(tree.path + "/a/pipe_messages.h", 0o644)
        try FileManager.default.createSymbolicLink(atPath: tree.path + "/a/loop", withDestinationPath: tree.path + "/a")
        try FileManager.default.createSymbolicLink(atPath: tree.path + "/a/dangling.h", withDestinationPath: tree.path + "/nowhere.h")

        let inventory = try tree.scan {
            $0.maxFileBytes = 10_000
            $0.followSymlinks = true
        }
        XCTAssertEqual(inventory.messages.map(\.name), ["Latin1Msg_A"])
        XCTAssertEqual(inventory.messages[0].inputs.first?.type, "std::string")
        let notes = inventory.diagnostics.map(\.description)
        XCTAssertTrue(notes.contains { $0.contains("a/big_messages.h") && $0.contains("larger than the 10000-byte limit") }, "\(notes)")
        XCTAssertTrue(notes.contains { $0.contains("a/binary.h") && $0.contains("binary file") }, "\(notes)")
        XCTAssertTrue(notes.contains { $0.contains("a/loop") && $0.contains("symbolic link loop") }, "\(notes)")
        XCTAssertTrue(notes.contains { $0.contains("a/garbage.cc") && $0.contains("unbalanced parentheses") }, "\(notes)")
    }

    func testAMissingPathIsAnInputError() {
        XCTAssertThrowsError(try IPCScanner.scan(ScanOptions(paths: ["/definitely/not/here"]))) { error in
            XCTAssertEqual(error as? ScannerError, .pathNotFound("/definitely/not/here"))
            XCTAssertTrue("\(error)".contains("no such file or directory"))
        }
    }

    func testOutputIsIdenticalWhateverTheThreadCount() throws {
        let examples = try examplesPath()
        var single = ScanOptions(paths: [examples])
        single.jobs = 1
        var parallel = ScanOptions(paths: [examples])
        parallel.jobs = 4
        let first = try IPCScanner.scan(single).jsonData()
        XCTAssertEqual(first, try IPCScanner.scan(parallel).jsonData())
        XCTAssertEqual(first, try IPCScanner.scan(parallel).jsonData())
    }

    func testSeveralRootsArePrefixed() throws {
        let one = try temporaryFolder()
        try one.write("a_messages.h", "IPC_MESSAGE_CONTROL0(OneMsg_A)")
        let two = try temporaryFolder()
        try two.write("b_messages.h", "IPC_MESSAGE_CONTROL0(TwoMsg_B)")
        let inventory = try IPCScanner.scan(ScanOptions(paths: [one.path, two.path + "/"]))
        XCTAssertEqual(inventory.messages.map(\.location.file).sorted(), [one.path + "/a_messages.h", two.path + "/b_messages.h"].sorted())
    }

    /// The golden inventory of Examples/: set MOJIFY_UPDATE_GOLDEN=1 to rewrite it after an intended change.
    func testExamplesInventoryMatchesGolden() throws {
        let actual = try IPCScanner.scan(ScanOptions(paths: [try examplesPath()])).jsonData()
        try Golden.assertMatches(String(decoding: actual, as: UTF8.self), path: repositoryRoot + "/Tests/ScannerTests/Golden/examples-inventory.json")
    }

    /// The inventory's JSON is written by `StableJSON`, not Foundation: it must be the bytes of Foundation's encoder,
    /// on the real inventory of Examples/, with long lists, empty lists, empty nested arrays and absent optional lists.
    func testInventoryJSONIsFoundationsEncoding() throws {
        var inventory = try IPCScanner.scan(ScanOptions(paths: [try examplesPath()]))
        XCTAssertFalse(inventory.messages.isEmpty)
        inventory.messages = Array(repeating: inventory.messages, count: 700 / inventory.messages.count + 1).flatMap { $0 }
        inventory.markedFiles = ["a/b.h", "c\nd.h", "e \"f\".h"]
        inventory.diagnostics = []
        inventory.removedMessages = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        XCTAssertEqual(try inventory.jsonData(), try encoder.encode(inventory) + [0x0A])
        inventory.removedMessages = []
        inventory.structs = []
        XCTAssertEqual(try inventory.jsonData(), try encoder.encode(inventory) + [0x0A])
    }
}

func examplesPath() throws -> String {
    let path = repositoryRoot + "/Examples"
    guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no Examples/ at \(path)") }
    return path
}
