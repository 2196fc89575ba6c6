import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// What the walk leaves out is never silent: links to folders it does not follow and folders it cannot list are
/// each a diagnostic and a `skippedFolders` entry, which later steps read as "not seen".
final class SkippedFolderTests: XCTestCase {
    private let header = "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_Ping)\n"

    func testALinkToAFolderIsReportedWithWhereItPointsUnlessTheRulesLeaveItOut() throws {
        let tree = try temporaryFolder(files: ["shared/foo_messages.h": header, ".gitignore": "ignored_link\n"])
        let outside = try temporaryFolder(files: ["bar_messages.h": "IPC_MESSAGE_CONTROL0(BarMsg_Far)\n"])
        for (link, target) in [("inside", tree.path + "/shared"), ("outside", outside.path), ("ignored_link", outside.path)] {
            try FileManager.default.createSymbolicLink(atPath: tree.path + "/" + link, withDestinationPath: target)
        }
        for jobs in [1, 2] {
            let inventory = try tree.scan { $0.jobs = jobs }
            XCTAssertEqual(inventory.messages.map(\.location.file), ["shared/foo_messages.h"])
            let skipped = try XCTUnwrap(inventory.skippedFolders)
            XCTAssertEqual(skipped.map(\.location.file), ["inside", "outside"])
            XCTAssertEqual(Set(skipped.map(\.reason)), [.linkNotFollowed])
            XCTAssertTrue(skipped[0].detail.contains("the folder shared of the scanned tree"), skipped[0].detail)
            XCTAssertTrue(skipped[1].detail.contains("outside the scanned tree (\(outside.path))"), skipped[1].detail)
            for folder in skipped {
                let diagnostic = try XCTUnwrap(inventory.diagnostics.first { $0.location == folder.location })
                XCTAssertEqual(diagnostic.severity, .note)
                XCTAssertTrue(diagnostic.hint?.contains("--follow-symlinks") == true, "\(diagnostic)")
            }
            XCTAssertTrue(inventory.unseen.contains("outside/bar_messages.h") && !inventory.unseen.contains("shared/foo_messages.h"))
        }
        let followed = try tree.scan { $0.followSymlinks = true }
        XCTAssertEqual(followed.skippedFolders, [])
        XCTAssertEqual(followed.messages.map(\.name).sorted(), ["BarMsg_Far", "FooMsg_Ping"], "each folder once")
    }

    /// A folder the walk cannot list (mode 0311: it may be entered, not read) is an error and a skipped folder;
    /// the walk goes on beside it. Tests run as root, who reads any folder: the walking thread gives up that power.
    func testAFolderThatCannotBeListedIsAnError() throws {
        let tree = try temporaryFolder(files: ["locked/foo_messages.h": header, "open/bar_messages.h": "IPC_MESSAGE_CONTROL0(BarMsg_A)\n"])
        XCTAssertEqual(chmod(tree.path + "/locked", 0o311), 0)
        defer { chmod(tree.path + "/locked", 0o755) }
        let inventory = try withoutPermissionOverride { try tree.scan { $0.jobs = 1 } }
        XCTAssertEqual(inventory.messages.map(\.name), ["BarMsg_A"])
        XCTAssertEqual(inventory.skippedFolders, [SkippedFolder(location: SourceLocation(file: "locked", line: 0, column: 0), reason: .unlistable,
                                                                detail: "cannot list folder: Permission denied")])
        XCTAssertEqual(inventory.diagnostics.first { $0.location.file == "locked" }?.severity, .error)
        XCTAssertTrue(inventory.unseen.contains("locked/foo_messages.h"))
    }

    /// Folders nested past `PATH_MAX` (made one level at a time through descriptors): however the walk meets the
    /// header at the bottom, it is never taken as gone, in one thread or two.
    func testAHeaderPastPathMaxIsNeverTakenAsGone() throws {
        let root = NSTemporaryDirectory() + "mojify-deep-" + UUID().uuidString
        XCTAssertEqual(mkdir(root, 0o755), 0)
        defer { removeDeepTree(root) }
        var descriptor = open(root, O_RDONLY | O_DIRECTORY)
        let name = String(repeating: "d", count: 200)
        var relative: [String] = []
        while (root.utf8.count + relative.count * (name.count + 1)) <= Int(PATH_MAX) + 200 {
            XCTAssertEqual(mkdirat(descriptor, name, 0o755), 0)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            relative.append(name)
        }
        let file = openat(descriptor, "deep_messages.h", O_WRONLY | O_CREAT, 0o644)
        _ = header.withCString { write(file, $0, strlen($0)) }
        close(file)
        close(descriptor)
        let deepHeader = (relative + ["deep_messages.h"]).joined(separator: "/")
        for jobs in [1, 2] {
            let inventory = try IPCScanner.scan({
                var options = ScanOptions(paths: [root])
                options.jobs = jobs
                return options
            }())
            XCTAssertEqual(inventory.messages, [], "jobs \(jobs)")
            XCTAssertTrue(inventory.unseen.contains(deepHeader), "jobs \(jobs): \(inventory.diagnostics)")
            XCTAssertTrue(inventory.diagnostics.contains { $0.severity == .error && deepHeader.hasPrefix($0.location.file) }, "jobs \(jobs)")
        }
    }

    func testSkippedFoldersOfSeveralRootsAreNamedFromTheirRoot() throws {
        let one = try temporaryFolder(files: ["a_messages.h": header])
        let other = try temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: one.path + "/link", withDestinationPath: other.path)
        let inventory = try IPCScanner.scan(ScanOptions(paths: [one.path, other.path]))
        XCTAssertEqual(inventory.skippedFolders?.map(\.location.file), [one.path + "/link"])
        XCTAssertTrue(inventory.diagnostics.contains { $0.location.file == one.path + "/link" })
    }
}
