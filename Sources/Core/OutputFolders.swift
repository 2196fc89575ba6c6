import Foundation

extension FileOutput {
    /// Creates `path` and the folders above it as needed; a failure (a file in the way, a read-only or virtual
    /// file system) is a `CoreError.writeFailed` that names the folder and the system's reason.
    public static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CoreError.writeFailed(path: path, reason: CoreError.reason(error))
        }
    }
}
