internal import CClang
import Foundation

/// libclang's errors in one C++ file parsed as its build would: includes followed through the tree's include paths,
/// names looked up, calls and conversions type-checked. What `SyntaxCheck` cannot see (a call of a method nothing
/// declares, a legacy value passed where the bindings take a struct pointer) shows here.
///
/// Headers the tree does not hold (those its build generates, those of a separate checkout) cannot be read; each is
/// skipped and reported in `Result.unseen`, and errors that follow from it appear before a rewrite as after, so a
/// comparison of the two (`SyntaxCheck.newErrors`) leaves them out.
public enum CompileCheck {
    /// Where includes are looked for, in order.
    public struct Setup: Sendable {
        /// The tree's root, first: Chromium includes are relative to `src/`.
        public var root: String
        /// More `-I` folders, absolute (`--include-dir`).
        public var includeDirs: [String] = []
        /// Folders of the tree's own BUILD.gn `include_dirs`, searched after the above (`-idirafter`): they answer
        /// only what the tree's paths do not (`SkUserConfig.h`, which skia's config includes from its own folder).
        public var buildIncludeDirs: [String] = []
        /// Folders searched after everything else (`-idirafter`): declarations of generated headers and stand-ins,
        /// which a header of the tree's own always wins over.
        public var fallbackDirs: [String] = []
        /// Flags of `compile_commands.json`, whose entries, where one names the file, replace the defaults above
        /// except the fallback folders.
        public var compileCommands: String?
        /// Macros defined for every parse (`NAME(ARGS)=BODY`), after the database's flags: what an unseen header
        /// would have defined.
        public var defines: [String] = []

        public init(root: String) {
            self.root = root
        }
    }

    /// An error in a fallback folder's file, whose path is relative to that folder.
    public struct FallbackError: Sendable, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String

