import Foundation
import MojifyCore

/// What one file gave a scan: its share of the inventory, and what the guesses between passes read from it.
struct FileResult {
    var parsed: Bool
    var partial: PartialInventory
    var wrappers: [WrapperMacro]
    var includes: [String]
    var typedefs: [(name: String, type: String)]
    var types: [TypeDefinition]

    /// A file in which nothing was found (yet); `parsed` says whether libclang read it.
    static func empty(parsed: Bool) -> FileResult {
        FileResult(parsed: parsed, partial: PartialInventory(), wrappers: [], includes: [], typedefs: [], types: [])
    }

    /// Whether nothing was found in the file (whether or not it was parsed).
    var isEmpty: Bool {
        partial.isEmpty && wrappers.isEmpty && includes.isEmpty && typedefs.isEmpty && types.isEmpty
    }

    /// Drops everything found in the file: it was not read in full, so what was found cannot be trusted.
    mutating func markUnread(at location: SourceLocation, reason: UnreadFile.Reason, detail: String, hint: String) {
        self = .empty(parsed: parsed)
        partial = .unread(location, reason: reason, detail: detail, hint: hint)
    }
}

/// Works out files' results: the scan cache, reading, the byte prefilter, libclang (lexing in batches, or parsing
/// alone) and the recogniser. It keeps no state of its own, so worker threads share one.
struct FileAnalyser {
    /// What one pass over files looks for.
    struct Pass {
        /// A file is analysed only when it contains one of these (every file when there are none).
        let needles: [[UInt8]]
        let needleSearch: NeedleSearch
        /// Project macros that expand to IPC macros, by name.
        let wrappers: [String: [WrapperMacro]]
        /// For the pass over the headers traits macros lead to, the names of the types they name: the types a file
        /// defines are read from its tokens or, where that reading could differ, from its AST (see
        /// `typesWithoutAST`); every file is parsed when there are none. Nil for the other passes.
        let typeNames: [[UInt8]]?
        private let typeNameSet: Set<String>
        private let typeNameSearch: NeedleSearch?
        /// For the pass that only says which files hold one of the scan's markers (`ScanOptions.markers`), them;
        /// nil for the passes that look for IPC. Its outcome is no match, or an empty result for a marked file.
        let markers: [String]?
        private let markerSearch: NeedleSearch?
        /// What the cache files this pass's outcomes under.
        let context: ContentHash

        init(needles: [String], wrappers: [String: [WrapperMacro]], typeNames: [String]? = nil) {
            self.needles = needles.map { Array($0.utf8) }
            needleSearch = NeedleSearch(self.needles)
            self.wrappers = wrappers
            self.typeNames = typeNames.map { $0.map { Array($0.utf8) } }
            typeNameSet = Set(typeNames ?? [])
            typeNameSearch = self.typeNames.map(NeedleSearch.init)
            markers = nil
            markerSearch = nil
            context = ScanCache.context(needles: needles, wrappers: wrappers, typeNames: typeNames)
        }

        init(markers: [String]) {
            needles = []
            needleSearch = NeedleSearch([])
            wrappers = [:]
            typeNames = nil
            typeNameSet = []
            typeNameSearch = nil
            self.markers = markers
            markerSearch = NeedleSearch(markers.map { Array($0.utf8) })
            context = ScanCache.context(markers: markers)
        }

        /// Whether `bytes` hold one of the marker pass's markers.
        func marks(_ bytes: UnsafeRawBufferPointer) -> Bool {
            markerSearch?.matches(bytes) ?? false
        }

        /// The types this pass looks for that `file` defines, when they can be had without parsing it alone: none
        /// for the other passes and where no class, struct, union or enum head names one, what `TypeReader` reads
        /// where it can. Nil: the file is parsed alone for its AST (also when the lexer leaves it to libclang and
        /// its bytes hold one of the names).
        func typesWithoutAST(_ file: PendingFile, tokens: [Token]?) -> [FoundType]? {
            guard let typeNames, let typeNameSearch else { return [] }
            if typeNames.isEmpty { return nil }
            guard let tokens else { return typeNameSearch.matches(file.bytes) ? nil : [] }
            guard FileAnalyser.mayDefine(typeNameSet, in: tokens) else { return [] }
            return TypeReader.definitions(in: tokens, named: typeNameSet, exportMacros: FileAnalyser.exportMacros(in: tokens))
        }
    }

