import MojifyConversion
import MojifyCore
import MojifyEmitters
import MojifyScanner

/// A forwarding implementation calls the legacy handlers, which are almost always private: each handler class
/// gets `friend class FooImpl;` at the top of its body, and the implementation is drafted in the class's own
/// namespace, where that unqualified friend declaration names it and the class needs no qualifier.
extension CppRewriter {
    mutating func befriendImplementations() {
        for interface in migration.interfaces {
            let key = interface.module + "." + interface.name
            let classes = interface.handlerClasses
            guard !classes.isEmpty, !convertedInPlace.contains(key), interface.methods.contains(where: { $0.messages.contains { targets[$0] != nil } }) else { continue }
            let location = SourceLocation(file: classes[0].header, line: 1, column: 1)
            var places: [(file: String, offset: Int, indent: String)] = []
            var namespaces: Set<String> = []
            for handler in classes {
                switch friendPlace(for: handler) {
                case .success(let place):
                    places.append((handler.header, place.offset, place.indent))
                    namespaces.insert(place.namespace)
                case .failure(let problem):
                    record(.friend, key, location, reason: problem.reason + "; let \(interface.name)Impl call its handlers by hand (a friend declaration)")
                }
            }
            guard places.count == classes.count else { continue }
            guard namespaces.count == 1, let namespace = namespaces.first, !namespace.isEmpty else {
                record(.friend, key, location, reason: "the handler classes of \(interface.name) are in \(namespaces.count == 1 ? "the global namespace" : "different namespaces"); let \(interface.name)Impl call their handlers by hand (a friend declaration)")
                continue
            }
            let lines = places.map { (file: $0.file, edit: UnifiedDiff.Edit(range: $0.offset..<$0.offset, replacement: "\($0.indent)friend class \(interface.name)Impl;\n")) }
            if addAll(lines.map { ($0.file, $0.edit) }) {
                implementationNamespaces[key] = namespace
                record(.friend, key, location, reason: nil)
            } else {
                record(.friend, key, location, reason: "another rewrite changes the top of a handler class; let \(interface.name)Impl call its handlers by hand (a friend declaration)")
            }
        }
    }

    /// The start of the line after the class's `{`, its members' indentation, and the class's namespace.
    private func friendPlace(for handler: CppMigration.Handler) -> Result<(offset: Int, indent: String, namespace: String), Problem> {
        guard SafeName.isSafePath(handler.header), let source = sources[handler.header] else {
            return .failure(Problem("\(handler.header), where \(handler.className) should be declared, was not found or is not UTF-8 text"))
        }
        let declaration: CppClassDeclaration
        switch CppClassDeclaration.only(named: handler.className, in: source, file: handler.header) {
        case .success(let found): declaration = found
        case .failure(let problem): return .failure(problem)
        }
        let open = declaration.tokens[declaration.open].range.upperBound
        guard source.restOfLineIsBlank(after: open), declaration.open + 1 < declaration.close else {
            return .failure(Problem("the body of class \(handler.className) starts on the line of its brace"))
        }
        let lineEnd = source.lineEnd(of: open)
        let first = declaration.tokens[declaration.open + 1].range.lowerBound
        let firstLine = source.lineStarts[source.line(of: first) - 1]
        let indent = source.text(firstLine..<first).allSatisfy { $0 == " " || $0 == "\t" } ? source.text(firstLine..<first) : "  "
        let namespace = declaration.tokens.namespaces(enclosing: declaration.keyword).joined(separator: "::")
        return .success((min(lineEnd + 1, source.bytes.count), indent.isEmpty ? "  " : indent, namespace))
    }
}
