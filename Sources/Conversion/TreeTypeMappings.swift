import Foundation

/// The type mappings a Chromium checkout declares for itself: `*.typemap` files (`mojom = "//ui/gfx/range/mojo/range.mojom"`,
/// `type_mappings = [ "gfx.mojom.Range=gfx::Range" ]`, 2016-2020), `cpp_typemaps` in BUILD.gn `mojom()` targets
/// (`{ mojom = "gfx.mojom.Range" cpp = "::gfx::Range" }`, later), and the `.mojom` files that say which mojom types
/// exist and where. They give the import paths and GN targets of the tree's own era, which the built-in table
/// (today's paths) cannot know.
public struct TreeTypeMappings: Sendable, Equatable {
    /// C++ type -> rule, with `source` naming the file the mapping came from.
    public var types: [String: ConversionRules.TypeRule] = [:]
    /// Qualified mojom type (`gfx.mojom.Rect`) -> the `.mojom` files declaring it, relative to their root.
    public var declarations: [String: [String]] = [:]
    /// `.mojom` file -> the GN label of the `mojom()` target listing it.
    public var labels: [String: String] = [:]
    /// Qualified mojom type -> the C++ type the tree's typemap gives it and how the bindings pass it, for
    /// `migrate`'s signatures: the tree's own, whatever its era.
    public var cppTypes: [String: ConversionRules.CppTypeRule] = [:]

    public init() {}

    /// The files mappings are learned from: typemaps, `BUILD.gn` files and `.mojom` files.
    public static let sourceNames: Set<String> = ["BUILD.gn"]
    public static let sourceSuffixes: Set<String> = [".typemap", ".mojom"]

    /// Reads the typemaps, BUILD.gn files with `cpp_typemaps` and `.mojom` files among `files` (paths relative to
    /// `root`, as the scan's walk listed them), except under `skipping` (absolute folders, e.g. the output folder
    /// of an earlier run). Unreadable files are passed over: a tree is still converted without what they would
    /// have taught.
    public static func learn(root: String, files: [String], skipping: [String] = []) -> TreeTypeMappings {
        var sources = Sources()
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let skipped = skipping.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        for relative in files {
            let components = relative.split(separator: "/")
            guard let name = components.last else { continue }
            // Hidden folders and files, and a checkout's top-level out/ (build output, with copies of generated
            // mojom), teach nothing the sources do not.
            if components.contains(where: { $0.hasPrefix(".") }) || components.count > 1 && components[0] == "out" { continue }
            let path = base + "/" + relative
            if skipped.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
            let isBuildFile = name == "BUILD.gn"
            // The walk may have listed other files for another reader.
            guard isBuildFile || sourceSuffixes.contains(where: name.hasSuffix) else { continue }
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            // Most BUILD.gn files declare no mojom target: those are not worth decoding and parsing.
            if isBuildFile && data.range(of: Data("mojom".utf8)) == nil { continue }
            guard let text = String(data: data, encoding: .utf8) else { continue }
            if name.hasSuffix(".typemap") { sources.typemaps.append((relative, text)) }
            if name.hasSuffix(".mojom") { sources.mojoms.append((relative, text)) }
            if isBuildFile { sources.buildFiles.append((relative, text)) }
        }
        return sources.mappings()
    }

    /// The texts mappings are learned from, each with its path relative to the root.
    public struct Sources {
        public var typemaps: [(path: String, text: String)] = []
        public var buildFiles: [(path: String, text: String)] = []
        public var mojoms: [(path: String, text: String)] = []

        public init() {}

