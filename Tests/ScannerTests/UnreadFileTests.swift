import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// Files whose bytes are not plain UTF-8 text: UTF-16 is read, anything else the scanner cannot read in full is
/// listed in `unreadFiles` with an error diagnostic at its line, and contributes nothing.
final class UnreadFileTests: XCTestCase {
    private let header = "#define IPC_MESSAGE_START WideMsgStart\n// caf\u{e9} \u{4E2D}\u{6587}\nIPC_MESSAGE_CONTROL1(WideMsg_Ping, int /* sequence */)\n"

    private func utf16(_ text: String, bigEndian: Bool, mark: Bool) -> [UInt8] {
        let units = (mark ? [0xFEFF] : []) + Array(text.utf16)
        return units.flatMap { unit in bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    }

    func testUTF16WithAndWithoutAByteOrderMarkIsScannedWithPositionsOfTheDecodedText() throws {
        for bigEndian in [false, true] {
            for mark in [false, true] {
                let tree = try temporaryFolder()
                try tree.write("wide/wide_messages.h", bytes: utf16(header, bigEndian: bigEndian, mark: mark))
                let inventory = try tree.scan()
                let variant = "big-endian \(bigEndian), mark \(mark)"
                XCTAssertEqual(inventory.unreadFiles, [], variant)
                let message = try inventory.message("WideMsg_Ping")
                XCTAssertEqual(message.messageClass, "WideMsgStart", variant)
                XCTAssertEqual(message.location, SourceLocation(file: "wide/wide_messages.h", line: 3, column: 1), variant)
                XCTAssertEqual(message.inputs, [Parameter(type: "int", name: "sequence")], variant)
            }
        }
    }

    func testUTF16ThatDoesNotDecodeIsUnreadAtItsLine() throws {
        let tree = try temporaryFolder()
        // A high surrogate followed by a plain character on line 2.
        let broken = utf16("IPC_MESSAGE_CONTROL0(WideMsg_A)\n", bigEndian: false, mark: true) + [0x00, 0xD8, 0x41, 0x00] + utf16("\n", bigEndian: false, mark: false)
        try tree.write("wide_messages.h", bytes: broken)
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.messages, [])
        XCTAssertEqual(inventory.unreadFiles?.map(\.reason), [.undecodable])
        XCTAssertEqual(inventory.unreadFiles?.first?.location.line, 2)
        XCTAssertTrue(inventory.diagnostics.contains { $0.severity == .error && $0.location.file == "wide_messages.h" && $0.message.contains("UTF-16") },
                      "\(inventory.diagnostics)")
    }

