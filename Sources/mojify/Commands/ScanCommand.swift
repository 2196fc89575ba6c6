import ArgumentParser
import MojifyApplication
import Foundation
import MojifyCore
import MojifyScanner

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Find every legacy IPC message, struct, traits macro, message map and sender in C++ trees.",
        discussion: "Exit status: 0 when the scan ran (diagnostics do not change it), 2 for usage or input errors."
    )

    @Argument(help: "Folders or files to scan.")
    var paths: [String]

    @Option(help: "Output format: \(InventoryFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: InventoryFormat = .text

    @Option(name: .shortAndLong, help: "Write the output to this file instead of standard output.")
    var output: String?

    @Option(name: .customLong("exclude"), help: "Skip paths matching this glob (repeatable), e.g. 'third_party/**'.")
    var excludes: [String] = []

    @OptionGroup var typeSources: TypeSources

    @Option(name: .shortAndLong, help: "Worker threads (default: one per core).")
    var jobs: Int?

    @Option(help: "Skip files larger than this many bytes.")
    var maxFileSize: Int = 16 << 20

    @Flag(help: "Follow symbolic links to folders (each folder is still scanned once).")
    var followSymlinks = false

    @Flag(help: "Scan files that .gitignore files exclude.")
    var noIgnore = false

    @Option(help: "Keep reusable results of unchanged files in this folder (default: $XDG_CACHE_HOME/mojify or ~/.cache/mojify).")
    var cache: String?

    @Flag(help: "Neither read nor write the cache: scan every file afresh.")
    var noCache = false

    func run() throws {
        var options = ScanOptions(paths: paths)
        options.excludes = excludes
        typeSources.apply(to: &options)
        options.maxFileBytes = maxFileSize
        options.followSymlinks = followSymlinks
        options.honourGitIgnore = !noIgnore
        if let jobs { options.jobs = max(1, jobs) }
        options.cacheDirectory = noCache ? nil : (cache ?? ScanOptions.defaultCacheDirectory())
        try CommandSupport.run {
            try ScanFlow.execute(options: options, format: format, output: output, progress: CommandSupport.progressReporter())
        }
    }
}

extension InventoryFormat: ExpressibleByArgument {}
