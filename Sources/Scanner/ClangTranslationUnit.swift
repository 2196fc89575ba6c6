internal import CClang
import Foundation
import MojifyCore

/// One token as libclang's raw lexer sees it, with its place in the file's bytes.
struct Token: Codable, Sendable, Equatable {
    enum Kind: String, Codable, Sendable {
        case punctuation, keyword, identifier, literal, comment
    }

    var kind: Kind
    /// Byte offsets into the file: `start..<end`.
    var start: Int
    var end: Int
    var line: Int
    var column: Int
    var text: String

    /// Whether the text is `spelling`. Its length and first byte are compared first: they tell most tokens apart
    /// without a string comparison, which calls into the runtime whenever the strings differ (for every token of
    /// every file the recogniser reads, that was a tenth of its time). The text's length, not the extent's: a
    /// token with a line splice in it, or a digraph, is spelt shorter than it is written (`LogicalSpelling`).
    @inline(__always)
    func `is`(_ spelling: StaticString) -> Bool {
        let count = text.utf8.count
        guard count == spelling.utf8CodeUnitCount, text.utf8.first == spelling.utf8Start.pointee else { return false }
        return count == 1 || text.utf8.elementsEqual(UnsafeBufferPointer(start: spelling.utf8Start, count: spelling.utf8CodeUnitCount))
    }
}

/// The only place that talks to libclang. One instance per worker thread: libclang indexes are not shared.
final class ClangSession {
    private let index: CXIndex
    private var batches = 0

    init() {
        // Thread-less parsing saves a thread start per file; crash recovery stays on so a libclang crash on a
        // pathological file becomes a diagnostic instead of taking the scan down.
        setenv("LIBCLANG_NOTHREADS", "1", 0)
        index = clang_createIndex(0, 0)
    }

    deinit {
        clang_disposeIndex(index)
    }

    /// Parses `contents` as the file `path` with `arguments`; without real compile flags the preprocessor runs in
    /// single-file mode: includes are not followed and every `#if` branch that depends on an unknown macro is parsed.
    func parse(path: String, contents: [UInt8], arguments: [String], singleFile: Bool) -> ClangFile? {
        guard !contents.isEmpty else { return nil }
        var options = CXTranslationUnit_Incomplete.rawValue
            | CXTranslationUnit_KeepGoing.rawValue
            | CXTranslationUnit_SkipFunctionBodies.rawValue
        if singleFile {
            options |= CXTranslationUnit_SingleFileParse.rawValue
        } else {
            options |= CXTranslationUnit_DetailedPreprocessingRecord.rawValue
        }
        guard let unit = translationUnit(main: path, files: [(path, contents)], arguments: arguments, options: options) else { return nil }
        return ClangFile(unit: unit, path: path, contents: contents)
    }

    /// One translation unit for many files, to lex them all for one fixed cost (libclang spends about a
    /// millisecond setting up any translation unit, more than lexing a typical file). The files get virtual names,
    /// so that their own `#include "..."` lines find nothing on disk, and a virtual main file includes each once.
    /// Only their raw tokens are meant to be read, so each is included inside a function body, which the parser
    /// skips by matching braces: the files are preprocessed but not parsed (half the batch's cost).
    func lexBatch(_ contents: [[UInt8]]) -> ClangBatch? {
        // Fresh names for every batch: libclang may serve a virtual file it saw under the same name before.
        batches += 1
        let folder = "/mojify-batch/\(ObjectIdentifier(self).hashValue)-\(batches)"
        let names = contents.indices.map { "\(folder)/\($0).cc" }
        let main = "\(folder)/main.cc"
        let includes = names.enumerated().map { "void mojify_lexed_\($0)() {\n#include \"\($1)\"\n}\n" }.joined()
        let options = CXTranslationUnit_Incomplete.rawValue | CXTranslationUnit_KeepGoing.rawValue | CXTranslationUnit_SkipFunctionBodies.rawValue
        let arguments = ["-x", "c++", "-std=c++17", "-fsyntax-only", "-w", "-nostdinc", "-nostdinc++", "-nobuiltininc", "-ferror-limit=0"]
        guard let unit = translationUnit(
            main: main, files: [(main, Array(includes.utf8))] + Array(zip(names, contents)), arguments: arguments, options: options
        ) else { return nil }
        return ClangBatch(unit: unit, names: names, contents: contents)
    }

