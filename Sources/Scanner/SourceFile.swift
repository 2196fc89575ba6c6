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
}
