import MojifyCore

/// The C++ that a unified diff shows, one hunk at a time: the new side of each hunk (context and `+` lines) and,
/// when the hunk removes lines, its old side (context and `-` lines), with a map from each line back to the patch.
/// Hunks are kept apart because each is an unrelated fragment of its file: an invocation the hunk cuts off must
/// end with the hunk, not run on into the next one.
struct PatchFile {
    struct Section {
        enum Side {
            /// The file after the patch: context and `+` lines.
            case new
            /// The file before the patch: context and `-` lines.
            case old
        }

        var targetFile: String
        var side: Side
        /// The side's text, one line per `lines` entry.
        var text: [UInt8]
        var lines: [Line]
    }

    struct Line {
        /// 1-based line in the patch file.
        var patchLine: Int
        /// 1-based line in the patched file (the original file for the old side).
        var targetLine: Int
        var change: PatchOrigin.Change
    }

    var sections: [Section] = []

    init(bytes: [UInt8]) {
        var target: String?
        var newSide: Section?
        var oldSide: Section?
        var newLine = 0
        var oldLine = 0
        var remainingOld = 0
        var remainingNew = 0
        var lineNumber = 0
        func finishHunk() {
            if let section = newSide, !section.lines.isEmpty { sections.append(section) }
            // The old side matters only for what the hunk removes.
            if let section = oldSide, section.lines.contains(where: { $0.change == .removed }) { sections.append(section) }
            newSide = nil
            oldSide = nil
        }
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            var inHunk = remainingOld > 0 || remainingNew > 0
            // A hunk whose header promises more lines than it has ends at the first line no hunk line can start
            // with (`@@`, `diff`): that line is read as what it is, never as code.
            if inHunk, let first = line.first, !PatchFile.hunkMarkers.contains(first) {
                remainingOld = 0
                remainingNew = 0
                inHunk = false
            }
            if !inHunk { finishHunk() }
            if !inHunk, line.starts(with: Array("+++ ".utf8)) {
                var name = String(decoding: line.dropFirst(4), as: UTF8.self)
                if let tab = name.firstIndex(of: "\t") { name = String(name[..<tab]) }
                if name.hasPrefix("b/") { name = String(name.dropFirst(2)) }
                target = name != "/dev/null" && FileWalker.isScannable(name) && !FileWalker.isPatch(name) ? name : nil
                continue
            }
            if !inHunk, line.starts(with: Array("@@ ".utf8)) {
                let header = String(decoding: line, as: UTF8.self)
                guard let hunk = PatchFile.parseHunkHeader(header) else { continue }
                remainingOld = hunk.oldCount
                remainingNew = hunk.newCount
                oldLine = hunk.oldStart
                newLine = hunk.newStart
                if let target {
                    newSide = Section(targetFile: target, side: .new, text: [], lines: [])
                    oldSide = Section(targetFile: target, side: .old, text: [], lines: [])
                }
                continue
            }
            guard inHunk else { continue }
            let marker = line.first ?? UInt8(ascii: " ")
            switch marker {
            case UInt8(ascii: "+"):
                remainingNew -= 1
                newSide?.append(line.dropFirst(), patchLine: lineNumber, targetLine: newLine, change: .added)
                newLine += 1
            case UInt8(ascii: "-"):
                remainingOld -= 1
                oldSide?.append(line.dropFirst(), patchLine: lineNumber, targetLine: oldLine, change: .removed)
                oldLine += 1
            case UInt8(ascii: "\\"):
                break
            default:
                remainingOld -= 1
                remainingNew -= 1
                newSide?.append(line.dropFirst(), patchLine: lineNumber, targetLine: newLine, change: .context)
                oldSide?.append(line.dropFirst(), patchLine: lineNumber, targetLine: oldLine, change: .context)
                newLine += 1
                oldLine += 1
            }
            if remainingOld < 0 || remainingNew < 0 {
                remainingOld = 0
                remainingNew = 0
            }
        }
        finishHunk()
    }

    /// The first bytes of the lines of a hunk: context, added, removed, `\\ No newline at end of file`.
    private static let hunkMarkers: Set<UInt8> = [UInt8(ascii: " "), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "\\")]

    /// `@@ -40,6 +40,10 @@ ...` -> the old and new ranges; counts default to 1. The text after the second `@@`
    /// (often the line before the hunk, such as `IPC_MESSAGE_ROUTED5(`) is a label, not code.
    private static func parseHunkHeader(_ header: String) -> (oldStart: Int, oldCount: Int, newStart: Int, newCount: Int)? {
        let parts = header.split(separator: " ")
        guard parts.count >= 3, parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
        func range(_ text: Substring) -> (Int, Int)? {
            let numbers = text.dropFirst().split(separator: ",")
            guard let start = numbers.first.flatMap({ Int($0) }) else { return nil }
            let count = numbers.count > 1 ? Int(numbers[1]) : 1
            return count.map { (start, $0) }
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.0, old.1, new.0, new.1)
    }
}

private extension PatchFile.Section {
    mutating func append(_ content: ArraySlice<UInt8>, patchLine: Int, targetLine: Int, change: PatchOrigin.Change) {
        text.append(contentsOf: content)
        text.append(UInt8(ascii: "\n"))
        lines.append(.init(patchLine: patchLine, targetLine: targetLine, change: change))
    }
}
