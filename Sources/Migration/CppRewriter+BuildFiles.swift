import Foundation
import MojifyConversion
import MojifyCore
import MojifyEmitters

/// The build side of guide step 2.4.3: the target compiling a changed file depends on the mojom target whose
/// header the file now includes, and a deleted file leaves the lists naming it. The target is found in the nearest
/// BUILD.gn above the file that lists it in a target's `sources` (set or added to, in `if` blocks too), or in a list
/// variable a target's `sources` uses, set in the BUILD.gn or in a `.gni` file it imports; its `deps` gains the
/// label (or the target gains a `deps` list).
extension CppRewriter {
    /// The BUILD.gn and `.gni` files the patch read, by path.
    func gnFiles() -> [String: GNFile] {
        var files: [String: GNFile] = [:]
        for (path, source) in sources where GNFile.isGNFile(path) && SafeName.isSafePath(path) {
            files[path] = GNFile(path: path, source: source)
        }
        return files
    }

    /// `file`'s folder and every folder above it, nearest first; "" is the root.
    static func folders(above file: String) -> [String] {
        var folders = [(file as NSString).deletingLastPathComponent]
        while let last = folders.last, !last.isEmpty { folders.append((last as NSString).deletingLastPathComponent) }
        return folders
    }

    static func buildFile(in folder: String) -> String {
        folder.isEmpty ? "BUILD.gn" : folder + "/BUILD.gn"
    }

    mutating func addBuildDependencies() {
        var uses = mojomUses
        for outcome in outcomes where outcome.reason == nil && (outcome.kind == .sender || outcome.kind == .handler) {
            if let label = targets[outcome.message]?.first?.mojomFile.label { uses[outcome.location.file, default: []].insert(label) }
        }
        let files = gnFiles()
        var labelsOfTarget: [GNFile.Target: Set<String>] = [:]
        var filesOfTarget: [GNFile.Target: [String]] = [:]
        for file in uses.keys.sorted() where edits[file] != nil && !deletedFiles.contains(file) {
            guard let target = Self.buildTarget(listing: file, in: files) else {
                record(.build, file, SourceLocation(file: file, line: 1, column: 1), reason: "no BUILD.gn above it lists it in sources; add \(uses[file]!.sorted().joined(separator: ", ")) to its target's deps by hand")
                continue
            }
            labelsOfTarget[target, default: []].formUnion(uses[file]!)
            filesOfTarget[target, default: []].append(file)
        }
        for target in labelsOfTarget.keys.sorted(by: { ($0.file, $0.name) < ($1.file, $1.name) }) {
            let gn = files[target.file]!
            let reason = addDependencies(labelsOfTarget[target]!.sorted(), to: target, in: gn)
            for file in filesOfTarget[target]! {
                record(.build, file, gn.location(of: target.name), reason: reason)
            }
        }
    }

    /// The target of the nearest BUILD.gn above `file` that compiles it: one whose `sources` list it, or use a list
    /// variable listing it, set in the BUILD.gn or in a `.gni` file the BUILD.gn imports.
    private static func buildTarget(listing file: String, in files: [String: GNFile]) -> GNFile.Target? {
        buildListing(of: file, in: files)?.target
    }

    /// The list entry naming `file` through which `buildTarget(listing:in:)` finds its target: the GN file and the
    /// string's token.
    static func buildListing(of file: String, in files: [String: GNFile]) -> (gn: GNFile, index: Int, target: GNFile.Target)? {
        for build in folders(above: file).compactMap({ files[buildFile(in: $0)] }) {
            for gn in [build] + build.imports.compactMap({ files[$0] }) {
                let isBuild = gn.path == build.path
                // GN does not rebase a .gni's paths: they may be written from its folder or from its importer's.
                for index in gn.strings(naming: file, from: isBuild ? [build.folder] : [gn.folder, build.folder]) {
                    guard let list = gn.assignment(listing: index), !list.isRemoval else { continue }
                    // A `.gni`'s own `sources` are a template's.
                    let target = list.variable != "sources" ? build.target(using: list.variable) : isBuild ? gn.enclosingTarget(index) : nil
                    if let target { return (gn, index, target) }
                }
            }
        }
        return nil
    }