    func translationUnit(main: String, files: [(String, [UInt8])], arguments: [String], options: UInt32) -> CXTranslationUnit? {
        // libclang reads unsaved files during the call only: plain C copies live exactly that long.
        let names = files.map { strdup($0.0)! }
        let buffers = files.map { file -> UnsafeMutablePointer<CChar> in
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(file.1.count, 1))
            file.1.withUnsafeBytes { raw in
                if let base = raw.baseAddress { memcpy(buffer, base, raw.count) }
            }
            return buffer
        }
        defer {
            names.forEach { free($0) }
            buffers.forEach { $0.deallocate() }
        }
        var unsaved = files.indices.map { index in
            CXUnsavedFile(Filename: names[index], Contents: buffers[index], Length: UInt(files[index].1.count))
        }
        var unit: CXTranslationUnit?
        let error = withCStrings(arguments) { argv in
            unsaved.withUnsafeMutableBufferPointer { list in
                clang_parseTranslationUnit2(index, names[0], argv, Int32(arguments.count), list.baseAddress, UInt32(list.count), options, &unit)
            }
        }
        guard error == CXError_Success else { return nil }
        return unit
    }
}

/// Many files lexed in one translation unit (see `ClangSession.lexBatch`).
final class ClangBatch {
    private let unit: CXTranslationUnit
    private let names: [String]
    private let contents: [[UInt8]]

    fileprivate init(unit: CXTranslationUnit, names: [String], contents: [[UInt8]]) {
        self.unit = unit
        self.names = names
        self.contents = contents
    }

    deinit {
        clang_disposeTranslationUnit(unit)
    }

    /// The raw tokens of the file at `index` in the batch.
    func tokens(ofFileAt index: Int) -> [Token] {
        rawTokens(unit: unit, file: clang_getFile(unit, names[index]), contents: contents[index])
    }
}

/// A parsed file: its raw tokens (every `#if` branch included) and the few AST queries the scanner needs.
final class ClangFile {
    let unit: CXTranslationUnit
    let path: String
    let contents: [UInt8]
    private let file: CXFile?

    fileprivate init(unit: CXTranslationUnit, path: String, contents: [UInt8]) {
        self.unit = unit
        self.path = path
        self.contents = contents
        self.file = clang_getFile(unit, path)
    }

    deinit {
        clang_disposeTranslationUnit(unit)
    }

    /// Every token of the file, comments included, lexed raw so inactive `#if` branches are there too.
    func tokens() -> [Token] {
        rawTokens(unit: unit, file: file, contents: contents)
    }

    /// Byte ranges of this file that the preprocessor skipped under the given flags.
    func skippedRanges() -> [Range<Int>] {
        guard let file, let list = clang_getSkippedRanges(unit, file) else { return [] }
        defer { clang_disposeSourceRangeList(list) }
        return (0..<Int(list.pointee.count)).map { index in
            let range = list.pointee.ranges[index]
            var start: UInt32 = 0, end: UInt32 = 0
            clang_getSpellingLocation(clang_getRangeStart(range), nil, nil, nil, &start)
            clang_getSpellingLocation(clang_getRangeEnd(range), nil, nil, nil, &end)
            return Int(start)..<max(Int(start), Int(end))
        }
    }

    /// The function around a byte offset, qualified with its class (`RenderFrameImpl::Close`), when the AST has it.
    /// Without headers an out-of-line method of an unknown class is not in the AST; callers fall back to tokens.
    func enclosingFunction(atOffset offset: Int) -> String? {
        guard let file else { return nil }
        var cursor = clang_getCursor(unit, clang_getLocationForOffset(unit, file, UInt32(offset)))
        while clang_Cursor_isNull(cursor) == 0 {
            let kind = clang_getCursorKind(cursor)
            if kind == CXCursor_TranslationUnit || clang_isInvalid(kind) != 0 { return nil }
            switch kind {
            case CXCursor_FunctionDecl, CXCursor_CXXMethod, CXCursor_Constructor, CXCursor_Destructor,
                 CXCursor_FunctionTemplate, CXCursor_ConversionFunction:
                let name = clangString(clang_getCursorSpelling(cursor))
                let parent = clang_getCursorSemanticParent(cursor)
                switch clang_getCursorKind(parent) {
                case CXCursor_ClassDecl, CXCursor_StructDecl, CXCursor_ClassTemplate:
                    return clangString(clang_getCursorSpelling(parent)) + "::" + name
                default:
                    return name
                }
            default:
                cursor = clang_getCursorSemanticParent(cursor)
            }
        }
        return nil
    }