    /// What one worker thread reuses from file to file: its libclang index (indexes are not shared), made when a
    /// file first needs libclang (loading it costs tens of milliseconds, and most scans of files the lexer reads
    /// never need it), and its read buffer.
    final class Workbench {
        private(set) lazy var session = ClangSession()
        let buffer = SourceFile.ReadBuffer()
    }

    /// What a file still needs after its bytes were read and passed the prefilter.
    struct PendingFile {
        var index: Int
        /// The text as UTF-8, what libclang lexes.
        var bytes: [UInt8]
        /// The file's own bytes when `bytes` are their transcoding, for the cache, which vouches for files on disk.
        var original: [UInt8]?
        /// The stamp of the open file, for the cache (when it is on) to remember the outcome under.
        var stamp: FileStamp?
    }

    enum Step {
        /// Decided without libclang: cached, no needle, unreadable, too large, binary or not decodable.
        case finished(FileResult?)
        case analyse(PendingFile)
    }

    let files: [FileWalker.Entry]
    let database: CompileDatabase?
    let options: ScanOptions
    let cache: ScanCache?
    /// The pass for `options.markers`; nil without markers.
    let markerPass: Pass?

    init(files: [FileWalker.Entry], database: CompileDatabase?, options: ScanOptions, cache: ScanCache?) {
        self.files = files
        self.database = database
        self.options = options
        self.cache = cache
        markerPass = options.markers.isEmpty ? nil : Pass(markers: options.markers)
    }

    // MARK: - Reading and prefiltering

    /// Checks the cache, reads the file into `buffer` and runs the byte prefilter; only a file that passes is
    /// copied out of it. `marked`: whether the file contains one of `options.markers`, when it was read (nil when
    /// the cache answered, or without markers). The marker pass answers that alone, and its step is always
    /// `.finished(nil)`.
    func prefilter(_ index: Int, pass: Pass, buffer: SourceFile.ReadBuffer) -> (step: Step, marked: Bool?) {
        // The entry's fields are taken one by one: a copy of the entry retains and releases both its paths.
        let path = files[index].path
        switch cache?.reuse(index: index, path: path, listed: files[index].stamp, context: pass.context) {
        case .noMatch?:
            return (.finished(nil), pass.markers == nil ? nil : false)
        case let .result(result)?:
            return pass.markers == nil ? (.finished(result), nil) : (.finished(nil), true)
        case nil:
            break
        }
        // A walked file was a regular file when listed; a listed one (`onlyFiles`) may be anything.
        let read = buffer.read(path, maxBytes: options.maxFileBytes, stamped: cache != nil || options.onlyFiles != nil)
        if pass.markers != nil {
            // The passes that look for IPC report a file too large or unreadable; it holds no marker anyone can read.
            guard case .bytes = read.contents else { return (.finished(nil), false) }
            let raw = buffer.contents
            var marked = pass.marks(raw)
            if !marked, let (order, markLength) = TextEncoding.utf16Order(raw),
               case let .success(text) = TextEncoding.utf8(fromUTF16: raw, order: order, markLength: markLength) {
                marked = text.withUnsafeBytes(pass.marks)
            }
            rememberMarks(marked, of: pass, index: index, stamp: read.stamp, bytes: raw)
            return (.finished(nil), marked)
        }
        switch read.contents {
        case .bytes:
            break
        case let .tooLarge(size):
            return (.finished(unread(index, .tooLarge, "file of \(size) bytes is larger than the \(options.maxFileBytes)-byte limit",
                                     hint: "raise --max-file-size if it holds hand-written IPC, or --exclude it")), false)
        case let .failed(reason):
            return (.finished(unread(index, .unreadable, "cannot read: \(reason)", hint: "check its permissions and type")), false)
        }
        let raw = buffer.contents
        // UTF-16 text is scanned as UTF-8: its needles, NUL bytes and positions are those of the transcoded text.
        var transcoded: [UInt8]?
        if let (order, markLength) = TextEncoding.utf16Order(raw) {
            switch TextEncoding.utf8(fromUTF16: raw, order: order, markLength: markLength) {
            case let .success(text):
                transcoded = text
            case let .failure(problem):
                let result = unread(index, .undecodable, "UTF-16 text that stops decoding at line \(problem.position.line) (an unpaired surrogate or an odd byte at the end)",
                                    hint: "save the file as UTF-8", at: problem.position)
                remember(index, stamp: read.stamp, bytes: raw, result: result, context: pass.context)
                return (.finished(result), false)
            }
        }
        func examine(_ bytes: UnsafeRawBufferPointer) -> (step: Step, marked: Bool?) {
            // A file read anyway is searched for the markers too, and the marker pass's outcome kept: a first scan
            // with markers reads no file twice.
            let marked = markerPass.map { markerPass in
                let marked = markerPass.marks(bytes)
                rememberMarks(marked, of: markerPass, index: index, stamp: read.stamp, bytes: raw)
                return marked
            }
            if !pass.needles.isEmpty && !pass.needleSearch.matches(bytes), case let .includes(included) = NeedlelessLook.examine(bytes) {
                // The names of unlisted files it includes are kept, for the scan to look them up; the rest is not read.
                var result: FileResult?
                if !included.isEmpty {
                    result = .empty(parsed: false)
                    result?.includes = included
                }
                remember(index, stamp: read.stamp, bytes: raw, result: result, context: pass.context)
                return (.finished(result), marked)
            }
            // A NUL byte anywhere: libclang would read past it, but this is no text one can trust to be C++.
            if let nul = TextEncoding.firstNUL(bytes) {
                let position = TextEncoding.position(ofOffset: nul, in: bytes)
                let result = unread(index, .binary, "binary file: NUL byte at line \(position.line)",
                                    hint: "remove the NUL byte, or --exclude the file if it is not source", at: position)
                remember(index, stamp: read.stamp, bytes: raw, result: result, context: pass.context)
                return (.finished(result), marked)
            }
            let file = PendingFile(index: index, bytes: Array(bytes), original: transcoded == nil ? nil : Array(raw), stamp: read.stamp)
            return (.analyse(file), marked)
        }
        return transcoded.map { text in text.withUnsafeBytes(examine) } ?? examine(raw)
    }

