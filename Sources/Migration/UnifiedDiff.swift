/// A git-style unified diff of byte-range edits to one file, with three lines of context.
struct UnifiedDiff {
    /// Replace `range` of the original bytes with `replacement`. Ranges of one file must not overlap.
    struct Edit: Equatable {
        var range: Range<Int>
        var replacement: String
    }

    static let context = 3

    /// The diff of `edits` applied to `source`, for the file at `path`; empty when nothing changes.
    static func diff(path: String, source: CppSource, edits: [Edit]) -> String {
        let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        let oldLines = lines(source.bytes[...])
        // Whole original lines each edit touches, merged where they meet. An insertion at the very end of a file
        // ending in a line break belongs to its last line (there is no line after it to touch).
        let lineCount = max(1, oldLines.count)
        var regions: [(first: Int, last: Int, edits: [Edit])] = []
        for edit in sorted {
            let first = min(source.line(of: edit.range.lowerBound), lineCount)
            let last = edit.range.isEmpty ? first : min(source.line(of: edit.range.upperBound - 1), lineCount)
            if let previous = regions.last, first <= previous.last {
                regions[regions.count - 1].last = max(previous.last, last)
                regions[regions.count - 1].edits.append(edit)
            } else {
                regions.append((first, last, [edit]))
            }
        }
        var hunks: [(oldStart: Int, oldEnd: Int, body: [Line])] = []
        for region in regions {
            let start = source.lineStarts[region.first - 1]
            let end = region.last < source.lineStarts.count ? source.lineStarts[region.last] : source.bytes.count
            var replaced: [UInt8] = []
            var cursor = start
            for edit in region.edits {
                replaced += source.bytes[cursor..<edit.range.lowerBound]
                replaced += Array(edit.replacement.utf8)
                cursor = edit.range.upperBound
            }
            replaced += source.bytes[cursor..<end]
            let removed = oldLines[min(region.first - 1, oldLines.count)..<min(region.last, oldLines.count)].map { Line(mark: "-", text: $0.text, newline: $0.newline) }
            let added = lines(replaced[...]).map { Line(mark: "+", text: $0.text, newline: $0.newline) }
            let change = trimmed(removed: removed, added: added)
            if change.allSatisfy({ $0.mark == " " }) { continue }
            let contextStart = max(1, region.first - context)
            let contextEnd = min(oldLines.count, region.last + context)
            if var previous = hunks.last, contextStart <= previous.oldEnd + 1 {
                // Overlapping context: one hunk, with the lines between the two regions as context.
                let trailing = previous.body.reversed().prefix { $0.mark == " " }.count
                let gapStart = previous.oldEnd - trailing
                previous.body.removeLast(trailing)
                previous.body += oldLines[gapStart..<(region.first - 1)].map { Line(mark: " ", text: $0.text, newline: $0.newline) }
                previous.body += change
                previous.body += oldLines[region.last..<contextEnd].map { Line(mark: " ", text: $0.text, newline: $0.newline) }
                previous.oldEnd = contextEnd
                hunks[hunks.count - 1] = previous
            } else {
                var body = oldLines[(contextStart - 1)..<(region.first - 1)].map { Line(mark: " ", text: $0.text, newline: $0.newline) }
                body += change
                body += oldLines[region.last..<contextEnd].map { Line(mark: " ", text: $0.text, newline: $0.newline) }
                hunks.append((contextStart, contextEnd, body))
            }
        }
        guard !hunks.isEmpty else { return "" }
        var text = "diff --git a/\(path) b/\(path)\n--- a/\(path)\n+++ b/\(path)\n"
        var shift = 0
        for hunk in hunks {
            let oldCount = hunk.body.filter { $0.mark != "+" }.count
            let newCount = hunk.body.filter { $0.mark != "-" }.count
            let newStart = hunk.oldStart + shift
            text += "@@ -\(range(hunk.oldStart, oldCount)) +\(range(newCount == 0 ? newStart - 1 : newStart, newCount)) @@\n"
            for line in hunk.body {
                text += String(line.mark) + line.text + "\n"
                if !line.newline { text += "\\ No newline at end of file\n" }
            }
            shift += newCount - oldCount
        }
        return text
    }

    /// The lines a region removes and adds, with the lines they share at both ends shown as context: an insertion
    /// at a line start touches that line only to keep it.
    private static func trimmed(removed: [Line], added: [Line]) -> [Line] {
        func same(_ a: Line, _ b: Line) -> Bool { a.text == b.text && a.newline == b.newline }
        var prefix = 0
        while prefix < removed.count, prefix < added.count, same(removed[prefix], added[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < removed.count - prefix, suffix < added.count - prefix,
              same(removed[removed.count - 1 - suffix], added[added.count - 1 - suffix]) { suffix += 1 }
        func context(_ lines: ArraySlice<Line>) -> [Line] { lines.map { Line(mark: " ", text: $0.text, newline: $0.newline) } }
        return context(removed[..<prefix]) + removed[prefix..<(removed.count - suffix)] + added[prefix..<(added.count - suffix)]
            + context(removed[(removed.count - suffix)...])
    }

    struct Line {
        var mark: Character
        var text: String
        /// False for a last line without a line break.
        var newline: Bool
    }

    /// Lines without their `\n` (a `\r` stays, so CRLF files keep their line ends).
    private static func lines(_ bytes: ArraySlice<UInt8>) -> [(text: String, newline: Bool)] {
        var result: [(String, Bool)] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            result.append((String(decoding: bytes[start..<index], as: UTF8.self), true))
            start = index + 1
        }
        if start < bytes.endIndex { result.append((String(decoding: bytes[start...], as: UTF8.self), false)) }
        return result
    }

    /// `12,3`, or `12` for one line, as unified diffs write ranges.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }
}