    /// Enums and structs defined in this file, with qualified names, enumerator values and field names.
    /// Field types are taken as written from `tokens`, because without headers libclang only knows them as invalid.
    func typeDefinitions(tokens: [Token]) -> [FoundType] {
        var found: [FoundType] = []
        func visit(_ parent: CXCursor, scope: [String]) {
            forEachChild(of: parent) { cursor in
                guard clang_Location_isFromMainFile(clang_getCursorLocation(cursor)) != 0 else { return }
                let kind = clang_getCursorKind(cursor)
                let name = clangString(clang_getCursorSpelling(cursor))
                switch kind {
                case CXCursor_Namespace:
                    visit(cursor, scope: scope + [name])
                case CXCursor_LinkageSpec:
                    visit(cursor, scope: scope)
                case CXCursor_EnumDecl, CXCursor_StructDecl, CXCursor_ClassDecl:
                    guard clang_isCursorDefinition(cursor) != 0, !name.isEmpty, !name.contains("(") else { return }
                    let qualified = (scope + [name]).joined(separator: "::")
                    var enumerators: [TypeDefinition.Enumerator] = []
                    var fields: [TypeDefinition.Field] = []
                    forEachChild(of: cursor) { member in
                        switch clang_getCursorKind(member) {
                        case CXCursor_EnumConstantDecl:
                            enumerators.append(.init(
                                name: clangString(clang_getCursorSpelling(member)),
                                value: clang_getEnumConstantDeclValue(member)
                            ))
                        case CXCursor_FieldDecl:
                            let fieldName = clangString(clang_getCursorSpelling(member))
                            let type = writtenType(of: member, named: fieldName, tokens: tokens)
                                ?? clangString(clang_getTypeSpelling(clang_getCursorType(member)))
                            fields.append(.init(name: fieldName, type: type, comment: comment(above: member, tokens: tokens)))
                        default:
                            break
                        }
                    }
                    found.append(FoundType(
                        name: qualified,
                        kind: kind == CXCursor_EnumDecl ? .enumeration : .structure,
                        enumerators: enumerators, fields: fields, offset: offset(of: cursor)
                    ))
                    visit(cursor, scope: scope + [name])
                default:
                    break
                }
            }
        }
        visit(clang_getTranslationUnitCursor(unit), scope: [])
        return found
    }

    /// The type of a declaration as the source spells it: the tokens from its start up to its name.
    private func writtenType(of cursor: CXCursor, named name: String, tokens: [Token]) -> String? {
        let extent = clang_getCursorExtent(cursor)
        var start: UInt32 = 0, end: UInt32 = 0
        clang_getSpellingLocation(clang_getRangeStart(extent), nil, nil, nil, &start)
        clang_getSpellingLocation(clang_getRangeEnd(extent), nil, nil, nil, &end)
        let inside = tokens.filter { $0.start >= Int(start) && $0.end <= Int(end) && $0.kind != .comment }
        guard let nameIndex = inside.lastIndex(where: { $0.text == name && $0.kind == .identifier }), nameIndex > 0 else {
            return nil
        }
        // `struct Image { ... } image;` defines the type in the declaration: its type is what comes before the body.
        let written = inside[..<nameIndex]
        return TokenText.join(written.prefix { $0.text != "{" })
    }

    /// The comment block right above a declaration (see `TokenText.commentAbove`).
    private func comment(above cursor: CXCursor, tokens: [Token]) -> String? {
        var start: UInt32 = 0
        clang_getSpellingLocation(clang_getRangeStart(clang_getCursorExtent(cursor)), nil, nil, nil, &start)
        guard let index = tokens.firstIndex(where: { $0.start >= Int(start) }) else { return nil }
        return TokenText.commentAbove(index, in: tokens)
    }

    private func offset(of cursor: CXCursor) -> Int {
        var value: UInt32 = 0
        clang_getSpellingLocation(clang_getCursorLocation(cursor), nil, nil, nil, &value)
        return Int(value)
    }

}