    /// Keeps the outcome of bytes actually read: a failed read says nothing about the next one.
    private func remember(_ index: Int, stamp: FileStamp?, bytes: UnsafeRawBufferPointer, result: FileResult?, context: ContentHash) {
        guard let cache, let stamp else { return }
        cache.record(index: index, stamp: stamp, bytes: bytes, context: context, result: result)
    }

    /// Keeps the marker pass's outcome for bytes read: no match, or an empty result for a file holding a marker.
    private func rememberMarks(_ marked: Bool, of markerPass: Pass, index: Int, stamp: FileStamp?, bytes: UnsafeRawBufferPointer) {
        remember(index, stamp: stamp, bytes: bytes, result: marked ? .empty(parsed: false) : nil, context: markerPass.context)
    }

    /// The outcome of a file not read in full; `at` is where in its text the problem is, nil for the whole file.
    private func unread(_ index: Int, _ reason: UnreadFile.Reason, _ detail: String, hint: String,
                        at position: TextEncoding.Position? = nil) -> FileResult {
        var result = FileResult.empty(parsed: false)
        result.markUnread(at: SourceLocation(file: files[index].relativePath, line: position?.line ?? 0, column: position?.column ?? 0),
                          reason: reason, detail: detail, hint: hint)
        return result
    }

    // MARK: - libclang and the recogniser

    /// Runs libclang and the recogniser over files that passed the prefilter, and lets the cache remember the
    /// results. Plain files are lexed together in one batch; patches, files with real compile flags and files
    /// whose enums or structs matter are parsed alone.
    func analyse(_ pending: [PendingFile], pass: Pass, workbench: Workbench) -> [FileResult] {
        let results = results(of: pending, pass: pass, workbench: workbench)
        for (file, result) in zip(pending, results) {
            (file.original ?? file.bytes).withUnsafeBytes { remember(file.index, stamp: file.stamp, bytes: $0, result: result, context: pass.context) }
        }
        return results
    }