        public func mappings() -> TreeTypeMappings {
            var result = TreeTypeMappings()
            for (path, text) in mojoms.sorted(by: { $0.path < $1.path }) {
                for type in GNText.declaredTypes(mojom: text) { result.declarations[type, default: []].append(path) }
            }
            let targets = Dictionary(grouping: buildFiles.flatMap { file in GNText.mojomTargets(file.text, folder: folder(of: file.path)) }, by: \.folder)
            // The GN target whose sources list the file; a folder's default target otherwise.
            func label(of mojomPath: String) -> String {
                let folder = folder(of: mojomPath)
                let name = (mojomPath as NSString).lastPathComponent
                let target = targets[folder]?.first { $0.sources.contains(name) }
                return "//" + folder + (target.map { ":" + $0.name } ?? "")
            }
            for paths in result.declarations.values { for path in paths { result.labels[path] = label(of: path) } }
            func add(mojom: String, cpp: String, declaredIn: String?, source: String, attributes: String) {
                let cppName = CppType(parsing: cpp.split(separator: "[").first.map(String.init) ?? cpp).description
                // What the bindings spell: the first mapping of a mojom type, as the bindings generator takes it.
                if result.cppTypes[mojom] == nil, ConversionRules.isWritable(cppType: cppName) {
                    result.cppTypes[mojom] = ConversionRules.CppTypeRule(
                        cpp: cppName, moveOnly: GNText.isSet("move_only", in: attributes), byValue: GNText.isSet("copyable_pass_by_value", in: attributes)
                    )
                }
                guard result.types[cppName] == nil, ConversionRules.isWritable(mojomType: mojom) else { return }
                // The file that declares the type, when the tree has it, is the one to import.
                let declared = result.declarations[mojom]?.count == 1 ? result.declarations[mojom]![0] : declaredIn
                guard let file = declared, ConversionRules.isWritable(mojomPath: file), ConversionRules.isWritable(gnLabel: label(of: file)) else { return }
                result.types[cppName] = ConversionRules.TypeRule(mojom: mojom, importPath: file, dependency: label(of: file), source: source)
            }
            for (path, text) in typemaps.sorted(by: { $0.path < $1.path }) {
                let mojom = GNText.assignments(text, key: "mojom").first.map { $0.hasPrefix("//") ? String($0.dropFirst(2)) : $0 }
                for mapping in GNText.list(text, key: "type_mappings") {
                    let parts = mapping.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { continue }
                    add(mojom: parts[0], cpp: parts[1], declaredIn: mojom, source: path, attributes: String(parts[1].drop { $0 != "[" }))
                }
            }
            for (path, text) in buildFiles.sorted(by: { $0.path < $1.path }) {
                for pair in GNText.cppTypemapPairs(text) {
                    add(mojom: pair.mojom, cpp: pair.cpp, declaredIn: nil, source: path, attributes: pair.attributes)
                }
            }
            return result
        }

        func folder(of path: String) -> String {
            (path as NSString).deletingLastPathComponent
        }
    }

    /// `rules` with the tree's mappings in front of the built-in table, and the built-in mappings whose mojom type
    /// the tree declares elsewhere (an earlier era's path, `ui/gfx/geometry/mojo/`) pointed at the tree's file.
    public func applied(to rules: ConversionRules) -> ConversionRules {
        var result = rules
        for (cppType, rule) in rules.types {
            guard let importPath = rule.importPath, let declared = declarations[rule.mojom], declared.count == 1, declared[0] != importPath,
                  ConversionRules.isWritable(mojomPath: declared[0]) else { continue }
            guard let label = labels[declared[0]], ConversionRules.isWritable(gnLabel: label) else { continue }
            var moved = rule
            moved.importPath = declared[0]
            moved.dependency = label
            moved.source = declared[0]
            result.types[cppType] = moved
        }
        result.types.merge(types) { _, learned in learned }
        result.cppTypes.merge(cppTypes.mapValues { [$0] }) { _, learned in learned }
        return result
    }
}

