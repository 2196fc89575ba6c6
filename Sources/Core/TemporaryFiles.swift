import Foundation

/// The temporary files that atomic writes make beside their targets: named `.NAME.mojify-tmp-PID-RANDOM`, so that
/// a later run can tell one a dead run left behind, and registered while in flight, so that an interrupted run
/// can remove its own before it exits.
public enum TemporaryFiles {
    static let marker = ".mojify-tmp-"

    /// A fresh temporary path beside `target`, in the same folder so that renaming it over `target` is atomic.
    static func path(beside target: URL) -> URL {
        target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent)\(marker)\(getpid())-\(UInt64.random(in: 0 ... UInt64.max))")
    }

    /// Removes the temporary files in `target`'s folder whose process is gone: what a crashed or killed run left
    /// behind. Those of live processes (another mojify writing there right now) are left alone. Each folder is
    /// swept once per run, so writing many files into one folder stays linear.
    public static func removeStale(beside target: URL) {
        let folder = target.deletingLastPathComponent()
        guard inFlight.firstSweep(of: folder.path),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(".") {
            guard let marked = name.range(of: marker, options: .backwards),
                  let pid = pid_t(name[marked.upperBound...].prefix { $0 != "-" }), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }

    /// The paths being written now, and the folders swept this run. Process-wide because a signal is: the
    /// interrupt handler has to find every writer's temporary file. The lock makes it safe from any thread; the
    /// handler runs on a dispatch queue, not in signal context, so taking the lock there is allowed.
    private final class InFlight: @unchecked Sendable {
        private let lock = NSLock()
        private var paths = Set<String>()
        private var sweptFolders = Set<String>()

        /// True the first time a folder is asked about.
        func firstSweep(of folder: String) -> Bool {
            lock.withLock { sweptFolders.insert(folder).inserted }
        }

        func insert(_ path: String) {
            lock.withLock { _ = paths.insert(path) }
        }

        func remove(_ path: String) {
            lock.withLock { _ = paths.remove(path) }
        }

        /// Unlinks every registered path and keeps the lock: nothing registers a new file while the process exits.
        func unlinkAllAndHold() {
            lock.lock()
            for path in paths { unlink(path) }
        }
    }

    private static let inFlight = InFlight()

    /// Registers `path` before the file is created, so that there is no moment when it exists unregistered.
    static func register(_ path: String) {
        inFlight.insert(path)
    }

    static func unregister(_ path: String) {
        inFlight.remove(path)
    }

    /// Removes every temporary file being written now; for a handler of SIGINT or SIGTERM that then exits.
    /// Writers that are mid-way block from here on, so the process must exit right after.
    public static func removeAllInFlight() {
        inFlight.unlinkAllAndHold()
    }
}