    private func results(of pending: [PendingFile], pass: Pass, workbench: Workbench) -> [FileResult] {
        let wrappers = pass.wrappers
        var results = pending.map { _ in FileResult.empty(parsed: true) }
        // Batched files have no compile flags: that is what lets them into the batch. Their raw tokens are all they
        // need, and the lexer gives them for far less than libclang, which lexes the files the lexer leaves to it
        // (nil tokens). With them come the types read from their tokens.
        var batched: [(position: Int, tokens: [Token]?, types: [FoundType])] = []
        for (position, file) in pending.enumerated() {
            let entry = files[file.index]
            let flags = FileWalker.isPatch(entry.relativePath) ? nil : self.flags(for: entry)
            // How a file is read must not depend on which others share its batch, which depends on timing.
            guard !FileWalker.isPatch(entry.relativePath), flags == nil else {
                analyseAlone(file, flags: flags, wrappers: wrappers, workbench: workbench, into: &results[position])
                continue
            }
            let tokens = RawLexer.tokens(of: file.bytes)
            if let types = pass.typesWithoutAST(file, tokens: tokens) {
                batched.append((position, tokens, types))
            } else {
                analyseAlone(file, flags: flags, wrappers: wrappers, workbench: workbench, into: &results[position])
            }
        }
        guard !batched.isEmpty else { return results }
        var unlexed: [Int] = []
        for (position, tokens, types) in batched {
            if let tokens {
                recogniseBatched(pending[position], tokens: tokens, types: types, wrappers: wrappers, workbench: workbench, into: &results[position])
            } else {
                unlexed.append(position)
            }
        }
        guard !unlexed.isEmpty else { return results }
        guard let batch = workbench.session.lexBatch(unlexed.map { pending[$0].bytes }) else {
            for position in unlexed { analyseAlone(pending[position], flags: nil, wrappers: wrappers, workbench: workbench, into: &results[position]) }
            return results
        }
        for (slot, position) in unlexed.enumerated() {
            let file = pending[position]
            let tokens = batch.tokens(ofFileAt: slot)
            // A file can stop libclang from entering the files after it in a batch (seen with invalid UTF-8 after
            // certain others); raw lexing always reaches a file's last non-blank byte, so a shortfall means: again, alone.
            guard FileAnalyser.tokensCover(file.bytes, tokens) else {
                analyseAlone(file, flags: nil, wrappers: wrappers, workbench: workbench, into: &results[position])
                continue
            }
            recogniseBatched(file, tokens: tokens, types: [], wrappers: wrappers, workbench: workbench, into: &results[position])
        }
        return results
    }

    /// Recognises a batched file from its raw tokens alone, unless traits in it name types it defines. `types`: the
    /// types read from its tokens (`Pass.typesWithoutAST`).
    private func recogniseBatched(
        _ file: PendingFile, tokens: [Token], types: [FoundType], wrappers: [String: [WrapperMacro]], workbench: Workbench,
        into result: inout FileResult
    ) {
        let mapper = LocationMapper.plain(file: files[file.index].relativePath)
        guard !rejectsUndecodable(file.bytes, tokens: tokens, mapper: mapper, into: &result) else { return }
        let findings = recognise(tokens: tokens, bytes: file.bytes, wrappers: wrappers, isHunk: false, functionAt: { _ in nil })
        // Traits name enums and structs whose definitions only an AST of the file alone gives.
        if (!findings.enumTraits.isEmpty || !findings.structTraits.isEmpty) && FileAnalyser.definesTypes(tokens) {
            analyseAlone(file, flags: nil, wrappers: wrappers, workbench: workbench, into: &result)
        } else {
            add(findings, mapper: mapper, inactiveRanges: nil, into: &result)
            result.types += FileAnalyser.typeDefinitions(types, tokens: tokens, mapper: mapper)
        }
    }

    private func flags(for entry: FileWalker.Entry) -> [String]? {
        database?.flags(absolutePath: absolutePath(of: entry), relativePath: entry.relativePath)
    }

