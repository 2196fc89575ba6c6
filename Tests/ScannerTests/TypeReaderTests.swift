import Foundation
import MojifyCore
@testable import MojifyScanner
import XCTest

/// `TypeReader` against libclang's AST of the same file parsed alone: on constructed cases (each says whether the
/// reader answers or gives up) and, given `MOJIFY_TYPES_ORACLE_TREE`, on every header of a real tree.
final class TypeReaderTests: XCTestCase {
    /// Files the reader reads: it must give what the AST gives.
    static let read: [String] = [
        """
        // Copyright header.
        #ifndef CONTENT_COMMON_FOO_TYPES_H_
        #define CONTENT_COMMON_FOO_TYPES_H_

        #include <string>
        #include "content/common/content_export.h"

        namespace content {

        enum Kind { KIND_NONE, KIND_LINK = 4, KIND_IMAGE, KIND_LAST = KIND_IMAGE };

        enum class Mode : int {
          kOff = -1,
          kOn = 1 << 3,
          kBoth = (kOn | 0x10) + 07 - 0b1 * 2 % 5 / 1,
          kNegated = ~kOn,
          kSeparated = 1'000,
        };

        // The region a frame paints.
        struct CONTENT_EXPORT Region : public Base {
          Region();
          Region(const Region& other);
          ~Region();
          Region& operator=(const Region& other) = default;
          bool operator==(const Region& other) const;

          // Where it starts,
          // in pixels.
          int x = 0;
          /* The height. */ int height;
          std::unique_ptr<Value> value;
          const char* const label = nullptr;
          unsigned flags : 3;
          Kind kind{KIND_NONE};
          static const int kMax = 3;
          using List = std::vector<Region>;
          friend class Helper;
          void Method() { int local = 1; }
         private:
          int hidden_;
        };

        namespace nested::deeper {
        struct Plain {
          enum Inner { A, B };
          Inner inner;
          struct Deep final { int d; };
        };
        }  // namespace nested::deeper

        extern "C" {
        struct Hidden { int c; };
        }

        inline void Free() { struct Hidden { int h; }; }
        template <typename T> struct Wrapper { T value; };
        union Mixed { int i; float f; };
        class Forward;

        }  // namespace content

        #endif  // CONTENT_COMMON_FOO_TYPES_H_
        """,
        """
        #if defined(OS_WIN)
        struct Region { int win; };
        #elif defined(OS_MAC)
        enum Kind { A };
        #else
        struct Plain { int other; };
        #endif
        """,
    ]

    /// Files whose reading could differ from the AST's: the reader must give up.
    static let refused: [String] = [
        "#if 0\nstruct Region { int a; };\n#endif\n",
        "#define FOO 1\n#if FOO\nstruct Region { int a; };\n#endif\n",
        "#define MEMBERS int a;\nstruct Region { MEMBERS };\n",
        "#if defined(__linux__)\nstruct Region { int a; };\n#endif\n",
        "typedef struct { int a; } Region;\n",
        "struct Region { int a, b; };\n",
        "struct Region { std::map<std::string, int> names; };\n",
        "struct Region { std::vector<std::vector<int>> lists; };\n",
        "struct Region { HashMap<Key, Value> map; };\n",
        "struct Region { Foo sizes[4]; };\n",
        "struct Region { int sizes[4]; };\n",
        "enum class Kind : bool { A, B };\n",
        "#if OS(WIN)\nstruct Region { int a; };\n#endif\n",
        "class Other {\n  V8_INLINE explicit Other(int a) : a_(a) {}\n  enum Region { A };\n};\n",
        "struct Region {\n  Region(PassRefPtr<Value> x) : x_(x) {}\n  RefPtr<Value> x_;\n};\n",
        "struct Region {\n  BLINK_EXPORT WebString Name() const;\n  int a;\n};\n",
        "enum Kind {\n#if defined(OS_WIN)\n  A = 1,\n#else\n  A = 2,\n#endif\n};\n",
        "struct Region {\n#if defined(OS_WIN)\n  int a;\n#else\n  long a;\n#endif\n};\n",
        "struct Region {\n  GURL url;\n  url::Origin initiator;\n};\n",
        "struct Region { void (*callback)(int); };\n",
        "struct Region { struct { int x; } inner; };\n",
        "struct Region { mutable int a; };\n",
        "enum Kind { A = 1 << 31 };\n",
        "enum Kind { A = 0x80000000 };\n",
        "enum Kind { A = 1u };\n",
        "enum Kind { A = sizeof(int) };\n",
        "enum Kind { A = Other::kValue };\n",
        "namespace { struct Region { int a; }; }\n",
        "struct Outer::Region { int a; };\n",
        "template <> struct Region<int> { int a; };\n",
        "struct Region { int a;\n",
        "#import \"a.h\"\nstruct Region { int a; };\n",
        "#if defined(OS_WIN)\nstruct Region { int a; };\n#else\nstruct Region { long a; };\n#endif\n",
        "struct Region {\n  int a;\n  DISALLOW_COPY_AND_ASSIGN(Region);\n};\n",
        "struct Region {\n  void Read() OVERRIDE;\n  int a;\n};\n",
    ]

