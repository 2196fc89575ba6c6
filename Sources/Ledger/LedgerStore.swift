import Foundation
import MojifyCore

/// Read-modify-write of a ledger file, serialised between processes with `flock` on `<ledger>.lock`
/// and written atomically, so concurrent commands never lose each other's changes and a killed run
/// leaves the previous ledger intact.
public enum LedgerStore {
    /// Beside the file a linked ledger points to, so that everyone linking one shared ledger takes the same lock.
    static func lockPath(forLedger path: String) throws -> String { try FileOutput.resolvingLinks(path) + ".lock" }

    /// Runs `body` on the ledger at `path` under the lock, then writes the result back if it changed, followed by
    /// the files `companions` makes from the result (the history): all are written out in full before the first is
    /// replaced, and the ledger is replaced first, so a failure never leaves a companion ahead of the ledger.
    /// With `creating`, a missing ledger starts empty; otherwise it is an error. A malformed ledger throws
    /// before `body` runs, and an error from `body` or `companions` leaves every file as it was.
    public static func update<Result>(
        path: String, creating: Bool, companions: (Ledger) throws -> [(path: String, text: String)] = { _ in [] },
        _ body: (inout Ledger) throws -> Result
    ) throws -> Result {
        if !creating && !FileManager.default.fileExists(atPath: path) { throw LedgerError.notFound(path: path) }
        return try withLock(path: lockPath(forLedger: path)) {
            let exists = FileManager.default.fileExists(atPath: path)
            var ledger = exists || !creating ? try Ledger.load(path: path) : Ledger()
            let original = ledger
            let result = try body(&ledger)
            ledger.sort()
            let changed = ledger != original || !exists
            let files = (changed ? [(path, try ledger.csvText())] : []) + (try companions(ledger))
            try FileOutput.writeAtomically(files.map { ($0.path, Data($0.text.utf8)) })
            return result
        }
    }

    private static func withLock<Result>(path: String, _ body: () throws -> Result) throws -> Result {
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw LedgerError.lockFailed(path: path, reason: String(cString: strerror(errno))) }
        // Closing the descriptor releases the lock, also when the process dies.
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw LedgerError.lockFailed(path: path, reason: String(cString: strerror(errno))) }
        }
        return try body()
    }
}
