import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// Property test over hostile trees: seeded random trees of messages headers mixed with links (to files, to
/// folders inside and outside the tree, dangling, in loops), pipes, empty and binary files, messages defined through
/// macro aliases, and messages in files of other names reached by an include. Whatever the mix, the
/// scan ends, is the same on one thread and on several, never reports a message twice, and finds every message of
/// every regular file it can reach, or names the file or folder it did not read.
final class HostileTreeTests: XCTestCase {
    func testHostileTreesAreScannedWholeOrReported() throws {
        var generator = SeededGenerator(seed: 26)
        for round in 0..<12 {
            let folder = try temporaryFolder()
            let root = folder.path + "/tree"
            let outside = folder.path + "/outside"
            try folder.write("outside/far_messages.h", "#define IPC_MESSAGE_START FarMsgStart\nIPC_MESSAGE_CONTROL0(FarMsg_Outside)\n")
            var expected: Set<String> = []
            for index in 0..<Int.random(in: 3...10, using: &generator) {
                let folderName = "d\(Int.random(in: 0..<3, using: &generator))"
                let name = "Round\(round)Msg_M\(index)"
                let path = "tree/\(folderName)/f\(index)_messages.h"
                try folder.write(path, "#define IPC_MESSAGE_START Round\(round)MsgStart\nIPC_MESSAGE_CONTROL0(\(name))\n")
                expected.insert(name)
                switch Int.random(in: 0..<10, using: &generator) {
                case 8:
                    // A message defined through an alias of the macro, in a header of another folder.
                    try folder.write("tree/aliases_\(index).h", "#define MY_CONTROL_\(index) IPC_MESSAGE_CONTROL0\n")
                    try folder.write("tree/\(folderName)/aliased_\(index)_messages.h",
                                     "#include \"aliases_\(index).h\"\nMY_CONTROL_\(index)(Round\(round)Msg_Aliased\(index))\n")
                    expected.insert("Round\(round)Msg_Aliased\(index)")
                case 9:
                    // A message in a file of a name the walk does not select, reached only by an include.
                    try folder.write("tree/\(folderName)/list_\(index).def", "IPC_MESSAGE_CONTROL0(Round\(round)Msg_Listed\(index))\n")
                    try folder.write("tree/\(folderName)/user_\(index).cc", "#include \"list_\(index).def\"\n")
                    expected.insert("Round\(round)Msg_Listed\(index)")
                case 0: symlink(root + "/" + folderName, root + "/link_in_\(index)")  // a folder link inside the tree
                case 1: symlink(outside, root + "/link_out_\(index)")  // a folder link outside it
                case 2: symlink(root + "/nowhere_\(index)", root + "/\(folderName)/dangling_\(index)_messages.h")
                case 3: symlink(root + "/loop_\(index)", root + "/loop_\(index)")
                case 4: mkfifo(root + "/\(folderName)/pipe_\(index)_messages.h", 0o600)
                case 5: try folder.write("tree/\(folderName)/empty_\(index).h", "")
                case 6: symlink(root + "/" + folderName + "/f\(index)_messages.h", root + "/file_link_\(index)_messages.h")
                default: try folder.write("tree/\(folderName)/bin_\(index)_messages.h", bytes: [0x49, 0x50, 0x43, 0x5F, 0, 0xFF, 0xFE])
                }
            }
            for follow in [false, true] {
                let one = try scan(root, follow: follow, jobs: 1)
                let several = try scan(root, follow: follow, jobs: 3)
                XCTAssertEqual(one, several, "round \(round): the thread count changed the inventory")
                let names = one.messages.map(\.name).filter { $0.hasPrefix("Round") }
                XCTAssertEqual(Set(names), expected, "round \(round), follow \(follow)")
                // Each place is reported once (a file link is a place of its own, as the walk lists it).
                XCTAssertEqual(names.count, Set(one.messages.map { "\($0.name) \($0.location.file)" }).filter { $0.hasPrefix("Round") }.count)
                // A linked folder outside the tree is read only when links are followed, and then once.
                let far = one.messages.filter { $0.name == "FarMsg_Outside" }.count
                XCTAssertLessThanOrEqual(far, follow ? 1 : 0, "round \(round)")
            }
        }
    }

    private func scan(_ root: String, follow: Bool, jobs: Int) throws -> Inventory {
        var options = ScanOptions(paths: [root])
        options.followSymlinks = follow
        options.jobs = jobs
        return try IPCScanner.scan(options)
    }
}
