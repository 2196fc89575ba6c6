import Foundation
import MojifyCore
import MojifyScanner

/// Where a flow's text goes: results to standard output; warnings, notes, errors and progress to standard error.
/// Every flow writes through the one it is given, so that each kind of line is formed in one place; the commands
/// pass `terminal`, tests a console whose sinks capture the text.
public struct Console: Sendable {
    public typealias Sink = @Sendable (Data) -> Void

    private let standardOutput: Sink
    private let standardError: Sink
    /// Whether `progress` reports: only on a terminal, where the counter's carriage returns overwrite one line.
    private let showsProgress: Bool

    public init(standardOutput: @escaping Sink, standardError: @escaping Sink, showsProgress: Bool = false) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.showsProgress = showsProgress
    }

    /// The process's standard output and error; progress only when standard error is a terminal.
    public static var terminal: Console {
        Console(standardOutput: { FileHandle.standardOutput.write($0) }, standardError: { FileHandle.standardError.write($0) },
                showsProgress: isatty(STDERR_FILENO) != 0)
    }

    /// Results, as given.
    public func write(_ text: String) { standardOutput(Data(text.utf8)) }
    public func write(_ data: Data) { standardOutput(data) }

    /// A problem the output is usable despite. Its text often names files and messages of the scanned tree, whose
    /// control characters (ESC, BEL, CR) are shown escaped so that they can neither recolour nor forge lines.
    public func warning(_ message: String) { writeError("mojify: warning: \(message.escapingControlCharacters)\n") }

    /// Something worth knowing about how the run was done; escaped as a warning is.
    public func note(_ message: String) { writeError("mojify: note: \(message.escapingControlCharacters)\n") }

    /// Why the command failed, in the words of a module's error (its description says what to do), as given.
    public func error(_ message: String) { writeError("mojify: error: \(message)\n") }

    /// A line of its own, `mojify: <text>`, and under it one indented line per item: what a run could not do
    /// (files it could not read), said whatever the output. Escaped as a warning is: items name the tree's files.
    public func message(_ text: String, items: [String] = []) {
        writeError("mojify: \(text.escapingControlCharacters)\n" + items.map { "  \($0.escapingControlCharacters)\n" }.joined())
    }

    /// A scan's diagnostic on a line of its own, as `Diagnostic` words it.
    public func diagnostic(_ diagnostic: Diagnostic) {
        writeError("\(diagnostic.description.escapingControlCharacters)\n")
    }

    private func writeError(_ text: String) { standardError(Data(text.utf8)) }

    /// A one-line counter of the files a scan has done, or nil where it would not show (not a terminal).
    public var progress: IPCScanner.Progress? {
        guard showsProgress else { return nil }
        let standardError = standardError
        return { done, total in standardError(Data("\rmojify: \(done)/\(total) files\(done == total ? "\n" : "")".utf8)) }
    }
}