    /// Every entry naming a deleted file leaves the lists of the BUILD.gn and `.gni` files the patch read (read for
    /// every folder above the deleted file); a mention outside a list is listed, to be removed by hand.
    mutating func removeBuildEntriesOfDeletedFiles() {
        guard !deletedFiles.isEmpty else { return }
        let files = gnFiles()
        var importers: [String: Set<String>] = [:]
        for gn in files.values {
            for imported in gn.imports { importers[imported, default: []].insert(gn.folder) }
        }
        for gn in files.keys.sorted().map({ files[$0]! }) {
            let folders = [gn.folder] + (importers[gn.path] ?? []).subtracting([gn.folder]).sorted()
            for file in deletedFiles.sorted() {
                for index in gn.strings(naming: file, from: folders) {
                    if let reason = removeListElement(index, of: gn) { record(.definition, file, gn.location(of: index), reason: reason) }
                }
            }
        }
    }

    /// In the `.gyp` and `.gypi` files the patch read (gyp trees, such as Electron's before 2018), a line that is
    /// only a quoted path of a deleted file, written from the file's folder (`'chromium_src/.../pdf_messages.h',`),
    /// goes.
    mutating func removeGypEntriesOfDeletedFiles() {
        guard !deletedFiles.isEmpty else { return }
        for path in sources.keys.sorted() where path.hasSuffix(".gyp") || path.hasSuffix(".gypi") {
            let source = sources[path]!
            let folder = (path as NSString).deletingLastPathComponent
            for start in source.lineStarts where start < source.bytes.count {
                let end = source.lineEnd(of: start)
                var entry = source.text(start..<end).trimmingCharacters(in: .whitespaces)
                if entry.hasSuffix(",") { entry.removeLast() }
                guard entry.count > 2, let quote = entry.first, quote == "'" || quote == "\"", entry.last == quote else { continue }
                let written = String(entry.dropFirst().dropLast())
                guard deletedFiles.contains(folder.isEmpty ? written : folder + "/" + written) else { continue }
                if !add(UnifiedDiff.Edit(range: start..<min(end + 1, source.bytes.count), replacement: ""), in: path) {
                    record(.definition, written, SourceLocation(file: path, line: source.line(of: start), column: 1), reason: "another rewrite changes the same lines of \(path)")
                }
            }
        }
    }

    /// Removes the list element at token `index` with its comma, and with its line when it has the line to itself;
    /// the reason when it cannot.
    private mutating func removeListElement(_ index: Int, of gn: GNFile) -> String? {
        guard gn.isListElement(index) else { return "\(gn.path) names the deleted file outside a list; remove it by hand" }
        let tokens = gn.tokens
        let source = gn.source
        let string = tokens[index].range
        let comma = tokens[index + 1].text == "," ? tokens[index + 1].range : nil
        let end = comma?.upperBound ?? string.upperBound
        let rest = source.text(end..<source.lineEnd(of: end)).trimmingCharacters(in: .whitespaces)
        let range: Range<Int>
        if source.isFirstOnLine(string.lowerBound), rest.isEmpty || rest.hasPrefix("#") {
            range = source.wholeLines(string.lowerBound, end)
        } else if let comma {
            // `"a.h", "b.h"` keeps `"b.h"` where `"a.h"` was.
            let next = index + 2 < tokens.count ? tokens[index + 2].range.lowerBound : comma.upperBound
            range = string.lowerBound..<(source.line(of: next) == source.line(of: end) ? next : comma.upperBound)
        } else if tokens[index - 1].text == "," {
            range = tokens[index - 2].range.upperBound..<string.upperBound
        } else {
            range = tokens[index - 1].range.upperBound..<tokens[index + 1].range.lowerBound
        }
        return add(UnifiedDiff.Edit(range: range, replacement: ""), in: gn.path) ? nil : "another rewrite changes the same lines of \(gn.path)"
    }

    /// Adds `labels` to the target's own `deps` (not one inside an `if`), or a `deps` list before its `}`.
    private mutating func addDependencies(_ labels: [String], to target: GNFile.Target, in gn: GNFile) -> String? {
        let source = gn.source
        let tokens = gn.tokens
        var depth = 0
        var list: (open: Int, close: Int)?
        var existing: Set<String> = []
        var index = target.brace + 1
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
