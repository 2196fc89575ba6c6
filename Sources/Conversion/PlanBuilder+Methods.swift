import Foundation
import MojifyCore

/// One method of an interface: its parameters and reply mapped to mojom types, and its conditions as attributes.
extension PlanBuilder {
    mutating func method(for route: Route, pair: Pair?, inFile path: String) -> MojomMethod {
        let message = route.message
        var comments = (message.comment.map { [$0] } ?? []) + ["From \(message.name) (\(message.patch.map { "\($0.targetFile):\($0.targetLine), added by \(message.location.file)" } ?? message.location.description))."]
        if let note = route.processNote { comments.append(note) }
        var attributes: [String] = []
        if message.isSync { attributes.append("Sync") }
        let (conditionAttributes, conditionComment) = conditionAttributes(message.conditions, inFile: path)
        attributes += conditionAttributes
        if let conditionComment { comments.append(conditionComment) }

        var notes: [String] = []
        let parameters = self.parameters(message.inputs, user: message.name, location: message.location, inFile: path, notes: &notes)
        var response: [MojomParameter]?
        if message.isSync {
            response = self.parameters(message.outputs, user: message.name, location: message.location, inFile: path, notes: &notes)
        } else if let pair {
            let success = self.parameters(pair.success.message.inputs, user: pair.success.message.name, location: pair.success.message.location, inFile: path, notes: &notes)
            if let error = pair.error {
                let failure = self.parameters(error.message.inputs, user: error.message.name, location: error.message.location, inFile: path, notes: &notes)
                let common = success.filter { failure.contains($0) }
                let nullable: (MojomParameter) -> MojomParameter = { parameter in
                    parameter.type.hasSuffix("?") ? parameter : MojomParameter(type: parameter.type + "?", name: parameter.name)
                }
                let combined = [MojomParameter(type: "bool", name: "success")] + common
                    + success.filter { !common.contains($0) }.map(nullable) + failure.filter { !common.contains($0) }.map(nullable)
                let names = Naming.uniqued(combined.map(\.name))
                response = zip(combined, names).map { MojomParameter(type: $0.type, name: $1) }
                comments.append("Folded: \(pair.success.message.name) (success) and \(error.message.name) (failure) become the reply; success says which was sent, and only that message's fields are set. Check that one of them is always sent, otherwise keep separate methods.")
            } else {
                response = success
                comments.append("Folded: the reply replaces \(pair.success.message.name)\(pair.documented ? ", which the header's comments give as the reply" : ""); only the handler of \(message.name) sends it, on every path.\(pair.turned ? " The names suggest the other direction; the handlers and senders show which is the request." : "")")
            }
            if let first = message.inputs.first?.name, pair.success.message.inputs.first?.name == first {
                comments.append("'\(naming.snakeCase(first))' matched request and reply; the reply callback may make it unnecessary.")
            }
        }
        comments += notes
        if let clash = methodNameClash(route) { comments.append(clash) }
        return MojomMethod(
            name: methodName(route), messages: [message.name] + (pair.map { [$0.success.message.name] + ($0.error.map { [$0.message.name] } ?? []) } ?? []),
            definitions: [message.location] + (pair.map { [$0.success.message.location] + ($0.error.map { [$0.message.location] } ?? []) } ?? []),
            attributes: attributes, parameters: parameters, response: response, comments: comments
        )
    }

    mutating func parameters(_ inputs: [Parameter], user: String, location: SourceLocation, inFile path: String, notes: inout [String]) -> [MojomParameter] {
        let mapped = inputs.map { use(mapper.map(written: $0.type, resolved: $0.resolvedType, inFile: path), user: user, location: location, inFile: path, notes: &notes) }
        let names = Naming.uniqued(zip(inputs, mapped).map { input, type in
            input.name.map { naming.snakeCase($0) } ?? derivedName(type)
        })
        return zip(mapped, names).map { MojomParameter(type: $0, name: $1) }
    }

    /// A parameter name from its mojom type when the legacy code gave none: `url.mojom.Url` -> `url`.
    func derivedName(_ mojomType: String) -> String {
        let words = mojomType.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).filter { $0 != "array" && $0 != "map" && $0 != "mojom" }
        return naming.snakeCase(String(words.last ?? "value"))
    }

    /// Records what a mapped type needs in `path`, and returns its mojom spelling.
    mutating func use(_ type: MappedType, user: String, location: SourceLocation, inFile path: String, notes: inout [String]) -> String {
        files[path]!.imports += type.imports.filter { $0 != path }
        files[path]!.dependencies += type.dependencies.filter { $0 != files[path]!.label }
        files[path]!.mappingSources += type.sources
        for placeholder in type.placeholders {
            if !files[path]!.placeholders.contains(placeholder) { files[path]!.placeholders.append(placeholder) }
            let use = UnmappedType.Use(user: user, location: location)
            if !(unmapped[placeholder.cppType]?.contains(use) ?? false) { unmapped[placeholder.cppType, default: []].append(use) }
        }
        for note in type.notes where !notes.contains(note) { notes.append(note) }
        return type.mojom
    }

    /// `[EnableIf=is_android]` for conditions the rules know; a comment for the others. Mojom takes one feature
    /// name per definition (conditional_features.py allows one EnableIf or EnableIfNot, and parsers before the
    /// `a&b` / `a|b` lists read one name), so nested conditions become one combined feature whose GN definition
    /// the comment gives.
    mutating func conditionAttributes(_ conditions: Conditions, inFile path: String) -> ([String], String?) {
        guard !conditions.stack.isEmpty else { return ([], nil) }
        var terms: [(feature: String, negated: Bool)] = []
        for entry in conditions.stack {
            var condition = entry.trimmingCharacters(in: .whitespaces)
            var negated = false
            if condition.hasPrefix("!("), condition.hasSuffix(")") {
                negated = true
                condition = String(condition.dropFirst(2).dropLast())
            }
            let feature: String?
            if let known = rules.conditions[condition] {
                feature = known
            } else if condition.hasPrefix("BUILDFLAG("), condition.hasSuffix(")") {
                let flag = condition.dropFirst("BUILDFLAG(".count).dropLast()
                feature = Naming.isIdentifier(String(flag)) ? flag.lowercased() : nil
            } else {
                feature = nil
            }
            guard let feature else {
                return ([], "TODO(mojify): only under #if \(conditions.stack.joined(separator: " && ")) in the legacy header; mojom has no feature for it.")
            }
            if !terms.contains(where: { $0 == (feature, negated) }) { terms.append((feature, negated)) }
        }
        if terms.count == 1 {
            let term = terms[0]
            if !files[path]!.features.contains(term.feature) { files[path]!.features.append(term.feature) }
            return (["\(term.negated ? "EnableIfNot" : "EnableIf")=\(term.feature)"], nil)
        }
        let combined = terms.map { ($0.negated ? "not_" : "") + $0.feature }.joined(separator: "_and_")
        let gnCondition = terms.map { ($0.negated ? "!" : "") + $0.feature }.joined(separator: " && ")
        if !files[path]!.features.contains(combined) { files[path]!.features.append(combined) }
        return (
            ["EnableIf=\(combined)"],
            "TODO(mojify): under #if \(conditions.stack.joined(separator: " && ")) in the legacy header. [EnableIf] takes one feature, so \(combined) stands for all of them: define it in the mojom target, with the GN conditions of these features: if (\(gnCondition)) { enabled_features += [ \"\(combined)\" ] }"
        )
    }
}