/// A libclang string as a Swift one, disposed of.
func clangString(_ value: CXString) -> String {
    defer { clang_disposeString(value) }
    guard let c = clang_getCString(value) else { return "" }
    return String(cString: c)
}

/// One error of a translation unit, where clang spells it: the checks of a whole file filter these.
struct ClangError {
    /// The file's name as clang has it; empty when the error has no place.
    var file: String
    var line: Int
    var column: Int
    var message: String
    var category: String

    /// The errors and fatal errors of `unit`, in clang's order.
    static func all(in unit: CXTranslationUnit) -> [ClangError] {
        (0..<clang_getNumDiagnostics(unit)).compactMap { index in
            guard let diagnostic = clang_getDiagnostic(unit, index) else { return nil }
            defer { clang_disposeDiagnostic(diagnostic) }
            let severity = clang_getDiagnosticSeverity(diagnostic)
            guard severity == CXDiagnostic_Error || severity == CXDiagnostic_Fatal else { return nil }
            var file: CXFile?
            var line: UInt32 = 0, column: UInt32 = 0
            clang_getSpellingLocation(clang_getDiagnosticLocation(diagnostic), &file, &line, &column, nil)
            return ClangError(
                file: file.map { clangString(clang_getFileName($0)) } ?? "", line: Int(line), column: Int(column),
                message: clangString(clang_getDiagnosticSpelling(diagnostic)), category: clangString(clang_getDiagnosticCategoryText(diagnostic))
            )
        }
    }
}

/// An enum or struct definition as found in one file, before positions are made relative to the scanned root.
struct FoundType {
    var name: String
    var kind: TypeDefinition.Kind
    var enumerators: [TypeDefinition.Enumerator]
    var fields: [TypeDefinition.Field]
    var offset: Int
}

/// Every token of `file`, comments included, lexed raw so inactive `#if` branches are there too.
private func rawTokens(unit: CXTranslationUnit, file: CXFile?, contents: [UInt8]) -> [Token] {
    guard let file else { return [] }
    let range = clang_getRange(
        clang_getLocationForOffset(unit, file, 0),
        clang_getLocationForOffset(unit, file, UInt32(contents.count))
    )
    var raw: UnsafeMutablePointer<CXToken>?
    var count: UInt32 = 0
    clang_tokenize(unit, range, &raw, &count)
    guard let raw else { return [] }
    defer { clang_disposeTokens(unit, raw, count) }
    var result: [Token] = []
    result.reserveCapacity(Int(count))
    for i in 0..<Int(count) {
        let token = raw[i]
        let extent = clang_getTokenExtent(unit, token)
        var line: UInt32 = 0, column: UInt32 = 0, start: UInt32 = 0, end: UInt32 = 0
        clang_getSpellingLocation(clang_getRangeStart(extent), nil, &line, &column, &start)
        clang_getSpellingLocation(clang_getRangeEnd(extent), nil, nil, nil, &end)
        let lower = min(Int(start), contents.count)
        let upper = min(max(Int(end), lower), contents.count)
        let kind: Token.Kind
        switch clang_getTokenKind(token) {
        case CXToken_Punctuation: kind = .punctuation
        case CXToken_Keyword: kind = .keyword
        case CXToken_Identifier: kind = .identifier
        case CXToken_Literal: kind = .literal
        default: kind = .comment
        }
        result.append(Token(
            kind: kind, start: lower, end: upper, line: Int(line), column: Int(column),
            text: String(decoding: contents[lower..<upper], as: UTF8.self)
        ))
    }
    return result
}

/// `clang_visitChildren` with a Swift closure for the direct children of `parent`.
private func forEachChild(of parent: CXCursor, _ body: (CXCursor) -> Void) {
    withoutActuallyEscaping(body) { body in
        var closure = body
        withUnsafeMutablePointer(to: &closure) { pointer in
            _ = clang_visitChildren(parent, { cursor, _, data in
                data!.assumingMemoryBound(to: ((CXCursor) -> Void).self).pointee(cursor)
                return CXChildVisit_Continue
            }, pointer)
        }
    }
}

private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
    var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
    defer { pointers.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
    return pointers.withUnsafeMutableBufferPointer { buffer in
        body(UnsafePointer(buffer.baseAddress!))
    }
}