/// Just enough of GN's and mojom's syntax to read typemaps, `mojom()` targets and type declarations.
enum GNText {
    /// Quoted values assigned to `key` (`mojom = "//a/b.mojom"`).
    static func assignments(_ text: String, key: String) -> [String] {
        matches(#"(?m)^\s*"# + key + #"\s*=\s*"([^"\n]*)""#, in: uncommented(text)).map { $0[0] }
    }

    /// The quoted items of the list assigned to `key` (`type_mappings = [ "a", "b" ]`). A `]` inside an item
    /// (`"mojo.common.mojom.Time=base::Time[copyable_pass_by_value]"`) does not end the list.
    static func list(_ text: String, key: String) -> [String] {
        matches(#"(?s)\b"# + key + #"\s*[+]?=\s*\[((?:"[^"\n]*"|[^"\]])*)\]"#, in: uncommented(text)).flatMap { body in
            matches(#""([^"\n]*)""#, in: body[0]).map { $0[0] }
        }
    }

    /// Whether a typemap attribute is given: `[move_only, ...]` in a `.typemap`, `move_only = true` in `cpp_typemaps`.
    static func isSet(_ attribute: String, in text: String) -> Bool {
        !matches(#"\b"# + attribute + #"\b(?!\s*=\s*false)"#, in: text, ranges: true).isEmpty
    }

    /// `{ mojom = "gfx.mojom.Range" cpp = "::gfx::Range" move_only = true }` entries of `cpp_typemaps`, with the
    /// text after the C++ type up to the entry's end (`move_only = true`, `copyable_pass_by_value = true`).
    static func cppTypemapPairs(_ text: String) -> [(mojom: String, cpp: String, attributes: String)] {
        matches(#"(?s)\bmojom\s*=\s*"([A-Za-z_][\w.]*)"\s*cpp\s*=\s*"([^"\n]*)"([^}]*)"#, in: uncommented(text)).map { ($0[0], $0[1], $0[2]) }
    }

    struct MojomTarget {
        var folder: String
        var name: String
        var sources: [String]
    }

    /// The `mojom("name") { sources = [...] }` targets of a BUILD.gn file.
    static func mojomTargets(_ text: String, folder: String) -> [MojomTarget] {
        let clean = uncommented(text)
        let starts = matches(#"\bmojom\("([\w-]+)"\)\s*\{"#, in: clean, ranges: true)
        return starts.enumerated().map { index, start in
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : clean.endIndex
            let body = String(clean[start.range.upperBound ..< end])
            let sources = list(body, key: "sources").map { ($0 as NSString).lastPathComponent }
            return MojomTarget(folder: folder, name: start.groups[0], sources: sources)
        }
    }

    /// `gfx.mojom.Rect` for each top-level `struct Rect`, `enum`, `union` or `interface` of a `.mojom` file.
    static func declaredTypes(mojom text: String) -> [String] {
        let clean = uncommented(text)
        guard let module = matches(#"(?m)^\s*module\s+([\w.]+)\s*;"#, in: clean).first?[0] else { return [] }
        return matches(#"(?m)^(?:\[[^\]\n]*\]\s*)?(?:struct|enum|union|interface)\s+(\w+)"#, in: clean).map { module + "." + $0[0] }
    }

    /// The text without `#` (GN) and `//` (mojom) comments; a quoted `#` or `//` stays.
    static func uncommented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var inString = false
            var previous: Character = " "
            for index in line.indices {
                let character = line[index]
                if character == "\"" && previous != "\\" { inString.toggle() }
                if !inString && (character == "#" || character == "/" && previous == "/") {
                    return line[..<(character == "#" ? index : line.index(before: index))]
                }
                previous = character
            }
            return line
        }.joined(separator: "\n")
    }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        matches(pattern, in: text, ranges: true).map(\.groups)
    }

    private static func matches(_ pattern: String, in text: String, ranges: Bool) -> [(range: Range<String.Index>, groups: [String])] {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let whole = Range(match.range, in: text) else { return nil }
            let groups = (1 ..< match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
            return (whole, groups)
        }
    }
}