    func testANulByteMakesTheFileUnreadWithTheLineOfTheByte() throws {
        let tree = try temporaryFolder()
        try tree.write("foo/foo_messages.h", bytes: Array("#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_A)\n  ".utf8) + [0] + Array("\nIPC_MESSAGE_CONTROL0(FooMsg_B)\n".utf8))
        try tree.write("foo/clean_messages.h", "IPC_MESSAGE_CONTROL0(CleanMsg_A)\n")
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.messages.map(\.name), ["CleanMsg_A"], "nothing of a file not read in full is kept")
        XCTAssertEqual(inventory.unreadFiles, [UnreadFile(location: SourceLocation(file: "foo/foo_messages.h", line: 3, column: 3),
                                                          reason: .binary, detail: "binary file: NUL byte at line 3")])
        let diagnostic = try XCTUnwrap(inventory.diagnostics.first { $0.location.file == "foo/foo_messages.h" })
        XCTAssertEqual(diagnostic.severity, .error)
        XCTAssertEqual(diagnostic.location.line, 3)
        XCTAssertEqual(inventory.stats.filesSkipped, 1)
    }

    func testABadByteInAMessageNameMakesTheFileUnreadButNotOneInACommentOrString() throws {
        let tree = try temporaryFolder()
        try tree.write("bad/bad_messages.h", bytes: Array("#define IPC_MESSAGE_START BadMsgStart\nIPC_MESSAGE_CONTROL0(BadMsg_Ok)\nIPC_MESSAGE_CONTROL0(BadMsg_Caf".utf8)
            + [0xE9] + Array(")\n".utf8))
        try tree.write("fine/fine_messages.h", bytes: Array("// Fran".utf8) + [0xE7, 0x6F, 0x69, 0x73] + Array("\n#define IPC_MESSAGE_START FineMsgStart\nIPC_MESSAGE_CONTROL1(FineMsg_A, std::string /* caf".utf8)
            + [0xE9] + Array(" */)\nconst char* kName = \"".utf8) + [0xFF] + Array("\";\n".utf8))
        let inventory = try tree.scan()
        XCTAssertEqual(inventory.messages.map(\.name), ["FineMsg_A"], "no message named BadMsg_Caf, none from the bad file")
        let unread = try XCTUnwrap(inventory.unreadFiles?.first)
        XCTAssertEqual(inventory.unreadFiles?.count, 1)
        XCTAssertEqual(unread.reason, .undecodable)
        XCTAssertEqual(unread.location, SourceLocation(file: "bad/bad_messages.h", line: 3, column: 32))
        XCTAssertTrue(unread.detail.contains("0xE9"), unread.detail)
        XCTAssertTrue(inventory.diagnostics.contains { $0.severity == .error && $0.location == unread.location }, "\(inventory.diagnostics)")
    }

    func testFilesTooLargeOrUnopenableAreListedAsUnread() throws {
        let tree = try temporaryFolder()
        try tree.write("big_messages.h", String(repeating: "// padding\n", count: 100) + "IPC_MESSAGE_CONTROL0(BigMsg_X)\n")
        try tree.write("pipe/listed.h", "")
        // A FIFO put in place of a listed file: the read must fail at once (the path a permission error takes too,
        // which cannot be shown while tests run as root), not wait for a writer.
        try FileManager.default.removeItem(atPath: tree.path + "/pipe/listed.h")
        XCTAssertEqual(mkfifo(tree.path + "/pipe/listed.h", 0o644), 0)
        let inventory = try tree.scan {
            $0.maxFileBytes = 500
            $0.onlyFiles = ["big_messages.h", "pipe/listed.h"]
        }
        XCTAssertEqual(inventory.unreadFiles?.map(\.location.file), ["big_messages.h", "pipe/listed.h"])
        XCTAssertEqual(inventory.unreadFiles?.map(\.reason), [.tooLarge, .unreadable])
        XCTAssertEqual(inventory.unreadFiles?.last?.detail, "cannot read: not a regular file")
        XCTAssertEqual(inventory.unreadFiles?.map(\.location.line), [0, 0], "about the whole file")
    }

    /// Walked files without a cache are read to their end with no `fstat`: sizes around the limit and around the
    /// read buffer's first size must come out as the stamped read gives them.
    func testWalkedFilesAreReadWholeOrReportedTooLargeWithTheirSize() throws {
        let tree = try temporaryFolder()
        let definition = "IPC_MESSAGE_CONTROL0(EndMsg_X)\n"
        let padding = String(repeating: "// padding padding padding padding padding padding padding padding padding\n", count: 3_000)
        try tree.write("long/long_messages.h", padding + definition)
        try tree.write("exact/exact_messages.h", String(repeating: " ", count: 1_000 - definition.utf8.count) + definition)
        try tree.write("over/over_messages.h", String(repeating: " ", count: 1_001 - definition.utf8.count) + definition)
        let sizes = [("long/long_messages.h", padding.utf8.count + definition.utf8.count), ("over/over_messages.h", 1_001)]
        let state = try temporaryFolder()
        for cache in [nil, try temporaryFolder().path] {
            let whole = try tree.scan {
                $0.cacheDirectory = cache
                $0.cacheKeyFile = state.path + "/cache-key"
            }
            XCTAssertEqual(whole.messages.map(\.name), ["EndMsg_X", "EndMsg_X", "EndMsg_X"], "a file past the first buffer is read whole")
            let limited = try tree.scan {
                $0.cacheDirectory = cache
                $0.cacheKeyFile = state.path + "/cache-key"
                $0.maxFileBytes = 1_000
            }
            XCTAssertEqual(limited.messages.map(\.location.file), ["exact/exact_messages.h"])
            XCTAssertEqual(limited.unreadFiles?.map(\.location.file), sizes.map(\.0))
            XCTAssertEqual(limited.unreadFiles?.map(\.detail), sizes.map { "file of \($0.1) bytes is larger than the 1000-byte limit" })
        }
    }

    func testUnreadOutcomesComeBackFromTheCache() throws {
        let tree = try temporaryFolder()
        let cache = try temporaryFolder()
        try tree.write("a_messages.h", bytes: Array("IPC_MESSAGE_CONTROL0(AMsg_A)\n".utf8) + [0])
        try tree.write("wide_messages.h", bytes: utf16(header, bigEndian: false, mark: false))
        let state = try temporaryFolder()
        let first = try tree.scan {
            $0.cacheDirectory = cache.path
            $0.cacheKeyFile = state.path + "/cache-key"
        }
        let second = try IPCScanner.scanCounting({
            var options = ScanOptions(paths: [tree.path])
            options.cacheDirectory = cache.path
            options.cacheKeyFile = state.path + "/cache-key"
            return options
        }())
        XCTAssertEqual(second.cache?.computed, 0, "everything came from the cache")
        XCTAssertEqual(second.inventory, first)
        XCTAssertEqual(first.unreadFiles?.map(\.location.file), ["a_messages.h"])
        XCTAssertEqual(first.messages.map(\.name), ["WideMsg_Ping"])
    }

    func testNamedSpecialFilesAreRefused() throws {
        let tree = try temporaryFolder()
        XCTAssertEqual(mkfifo(tree.path + "/some_fifo_messages.h", 0o644), 0)
        for (path, kind) in [(tree.path + "/some_fifo_messages.h", "a FIFO (named pipe)"), ("/dev/zero", "a character device")] {
            XCTAssertThrowsError(try IPCScanner.scan(ScanOptions(paths: [path]))) { error in
                XCTAssertEqual(error as? ScannerError, .notFileOrFolder(path: path, kind: kind))
                XCTAssertTrue("\(error)".contains("not a regular file or folder"), "\(error)")
            }
        }
    }

    func testUTF16IsRecognisedOnlyByItsMarkOrItsNulPattern() {
        func order(_ bytes: [UInt8]) -> TextEncoding.UTF16Order? {
            bytes.withUnsafeBytes { TextEncoding.utf16Order($0)?.order }
        }
        XCTAssertNil(order(Array("IPC_MESSAGE_CONTROL0(A)".utf8)))
        XCTAssertNil(order([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x00, 0x00, 0x00]), "zeros on both sides are binary, not text")
        XCTAssertEqual(order(utf16("ab", bigEndian: false, mark: false)), .littleEndian)
        XCTAssertEqual(order(utf16("ab", bigEndian: true, mark: false)), .bigEndian)
        XCTAssertEqual(order([0xFF, 0xFE]), .littleEndian)
        XCTAssertEqual(order([0xFE, 0xFF, 0x4E, 0x2D]), .bigEndian)
    }
}
