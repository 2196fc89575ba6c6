import Foundation

/// What `stat` says about a file: the fast test of whether it may have changed since a cached result was made.
struct FileStamp: Equatable, Sendable {
    var size: Int64
    /// Nanoseconds since the epoch. The change time cannot be set by tools that restore modification times
    /// (`touch -d`, `cp -p`, `tar`), so together with the inode it catches edits that keep size and mtime.
    var modified: Int64
    var changed: Int64
    var inode: UInt64
    var device: UInt64

    /// Timestamps are only as fine as the file system's clock tick (up to 2 s on some file systems): a file
    /// stamped this close to the start of a scan could be edited again without its stamp changing.
    static let racyWindow: Int64 = 2_000_000_000

    init(size: Int64, modified: Int64, changed: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.changed = changed
        self.inode = inode
        self.device = device
    }

    init(_ info: stat) {
        #if canImport(Darwin)
        let modified = info.st_mtimespec, changed = info.st_ctimespec
        #else
        let modified = info.st_mtim, changed = info.st_ctim
        #endif
        self.init(
            size: Int64(info.st_size),
            modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
            changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec),
            inode: UInt64(info.st_ino), device: UInt64(info.st_dev)
        )
    }

    /// The stamp of the file a path leads to (symbolic links followed, as reading does), nil if there is none.
    static func of(path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(info)
    }

    /// Whether the stamp alone cannot prove the file unchanged later: it was modified or changed so close to
    /// `scanStart` (nanoseconds since the epoch) that a further edit could leave the same stamp.
    func isRacy(scanStart: Int64) -> Bool {
        max(modified, changed) >= scanStart - FileStamp.racyWindow
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
