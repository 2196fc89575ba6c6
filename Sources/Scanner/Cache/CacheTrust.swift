import Foundation
import MojifyCore

/// Whom a scan cache is trusted from: the user running the scan, on this machine, and no one else.
///
/// A cache decides what a scan reports without reading the files, so whoever can write it can make a gate pass
/// a tree that holds a new message. Three things keep it the user's own:
/// - the cache folder, and the folder of the secret, must belong to the user and be writable by no one else (a
///   shared folder such as `/tmp`, mode 1777, is refused: anyone could plant a file or a link there);
/// - cache files are read only when they are regular files of the user's, never through a link, and written by
///   renaming a private new file over the name, so a planted link or device is replaced, never written through;
/// - every cache file is tagged with an HMAC under a secret kept outside the cache folder (`cache-key` in
///   `$XDG_STATE_HOME/mojify`, else `~/.local/state/mojify`), so a cache file copied from elsewhere (a CI
///   cache restored from another job, another machine's folder) is not trusted, only rebuilt.
struct CacheSeal: Sendable {
    private let secret: [UInt8]

    static let secretLength = 32

    init(secret: [UInt8]) {
        self.secret = secret
    }

    /// The tag stored in place of a bare checksum: the first 16 bytes of HMAC-SHA-256(secret, checksum).
    func tag(_ checksum: ContentHash) -> ContentHash {
        var message = [UInt8]()
        for word in [checksum.high, checksum.low] {
            for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        let mac = SHA256.hmac(key: secret, message: message)
        func word(_ offset: Int) -> UInt64 {
            (0..<8).reduce(0) { $0 | UInt64(mac[offset + $1]) << UInt64(8 * $1) }
        }
        return ContentHash(high: word(0), low: word(8))
    }

    /// The user's secret in `file`, made (32 random bytes, mode 0600) if there is none yet.
    static func load(file: String) throws -> CacheSeal {
        let folder = (file as NSString).deletingLastPathComponent
        try CacheTrust.ownFolder(folder)
        if let existing = try secret(in: file) { return existing }
        var bytes = [UInt8](repeating: 0, count: secretLength)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        // Written under a fresh name, then linked to the real one: a rival run that made one first wins, and both
        // then use the same secret.
        let temporary = folder + "/.cache-key-\(getpid())-\(generator.next() as UInt64)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw CacheTrust.failure(folder, "cannot create the cache key: \(String(cString: strerror(errno)))") }
        defer { unlink(temporary) }
        do {
            defer { close(descriptor) }
            try FileOutput.writeAll([Data(bytes)], to: descriptor, reportedAs: temporary)
        }
        if link(temporary, file) != 0 && errno != EEXIST {
            throw CacheTrust.failure(folder, "cannot create the cache key \(file): \(String(cString: strerror(errno)))")
        }
        guard let made = try secret(in: file) else { throw CacheTrust.failure(folder, "the cache key \(file) vanished while it was made") }
        return made
    }

    /// The secret in `file`; nil if there is no such file. Throws for a file that cannot be trusted.
    private static func secret(in file: String) throws -> CacheSeal? {
        let descriptor = open(file, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw CacheTrust.failure(file, "cannot open the cache key: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw CacheTrust.failure(file, String(cString: strerror(errno))) }
        try CacheTrust.ownFile(info, file, privateToOwner: true)
        guard info.st_size == secretLength else {
            throw CacheTrust.failure(file, "the cache key is \(info.st_size) bytes, not \(secretLength); delete it and a new one is made")
        }
        var bytes = [UInt8](repeating: 0, count: secretLength)
        guard read(descriptor, &bytes, secretLength) == secretLength else {
            throw CacheTrust.failure(file, "cannot read the cache key")
        }
        return CacheSeal(secret: bytes)
    }
}

/// The ownership and permission checks of `CacheSeal`'s trust model.
enum CacheTrust {
    static func failure(_ path: String, _ reason: String) -> ScannerError {
        .cacheUnusable(folder: path, reason: reason)
    }

    /// Makes `folder` (mode 0700 where it is made) and checks that it is a folder of the user's that no one else
    /// may write to. Links to such a folder are fine: they were made by whoever could write where they stand.
    static func ownFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            throw failure(folder, CoreError.reason(error))
        }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw failure(folder, String(cString: strerror(errno)))
        }
        var info = stat()
        guard stat(folder, &info) == 0 else { throw failure(folder, String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw failure(folder, "it is not a folder") }
        try ownFile(info, folder, privateToOwner: false)
    }

    /// Throws unless `info` is of the user's and no one else may write it (nor, with `privateToOwner`, read it).
    static func ownFile(_ info: stat, _ path: String, privateToOwner: Bool) throws {
        guard info.st_uid == geteuid() else {
            throw failure(path, "it belongs to user \(info.st_uid), not to you (user \(geteuid())); a cache is trusted only from its own user")
        }
        let forbidden: mode_t = privateToOwner ? 0o077 : 0o022
        guard info.st_mode & forbidden == 0 else {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw failure(path, "others may \(privateToOwner ? "read or " : "")write it (mode \(mode)); 'chmod go-\(privateToOwner ? "rwx" : "w")' it, or choose a folder of your own")
        }
    }

    /// The cache file at `path` mapped into memory, if it is a regular file of the user's that no one else may
    /// write, of at most `maxBytes`; nil if there is none or it cannot be trusted (it is then rebuilt and
    /// replaced). Opened without following a link, and sized from the open file itself, so a planted link, a
    /// device or a sparse file claiming gigabytes is never read.
    static func mapOwnFile(_ path: String, maxBytes: Int) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, (try? ownFile(info, path, privateToOwner: false)) != nil,
              info.st_size > 0, info.st_size <= maxBytes else { return nil }
        let size = Int(info.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else { return nil }
        return Data(bytesNoCopy: mapped, count: size, deallocator: .custom { pointer, count in munmap(pointer, count) })
    }
}
