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
        switch buffer.read(path, maxBytes: maxBytes, stamped: true).contents {
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

        /// Reads the file into `contents`. `stamped`: the file is first `fstat`ed, for its stamp and to refuse what
        /// is not a regular file. Without it (a file the walk saw as a regular file, no cache to stamp it for), it
        /// is read to its end with no `fstat`, a tenth of the system time of a first scan.
        func read(_ path: String, maxBytes: Int, stamped: Bool) -> (contents: Outcome, stamp: FileStamp?) {
            filled = 0
            // Non-blocking, so that a FIFO put where a file was listed cannot stop the scan; it is refused below.
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return (.failed(String(cString: strerror(errno))), nil) }
            defer { close(descriptor) }
            guard stamped else { return (readToEnd(descriptor, maxBytes: maxBytes), nil) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return (.failed(String(cString: strerror(errno))), nil) }
            guard (info.st_mode & S_IFMT) == S_IFREG else { return (.failed("not a regular file"), nil) }
            let stamp = FileStamp(info)
            let size = Int(info.st_size)
            guard size <= maxBytes else { return (.tooLarge(size), stamp) }
            reserve(size)
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

        /// Reads until `read` says the end, growing the storage as needed; more than `maxBytes` is too large (the
        /// size then from `fstat`, or what was read). Bounded even if a device was put where the file was.
        private func readToEnd(_ descriptor: Int32, maxBytes: Int) -> Outcome {
            var total = 0
            while true {
                if total == storage.count {
                    guard total <= maxBytes else {
                        var info = stat()
                        return .tooLarge(fstat(descriptor, &info) == 0 ? max(Int(info.st_size), total) : total)
                    }
                    reserve(min(2 * total, maxBytes + 1))
                }
                let count = Foundation.read(descriptor, storage.baseAddress! + total, storage.count - total)
                if count < 0 {
                    if errno == EINTR { continue }
                    return .failed(String(cString: strerror(errno)))
                }
                if count == 0 { break }
                total += count
            }
            guard total <= maxBytes else { return .tooLarge(total) }
            filled = total
            return .bytes
        }

        /// Makes room for `size` bytes, keeping those already in the storage.
        private func reserve(_ size: Int) {
            guard size > storage.count else { return }
            let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
            larger.copyMemory(from: UnsafeRawBufferPointer(storage))
            storage.deallocate()
            storage = larger
        }
    }
}
