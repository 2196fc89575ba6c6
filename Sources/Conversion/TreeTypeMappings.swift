import Foundation
import MojifyCore

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
    /// The tree's `.mojom` files, relative to their root: once a tree has any, imports name one of them.
    public var mojomFiles: Set<String> = []
    /// `.mojom` file -> how many of the tree's `.mojom` files import it: how general a home the file is.
    public var importers: [String: Int] = [:]
    /// The same, counting only importers outside the file's component (its first two folders): a product's own
    /// types (`components/arc/`) are imported by that product alone.
    public var outsideImporters: [String: Int] = [:]
    /// C++ type -> every mapping the tree's typemaps give it, the one taken first, for the types with several.
    public var alternatives: [String: [ConversionRules.TypeRule]] = [:]

    public init() {}

    /// The files mappings are learned from: typemaps, `BUILD.gn` files and `.mojom` files.
    public static let sourceNames: Set<String> = ["BUILD.gn"]
    public static let sourceSuffixes: Set<String> = [".typemap", ".mojom"]

    /// Reads the typemaps, BUILD.gn files with `cpp_typemaps` and `.mojom` files among `files` (paths relative to
    /// `root`, as the scan's walk listed them), except under `skipping` (absolute folders, e.g. the output folder
    /// of an earlier run). Unreadable files are passed over: a tree is still converted without what they would
    /// have taught.
    public static func learn(root: String, files: [String], skipping: [String] = []) -> TreeTypeMappings {
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let skipped = skipping.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let wanted = files.filter { relative in
            // The walk may have listed other files for another reader: most go before the path is taken apart.
            guard relative.hasSuffix("BUILD.gn") || sourceSuffixes.contains(where: relative.hasSuffix) else { return false }
            let components = relative.split(separator: "/")
            guard let name = components.last, name == "BUILD.gn" || sourceSuffixes.contains(where: name.hasSuffix) else { return false }
            // Hidden folders and files, and a checkout's top-level out/ (build output, with copies of generated
            // mojom), teach nothing the sources do not.
            if components.contains(where: { $0.hasPrefix(".") }) || components.count > 1 && components[0] == "out" { return false }
            let path = base + "/" + relative
            return !skipped.contains(where: { path == $0 || path.hasPrefix($0 + "/") })
        }
        // Read on every core: a whole tree has thousands of BUILD.gn files, most of which declare no mojom target.
        let texts = wanted.concurrentMap { relative -> String? in
            guard let data = FileManager.default.contents(atPath: base + "/" + relative) else { return nil }
            // Most BUILD.gn files declare no mojom target: those are not worth decoding and parsing.
            if relative.split(separator: "/").last == "BUILD.gn" && data.range(of: Data("mojom".utf8)) == nil { return nil }
            return String(data: data, encoding: .utf8)
        }
        var sources = Sources()
        for (relative, text) in zip(wanted, texts) {
            guard let text else { continue }
            if relative.hasSuffix(".typemap") { sources.typemaps.append((relative, text)) }
            if relative.hasSuffix(".mojom") { sources.mojoms.append((relative, text)) }
            if relative.split(separator: "/").last == "BUILD.gn" { sources.buildFiles.append((relative, text)) }
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
            let sortedMojoms = mojoms.sorted { $0.path < $1.path }
            // Outlined on every core: a whole tree has thousands of .mojom files.
            let outlines = sortedMojoms.concurrentMap { GNText.outline(mojom: $0.text) }
            for ((path, _), outline) in zip(sortedMojoms, outlines) {
                result.mojomFiles.insert(path)
                for type in outline.declaredTypes { result.declarations[type, default: []].append(path) }
                for imported in Set(outline.imports) where imported != path {
                    result.importers[imported, default: 0] += 1
                    if component(of: imported) != component(of: path) { result.outsideImporters[imported, default: 0] += 1 }
                }
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
            var candidates: [String: [ConversionRules.TypeRule]] = [:]
            func add(mojom: String, cpp: String, declaredIn: String?, source: String, attributes: String) {
                let cppName = CppType(parsing: cpp.split(separator: "[").first.map(String.init) ?? cpp).description
                // mojom spells these itself: `mojo_base.mojom.BigString=std::string` is for the rare huge string,
                // not for every string a message carries.
                guard !TreeTypeMappings.nativeTypes.contains(cppName) else { return }
                // Blink's variant of the bindings (`mojo_base.mojom.String16=::WTF::String`, 2016's
                // `url.mojom.Url=::blink::KURL` in third_party/WebKit/Source/), which only Blink's own code sees:
                // what a message's senders and handlers get is the default variant's type.
                guard !TreeTypeMappings.blinkVariantFolders.contains(where: source.hasPrefix), !cppName.hasPrefix("WTF::") else { return }
                // What the bindings spell: the first mapping of a mojom type, as the bindings generator takes it.
                if result.cppTypes[mojom] == nil, ConversionRules.isWritable(cppType: cppName) {
                    result.cppTypes[mojom] = ConversionRules.CppTypeRule(
                        cpp: cppName, moveOnly: GNText.isSet("move_only", in: attributes), byValue: GNText.isSet("copyable_pass_by_value", in: attributes),
                        nullableIsSameType: GNText.isSet("nullable_is_same_type", in: attributes)
                    )
                }
                guard ConversionRules.isWritable(mojomType: mojom) else { return }
                // The file that declares the type, when the tree has it, is the one to import. A tree with `.mojom`
                // files that declares the type in none of them keeps a stale typemap entry, which would not build.
                let declaring = result.declaringFiles(of: mojom)
                if declaring.isEmpty && !mojoms.isEmpty { return }
                let declared = declaring.count == 1 ? declaring[0] : declaredIn.flatMap { declaring.isEmpty || declaring.contains($0) ? $0 : nil } ?? declaring.first
                guard let file = declared, ConversionRules.isWritable(mojomPath: file), ConversionRules.isWritable(gnLabel: label(of: file)) else { return }
                let rule = ConversionRules.TypeRule(mojom: mojom, importPath: file, dependency: label(of: file), source: source)
                if !(candidates[cppName]?.contains { $0.mojom == mojom && $0.importPath == file } ?? false) { candidates[cppName, default: []].append(rule) }
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
            // One mapping per C++ type: products map common types to their own mojom types (ChromeOS's
            // `arc.mojom.ScreenRect=gfx::Rect`), which must not win over the general one because of the path order.
            for (cppName, rules) in candidates {
                let ranked = rules.sorted { result.ranks($0, before: $1, for: cppName) }
                // A product's own mapping (ARC's `arc.mojom.PrinterCapabilities` for
                // `printing::PrinterSemanticCapsAndDefaults`) is not the type's, even when it is the only one: no
                // other component imports it, it is not in the type's namespace, and its name is another.
                guard result.isGeneral(ranked[0], for: cppName) else { continue }
                result.types[cppName] = ranked[0]
                if ranked.count > 1 { result.alternatives[cppName] = ranked }
            }
            return result
        }

        func folder(of path: String) -> String {
            (path as NSString).deletingLastPathComponent
        }

        func component(of path: String) -> String {
            path.split(separator: "/").prefix(2).joined(separator: "/")
        }
    }

    /// Whether `first` is the better mapping of `cppName`: one in a file other components import (a general home)
    /// before a product's own, then the one named like the C++ type (`gfx.mojom.Rect` for `gfx::Rect`,
    /// `skia.mojom.Bitmap` for `SkBitmap`), then the one in the C++ type's home module (`media.mojom` for
    /// `media::`), then the one whose file more of the tree's `.mojom` files import; then by path, for a
    /// deterministic pick.
    func ranks(_ first: ConversionRules.TypeRule, before second: ConversionRules.TypeRule, for cppName: String) -> Bool {
        func key(_ rule: ConversionRules.TypeRule) -> [Int] {
            let outside = rule.importPath.map { outsideImporters[$0] ?? 0 } ?? 0
            return [outside > 0 ? 1 : 0, Self.nameLikeness(mojom: rule.mojom, cpp: cppName), Self.isHome(mojom: rule.mojom, cpp: cppName) ? 1 : 0,
                    outside, rule.importPath.map { importers[$0] ?? 0 } ?? 0]
        }
        let (a, b) = (key(first), key(second))
        if a != b { return a.lexicographicallyPrecedes(b, by: >) }
        return (first.source ?? "", first.mojom) < (second.source ?? "", second.mojom)
    }

    /// Where Blink keeps the typemaps of its own variant of the bindings, before and after the 2018 move.
    static let blinkVariantFolders = ["third_party/blink/renderer/", "third_party/WebKit/Source/"]

    /// The C++ types mojom has types of its own for, which no typemap replaces.
    static let nativeTypes: Set<String> = [
        "std::string", "bool", "float", "double", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t",
    ]

    /// Whether a mapping shows it is the C++ type's, not one product's: its file is imported from another component,
    /// or its module is the type's namespace, or it is named like the type.
    func isGeneral(_ rule: ConversionRules.TypeRule, for cppName: String) -> Bool {
        (rule.importPath.map { outsideImporters[$0] ?? 0 } ?? 0) > 0 || Self.isHome(mojom: rule.mojom, cpp: cppName)
            || Self.nameLikeness(mojom: rule.mojom, cpp: cppName) > 0
    }

    /// 2 when the mojom type's name is the C++ type's, 1 when the C++ name ends with it (`SkBitmap`, `Bitmap`).
    static func nameLikeness(mojom: String, cpp: String) -> Int {
        let mojomName = mojom.split(separator: ".").last.map(String.init) ?? mojom
        let cppName = (cpp.split(separator: "<").first ?? "").split(separator: ":").last.map(String.init) ?? cpp
        // `base::string16` is `String16`: C++ and mojom capitalise differently.
        if mojomName.lowercased() == cppName.lowercased() { return 2 }
        return cppName.lowercased().hasSuffix(mojomName.lowercased()) ? 1 : 0
    }

    /// Whether the mojom module names the C++ type's outermost namespace (`gfx.mojom` for `gfx::Rect`).
    static func isHome(mojom: String, cpp: String) -> Bool {
        let namespaces = cpp.split(separator: "<").first.map { $0.components(separatedBy: "::").dropLast().filter { !$0.isEmpty } } ?? []
        guard let outermost = namespaces.first else { return false }
        return mojom.split(separator: ".").dropLast().contains { $0 == outermost }
    }

    /// The mappings of several roots (the scanned tree, then each `--upstream-root`) as one: the first root that
    /// maps a C++ type wins, and what declares or imports mojom types is the union.
    public static func combined(_ list: [TreeTypeMappings]) -> TreeTypeMappings {
        var result = TreeTypeMappings()
        for mappings in list {
            result.types.merge(mappings.types) { first, _ in first }
            for (type, paths) in mappings.declarations {
                result.declarations[type, default: []] += paths.filter { !(result.declarations[type]?.contains($0) ?? false) }
            }
            result.labels.merge(mappings.labels) { first, _ in first }
            result.cppTypes.merge(mappings.cppTypes) { first, _ in first }
            result.mojomFiles.formUnion(mappings.mojomFiles)
            result.importers.merge(mappings.importers, uniquingKeysWith: +)
            result.outsideImporters.merge(mappings.outsideImporters, uniquingKeysWith: +)
            result.alternatives.merge(mappings.alternatives) { first, _ in first }
        }
        return result
    }

    /// The files declaring `mojom` (without `?`), or the type it is nested in (`media.mojom.VideoEncodeAccelerator`
    /// for `media.mojom.VideoEncodeAccelerator.Error`).
    func declaringFiles(of mojom: String) -> [String] {
        var name = mojom.hasSuffix("?") ? String(mojom.dropLast()) : mojom
        while true {
            if let files = declarations[name] { return files }
            guard let dot = name.lastIndex(of: "."), !name[..<dot].hasSuffix(".mojom"), name[..<dot].contains(".") else { return [] }
            name = String(name[..<dot])
        }
    }

    /// The file declaring `mojom` (without `?`) that most of the tree's files import, if the tree declares it.
    func declaringFile(of mojom: String) -> String? {
        declaringFiles(of: mojom).filter { ConversionRules.isWritable(mojomPath: $0) && labels[$0].map(ConversionRules.isWritable(gnLabel:)) == true }
            .min { (-(importers[$0] ?? 0), $0) < (-(importers[$1] ?? 0), $1) }
    }

    /// `rules` with the tree's mappings in front of the built-in table. A tree that holds `.mojom` files is of its
    /// own era, and every import names one of its files: a built-in mapping whose mojom type the tree declares
    /// elsewhere (an earlier era's path, `ui/gfx/geometry/mojo/`) points at the tree's file; one whose type the
    /// tree declares nowhere takes the tree's mapping of a C++ type the table gives the same mojom type
    /// (`base::NullableString16` the tree's `base::string16` one, nullable), else it is left unmapped with the
    /// reason. The table alone decides for trees without `.mojom` files, and for trees that build against a
    /// Chromium they do not hold (see `importsAnOutsideChromium`): what such a tree lacks, its Chromium may have.
    public func applied(to rules: ConversionRules) -> ConversionRules {
        var result = rules
        let selfContained = !mojomFiles.isEmpty && !importsAnOutsideChromium
        let learned = selfContained ? types.filter { $0.value.importPath.map(mojomFiles.contains) ?? true } : types
        for (cppType, rule) in rules.types.sorted(by: { $0.key < $1.key }) {
            guard let importPath = rule.importPath, learned[cppType] == nil else { continue }
            let nullable = rule.mojom.hasSuffix("?")
            let bare = nullable ? String(rule.mojom.dropLast()) : rule.mojom
            if let declared = declaringFile(of: bare) {
                guard declared != importPath else { continue }
                var moved = rule
                moved.importPath = declared
                moved.dependency = labels[declared]
                moved.source = declared
                result.types[cppType] = moved
                continue
            }
            guard selfContained, !mojomFiles.contains(importPath) else { continue }
            let sameType = rules.types.filter { $0.value.mojom == bare || $0.value.mojom == bare + "?" }.keys.sorted()
            if let equivalent = sameType.lazy.compactMap({ learned[$0] }).first {
                var taken = equivalent
                taken.mojom = equivalent.mojom + (nullable && !equivalent.mojom.hasSuffix("?") ? "?" : "")
                taken.note = rule.note
                result.types[cppType] = taken
                continue
            }
            result.types[cppType] = nil
            result.unavailable[cppType] = "the tree declares no \(bare) (today's \(importPath)) and maps \(cppType) nowhere"
        }
        for (cppType, rule) in types where learned[cppType] == nil {
            result.unavailable[cppType] = "the tree maps it to \(rule.mojom) in \(rule.importPath ?? ""), which the tree does not hold (\(rule.source ?? ""))"
        }
        result.types.merge(learned) { _, learned in learned }
        result.cppTypes.merge(cppTypes.mapValues { [$0] }) { _, learned in learned }
        result.treeMojomFiles = mojomFiles
        result.treeDeclarations = declarations.compactMapValues { $0.min() }
        return result
    }

    /// Whether the tree's `.mojom` files import a file under a top folder that holds none of the tree's `.mojom`
    /// files (Electron's `import "mojo/public/mojom/base/values.mojom"` without a `mojo/` folder): the tree is an
    /// embedder building against a Chromium checkout elsewhere. A whole checkout missing one imported file still
    /// holds that file's top folder; an import without a folder (`import "device.mojom";`, 2016's imports relative
    /// to the importing file) says nothing.
    var importsAnOutsideChromium: Bool {
        let topFolders = Set(mojomFiles.compactMap { $0.split(separator: "/", maxSplits: 1).first })
        return importers.keys.contains { imported in
            let parts = imported.split(separator: "/", maxSplits: 1)
            return parts.count == 2 && !mojomFiles.contains(imported) && !topFolders.contains(parts[0])
        }
    }

    /// Every C++ type with several mappings in the tree, the one taken first, for the summary of a run.
    public var choices: [String] {
        alternatives.keys.sorted().map { cppType in
            let rules = alternatives[cppType]!
            func described(_ rule: ConversionRules.TypeRule) -> String {
                let path = rule.importPath ?? ""
                return "\(rule.mojom) (\(rule.source ?? path), \(path) imported by \(importers[path] ?? 0), \(outsideImporters[path] ?? 0) outside its component)"
            }
            return "\(cppType): \(described(rules[0])); not \(rules.dropFirst().map(described).joined(separator: ", "))"
        }
    }
}

/// Just enough of GN's and mojom's syntax to read typemaps, `mojom()` targets and type declarations.
enum GNText {
    /// The patterns every tree's files are read with, compiled once: compiling one costs more than matching it
    /// against a typical file.
    private static let compiled: [String: NSRegularExpression] = Dictionary(uniqueKeysWithValues: (
        [assignmentPattern("mojom"), listPattern("type_mappings"), listPattern("sources"), quotedItem, cppTypemapPattern,
         mojomTargetPattern]
    ).compactMap { pattern in (try? NSRegularExpression(pattern: pattern)).map { (pattern, $0) } })

    private static func assignmentPattern(_ key: String) -> String { #"(?m)^\s*"# + key + #"\s*=\s*"([^"\n]*)""# }
    private static func listPattern(_ key: String) -> String { #"(?s)\b"# + key + #"\s*[+]?=\s*\[((?:"[^"\n]*"|[^"\]])*)\]"# }
    private static let quotedItem = #""([^"\n]*)""#
    private static let cppTypemapPattern = #"(?s)\bmojom\s*=\s*"([A-Za-z_][\w.]*)"\s*cpp\s*=\s*"([^"\n]*)"([^}]*)"#
    private static let mojomTargetPattern = #"\bmojom\("([\w-]+)"\)\s*\{"#

    /// Quoted values assigned to `key` (`mojom = "//a/b.mojom"`).
    static func assignments(_ text: String, key: String) -> [String] {
        matches(assignmentPattern(key), in: uncommented(text)).map { $0[0] }
    }

    /// The quoted items of the list assigned to `key` (`type_mappings = [ "a", "b" ]`). A `]` inside an item
    /// (`"mojo.common.mojom.Time=base::Time[copyable_pass_by_value]"`) does not end the list.
    static func list(_ text: String, key: String) -> [String] {
        matches(listPattern(key), in: uncommented(text)).flatMap { body in
            matches(quotedItem, in: body[0]).map { $0[0] }
        }
    }

    /// Whether a typemap attribute is given: `[move_only, ...]` in a `.typemap`, `move_only = true` in `cpp_typemaps`.
    static func isSet(_ attribute: String, in text: String) -> Bool {
        !matches(#"\b"# + attribute + #"\b(?!\s*=\s*false)"#, in: text, ranges: true).isEmpty
    }

    /// `{ mojom = "gfx.mojom.Range" cpp = "::gfx::Range" move_only = true }` entries of `cpp_typemaps`, with the
    /// text after the C++ type up to the entry's end (`move_only = true`, `copyable_pass_by_value = true`).
    static func cppTypemapPairs(_ text: String) -> [(mojom: String, cpp: String, attributes: String)] {
        matches(cppTypemapPattern, in: uncommented(text)).map { ($0[0], $0[1], $0[2]) }
    }

    struct MojomTarget {
        var folder: String
        var name: String
        var sources: [String]
    }

    /// The `mojom("name") { sources = [...] }` targets of a BUILD.gn file.
    static func mojomTargets(_ text: String, folder: String) -> [MojomTarget] {
        let clean = uncommented(text)
        let starts = matches(mojomTargetPattern, in: clean, ranges: true)
        return starts.enumerated().map { index, start in
            let end = index + 1 < starts.count ? starts[index + 1].range.lowerBound : clean.endIndex
            let body = String(clean[start.range.upperBound ..< end])
            let sources = list(body, key: "sources").map { ($0 as NSString).lastPathComponent }
            return MojomTarget(folder: folder, name: start.groups[0], sources: sources)
        }
    }

    /// What other files learn from a `.mojom` file: `gfx.mojom.Rect` for each top-level `struct Rect`, `enum`,
    /// `union` or `interface` (an attribute list may come first on its line), and the files it imports
    /// (`import "ui/gfx/geometry/mojo/geometry.mojom";`).
    struct MojomOutline: Sendable {
        var declaredTypes: [String] = []
        var imports: [String] = []
    }

    /// Read line by line from the bytes: the tree's thousands of .mojom files, through Foundation's regular
    /// expressions, were a fifth of each command that learns the tree's types.
    static func outline(mojom text: String) -> MojomOutline {
        let clean = uncommentedBytes(text)
        var outline = MojomOutline()
        var module: String?
        var names: [String] = []
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B }
        func isWord(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
        for line in clean.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var at = line.startIndex
            func skipSpaces() { while at < line.endIndex && isSpace(line[at]) { at += 1 } }
            func word() -> Substring {
                let start = at
                while at < line.endIndex && (isWord(line[at]) || line[at] == UInt8(ascii: ".")) { at += 1 }
                return Substring(String(decoding: line[start..<at], as: UTF8.self))
            }
            func keyword(_ text: String) -> Bool {
                let bytes = Array(text.utf8)
                guard line.distance(from: at, to: line.endIndex) > bytes.count, line[at..<(at + bytes.count)].elementsEqual(bytes),
                      isSpace(line[at + bytes.count]) || line[at + bytes.count] == UInt8(ascii: "\"") else { return false }
                at += bytes.count
                return true
            }
            let top = at
            skipSpaces()
            if keyword("import") {
                skipSpaces()
                guard at < line.endIndex, line[at] == UInt8(ascii: "\"") else { continue }
                let start = at + 1
                guard let end = line[start...].firstIndex(of: UInt8(ascii: "\"")), end > start else { continue }
                at = end + 1
                skipSpaces()
                if at < line.endIndex, line[at] == UInt8(ascii: ";") { outline.imports.append(String(decoding: line[start..<end], as: UTF8.self)) }
                continue
            }
            if module == nil, keyword("module") {
                skipSpaces()
                let name = word()
                skipSpaces()
                if !name.isEmpty, at < line.endIndex, line[at] == UInt8(ascii: ";") { module = String(name) }
                continue
            }
            // Declarations count at the line's start only: nested ones are indented.
            at = top
            if at < line.endIndex, line[at] == UInt8(ascii: "[") {
                guard let close = line[at...].firstIndex(of: UInt8(ascii: "]")) else { continue }
                at = close + 1
                skipSpaces()
            }
            if keyword("struct") || keyword("enum") || keyword("union") || keyword("interface") {
                skipSpaces()
                let start = at
                while at < line.endIndex && isWord(line[at]) { at += 1 }
                if at > start { names.append(String(decoding: line[start..<at], as: UTF8.self)) }
            }
        }
        if let module { outline.declaredTypes = names.map { module + "." + $0 } }
        return outline
    }

    /// The text without `#` (GN) and `//` (mojom) comments; a quoted `#` or `//` stays.
    static func uncommented(_ text: String) -> String {
        String(decoding: uncommentedBytes(text), as: UTF8.self)
    }

    /// `uncommented`, as bytes. By bytes: comments and quotes are ASCII, and a tree's typemaps, BUILD.gn and .mojom
    /// files are megabytes.
    static func uncommentedBytes(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes in
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            var inString = false
            var inComment = false
            var previous = UInt8(ascii: " ")
            for byte in bytes {
                if byte == UInt8(ascii: "\n") {
                    inString = false
                    inComment = false
                    previous = UInt8(ascii: " ")
                    kept.append(byte)
                    continue
                }
                if inComment { continue }
                if byte == UInt8(ascii: "\"") && previous != UInt8(ascii: "\\") { inString.toggle() }
                if !inString && byte == UInt8(ascii: "#") {
                    inComment = true
                    continue
                }
                if !inString && byte == UInt8(ascii: "/") && previous == UInt8(ascii: "/") {
                    kept.removeLast()
                    inComment = true
                    continue
                }
                previous = byte
                kept.append(byte)
            }
            return kept
        }
    }

    private static func matches(_ pattern: String, in text: String) -> [[String]] {
        matches(pattern, in: text, ranges: true).map(\.groups)
    }

    private static func matches(_ pattern: String, in text: String, ranges: Bool) -> [(range: Range<String.Index>, groups: [String])] {
        guard let expression = compiled[pattern] ?? (try? NSRegularExpression(pattern: pattern)) else { return [] }
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let whole = Range(match.range, in: text) else { return nil }
            let groups = (1 ..< match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
            return (whole, groups)
        }
    }
}
