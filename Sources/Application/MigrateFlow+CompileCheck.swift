import Foundation
import MojifyConversion
import MojifyCore
import MojifyMigration
import MojifyScanner

/// The include-aware check (`--check`, `--apply`): every file the patch touches parsed by libclang as its build
/// would, before the patch and after it, with the bindings of the plan's `.mojom` files declared from the plan
/// (`MojomDeclarations`); and every drafted `.cc` parsed the same way.
extension MigrateFlow {
    struct CompileFindings {
        /// Errors the patch adds, by file as the patch names it.
        var added: [(file: String, error: SyntaxCheck.Diagnostic)] = []
        /// Errors of drafted files, by their path under --out.
        var draftErrors: [(file: String, error: SyntaxCheck.Diagnostic)] = []
        /// New errors on lines the patch wrote, in files whose parse had errors before, that name nothing the patch
        /// wrote: headers the tree lacks may explain them.
        var unconfirmed: [(file: String, error: SyntaxCheck.Diagnostic)] = []
        /// New errors not counted: on lines the patch did not write, in files whose parse had errors before, where
        /// they are clang recovering differently, not the patch's doing.
        var uncounted = 0
        /// Errors of drafts whose includes the tree lacks, that name nothing mojify wrote.
        var uncountedInDrafts = 0
        var checkedFiles = 0
        var checkedDrafts = 0
        /// Includes no file answered, as spelt, over every parse.
        var unseen: Set<String> = []
        /// Errors inside mojify's own declarations: a type of the plan they could not spell.
        var declarationErrors: Set<String> = []
        var standIns: [String] = []
        /// Folders of the tree's BUILD.gn `include_dirs` the check searched, as tree paths.
        var buildIncludeDirs: [String] = []
    }

    /// Runs the check. `drafts` are the files written under --out (path relative to it -> text). `buildIncludeDirs`
    /// are the folders the tree's BUILD.gn files add to include paths (tree paths): where one alone holds a header
    /// the first round could not see, the check runs again with those folders searched last.
    static func compileCheck(
        _ patch: MigrationPatch, sources: [String: String], drafts: [String: String], declarations: MojomDeclarations,
        root: String, options: MigrateOptions, buildIncludeDirs: [String] = []
    ) throws -> CompileFindings {
        let first = try compileCheck(patch, sources: sources, drafts: drafts, declarations: declarations, root: root, options: options, searching: [])
        var answering: Set<String> = []
        for header in first.unseen {
            let holders = buildIncludeDirs.filter { FileManager.default.fileExists(atPath: treePath($0 + "/" + header, root: root)) }
            // A header two folders hold (`config.h`) would be a guess.
            if holders.count == 1 { answering.insert(holders[0]) }
        }
        guard !answering.isEmpty else { return first }
        return try compileCheck(patch, sources: sources, drafts: drafts, declarations: declarations, root: root, options: options, searching: answering.sorted())
    }

