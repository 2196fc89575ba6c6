internal import CClang
import Foundation

/// Reading a file's bytes and the cheap test that decides whether libclang needs to see it at all.
enum SourceFile {
    enum ReadResult {
        case bytes([UInt8])
        case tooLarge(Int)
        case failed(String)
    }

    static func read(_ path: String, maxBytes: Int) -> ReadResult {
        let buffer = ReadBuffer()
        switch buffer.readStamped(path, maxBytes: maxBytes).contents {
        case .bytes:
            return .bytes(Array(buffer.contents))
        case let .tooLarge(size):
            return .tooLarge(size)
        case let .failed(reason):
            return .failed(reason)
        }
    }

    /// Memory one thread reads file after file into, so that the many files the prefilter rejects cost no
    /// allocation and no zero-filling of their own.
    final class ReadBuffer {
        enum Outcome {
            /// The bytes are in `contents` until the next read.
            case bytes
            case tooLarge(Int)
            case failed(String)
        }

        private var storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
        private var filled = 0

        /// The bytes of the last successful read.
        var contents: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: storage[..<filled])
        }

        deinit {
            storage.deallocate()
        }

        /// Reads the file into `contents`, with the stamp of the open file taken before its bytes are read.
        func readStamped(_ path: String, maxBytes: Int) -> (contents: Outcome, stamp: FileStamp?) {
            filled = 0
            // Non-blocking, so that a FIFO put where a file was listed cannot stop the scan; it is refused below.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return (.failed(String(cString: strerror(errno))), nil) }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return (.failed(String(cString: strerror(errno))), nil) }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return (.failed("not a regular file"), nil) }
            let stamp = FileStamp(info)
            let size = Int(info.st_size)
            guard size <= maxBytes else { return (.tooLarge(size), stamp) }
            if size > storage.count {
                storage.deallocate()
                storage = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            }
            var total = 0
            while total < size {
                let count = Foundation.read(descriptor, storage.baseAddress! + total, size - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    return (.failed(String(cString: strerror(errno))), nil)
                }
                if count == 0 { break }
                total += count
            }
            filled = total
            return (.bytes, stamp)
        }
    }

    /// Whether any needle occurs in `bytes`. Needles that share their last two bytes but one (`IPC_`, `Msg_`: `C_`
    /// and `g_`) are found in one pass that compares 32 bytes at a time; so are other sets whose needles begin with
    /// few distinct byte pairs (the later passes' message names and wrapper macros), a pass for all of them rather
    /// than one memmem pass per needle (`mojify_find_pair`, 32 bytes at a time); any other set goes through memmem.
    static func contains(_ bytes: [UInt8], anyOf needles: [[UInt8]]) -> Bool {
        bytes.withUnsafeBytes { contains($0, anyOf: needles) }
    }

    /// At most this many distinct leading byte pairs are compared at once.
    private static let maxVectorPairs = 8

    static func contains(_ haystack: UnsafeRawBufferPointer, anyOf needles: [[UInt8]]) -> Bool {
        guard !needles.isEmpty, needles.allSatisfy({ $0.count >= 2 }) else { return containsByMemmem(haystack, anyOf: needles) }
        if let anchor = needles.first?.last, needles.allSatisfy({ $0.last == anchor }), Set(needles.map { $0[$0.count - 2] }).count <= 2 {
            let befores = needles.map { $0[$0.count - 2] }
            // Hits are where a needle ends.
            return vectorSearch(haystack, pairs: [(befores[0], anchor), (befores.count > 1 ? befores[1] : befores[0], anchor)], offset: 1) { end in
                needles.contains { needle in
                    end + 1 >= needle.count && needle.indices.allSatisfy { haystack[end + 1 - needle.count + $0] == needle[$0] }
                }
            }
        }
        var pairs: [(UInt8, UInt8)] = []
        for needle in needles where !pairs.contains(where: { $0 == (needle[0], needle[1]) }) {
            pairs.append((needle[0], needle[1]))
        }
        guard pairs.count <= maxVectorPairs else { return containsByMemmem(haystack, anyOf: needles) }
        // Hits are where a needle starts.
        return vectorSearch(haystack, pairs: pairs, offset: 0) { start in
            needles.contains { needle in
                start + needle.count <= haystack.count && needle.indices.allSatisfy { haystack[start + $0] == needle[$0] }
            }
        }
    }

    /// The positions `p` where bytes `p - offset` and `p - offset + 1` form one of `pairs`, until `confirm(p)` holds
    /// for one.
    private static func vectorSearch(
        _ haystack: UnsafeRawBufferPointer, pairs: [(UInt8, UInt8)], offset: Int, confirm: (Int) -> Bool
    ) -> Bool {
        guard haystack.count >= 2, let base = haystack.baseAddress else { return false }
        let firsts = pairs.map(\.0), seconds = pairs.map(\.1)
        var from = 0
        while true {
            let found = mojify_find_pair(base, haystack.count, from, firsts, seconds, Int32(pairs.count))
            guard found >= 0 else { return false }
            if confirm(found + offset) { return true }
            from = found + 1
        }
    }

    private static func containsByMemmem(_ haystack: UnsafeRawBufferPointer, anyOf needles: [[UInt8]]) -> Bool {
        needles.contains { needle in
            needle.withUnsafeBytes { pattern in
                mojify_memmem(haystack.baseAddress, haystack.count, pattern.baseAddress, pattern.count) != nil
            }
        }
    }
}