        public var description: String { "\(file):\(line):\(column): \(message)" }
    }

    public struct Result: Sendable, Equatable {
        /// Errors located in the checked file.
        public var errors: [SyntaxCheck.Diagnostic]
        /// Errors located in a fallback folder's files: declarations that did not hold.
        public var fallbackErrors: [FallbackError]
        /// Includes that named no file, as spelt (`content/common/frame.mojom.h`), sorted.
        public var unseen: [String]
        /// How many errors other files of the tree have (missing includes aside): with any, clang's recovery from
        /// them shapes what it reports in this file.
        public var otherFileErrors = 0

        /// Whether the file's only errors are includes that named nothing: every other error after a change is
        /// then the change's.
        public var isClean: Bool {
            otherFileErrors == 0 && errors.allSatisfy { Checker.missingInclude($0.message) != nil }
        }
    }

    /// A checker for one setup: it reads the compile database once, and serves any number of threads (each parse
    /// has a libclang index of its own).
    public final class Checker: Sendable {
        private let setup: Setup
        private let database: CompileDatabase?

        public init(_ setup: Setup) throws {
            self.setup = setup
            database = try setup.compileCommands.map(CompileDatabase.init(folder:))
        }

        /// The arguments for `file` (absolute): its language, the tree's include paths, every error kept.
        public func arguments(for file: String) -> [String] {
            let language = SyntaxCheck.language(ofPath: file)
            var arguments = ["-x", language, "-fsyntax-only", "-w", "-ferror-limit=0"]
            if language.hasSuffix("c++") { arguments.append("-std=c++17") }
            let relative = file.hasPrefix(setup.root + "/") ? String(file.dropFirst(setup.root.count + 1)) : file
            if let flags = database?.flags(absolutePath: file, relativePath: relative) {
                arguments += flags
            } else {
                arguments += ([setup.root] + setup.includeDirs).flatMap { ["-I", $0] }
            }
            return arguments + setup.defines.map { "-D" + $0 } + (setup.buildIncludeDirs + setup.fallbackDirs).flatMap { ["-idirafter", $0] }
        }

        /// Chromium's class-body macros (base/macros.h), for a tree without that header: left undefined, each is
        /// an unknown type that makes its class invalid, and every use of `this` in the class an error.
        public static let classBodyMacros = ["DISALLOW_COPY_AND_ASSIGN", "DISALLOW_COPY", "DISALLOW_ASSIGN", "DISALLOW_IMPLICIT_CONSTRUCTORS"].map {
            "\($0)(TypeName)=static_assert(true, \"\")"
        }

        /// Parses `text` as the file `path` (absolute), with `overlay` (absolute path -> contents) read instead of
        /// those files on disk.
        public func check(path: String, text: String, overlay: [String: String] = [:]) -> Result {
            let files = [(path, Array(text.utf8))] + overlay.filter { $0.key != path }.sorted { $0.key < $1.key }.map { ($0.key, Array($0.value.utf8)) }
            let options = CXTranslationUnit_KeepGoing.rawValue | CXTranslationUnit_Incomplete.rawValue
            let session = ClangSession()
            guard let unit = session.translationUnit(main: path, files: files, arguments: arguments(for: path), options: options) else {
                return Result(errors: [SyntaxCheck.Diagnostic(line: 0, column: 0, message: "libclang could not parse the file", lineText: "")], fallbackErrors: [], unseen: [])
            }
            defer { clang_disposeTranslationUnit(unit) }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var errors: [SyntaxCheck.Diagnostic] = []
            var fallbackErrors: [FallbackError] = []
            var unseen: Set<String> = []
            var otherFileErrors = 0
            for error in ClangError.all(in: unit) {
                let missing = Self.missingInclude(error.message)
                if let missing { unseen.insert(missing) }
                if error.file == path {
                    errors.append(SyntaxCheck.Diagnostic(error, in: lines))
                } else if let folder = setup.fallbackDirs.first(where: { error.file.hasPrefix($0 + "/") }) {
                    // A missing include there is in `unseen` already.
                    if missing == nil {
                        fallbackErrors.append(FallbackError(file: String(error.file.dropFirst(folder.count + 1)), line: error.line, column: error.column, message: error.message))
                    }
                } else if missing == nil {
                    otherFileErrors += 1
                }
            }
            return Result(errors: errors, fallbackErrors: fallbackErrors, unseen: unseen.sorted(), otherFileErrors: otherFileErrors)
        }

        /// `'a/b.h' file not found` -> `a/b.h`.
        public static func missingInclude(_ message: String) -> String? {
            guard message.hasSuffix("' file not found"), message.hasPrefix("'") else { return nil }
            return String(message.dropFirst().dropLast("' file not found".count))
        }
    }

    /// Whether an error only says a name is not declared (`use of undeclared identifier 'content'`, `no member
    /// named 'TimeTicks' in namespace 'base'`, `unknown type name`): in a file whose parse could not see some of its
    /// headers, those headers may well declare it. A missing member of a class the parse saw is not of this kind.
    public static func isUndeclaredName(_ message: String) -> Bool {
        message.hasPrefix("use of undeclared identifier") || message.hasPrefix("unknown type name") || message.hasPrefix("no template named")
            || message.hasPrefix("unknown class name")
            // A type the file knows by a forward declaration, which an unseen header defines (CEF's `Profile`).
            || message.hasPrefix("member access into incomplete type")
            || (message.hasPrefix("incomplete type") && message.hasSuffix("named in nested name specifier"))
            || ((message.hasPrefix("no member named") || message.hasPrefix("no type named")) && message.contains("' in namespace '"))

    }

    /// Whether an error is a call returning, or a local of, a type clang saw only declared ahead, not a mojom one: a
    /// legacy struct whose messages header the file includes after an unseen header, which clang then no longer
    /// follows (`calling 'ConvertTo<Cef_Response_Params, ...>' with incomplete return type 'Cef_Response_Params'`,
    /// `variable has incomplete type 'CefProcessHostMsg_GetNewRenderThreadInfo_Params'`).
    public static func isIncompleteNonMojomType(_ message: String) -> Bool {
        let type = message.hasPrefix("calling '") ? message.range(of: "with incomplete return type '")
            : message.hasPrefix("variable has incomplete type '") ? message.range(of: "incomplete type '") : nil
        guard let type else { return false }
        return !message[type.upperBound...].contains("mojom::")
    }

    /// Whether an error is clang refusing `this` for a class it marked invalid: a member of a type only an unseen
    /// header declares (`base::WeakPtrFactory<Foo>`) invalidates the class, and then `Receiver<Interface> r_{this}`
    /// has no matching constructor, however surely the class derives from the interface.
    public static func isThisOfAnInvalidClass(_ message: String, lineText: String) -> Bool {
        message.hasPrefix("no matching constructor for initialization of") && lineText.replacingOccurrences(of: " ", with: "").contains("{this}")
    }

    /// Whether an error is an `override` that found nothing to override: where the declared bindings have errors
    /// (a parameter of a type the tree does not declare, `GURL` in CEF's tree), the interface's method is broken and
    /// the class's method of the same name overrides nothing the parse could see.
    public static func isOverrideOfABrokenDeclaration(_ message: String) -> Bool {
        message.contains("marked 'override'")
    }

    /// Whether the build makes the header (bindings, protobufs, resources, build flags), as opposed to one the
    /// tree or a separate checkout holds.
    public static func isGenerated(_ include: String) -> Bool {
        let name = include.split(separator: "/").last.map(String.init) ?? include
        return name.contains(".mojom") || name.hasSuffix(".pb.h") || name.hasSuffix(".pbzero.h") || name.hasSuffix("buildflags.h")
            || include.hasPrefix("grit/") || include.contains("/grit/") || include.hasPrefix("jni/") || include.contains("/jni/")
            || name.hasSuffix("_jni.h")
    }
}
