import Foundation
import MojifyConversion
import MojifyCore

/// The struct converters the converted messages use (a sender passing `mojo::ConvertTo<FooPtr>(params)`, an
/// implementation giving its legacy handler `mojo::ConvertTo<Foo_Params>(params)`) join the patch as new files beside the mojom,
/// listed in the build list that names its legacy messages header, whose target then depends on the mojom.
extension CppRewriter {
    mutating func addStructConverters() {
        // What the converted methods convert through: their senders, adapters and skeletons include it (a sync
        // handler's struct outputs too).
        let methods = targets.values.joined().map(\.method)
        let used = Set((methods.flatMap(\.parameters).filter(\.needsConversion) + methods.flatMap(\.convertedForHandler)).compactMap(\.conversionHeader))
        for file in plan.files {
            let converters = migration.converters.converters(in: file)
            let paths = StructConverters.files(of: file)
            guard !converters.isEmpty, used.contains(paths.header) else { continue }
            let location = SourceLocation(file: paths.header, line: 1, column: 1)
            if sources[paths.header] != nil || sources[paths.source] != nil {
                record(.converter, file.path, location, reason: "\(paths.header) or \(paths.source) exists already; the conversions that include it need its TypeConverters by hand")
                continue
            }
            let messagesHeaders = Set(converters.filter(\.isIPCStruct).compactMap(\.definitionFile)).sorted()
            let files = StructConverterFiles(
                mojom: file, converters: converters, mojomInclude: Self.includePath(of: file, writtenLegacy: spelling(of: file.sourceHeader)),
                ownInclude: includeSpelling(of: paths.header, in: nil), messagesIncludes: messagesHeaders.map { spelling(of: $0) ?? $0 },
                definitionIncludes: Set(converters.filter { !$0.isIPCStruct }.compactMap(\.definitionFile)).sorted().map { spelling(of: $0) ?? $0 }
            )
            addedFiles[paths.header] = files.header
            addedFiles[paths.source] = files.source
            record(.converter, file.path, location, reason: nil)
            if let reason = listInBuild([paths.source, paths.header], beside: file.sourceHeader, label: file.label) {
                record(.build, paths.source, SourceLocation(file: paths.source, line: 1, column: 1), reason: reason)
            }
        }
    }

    /// Adds `paths` to the build list naming `sibling`, after it, written as it is written; the reason when it
    /// cannot. The target compiling them depends on `label`.
    private mutating func listInBuild(_ paths: [String], beside sibling: String, label: String) -> String? {
        let byHand = "add \(paths.joined(separator: " and ")) to the target compiling \(sibling), which depends on \(label), by hand"
        let folder = (sibling as NSString).deletingLastPathComponent
        guard paths.allSatisfy({ ($0 as NSString).deletingLastPathComponent == folder }),
              let (gn, index, _) = Self.buildListing(of: sibling, in: gnFiles()) else {
            return "no build list names \(sibling) beside them: " + byHand
        }
        let source = gn.source
        let token = gn.tokens[index]
        let comma = index + 1 < gn.tokens.count && gn.tokens[index + 1].text == "," ? gn.tokens[index + 1].range.upperBound : nil
        guard let comma, source.isFirstOnLine(token.range.lowerBound), source.restOfLineIsBlank(after: comma) else {
            return "\(sibling)'s entry in \(gn.path) shares its line: " + byHand
        }
        // The sibling's literal with its file name replaced: the same folder, written the same way.
        let written = String(token.text.dropFirst().dropLast())
        let siblingName = (sibling as NSString).lastPathComponent
        guard written.hasSuffix(siblingName) else { return byHand }
        let prefix = written.dropLast(siblingName.count)
        let indent = source.indentation(ofLineAt: token.range.lowerBound)
        let end = source.lineEnd(of: comma)
        let lines = paths.map { "\n\(indent)\"\(prefix)\(($0 as NSString).lastPathComponent)\"," }.joined()
        guard add(UnifiedDiff.Edit(range: end..<end, replacement: lines), in: gn.path) else { return "another rewrite changes the same lines of \(gn.path): " + byHand }
        mojomUses[sibling, default: []].insert(label)
        return nil
    }
}
