import MojifyCore

/// A `// mojify:ignore[rule-id, other-id] reason` comment. It silences findings of the named rules on its own line
/// and on the line below it, but only with a reason: one without a reason is reported and silences nothing.
public struct Suppression: Hashable, Sendable {
    public static let marker = "mojify:ignore"

    public var location: SourceLocation
    /// Empty when the comment has no `[...]` list.
    public var ruleIDs: [String]
    /// The text after the list, trimmed; empty when none was given.
    public var reason: String

    /// Reads a suppression from one line of source (or of a patch), if it holds one inside one of its `comments`
    /// (byte ranges of the line, from `SourceComments`); the reason ends where that comment ends.
    static func parse(line: Substring, comments: [Range<Int>], file: String, lineNumber: Int) -> Suppression? {
        let bytes = Array(line.utf8), markerBytes = Array(marker.utf8)
        guard let (start, comment) = comments.lazy.compactMap({ comment -> (Int, Range<Int>)? in
            guard comment.count >= markerBytes.count else { return nil }
            let found = (comment.lowerBound...(comment.upperBound - markerBytes.count)).first { bytes[$0...].starts(with: markerBytes) }
            return found.map { ($0, comment) }
        }).first else { return nil }
        let column = String(decoding: bytes[..<start], as: UTF8.self).count + 1
        var rest = Substring(String(decoding: bytes[(start + markerBytes.count)..<comment.upperBound], as: UTF8.self))
        var ids: [String] = []
        if rest.first == "[", let close = rest.firstIndex(of: "]") {
            ids = rest[rest.index(after: rest.startIndex)..<close]
                .split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            rest = rest[rest.index(after: close)...]
        }
        var reason = rest.trimmingCharacters(in: .whitespaces)
        if reason.hasSuffix("*/") { reason = String(reason.dropLast(2)).trimmingCharacters(in: .whitespaces) }
        return Suppression(location: SourceLocation(file: file, line: lineNumber, column: column), ruleIDs: ids, reason: reason)
    }

    /// Whether this comment is placed to cover a finding at `location`.
    func covers(_ location: SourceLocation) -> Bool {
        location.file == self.location.file && (location.line == self.location.line || location.line == self.location.line + 1)
    }
}

/// What a suppression comment did in one run, for the rules that judge suppressions.
public struct SuppressionOutcome: Hashable, Sendable {
    public var suppression: Suppression
    /// How many findings it silenced.
    public var silenced: Int
    /// Ids it names that are no rule at all.
    public var unknownRuleIDs: [String]
    /// Whether every rule it names ran in this check (a rule that did not run cannot show the comment is unused).
    public var judgeable: Bool
}

private struct SourceLineKey: Hashable {
    var file: String
    var line: Int
}

/// Applies suppression comments to findings.
struct SuppressionFilter {
    var suppressions: [Suppression]

    /// Reads the suppression comments of `files`: only real comments, so the file is lexed (where it holds the marker).
    init(files: [String], lines: SourceLines) {
        suppressions = files.flatMap { file -> [Suppression] in
            let all = lines.linesIfMentioning(Suppression.marker, in: file)
            guard !all.isEmpty else { return [] }
            let extensionName = file.split(separator: ".").last?.lowercased()
            let comments = SourceComments(lines: all, patch: extensionName == "patch" || extensionName == "diff")
            return all.indices.compactMap { index in
                comments.ranges[index].isEmpty ? nil
                    : Suppression.parse(line: all[index], comments: comments.ranges[index], file: file, lineNumber: index + 1)
            }
        }
    }

    /// The findings no reasoned suppression covers, and what each suppression did.
    func apply(to findings: [Finding], knownRules: Set<String>, ranRules: Set<String>) -> (kept: [Finding], outcomes: [SuppressionOutcome]) {
        var silenced = Array(repeating: 0, count: suppressions.count)
        // Indexed by the line each comment is on, so each finding looks at the few comments near it, not all.
        let byLine = Dictionary(grouping: suppressions.indices) { SourceLineKey(file: suppressions[$0].location.file, line: suppressions[$0].location.line) }
        let kept = findings.filter { finding in
            let nearby = [finding.location.line, finding.location.line - 1].flatMap { byLine[SourceLineKey(file: finding.location.file, line: $0)] ?? [] }
            let covering = nearby.filter { index in
                let suppression = suppressions[index]
                return !suppression.reason.isEmpty && suppression.ruleIDs.contains(finding.ruleID) && suppression.covers(finding.location)
            }
            for index in covering { silenced[index] += 1 }
            return covering.isEmpty
        }
        let outcomes = suppressions.indices.map { index in
            let suppression = suppressions[index]
            return SuppressionOutcome(
                suppression: suppression, silenced: silenced[index],
                unknownRuleIDs: suppression.ruleIDs.filter { !knownRules.contains($0) },
                judgeable: suppression.ruleIDs.allSatisfy { ranRules.contains($0) || !knownRules.contains($0) }
            )
        }
        return (kept, outcomes)
    }
}
