import ArgumentParser
import Foundation
import MojifyApplication
import MojifyCore
import MojifyScanner

/// What every subcommand shares: running its flow with the terminal's console, and turning the errors of the
/// flow and the libraries, usage errors (`UsageError`) and input errors alike, into exit code 2 with the error's
/// message.
enum CommandSupport {
    static func run(_ body: (Console) throws -> Int32) throws {
        let console = Console.terminal
        let status: Int32
        do {
            status = try body(console)
        } catch let error as CustomStringConvertible & Error {
            console.error(error.description)
            throw ExitCode(2)
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// The options of every command that reads a tree, documented once (README, "Scan options"): what to scan, or a
/// saved inventory to read instead, and how.
struct ScanArguments: ParsableArguments {
    @Argument(help: "Folders or files to scan. With --inventory: the folder it was scanned from (default: the current folder).")
    var paths: [String] = []

    @Option(help: "Read this inventory, saved by 'mojify scan --format json -o FILE', instead of scanning.")
    var inventory: String?

    @Option(name: .customLong("exclude"), help: "Skip paths matching this glob (repeatable), e.g. 'third_party/**'.")
    var excludes: [String] = []

    @Option(name: .customLong("include-dir"), help: "A folder #include paths are relative to (repeatable; absolute, or relative to the scanned root), where struct and enum definitions are looked for besides the including file's folder and the root.")
    var includeDirs: [String] = []

    @Option(help: "Folder holding compile_commands.json: use each file's real preprocessor flags and -I folders.")
    var compileCommands: String?

    @Option(name: .customLong("upstream-root"), help: "An upstream Chromium checkout (repeatable) whose *.typemap, BUILD.gn cpp_typemaps and .mojom files give type mappings; it is not scanned for IPC.")
    var upstreamRoots: [String] = []

    @Option(name: .shortAndLong, help: "Worker threads (default: one per core).")
    var jobs: Int?

    @Option(help: "Files larger than this many bytes are not read (each is reported as unread).")
    var maxFileSize: Int = ScanOptions.defaultMaxFileBytes

    @Flag(help: "Follow symbolic links to folders (each folder is still scanned once); without it each is reported, not entered.")
    var followSymlinks = false

    @Flag(help: "Scan files that .gitignore files exclude (files git tracks are scanned either way).")
    var noIgnore = false

    @Option(help: "Keep reusable results of unchanged files in this folder (default: $XDG_CACHE_HOME/mojify or ~/.cache/mojify).")
    var cache: String?

    @Flag(help: "Neither read nor write the cache: scan every file afresh.")
    var noCache = false

    func validate() throws {
        guard inventory != nil else {
            if paths.isEmpty { throw ValidationError("give the folders or files to scan, or --inventory FILE") }
            return
        }
        if paths.count > 1 { throw ValidationError("with --inventory, give at most one folder: the one the inventory was scanned from") }
        let scanOnly = [
            ("--exclude", !excludes.isEmpty), ("--include-dir", !includeDirs.isEmpty), ("--compile-commands", compileCommands != nil),
            ("-j/--jobs", jobs != nil), ("--max-file-size", maxFileSize != ScanOptions.defaultMaxFileBytes),
            ("--follow-symlinks", followSymlinks), ("--no-ignore", noIgnore), ("--cache", cache != nil), ("--no-cache", noCache),
        ].filter(\.1).map(\.0)
        if !scanOnly.isEmpty {
            throw ValidationError("\(scanOnly.joined(separator: ", ")) shape\(scanOnly.count == 1 ? "s" : "") a scan, and --inventory reads one already made; give \(scanOnly.count == 1 ? "it" : "them") to the 'mojify scan' that writes the inventory")
        }
    }

    var input: InventoryInput {
        var options = ScanOptions(paths: inventory != nil && paths.isEmpty ? ["."] : paths)
        options.excludes = excludes
        options.includeDirs = includeDirs
        options.compileCommands = compileCommands
        options.upstreamRoots = upstreamRoots
        options.maxFileBytes = maxFileSize
        options.followSymlinks = followSymlinks
        options.honourGitIgnore = !noIgnore
        if let jobs { options.jobs = max(1, jobs) }
        options.cacheDirectory = noCache ? nil : (cache ?? ScanOptions.defaultCacheDirectory())
        return InventoryInput(scan: options, savedInventory: inventory)
    }
}

/// What `generate` and `migrate` share: the rules the conversion uses, which messages it covers, and how its drafts
/// are written.
struct DraftArguments: ParsableArguments {
    @Option(help: "A rules file in the format of Rules/type-mappings.yaml whose entries override and extend the built-in ones.")
    var rules: String?

    @Option(parsing: .upToNextOption, help: "Convert only these message classes (FrameMsgStart) or messages (FrameHostMsg_Foo).")
    var only: [String] = []

    @Flag(help: "Print what would be written instead of writing it.")
    var dryRun = false

    @Flag(help: "Overwrite files in --out that were edited by hand.")
    var force = false
}
