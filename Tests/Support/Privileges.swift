import Foundation
import XCTest

@_silgen_name("capget") private func capget(_ header: UnsafeMutableRawPointer, _ data: UnsafeMutableRawPointer) -> Int32
@_silgen_name("capset") private func capset(_ header: UnsafeMutableRawPointer, _ data: UnsafeMutableRawPointer) -> Int32

/// Runs `body` on this thread without the power to override file permissions, so that a folder of mode 0311 cannot
/// be listed even when the tests run as root: Linux keeps capabilities per thread, so this thread's effective
/// CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH are dropped for the while and raised again after; other threads keep
/// theirs. Work in `body` that must feel it has to stay on this thread (`ScanOptions.jobs = 1` walks here).
public func withoutPermissionOverride<Result>(_ body: () throws -> Result) throws -> Result {
    guard geteuid() == 0 else { return try body() }
    // `_LINUX_CAPABILITY_VERSION_3`: two 32-bit words of each set; this thread (pid 0).
    var header: (version: UInt32, pid: Int32) = (0x2008_0522, 0)
    var data = [UInt32](repeating: 0, count: 6)
    guard capget(&header, &data) == 0 else { throw XCTSkip("cannot read this thread's capabilities") }
    let saved = data
    let dacOverride: UInt32 = 1 << 1, dacReadSearch: UInt32 = 1 << 2
    // Each word is effective, permitted, inheritable; the two capabilities are bits of the first word's sets.
    data[0] &= ~(dacOverride | dacReadSearch)
    guard capset(&header, &data) == 0 else { throw XCTSkip("cannot drop this thread's capabilities") }
    defer {
        var restore = saved
        _ = capset(&header, &restore)
    }
    return try body()
}

/// Removes a tree whose paths may be longer than the system takes (`PATH_MAX`), one folder at a time by descriptor.
public func removeDeepTree(_ path: String) {
    func removeContents(of descriptor: Int32) {
        guard let folder = fdopendir(dup(descriptor)) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            guard name != "." && name != ".." else { continue }
            if entry.pointee.d_type == UInt8(DT_DIR) {
                let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
                if child >= 0 {
                    removeContents(of: child)
                    close(child)
                }
                unlinkat(descriptor, name, AT_REMOVEDIR)
            } else {
                unlinkat(descriptor, name, 0)
            }
        }
    }
    let descriptor = open(path, O_RDONLY | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    removeContents(of: descriptor)
    close(descriptor)
    rmdir(path)
}

extension MojifyBinary {
    /// Runs `mojify` as `run` does, unable to override file permissions even as root: through `setpriv`, which
    /// drops CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH before it starts the binary. `locked` is a folder that must
    /// not be listable then (mode 0311); the test is skipped where it still is.
    public static func runWithoutPermissionOverride(_ arguments: [String], locked: String, in directory: String = repositoryRoot,
                                                     environment: [String: String] = [:]) throws -> ProcessOutput {
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        let drop = ["--inh-caps=-dac_override,-dac_read_search", "--bounding-set=-dac_override,-dac_read_search"]
        let wrapped = geteuid() == 0
        if wrapped {
            guard FileManager.default.isExecutableFile(atPath: setpriv.path) else { throw XCTSkip("no setpriv to drop root's powers with") }
            let probe = try RunningProcess(setpriv, drop + ["/bin/ls", locked]).finish()
            guard probe.status != 0 else { throw XCTSkip("setpriv could not take root's power to list \(locked)") }
        }
        let process = wrapped ? try RunningProcess(setpriv, drop + [try url().path] + arguments, in: directory, environment: environment)
            : try RunningProcess(try url(), arguments, in: directory, environment: environment)
        return process.finish()
    }
}