    static let wanted: Set<String> = ["Kind", "Mode", "Region", "Plain", "Inner", "Deep", "Hidden", "Wrapper", "Mixed", "Forward"]

    func testTheReaderGivesTheASTsTypesForWhatItReads() throws {
        for (number, text) in Self.read.enumerated() {
            let bytes = Array(text.utf8)
            let tokens = try XCTUnwrap(RawLexer.tokens(of: bytes))
            let ours = try XCTUnwrap(TypeReader.definitions(in: tokens, named: Self.wanted, exportMacros: FileAnalyser.exportMacros(in: tokens)),
                                     "case \(number): the reader gave up")
            let theirs = try astTypes(bytes, tokens: tokens, wanted: Self.wanted)
            XCTAssertEqual(Self.described(ours), Self.described(theirs), "case \(number)")
            XCTAssertGreaterThan(ours.count, 1, "case \(number)")
        }
    }

    func testTheReaderGivesUpWhereItsReadingCouldDiffer() throws {
        for text in Self.refused {
            let tokens = try XCTUnwrap(RawLexer.tokens(of: Array(text.utf8)))
            XCTAssertNil(TypeReader.definitions(in: tokens, named: Self.wanted, exportMacros: FileAnalyser.exportMacros(in: tokens)), text)
        }
    }

    /// Set `MOJIFY_TYPES_ORACLE_TREE` to a checkout to compare the reader with libclang on each of its headers, for
    /// every name a class, struct or enum keyword is followed by.
    func testARealTreesTypesAreReadAsLibclangReadsThem() throws {
        guard let tree = ProcessInfo.processInfo.environment["MOJIFY_TYPES_ORACLE_TREE"] else {
            throw XCTSkip("set MOJIFY_TYPES_ORACLE_TREE to a checkout to run")
        }
        var walker = FileWalker(excludes: [], followSymlinks: false, honourGitIgnore: true)
        walker.jobs = 2
        let headers = walker.walk(root: tree).files.filter { FileWalker.fileExtension($0.relativePath) == "h" }
        var answered = 0, gaveUp = 0, types = 0, mismatches: [String] = []
        for entry in headers {
            guard let data = FileManager.default.contents(atPath: entry.path), data.count < 4 << 20, !data.contains(0),
                  let tokens = RawLexer.tokens(of: Array(data)) else { continue }
            let names = Set(tokens.indices.dropLast().filter { ["class", "struct", "enum"].contains(tokens[$0].text) && tokens[$0].kind == .keyword }
                .compactMap { index in tokens[(index + 1)...].prefix(4).first { $0.kind == .identifier }?.text })
            guard !names.isEmpty, FileAnalyser.mayDefine(names, in: tokens) else { continue }
            // All the names at once, and each alone (a scan usually wants one type of a header).
            let macros = FileAnalyser.exportMacros(in: tokens)
            let answers = ([names] + names.sorted().map { [$0] }).compactMap { wanted in
                TypeReader.definitions(in: tokens, named: wanted, exportMacros: macros).map { (wanted, $0) }
            }
            guard !answers.isEmpty else {
                gaveUp += 1
                continue
            }
            answered += 1
            let all = try astTypes(Array(data), tokens: tokens, wanted: names, path: entry.path)
            for (wanted, ours) in answers {
                types += ours.count
                let theirs = all.filter { wanted.contains(String($0.name.split(separator: ":").last ?? "")) }
                guard Self.described(ours) != Self.described(theirs) else { continue }
                let (a, b) = (Self.described(ours), Self.described(theirs))
                let first = zip(a, b).first { $0 != $1 }.map { "ours \($0.0) | libclang \($0.1)" } ?? "ours \(a.count) types, libclang \(b.count)"
                mismatches.append("\(entry.relativePath): \(first)")
            }
        }
        print("types oracle: \(headers.count) headers, \(answered) read (\(types) types), \(gaveUp) left to libclang, \(mismatches.count) differ")
        XCTAssertEqual(mismatches.prefix(20), [])
    }

    private func astTypes(_ bytes: [UInt8], tokens: [Token], wanted: Set<String>, path: String = "/mojify-test/types.h") throws -> [FoundType] {
        let arguments = FileAnalyser.parseArguments(path: path, flags: nil, defining: FileAnalyser.exportMacros(in: tokens))
        let file = try XCTUnwrap(ClangSession().parse(path: path, contents: bytes, arguments: arguments, singleFile: true))
        return file.typeDefinitions(tokens: tokens).filter { wanted.contains(String($0.name.split(separator: ":").last ?? "")) }
    }

    /// A type as text, sorted by where it is: the order the scan keeps.
    private static func described(_ types: [FoundType]) -> [String] {
        types.sorted { $0.offset < $1.offset }.map { type in
            "\(type.name) \(type.kind) @\(type.offset) " + type.enumerators.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
                + " " + type.fields.map { "\($0.name): \($0.type) // \($0.comment ?? "-")" }.joined(separator: "; ")
        }
    }
}
