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

    @OptionGroup var scan: ScanArguments

    @Option(help: "Output format: \(InventoryFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: InventoryFormat = .text

    @Option(name: .shortAndLong, help: "Write the output to this file instead of standard output.")
    var output: String?

    func run() throws {
        let input = scan.input
        try CommandSupport.run { try ScanFlow.execute(input: input, format: format, output: output, console: $0) }
    }
}

extension InventoryFormat: ExpressibleByArgument {}
