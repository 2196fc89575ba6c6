import Foundation
import MojifyCore
import MojifyScanner

/// `mojify scan`: scan, render in the chosen format, write it out, and report diagnostics on standard error.
public enum ScanFlow {
    public static func execute(input: InventoryInput, format: InventoryFormat, output: String?, console: Console) throws -> Int32 {
        let progress = console.progress
        let start = Date()
        if format == .json, output == nil, input.savedInventory == nil {
            // Nothing but the JSON is needed: a re-scan that the cache answers decodes no inventory.
            console.write(try IPCScanner.scanJSON(input.scan, progress: progress))
            return 0
        }
        let (inventory, json) = try input.loadWithJSON(progress: progress)
        let rendered: Data
        if format == .json, let json {
            rendered = json
        } else {
            rendered = Data(try format.renderer.render(inventory, context: RenderContext(elapsedSeconds: Date().timeIntervalSince(start))).utf8)
        }
        if let output {
            try FileOutput.writeAtomically(rendered, to: output)
        } else {
            console.write(rendered)
        }
        if format != .json || output != nil {
            let problems = inventory.diagnostics.filter { $0.severity >= .warning }
            problems.prefix(50).forEach(console.diagnostic)
            if problems.count > 50 {
                console.message("\(problems.count - 50) more diagnostics; see --format json")
            }
        }
        return 0
    }
}
