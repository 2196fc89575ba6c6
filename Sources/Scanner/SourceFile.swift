import CClang
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
    /// and `g_`) are found in one pass that compares 16 bytes at a time; any other set goes through memmem, one
    /// pass per needle.
    static func contains(_ bytes: [UInt8], anyOf needles: [[UInt8]]) -> Bool {
        bytes.withUnsafeBytes { contains($0, anyOf: needles) }
    }

    static func contains(_ haystack: UnsafeRawBufferPointer, anyOf needles: [[UInt8]]) -> Bool {
        guard let anchor = needles.first?.last, needles.allSatisfy({ $0.count >= 2 && $0.last == anchor }),
              Set(needles.map { $0[$0.count - 2] }).count <= 2 else {
            return needles.contains { needle in
                needle.withUnsafeBytes { pattern in
                    mojify_memmem(haystack.baseAddress, haystack.count, pattern.baseAddress, pattern.count) != nil
                }
            }
        }
        let befores = needles.map { $0[$0.count - 2] }
        guard haystack.count >= 2, let base = haystack.baseAddress else { return false }
        func matchesEnding(at end: Int) -> Bool {
            needles.contains { needle in
                end + 1 >= needle.count && needle.indices.allSatisfy { haystack[end + 1 - needle.count + $0] == needle[$0] }
            }
        }
        let last = SIMD16<UInt8>(repeating: anchor)
        let first = SIMD16<UInt8>(repeating: befores[0])
        let second = SIMD16<UInt8>(repeating: befores.count > 1 ? befores[1] : befores[0])
        var index = 1
        while index + 16 <= haystack.count {
            let current = (base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let previous = (base + index - 1).loadUnaligned(as: SIMD16<UInt8>.self)
            let hits = (current .== last) .& ((previous .== first) .| (previous .== second))
            if any(hits) {
                for lane in 0..<16 where hits[lane] && matchesEnding(at: index + lane) { return true }
            }
            index += 16
        }
        return (index..<haystack.count).contains(where: matchesEnding(at:))
    }
}
