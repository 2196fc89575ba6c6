import CClang
import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// The walk lists folders with getdents64, or with readdir where that call is missing or fails: both ways must list
/// the same entries, laid out alike, so that the walk finds the same files.
final class FolderListingTests: XCTestCase {
    override func tearDown() {
        mojify_force_readdir(0)
        super.tearDown()
    }

    /// A folder whose listing passes one walk buffer (32 KiB): 400 names of 90 bytes and more. Names of every
    /// length up to the longest a file system takes, a name in UTF-8, links and folders.
    private func crowdedTree() throws -> TemporaryFolder {
        let tree = try temporaryFolder()
        for index in 0..<400 {
            try tree.write("crowded/" + String(repeating: "n", count: 80) + "_\(index).cc", "int x;\n")
        }
        for length in 1...255 {
            try tree.write("names/" + String(repeating: "a", count: length - min(length, 3)) + String(".cc".suffix(min(length, 3))), "")
        }
        try tree.write("names/caf\u{E9} menu.h", "")
        try tree.write("nested/a/b/c/deep.h", "")
        try FileManager.default.createSymbolicLink(atPath: tree.path + "/nested/link.h", withDestinationPath: "a/b/c/deep.h")
        try FileManager.default.createSymbolicLink(atPath: tree.path + "/nested/folder-link", withDestinationPath: "a")
        try FileManager.default.createSymbolicLink(atPath: tree.path + "/nested/broken.h", withDestinationPath: "missing.h")
        return tree
    }

    /// Every entry of a folder as `mojify_listing_read` lays it out, read `bufferBytes` at a time.
    private func entries(of folder: String, bufferBytes: Int) throws -> [String: UInt8] {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError(.fileReadNoPermission) }
        defer { close(descriptor) }
        var listing = mojify_folder_listing()
        mojify_listing_begin(&listing, descriptor)
        defer { mojify_listing_end(&listing) }
        var found: [String: UInt8] = [:]
        var buffer = [UInt64](repeating: 0, count: bufferBytes / 8)
        try buffer.withUnsafeMutableBytes { buffer in
            while true {
                let filled = mojify_listing_read(&listing, buffer.baseAddress, buffer.count)
                guard filled >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno)!) }
                guard filled > 0 else { return }
                var record = 0
                while record < filled {
                    let entry = buffer.baseAddress! + record
                    let length = Int(entry.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
                    XCTAssertEqual(length % 8, 0, "records are 8-byte aligned")
                    let name = String(cString: (entry + 19).assumingMemoryBound(to: CChar.self))
                    XCTAssertNil(found.updateValue(entry.load(fromByteOffset: 18, as: UInt8.self), forKey: name), "\(name) listed twice")
                    record += length
                }
                XCTAssertEqual(record, filled)
            }
        }
        return found
    }

    func testBothWaysListTheSameEntriesWhateverTheBuffer() throws {
        let tree = try crowdedTree()
        for folder in ["crowded", "names", "nested"].map({ tree.path + "/" + $0 }) {
            let fast = try entries(of: folder, bufferBytes: 32768)
            XCTAssertEqual(Set(fast.keys), Set(try FileManager.default.contentsOfDirectory(atPath: folder) + [".", ".."]))
            mojify_force_readdir(1)
            // A small buffer: most reads end with an entry that does not fit, which the next read gives.
            for bufferBytes in [32768, 4096, 304, 296] {
                XCTAssertEqual(try entries(of: folder, bufferBytes: bufferBytes), fast, "readdir, \(bufferBytes) bytes at a time")
            }
            mojify_force_readdir(0)
            XCTAssertEqual(try entries(of: folder, bufferBytes: 4096), fast, "getdents64, 4096 bytes at a time")
        }
    }

    func testABufferTooSmallForOneEntryAndAFileFailAlike() throws {
        let tree = try crowdedTree()
        for readdir in [Int32(0), 1] {
            mojify_force_readdir(readdir)
            XCTAssertThrowsError(try entries(of: tree.path + "/names", bufferBytes: 64), "readdir: \(readdir)") { error in
                XCTAssertEqual((error as? POSIXError)?.code, .EINVAL)
            }
            // Not a folder: getdents64 fails before giving anything, and so does readdir after it.
            let file = open(tree.path + "/nested/a/b/c/deep.h", O_RDONLY | O_CLOEXEC)
            defer { close(file) }
            var listing = mojify_folder_listing()
            mojify_listing_begin(&listing, file)
            var buffer = [UInt64](repeating: 0, count: 512)
            let filled = mojify_listing_read(&listing, &buffer, 4096)
            let error = errno
            XCTAssertEqual(filled, -1)
            XCTAssertEqual(error, ENOTDIR)
            mojify_listing_end(&listing)
        }
    }

    func testTheWalkFindsTheSameEitherWay() throws {
        let tree = try crowdedTree()
        var walker = FileWalker(excludes: [], followSymlinks: false, honourGitIgnore: true)
        func walked() -> [String] {
            let result = walker.walk(root: tree.path)
            return result.files.map(\.relativePath) + result.problems.map(\.description) + result.skipped.map(\.detail)
        }
        for (jobs, follow) in [(1, false), (4, false), (1, true)] {
            walker.jobs = jobs
            walker.followSymlinks = follow
            let fast = walked()
            XCTAssertEqual(fast.filter { $0.hasPrefix("crowded/") }.count, 400)
            mojify_force_readdir(1)
            XCTAssertEqual(walked(), fast, "\(jobs) threads, following links: \(follow)")
            mojify_force_readdir(0)
        }
    }
}
