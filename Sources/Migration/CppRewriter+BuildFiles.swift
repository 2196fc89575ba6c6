import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters

/// The build side of guide step 2.4.3: the target compiling a changed file depends on the mojom target whose
/// header the file now includes. The target is found in the nearest BUILD.gn above the file that lists it in a
/// `sources` list; its `deps` gains the label (or the target gains a `deps` list).
extension CppRewriter {
    /// A GN token: a string literal (with its quotes), a name or one punctuation character.
    struct GNToken: BracketToken {
        var text: String
        var range: Range<Int>
        var isString: Bool
    }

    static func gnTokens(_ source: CppSource) -> [GNToken] {
        var tokens: [GNToken] = []
        var index = 0
        let bytes = source.bytes
        while index < bytes.count {
            let byte = bytes[index]
            if CppSource.isSpace(byte) {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                index = source.lineEnd(of: index)
            } else if byte == UInt8(ascii: "\"") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return tokens }
                tokens.append(GNToken(text: source.text(index..<(end + 1)), range: index..<(end + 1), isString: true))
                index = end + 1
            } else if CppSource.isNameByte(byte) {
                var end = index
                while end < bytes.count, CppSource.isNameByte(bytes[end]) { end += 1 }
                tokens.append(GNToken(text: source.text(index..<end), range: index..<end, isString: false))
                index = end
            } else {
                tokens.append(GNToken(text: source.text(index..<(index + 1)), range: index..<(index + 1), isString: false))
                index += 1
            }
        }
        return tokens
    }

    /// A target block of a BUILD.gn: `type("name") {` at `open`, `}` at `close` (token indices).
    struct GNTarget: Hashable {
        var file: String
        var open: Int
        var close: Int
    }

    mutating func addBuildDependencies() {
        var uses = mojomUses
        for outcome in outcomes where outcome.reason == nil && (outcome.kind == .sender || outcome.kind == .handler) {
            if let label = targets[outcome.message]?.first?.mojomFile.label { uses[outcome.location.file, default: []].insert(label) }
        }
        var labelsOfTarget: [GNTarget: Set<String>] = [:]
        var filesOfTarget: [GNTarget: [String]] = [:]
        for file in uses.keys.sorted() where edits[file] != nil && !deletedFiles.contains(file) {
            guard let target = buildTarget(listing: file) else {
                record(.build, file, SourceLocation(file: file, line: 1, column: 1), reason: "no BUILD.gn above it lists it in sources; add \(uses[file]!.sorted().joined(separator: ", ")) to its target's deps by hand")
                continue
            }
            labelsOfTarget[target, default: []].formUnion(uses[file]!)
            filesOfTarget[target, default: []].append(file)
        }
        for target in labelsOfTarget.keys.sorted(by: { ($0.file, $0.open) < ($1.file, $1.open) }) {
            let reason = addDependencies(labelsOfTarget[target]!.sorted(), to: target)
            let source = sources[target.file]!
            let offset = Self.gnTokens(source)[target.open].range.lowerBound
            let line = source.line(of: offset)
            for file in filesOfTarget[target]! {
                record(.build, file, SourceLocation(file: target.file, line: line, column: offset - source.lineStarts[line - 1] + 1), reason: reason)
            }
        }
    }

    /// The target of the nearest BUILD.gn above `file` whose `sources` list it.
    private func buildTarget(listing file: String) -> GNTarget? {
        var folder = (file as NSString).deletingLastPathComponent
        while true {
            let build = folder.isEmpty ? "BUILD.gn" : folder + "/BUILD.gn"
            if let source = sources[build], SafeName.isSafePath(build) {
                let relative = folder.isEmpty ? file : String(file.dropFirst(folder.count + 1))
                let written: Set<String> = ["\"\(relative)\"", "\"//\(file)\""]
                let tokens = Self.gnTokens(source)
                for index in tokens.indices where tokens[index].isString && written.contains(tokens[index].text) {
                    if isInSourcesList(tokens, index), let target = enclosingTarget(tokens, index) {
                        return GNTarget(file: build, open: target.open, close: target.close)
                    }
                }
            }
            if folder.isEmpty { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// Whether the string at `index` is an element of `sources = [...]` or `sources += [...]`.
    private func isInSourcesList(_ tokens: [GNToken], _ index: Int) -> Bool {
        var cursor = index - 1
        while cursor >= 0, tokens[cursor].isString || tokens[cursor].text == "," { cursor -= 1 }
        guard cursor >= 2, tokens[cursor].text == "[" else { return false }
        cursor -= 1
        if tokens[cursor].text == "=", tokens[cursor - 1].text == "+" { cursor -= 1 }
        guard tokens[cursor].text == "=", cursor >= 1 else { return false }
        return tokens[cursor - 1].text == "sources"
    }

    /// The innermost `name("...") { ... }` block holding `index`, passing over `if (...) {` and `else {` blocks.
    private func enclosingTarget(_ tokens: [GNToken], _ index: Int) -> (open: Int, close: Int)? {
        var depth = 0
        var cursor = index - 1
        while cursor >= 0 {
            if tokens[cursor].text == "}" { depth += 1 }
            if tokens[cursor].text == "{" {
                if depth == 0 {
                    if cursor >= 4, tokens[cursor - 1].text == ")", tokens[cursor - 2].isString, tokens[cursor - 3].text == "(", !tokens[cursor - 4].isString,
                       tokens[cursor - 4].text != "if", let close = tokens.closing(cursor) {
                        return (cursor - 4, close)
                    }
                } else {
                    depth -= 1
                }
            }
            cursor -= 1
        }
        return nil
    }

    /// Adds `labels` to the target's own `deps` (not one inside an `if`), or a `deps` list before its `}`.
    private mutating func addDependencies(_ labels: [String], to target: GNTarget) -> String? {
        let source = sources[target.file]!
        let tokens = Self.gnTokens(source)
        let brace = target.open + 4
        var depth = 0
        var list: (open: Int, close: Int)?
        var existing: Set<String> = []
        var index = brace + 1
        while index < target.close {
            let text = tokens[index].text
            if text == "{" { depth += 1 }
            if text == "}" { depth -= 1 }
            if ["deps", "public_deps"].contains(text), !tokens[index].isString, index + 2 < target.close {
                let isAppend = tokens[index + 1].text == "+" && tokens[index + 2].text == "="
                let bracket = index + (isAppend ? 3 : 2)
                if tokens[index + 1].text == "=" || isAppend, tokens[bracket].text == "[",
                   let close = (bracket..<target.close).first(where: { tokens[$0].text == "]" }) {
                    existing.formUnion(tokens[bracket..<close].filter(\.isString).map(\.text))
                    if depth == 0, text == "deps", list == nil { list = (bracket, close) }
                    index = close
                }
            }
            index += 1
        }
        let missing = labels.filter { !existing.contains(BuildGNEmitter.quoted($0)) }
        guard !missing.isEmpty else { return nil }
        let quoted = missing.map(BuildGNEmitter.quoted)
        let edit: UnifiedDiff.Edit
        if let list {
            let openLine = source.line(of: tokens[list.open].range.lowerBound)
            let closeOffset = tokens[list.close].range.lowerBound
            if source.line(of: closeOffset) != openLine, source.isFirstOnLine(closeOffset) {
                let lineStart = source.lineStarts[source.line(of: closeOffset) - 1]
                let indent = source.text(lineStart..<closeOffset) + "  "
                edit = UnifiedDiff.Edit(range: lineStart..<lineStart, replacement: quoted.map { indent + $0 + ",\n" }.joined())
            } else {
                let last = tokens[list.close - 1]
                let separator = last.text == "[" ? " " : ", "
                edit = UnifiedDiff.Edit(range: last.range.upperBound..<last.range.upperBound, replacement: separator + quoted.joined(separator: ", ") + (last.text == "[" ? " " : ""))
            }
        } else {
            let closeOffset = tokens[target.close].range.lowerBound
            guard source.isFirstOnLine(closeOffset) else { return "the target's closing brace shares its line; add deps by hand" }
            let lineStart = source.lineStarts[source.line(of: closeOffset) - 1]
            let indent = source.text(lineStart..<closeOffset) + "  "
            let entries = quoted.count == 1 ? "[ \(quoted[0]) ]" : "[\n" + quoted.map { indent + "  " + $0 + ",\n" }.joined() + indent + "]"
            edit = UnifiedDiff.Edit(range: lineStart..<lineStart, replacement: "\(indent)deps = \(entries)\n")
        }
        return add(edit, in: target.file) ? nil : "another rewrite changes the same lines of \(target.file)"
    }
}