    private func absolutePath(of entry: FileWalker.Entry) -> String {
        entry.path.hasPrefix("/") ? entry.path : FileManager.default.currentDirectoryPath + "/" + entry.path
    }

    /// `flags`: the file's compile flags, already looked up by the caller (nil for patches and without a database).
    private func analyseAlone(
        _ file: PendingFile, flags: [String]?, wrappers: [String: [WrapperMacro]], workbench: Workbench, into result: inout FileResult
    ) {
        let entry = files[file.index]
        if FileWalker.isPatch(entry.relativePath) {
            for (index, section) in PatchFile(bytes: file.bytes).sections.enumerated() where result.partial.unread == nil {
                let virtualPath = "/mojify-patch/\(entry.relativePath)/\(index)/\(section.targetFile)"
                let mapper = LocationMapper.patch(file: entry.relativePath, section: section)
                analyse(path: virtualPath, bytes: section.text, flags: nil, mapper: mapper, wrappers: wrappers, workbench: workbench, into: &result)
            }
        } else {
            analyse(path: absolutePath(of: entry), bytes: file.bytes, flags: flags, mapper: .plain(file: entry.relativePath),
                    wrappers: wrappers, workbench: workbench, into: &result)
        }
    }

    /// Whether `bytes` hold a byte that is not UTF-8 where it changes what the code says; the file is then recorded
    /// as not read, since its names cannot be trusted (see `TextEncoding.firstUndecodableCodeByte`).
    private func rejectsUndecodable(_ bytes: [UInt8], tokens: [Token], mapper: LocationMapper, into result: inout FileResult) -> Bool {
        guard let offset = TextEncoding.firstUndecodableCodeByte(bytes, tokens: tokens) else { return false }
        let position = TextEncoding.position(ofOffset: offset, in: bytes)
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        result.markUnread(
            at: mapper.location(line: position.line, column: position.column), reason: .undecodable,
            detail: "byte 0x\(byte) at line \(position.line) is not UTF-8 and sits in code, where it would change a name",
            hint: "save the file as UTF-8"
        )
        return true
    }

    private func recognise(tokens: [Token], bytes: [UInt8], wrappers: [String: [WrapperMacro]], isHunk: Bool,
                           functionAt: @escaping (Int) -> String?) -> FileFindings {
        var spelt = tokens
        LogicalSpelling.apply(to: &spelt, source: bytes)
        var recognizer = Recognizer(tokens: spelt, source: bytes, wrappers: wrappers, isHunk: isHunk, functionAt: functionAt)
        return recognizer.run()
    }

    private func add(_ findings: FileFindings, mapper: LocationMapper, inactiveRanges: [Range<Int>]?, into result: inout FileResult) {
        result.partial.add(findings, mapper: mapper, inactiveRanges: inactiveRanges)
        result.wrappers += findings.wrappers
        result.includes += findings.includes
        result.typedefs += findings.typedefs
    }

    private func analyse(
        path: String, bytes: [UInt8], flags: [String]?, mapper: LocationMapper, wrappers: [String: [WrapperMacro]],
        workbench: Workbench, into result: inout FileResult
    ) {
        let language = SyntaxCheck.language(ofPath: path)
        func parse(defining macros: [String]) -> ClangFile? {
            workbench.session.parse(path: path, contents: bytes, arguments: FileAnalyser.parseArguments(path: path, flags: flags, defining: macros),
                          singleFile: flags == nil)
        }
        // `struct CONTENT_EXPORT Foo {` hides the struct from the AST when the export header is not followed: the
        // file is parsed with those macros defined empty, so type definitions and enclosing functions are found.
        // Where the lexer gives the raw tokens (C++ without compile flags), the macros are known before parsing and
        // one parse does; otherwise libclang's tokens come from a first parse, and a second defines them.
        let lexed = flags == nil && language == "c++" ? RawLexer.tokens(of: bytes) : nil
        let knownExportMacros = lexed.map(FileAnalyser.exportMacros(in:)) ?? []
        guard var file = (knownExportMacros.isEmpty ? nil : parse(defining: knownExportMacros)) ?? parse(defining: []) else {
            result.markUnread(at: mapper.location(line: 0, column: 0), reason: .unparsable, detail: "libclang could not parse this file",
                              hint: "check that it is C or C++ text")
            return
        }
        let tokens = lexed ?? file.tokens()
        guard !rejectsUndecodable(bytes, tokens: tokens, mapper: mapper, into: &result) else { return }
        let exportMacros = flags == nil && lexed == nil ? FileAnalyser.exportMacros(in: tokens) : []
        if !exportMacros.isEmpty, let reparsed = parse(defining: exportMacros) {
            file = reparsed
        }
        let findings = recognise(tokens: tokens, bytes: bytes, wrappers: wrappers, isHunk: mapper.isPatch) { offset in
            file.enclosingFunction(atOffset: offset)
        }
        add(findings, mapper: mapper, inactiveRanges: flags == nil ? nil : file.skippedRanges(), into: &result)
        result.types += FileAnalyser.typeDefinitions(file.typeDefinitions(tokens: tokens), tokens: tokens, mapper: mapper)
    }

