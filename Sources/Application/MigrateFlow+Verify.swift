import Foundation
import MojifyCore
import MojifyEmitters
import MojifyMigration
import MojifyScanner

/// Checking the patch before anyone relies on it, and applying it to the tree on request.
extension MigrateFlow {
    /// A syntax error the patch introduces, by file (as the patch names it) and line (in the patched file).
    public struct SyntaxRegression: Sendable, Equatable {
        public var file: String
        public var error: SyntaxCheck.Diagnostic
        /// The line the patch wrote that causes the error, when blanking one written line removes it: clang
        /// reports an unbalanced rewrite where it recovers, often many lines later.
        public var rewrittenLine: Int?
    }

    /// The file of the tree a path of the inventory names.
    static func treePath(_ file: String, root: String) -> String {
        file.hasPrefix("/") ? file : root + "/" + file
    }

    /// A file of the tree as text: read as bytes and kept only when UTF-8, as the patch must reproduce every other
    /// byte exactly. A file behind a symbolic link is not read: git tracks the link, and neither the patch nor
    /// --apply changes what it points to.
    static func treeText(of file: String, root: String) -> String? {
        guard !TreeWriter.isBehindLink(file, in: root), let data = FileManager.default.contents(atPath: treePath(file, root: root)) else { return nil }
        return String(validating: data, as: UTF8.self)
    }

    /// When the inventory's files were read: the saved inventory's modification time, else now, taken before the
    /// scan starts. A file modified later may no longer hold what the inventory says.
    static func scanTime(_ input: InventoryInput) -> Date {
        if let saved = input.savedInventory,
           let modified = (try? FileManager.default.attributesOfItem(atPath: saved))?[.modificationDate] as? Date {
            return modified
        }
        return Date()
    }

    /// Every file the patch touches parsed by libclang before and after the rewrite: the syntax errors it adds.
    static func syntaxRegressions(_ patch: MigrationPatch, sources: [String: String]) -> [SyntaxRegression] {
        patch.files.flatMap { file -> [SyntaxRegression] in
            guard let before = sources[file], let after = patch.rewritten[file] else { return [] }
            let errorsBefore = SyntaxCheck.errors(path: file, text: before)
            let plain = SyntaxCheck.newErrors(before: errorsBefore, after: SyntaxCheck.errors(path: file, text: after))
            guard !plain.isEmpty else { return [] }
            // New in both readings, with and without the standard templates declared: an error of clang's guess
            // at what an unknown `std::` name is appears in one of them only. (Read again only where needed.)
            let declared = SyntaxCheck.newErrors(before: SyntaxCheck.errors(path: file, text: before, standardTemplates: true),
                                                 after: SyntaxCheck.errors(path: file, text: after, standardTemplates: true))
            let added = plain.filter { error in declared.contains { $0.line == error.line } }
            let written = writtenLines(before: before, after: after)
            return added.map { error in
                // Topmost first: blank each written line above the error until the error goes away. An unbalanced
                // rewrite is found before the inserted code below it, whose braces clang then misreads too.
                let culprit = written.filter { $0 <= error.line }.first { line in
                    var lines = after.split(separator: "\n", omittingEmptySubsequences: false)
                    lines[line - 1] = ""
                    let remaining = SyntaxCheck.newErrors(before: errorsBefore, after: SyntaxCheck.errors(path: file, text: lines.joined(separator: "\n")))
                    return !remaining.contains { $0.message == error.message }
                }
                return SyntaxRegression(file: file, error: error, rewrittenLine: culprit)
            }
        }
    }

    /// The line numbers of `after` whose text `before` does not have (as many times).
    static func writtenLines(before: String, after: String) -> [Int] {
        var old: [Substring: Int] = [:]
        for line in before.split(separator: "\n", omittingEmptySubsequences: false) { old[line, default: 0] += 1 }
        return after.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard let count = old[line], count > 0 else { return index + 1 }
            old[line] = count - 1
            return nil
        }
    }

    /// Throws when a file migrate read is not, on disk, what the patch was made from: modified since the scan
    /// (any file read, since a rewrite left undone in one file can leave another's half-converted), or, for a file
    /// the patch changes, since migrate read it.
    static func ensureUnchanged(_ patch: MigrationPatch, sources: [String: String], root: String, since scan: Date) throws {
        let changing = Set(patch.files)
        let added = Set(patch.addedFiles)
        let changed = Set(sources.keys).union(changing).sorted().filter { file in
            let path = treePath(file, root: root)
            // A file the patch adds must not be there: nothing the tree holds is overwritten.
            if added.contains(file) { return FileManager.default.fileExists(atPath: path) }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            if let modified = attributes?[.modificationDate] as? Date, modified > scan { return true }
            guard changing.contains(file) else { return false }
            guard let data = FileManager.default.contents(atPath: path) else { return true }
            return data != Data((sources[file] ?? "").utf8)
        }
        if !changed.isEmpty { throw EmitterError.changedSinceScan(paths: changed) }
    }

    /// Writes the patched files over the tree's and removes the files the patch deletes, all or nothing, never
    /// through a link and never outside `root` (`TreeWriter`); each file is checked again, under the tree's lock,
    /// against what the patch was made from.
    static func apply(_ patch: MigrationPatch, sources: [String: String], root: String) throws {
        let added = Set(patch.addedFiles)
        let edits = patch.files.compactMap { file in
            patch.rewritten[file].map { text in
                added.contains(file) ? TreeEdit.creating(file, contents: Data(text.utf8))
                    : TreeEdit(path: file, expected: sources[file].map { Data($0.utf8) }, replacement: Data(text.utf8))
            }
        } + patch.deletedFiles.map { TreeEdit(path: $0, expected: sources[$0].map { Data($0.utf8) }, replacement: nil) }
        do {
            try TreeWriter.apply(edits, in: root)
        } catch CoreError.changedOnDisk(let paths) {
            throw EmitterError.changedSinceScan(paths: paths)
        }
    }

    /// The summary's lines on the re-parse check.
    static func syntaxSummary(_ regressions: [SyntaxRegression], unattributed: [SyntaxRegression] = [], checked: Int) -> [String] {
        guard !regressions.isEmpty else {
            let moved = unattributed.isEmpty ? "" : "; \(unattributed.count) error\(unattributed.count == 1 ? "" : "s") elsewhere that no rewritten line causes (clang recovering differently from an older problem)"
            return ["syntax: \(checked) patched file\(checked == 1 ? "" : "s") parse with no new errors (libclang, without includes)\(moved)"]
        }
        let files = Set(regressions.map(\.file)).count
        return ["syntax: the patch adds \(regressions.count) parse error\(regressions.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s"); fix the rewrite there by hand"]
            + regressions.map { regression in
                let near = regression.rewrittenLine.map { " (caused by the rewritten line \($0))" } ?? ""
                return "  \(regression.file):\(regression.error.line):\(regression.error.column): \(regression.error.message)\(near)".escapingControlCharacters
            }
    }
}

extension Array {
    /// The elements that satisfy `belongs`, then the others, each in order.
    func partitioned(by belongs: (Element) -> Bool) -> ([Element], [Element]) {
        (filter(belongs), filter { !belongs($0) })
    }
}
