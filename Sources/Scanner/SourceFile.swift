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
        readStamped(path, maxBytes: maxBytes).contents
    }

    /// The contents and the stamp of the open file, taken before its bytes are read.
    static func readStamped(_ path: String, maxBytes: Int) -> (contents: ReadResult, stamp: FileStamp?) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return (.failed(String(cString: strerror(errno))), nil) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return (.failed(String(cString: strerror(errno))), nil) }
        let stamp = FileStamp(info)
        let size = Int(info.st_size)
        guard size <= maxBytes else { return (.tooLarge(size), stamp) }
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, size - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return (.failed(String(cString: strerror(errno))), nil)
            }
            if count == 0 { break }
            filled += count
        }
        if filled < size { bytes.removeLast(size - filled) }
        return (.bytes(bytes), stamp)
    }

    /// Whether any needle occurs in `bytes` (memmem: the same byte search a grep does).
    static func contains(_ bytes: [UInt8], anyOf needles: [[UInt8]]) -> Bool {
        bytes.withUnsafeBytes { haystack in
            needles.contains { needle in
                needle.withUnsafeBytes { pattern in
                    mojify_memmem(haystack.baseAddress, haystack.count, pattern.baseAddress, pattern.count) != nil
                }
            }
        }
    }

    /// A NUL byte among the first 8000 bytes marks a binary file, as git and grep decide it.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.prefix(8000).contains(0)
    }
}
