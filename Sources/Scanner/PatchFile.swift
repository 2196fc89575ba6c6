import MojifyCore

/// The C++ that a unified diff leaves behind: for each patched source file, the new side of its hunks
/// (context and `+` lines), with a map from each of those lines back to the patch.
struct PatchFile {
    struct Section {
        var targetFile: String
        /// The new-side text, one line per `lines` entry.
        var text: [UInt8]
        var lines: [Line]
    }

    struct Line {
        /// 1-based line in the patch file.
        var patchLine: Int
        /// 1-based line in the patched file.
        var targetLine: Int
        var change: PatchOrigin.Change
    }

    var sections: [Section] = []

    init(bytes: [UInt8]) {
        var current: Section?
        var targetLine = 0
        var remainingOld = 0
        var remainingNew = 0
        var lineNumber = 0
        func finish() {
            if let section = current, !section.lines.isEmpty { sections.append(section) }
            current = nil
        }
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let inHunk = remainingOld > 0 || remainingNew > 0
            if !inHunk, line.starts(with: Array("+++ ".utf8)) {
                finish()
                var name = String(decoding: line.dropFirst(4), as: UTF8.self)
                if let tab = name.firstIndex(of: "\t") { name = String(name[..<tab]) }
                if name.hasPrefix("b/") { name = String(name.dropFirst(2)) }
                if name != "/dev/null" && FileWalker.isScannable(name) && !FileWalker.isPatch(name) {
                    current = Section(targetFile: name, text: [], lines: [])
                }
                continue
            }
            if !inHunk, line.starts(with: Array("@@ ".utf8)) {
                let header = String(decoding: line, as: UTF8.self)
                guard let (oldCount, newStart, newCount) = PatchFile.parseHunkHeader(header) else { continue }
                remainingOld = oldCount
                remainingNew = newCount
                targetLine = newStart
                continue
            }
            guard inHunk else { continue }
            let marker = line.first ?? UInt8(ascii: " ")
            switch marker {
            case UInt8(ascii: "+"):
                remainingNew -= 1
                current?.append(line.dropFirst(), patchLine: lineNumber, targetLine: targetLine, change: .added)
                targetLine += 1
            case UInt8(ascii: "-"):
                remainingOld -= 1
            case UInt8(ascii: "\\"):
                break
            default:
                remainingOld -= 1
                remainingNew -= 1
                current?.append(line.dropFirst(), patchLine: lineNumber, targetLine: targetLine, change: .context)
                targetLine += 1
            }
            if remainingOld < 0 || remainingNew < 0 {
                remainingOld = 0
                remainingNew = 0
            }
        }
        finish()
    }

    /// `@@ -40,6 +40,10 @@ ...` -> (old count, new start, new count); counts default to 1.
    private static func parseHunkHeader(_ header: String) -> (Int, Int, Int)? {
        let parts = header.split(separator: " ")
        guard parts.count >= 3, parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
        func range(_ text: Substring) -> (Int, Int)? {
            let numbers = text.dropFirst().split(separator: ",")
            guard let start = numbers.first.flatMap({ Int($0) }) else { return nil }
            let count = numbers.count > 1 ? Int(numbers[1]) : 1
            return count.map { (start, $0) }
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.1, new.0, new.1)
    }
}

private extension PatchFile.Section {
    mutating func append(_ content: ArraySlice<UInt8>, patchLine: Int, targetLine: Int, change: PatchOrigin.Change) {
        text.append(contentsOf: content)
        text.append(UInt8(ascii: "\n"))
        lines.append(.init(patchLine: patchLine, targetLine: targetLine, change: change))
    }
}