    private static func compileCheck(
        _ patch: MigrationPatch, sources: [String: String], drafts: [String: String], declarations: MojomDeclarations,
        root: String, options: MigrateOptions, searching buildIncludeDirs: [String]
    ) throws -> CompileFindings {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mojify-check-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let declared = folder + "/declared", drafted = folder + "/drafted"
        // A header below an include folder (`chromium_src/`) is included as its legacy header is, relative to
        // that folder (`chrome/common/tts.mojom.h`): it is declared there too.
        let folders = includeFolders(options, root: root)
        let includeRoots = folders.compactMap { $0.hasPrefix(root + "/") ? String($0.dropFirst(root.count + 1)) + "/" : nil }
        // The files the patch adds (the struct converters) are not in the tree yet: they are found beside the
        // declared bindings.
        let addedFiles = patch.addedFiles.map { ($0, patch.rewritten[$0] ?? "") }
        // A header the patched files include as they include its legacy one, relative to a folder of the build's
        // include path the tree does not say (Qt WebEngine's qmake `INCLUDEPATH`: `common/qt.mojom.h` for
        // `src/core/common/qt.mojom.h`), is declared where that spelling finds it too.
        let spellings = Set(patch.rewritten.values.flatMap { text in text.split(separator: "\n").compactMap { IncludeDirective.path(in: $0) } })
        for (path, text) in Array(declarations.headers) + addedFiles {
            let spelled = spellings.filter { path.hasSuffix("/" + $0) }
            let aliases = (includeRoots.filter(path.hasPrefix).map { String(path.dropFirst($0.count)) } + spelled.sorted()).filter { declarations.headers[$0] == nil }
            for name in [path] + Set(aliases).sorted() { try write(text, to: declared + "/" + name) }
        }
        // The sources the patch adds (the struct converters' .cc) have no before either: they are checked as drafts.
        let addedSources = Set(addedFiles.map(\.0).filter { $0.hasSuffix(".cc") })
        let drafts = drafts.merging(addedFiles.filter { addedSources.contains($0.0) }) { draft, _ in draft }
        for (path, text) in drafts { try write(text, to: drafted + "/" + path) }

        var setup = CompileCheck.Setup(root: root)
        setup.includeDirs = folders
        setup.buildIncludeDirs = buildIncludeDirs.map { treePath($0, root: root) }
        setup.fallbackDirs = [declared]
        setup.compileCommands = options.input.scan.compileCommands
        if !([root] + folders).contains(where: { FileManager.default.fileExists(atPath: $0 + "/base/macros.h") }) {
            setup.defines = CompileCheck.Checker.classBodyMacros
        }
        let checker = try CompileCheck.Checker(setup)
        var draftSetup = setup
        draftSetup.root = drafted
        draftSetup.includeDirs = [root] + setup.includeDirs
        let draftChecker = try CompileCheck.Checker(draftSetup)

        // After the patch every rewritten file reads as rewritten, and a deleted one as an error wherever it is
        // still included.
        let deleted = patch.deletedFiles.map { (treePath($0, root: root), "#error \"\(deletedMark)\"\n") }
        // Added files are read from beside the declared bindings: libclang's header search does not find an unsaved
        // file that is not on disk.
        let patched = Dictionary(patch.rewritten.filter { !patch.addedFiles.contains($0.key) }.map { (treePath($0.key, root: root), $0.value) } + deleted) { text, _ in text }
        let files = patch.rewritten.keys.sorted().filter { sources[$0] != nil }
        let written = Dictionary(uniqueKeysWithValues: files.map { ($0, Set(writtenLines(before: sources[$0]!, after: patch.rewritten[$0]!))) })
        // What the patch removed: a message converted whole, or the include of a deleted header.
        let removed = Set(patch.outcomes.filter { $0.kind == .message && $0.reason == nil }.map(\.message))
        let introduced = Set(declarations.interfaceNames.map { "Get" + $0 })
        let draftFiles = drafts.keys.sorted().filter { $0.hasSuffix(".cc") }
        let topFolders = Set(([root] + folders).flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] })
        let jobs = files.count + draftFiles.count
        let results = [CompileFindings](unsafeUninitializedCapacity: jobs) { buffer, count in
            let slots = DisjointSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: jobs) { job in
                var findings = CompileFindings()
                if job < files.count {
                    let file = files[job], path = treePath(file, root: root)
                    let before = checker.check(path: path, text: sources[file]!)
                    let after = checker.check(path: path, text: patch.rewritten[file]!, overlay: patched)
                    let added = SyntaxCheck.newErrors(before: before.errors, after: after.errors)
                    // In a file that parsed with errors before (headers the tree lacks), a new error is the patch's
                    // where it names what the patch removed, or where it is on a written line and either names what
                    // the patch wrote (a getter, a mojom type) or is one the missing headers do not explain: not
                    // only an undeclared name, and not reported on any line the patch left; nor `{this}` refused for a
                    // class the missing headers made invalid, nor an `override` of a declared method the tree's
                    // missing types broke. The same error there,
                    // before or after, is clang's view of a declaration the missing headers broke (after: once a
                    // written include brings in more of them), not the written line's.
                    let seen = Set(before.errors.map(\.message) + after.errors.filter { !written[file]!.contains($0.line) }.map(\.message))
                    let unseen = !before.unseen.isEmpty || !after.unseen.isEmpty
                    // A header the patch includes that the tree lacks, from a folder whose headers the file already
                    // could not see (`content/` in an embedder's tree), or from a top folder the tree has none of
                    // (CEF's tree has no `third_party/`), is as unknown as they are, not an error.
                    let unseenFolders = Set(before.unseen.compactMap { $0.split(separator: "/").first })
                    // After an unseen header clang follows no further include, so a name a later one declares is
                    // undeclared, and what clang makes of the rest of its line (a template argument list read as
                    // an expression) follows from that.
                    let undeclaredLines = unseen ? Set(added.filter { CompileCheck.isUndeclaredName($0.message) }.map(\.line)) : []
                    let (counted, others) = added.partitioned { error in
                        if let missing = CompileCheck.Checker.missingInclude(error.message), let folder = missing.split(separator: "/").first,
                           unseenFolders.contains(folder) || !topFolders.contains(String(folder)) {
                            return false
                        }
                        let artifact = (!before.isClean && unseen && (CompileCheck.isThisOfAnInvalidClass(error.message, lineText: error.lineText) || CompileCheck.isIncompleteNonMojomType(error.message)))
                            || (!after.fallbackErrors.isEmpty && CompileCheck.isOverrideOfABrokenDeclaration(error.message))
                        let cascade = undeclaredLines.contains(error.line) && !CompileCheck.isUndeclaredName(error.message) && !error.message.contains("mojom::")
                        return !artifact && !cascade && (before.isClean || names(removed, in: error.message)
                            || (written[file]!.contains(error.line)
                                && (error.message.contains("mojom::") || names(introduced, in: error.message)
                                    || !(seen.contains(error.message) || (unseen && CompileCheck.isUndeclaredName(error.message))))))
                    }
                    let (unconfirmed, uncounted) = others.partitioned { written[file]!.contains($0.line) }
                    findings.added = counted.map { (file, $0) }
                    findings.unconfirmed = unconfirmed.map { (file, $0) }
                    findings.uncounted = uncounted.count
                    findings.unseen = Set(before.unseen + after.unseen)
                    splitDeclared(after.fallbackErrors, patch: patch, sawAll: after.unseen.isEmpty, into: &findings)
                    findings.checkedFiles = 1
                } else {
                    let file = draftFiles[job - files.count]
                    let result = draftChecker.check(path: drafted + "/" + file, text: drafts[file]!, overlay: patched)
                    // A draft has no before: with headers the tree lacks, only errors naming what mojify wrote
                    // (the bindings, the getters) are surely its own; with every header seen, all are.
                    let errors = result.errors.filter { CompileCheck.Checker.missingInclude($0.message) == nil }
                    let sawAll = result.unseen.isEmpty && result.otherFileErrors == 0 && result.fallbackErrors.isEmpty
                    let (own, unsure) = errors.partitioned { error in
                        sawAll || error.message.contains("mojom::") || names(introduced, in: error.message)
                    }
                    // A source the patch adds is the patch's: its own errors are counted (and stop --apply).
                    if addedSources.contains(file) {
                        findings.added = own.map { (file, $0) }
                        findings.unconfirmed = unsure.map { (file, $0) }
                        findings.checkedFiles = 1
                    } else {
                        findings.draftErrors = own.map { (file, $0) }
                        findings.uncountedInDrafts = unsure.count
                        findings.checkedDrafts = 1
                    }
                    findings.unseen = Set(result.unseen)
                    splitDeclared(result.fallbackErrors, patch: patch, sawAll: result.unseen.isEmpty, into: &findings)
                }
                (slots.buffer.baseAddress! + job).initialize(to: findings)
            }
            count = jobs
        }
        var total = CompileFindings(standIns: declarations.standIns, buildIncludeDirs: buildIncludeDirs)
        for result in results {
            total.added += result.added
            total.uncounted += result.uncounted
            total.unconfirmed += result.unconfirmed
            total.uncountedInDrafts += result.uncountedInDrafts
            total.draftErrors += result.draftErrors
            total.checkedFiles += result.checkedFiles
            total.checkedDrafts += result.checkedDrafts
            total.unseen.formUnion(result.unseen)
            total.declarationErrors.formUnion(result.declarationErrors)
        }
        // A header the patch adds, included by several checked files, gave each the same errors.
        var reported: Set<String> = []
        total.added = total.added.filter { reported.insert("\($0.file):\($0.error)").inserted }
        total.unconfirmed = total.unconfirmed.filter { reported.insert("\($0.file):\($0.error)").inserted }
        return total
    }

    /// A checked file's errors in the declared headers, split: those of a header the patch adds (read from beside the
    /// declared bindings, but the patch's own; counted where the parse saw every header, else unconfirmed, as a
    /// missing header before it explains them), and the declared bindings' own.
    private static func splitDeclared(_ errors: [CompileCheck.FallbackError], patch: MigrationPatch, sawAll: Bool, into findings: inout CompileFindings) {
        var declared: Set<String> = []
        for error in errors {
            guard patch.addedFiles.contains(error.file), let text = patch.rewritten[error.file] else { declared.insert(error.description); continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let added = (error.file, SyntaxCheck.Diagnostic(line: error.line, column: error.column, message: error.message, in: lines))
            if sawAll { findings.added.append(added) } else { findings.unconfirmed.append(added) }
        }
        findings.declarationErrors = declared
    }

    /// The plan's bindings declared for the check, with the types its legacy headers included.
    static func declarations(
        plan: ConversionPlan, migration: CppMigration, inventory: Inventory, rules: ConversionRules, target: MojoTarget,
        sources: [String: String], root: String, options: MigrateOptions
    ) -> MojomDeclarations {
        let folders = [root] + includeFolders(options, root: root)
        return MojomDeclarations(
            plan: plan, migration: migration, inventory: inventory, rules: rules, era: target.era, api: target.api,
            includesOf: { header in
                let text = sources[header] ?? FileManager.default.contents(atPath: treePath(header, root: root)).flatMap { String(validating: $0, as: UTF8.self) }
                return text.map(includes(of:)) ?? []
            },
            treeHas: { path in folders.contains { FileManager.default.fileExists(atPath: $0 + "/" + path) } }
        )
    }

    /// The folders the listed BUILD.gn and `.gni` files add with `include_dirs`, as tree paths.
    static func buildIncludeDirs(listed: [String], root: String) -> [String] {
        var files: [String: String] = [:]
        for path in listed where path.hasSuffix("BUILD.gn") || path.hasSuffix(".gni") {
            guard !TreeWriter.isBehindLink(path, in: root), let data = FileManager.default.contents(atPath: treePath(path, root: root)),
                  let text = String(validating: data, as: UTF8.self) else { continue }
            files[path] = text
        }
        return MigrationPatch.buildIncludeDirs(of: files)
    }

    /// `--include-dir` folders, absolute.
    private static func includeFolders(_ options: MigrateOptions, root: String) -> [String] {
        options.input.scan.includeDirs.map { treePath($0, root: root) }
    }

    private static let deletedMark = "deleted by the patch of mojify migrate"

    /// Whether an error's message names one of `names` as a whole word: a use of something the patch removed.
    private static func names(_ names: Set<String>, in message: String) -> Bool {
        message.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { names.contains(String($0)) }
            || message.contains(deletedMark)
    }

    /// The `#include` paths of a file, as spelt, but those of legacy IPC itself, which the bindings replace.
    static func includes(of text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> String? in
            guard let path = IncludeDirective.path(in: line, angleBrackets: true), SafeName.isSafePath(path) else { return nil }
            let legacy = path.hasPrefix("ipc/") || path.hasSuffix("_messages.h") || path.contains("message_generator")
            return legacy ? nil : path
        }
    }

    /// The summary's lines on the include-aware check.
    static func compileSummary(_ findings: CompileFindings?, blocking: Bool) -> [String] {
        guard let findings else {
            return ["types: not checked; --check or --apply parses every patched file with the tree's includes and the plan's bindings declared"]
        }
        var lines: [String] = []
        let files = Set(findings.added.map(\.file)).count
        if findings.added.isEmpty {
            lines.append("types: \(findings.checkedFiles) patched file\(findings.checkedFiles == 1 ? "" : "s") checked with the tree's includes and the plan's bindings declared (libclang): no new errors")
        } else {
            lines.append("types: the patch adds \(findings.added.count) error\(findings.added.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") (libclang, with the tree's includes)\(blocking ? "; fix the rewrite there by hand" : "")")
            lines += listing(findings.added, limit: nil)
        }
        if !findings.unconfirmed.isEmpty {
            lines.append("types: \(findings.unconfirmed.count) new error\(findings.unconfirmed.count == 1 ? "" : "s") on rewritten lines not counted: an undeclared name, or an error lines the patch left have too, in \(findings.unconfirmed.count == 1 ? "a file" : "files") whose headers the tree lacks in part (they may declare the name, or broke a declaration); check by hand")
            lines += listing(findings.unconfirmed)
        }
        if findings.uncounted > 0 {
            lines.append("types: \(findings.uncounted) other difference\(findings.uncounted == 1 ? "" : "s") not counted: on lines the patch did not write, in files that had errors before it (clang recovering differently)")
        }
        if findings.checkedDrafts > 0 {
            let withErrors = Set(findings.draftErrors.map(\.file)).count
            let unsure = findings.uncountedInDrafts == 0 ? "" : "; \(findings.uncountedInDrafts) other error\(findings.uncountedInDrafts == 1 ? "" : "s") not counted, in drafts that include headers the tree lacks"
            lines.append("types: drafts: \(findings.checkedDrafts) checked, \(withErrors) with errors\(withErrors == 0 ? "" : " (the drafts' TODOs say what to finish)")\(unsure)")
            lines += listing(findings.draftErrors)
        }
        if !findings.buildIncludeDirs.isEmpty {
            let count = findings.buildIncludeDirs.count
            lines.append("types: searched \(count) folder\(count == 1 ? "" : "s") of the tree's BUILD.gn include_dirs, each the one holding a header the tree's paths did not answer: \(findings.buildIncludeDirs.joined(separator: ", ").escapingControlCharacters)")
        }
        if !findings.unseen.isEmpty {
            let (generated, absent) = findings.unseen.sorted().partitioned(by: CompileCheck.isGenerated)
            func sample(_ list: [String]) -> String { list.prefix(5).joined(separator: ", ") + (list.count > 5 ? ", ..." : "") }
            var parts: [String] = []
            if !generated.isEmpty { parts.append("\(generated.count) the build generates (\(sample(generated)))") }
            if !absent.isEmpty { parts.append("\(absent.count) in neither the tree nor --include-dir (\(sample(absent)))") }
            lines.append("types: could not see \(findings.unseen.count) included header\(findings.unseen.count == 1 ? "" : "s"): \(parts.joined(separator: "; ")); what they declare is unknown before the patch as after it".escapingControlCharacters)
        }
        if !findings.standIns.isEmpty {
            lines.append("types: the tree has no \(findings.standIns.count == 1 ? "header" : "headers") \(findings.standIns.joined(separator: ", ")); mojify's stand-ins were read instead")
        }
        if !findings.declarationErrors.isEmpty {
            lines.append("types: \(findings.declarationErrors.count) error\(findings.declarationErrors.count == 1 ? "" : "s") in the declared bindings (a type the plan names that the tree does not declare):")
            lines += findings.declarationErrors.sorted().prefix(10).map { "  \($0)".escapingControlCharacters }
                + (findings.declarationErrors.count > 10 ? ["  ... and \(findings.declarationErrors.count - 10) more"] : [])
        }
        return lines
    }

    /// One line per error, the first `limit` of them: errors that gate nothing are a sample.
    private static func listing(_ errors: [(file: String, error: SyntaxCheck.Diagnostic)], limit: Int? = 20) -> [String] {
        let shown = limit.map { Array(errors.prefix($0)) } ?? errors
        return shown.map { "  \($0.file):\($0.error.line):\($0.error.column): \($0.error.message)".escapingControlCharacters }
            + (errors.count > shown.count ? ["  ... and \(errors.count - shown.count) more"] : [])
    }

    private static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}