    /// Types found in a file, placed at the token where each is named.
    private static func typeDefinitions(_ found: [FoundType], tokens: [Token], mapper: LocationMapper) -> [TypeDefinition] {
        found.map { found in
            let line = tokens.last(where: { $0.start <= found.offset }) ?? tokens.first
            return TypeDefinition(
                name: found.name, kind: found.kind, enumerators: found.enumerators, fields: found.fields,
                location: mapper.location(line: line?.line ?? 1, column: line?.column ?? 1)
            )
        }
    }

    /// What libclang parses a file alone with: its compile flags if it has some, and the export macros defined empty.
    static func parseArguments(path: String, flags: [String]?, defining macros: [String]) -> [String] {
        let language = SyntaxCheck.language(ofPath: path)
        return ["-x", language, "-fsyntax-only", "-w", "-nostdinc", "-nobuiltininc", "-ferror-limit=0"]
            + (language.hasSuffix("c++") ? ["-std=c++17", "-nostdinc++"] : [])
            + (flags ?? []) + macros.map { "-D\($0)=" }
    }

    // MARK: - Tokens

    /// Export macros of class heads: `class CONTENT_EXPORT Foo`, `struct BASE_EXPORT Bar : Baz`.
    static func exportMacros(in tokens: [Token]) -> [String] {
        var found = Set<String>()
        for index in tokens.indices.dropLast(2) where ["class", "struct", "union"].contains(tokens[index].text) {
            let candidate = tokens[index + 1]
            guard candidate.kind == .identifier, candidate.text.contains("EXPORT"),
                  candidate.text.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }),
                  tokens[index + 2].kind == .identifier else { continue }
            found.insert(candidate.text)
        }
        return found.sorted()
    }

    /// Whether the tokens hold an enum, struct, class or union definition (a body, not a declaration or use).
    static func definesTypes(_ tokens: [Token]) -> Bool {
        for index in tokens.indices where tokens[index].kind == .keyword && ["enum", "struct", "class", "union"].contains(tokens[index].text) {
            for next in tokens[(index + 1)...].lazy.filter({ $0.kind != .comment }).prefix(12) {
                if next.text == "{" { return true }
                if [";", "(", ")", ",", ">", "="].contains(next.text) { break }
            }
        }
        return false
    }

    /// Whether `tokens` may define one of the types `names` holds (unqualified): a head that names one
    /// (`TypeReader.namesWantedType`), or `typedef struct {`, whose name comes after its body.
    static func mayDefine(_ names: Set<String>, in tokens: [Token]) -> Bool {
        let code = tokens.filter { $0.kind != .comment }
        return code.indices.contains { index in
            (index > 0 && code[index - 1].text == "typedef" && ["enum", "struct", "class", "union"].contains(code[index].text)
                && code[index].kind == .keyword) || TypeReader.namesWantedType(at: index, in: code, wanted: names)
        }
    }

    /// Whether `tokens` run to the last byte of `bytes` that is not white space.
    static func tokensCover(_ bytes: [UInt8], _ tokens: [Token]) -> Bool {
        guard let last = bytes.lastIndex(where: { !(($0 >= 9 && $0 <= 13) || $0 == 32) }) else { return true }
        return (tokens.last?.end ?? 0) > last
    }
}
