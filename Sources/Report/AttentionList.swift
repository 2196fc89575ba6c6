import MojifyCore
import MojifyLint

/// What needs a person before the remaining messages can be converted, grouped by kind of problem. Each group
/// leads with its count; a long group is closed and split into sub-groups (by namespace, by rule) with their own
/// counts, so that a fork's hundreds of entries do not bury the rest of the page.
/// Problems of converted and won't-fix messages are left out, except lint errors: lint fails on those whatever
/// the status (`converted-still-present` is about converted messages).
enum AttentionList {
    /// Groups with more entries than this start closed and are split into sub-groups.
    static let openLimit = 12

    static func render(_ model: ReportModel, into html: inout String) {
        let open = model.messages.filter { $0.status != .converted && $0.status != .wontfix }
        html += "<section id=\"attention\" class=\"card\"><h2>Attention</h2>"
        var groups = 0
        let openNames = Set(open.map(\.name))
        let allNames = Set(model.messages.map(\.name))
        // Users that are finished messages are dropped; struct members (`Struct.member`) always stay.
        let problems = model.typeProblems.compactMap { problem -> TypeProblem? in
            var problem = problem
            problem.users = problem.users.filter { openNames.contains($0) || !allNames.contains($0) }
            return problem.users.isEmpty ? nil : problem
        }
        for (kind, title, explanation) in [
            (TypeProblem.Kind.unmapped, "Unmapped types", "No mojom mapping is known for these C++ types: add one to Rules/type-mappings.yaml, give the checkout's typemaps with --upstream-root, or change the parameter."),
            (.banned, "Banned types", "These types must not cross a process boundary (their size differs between processes); use a fixed-size type."),
        ] {
            let entries = problems.filter { $0.kind == kind }.map { problem in
                Entry(key: namespace(of: problem.type), html: typeLine(problem, messages: openNames))
            }
            groups += group(title, explanation: explanation, entries, into: &html)
        }
        let errors = model.messages.flatMap { message in
            message.findings.filter { $0.severity == .error }.map { Entry(key: $0.ruleID, html: "\(link(message.name)): \(FindingView.render($0))") }
        }
        groups += group("Lint errors", explanation: nil, errors, into: &html)
        let conditional = open.filter(\.isConditional).map { message in
            let conditions = message.definitions.filter { !$0.conditions.isEmpty }.map { definition in
                ReportModelBuilder.conditionRemarks(definition.conditions).map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: " \u{203a} ")
            }
            return Entry(key: message.definitions.first { !$0.conditions.isEmpty }?.conditions.stack.first ?? "", html: "\(link(message.name)): \(conditions.joined(separator: "; "))")
        }
        groups += group("Under <code>#if</code> conditions", explanation: "Mojo interfaces are usually not conditional; decide whether each needs a build-flag-specific interface.", conditional, into: &html)
        let general = model.generalFindings.filter { $0.severity >= .warning }.map { Entry(key: $0.ruleID, html: FindingView.render($0)) }
        groups += group("Scan and lint problems", explanation: nil, general, into: &html)
        if groups == 0 { html += "<p class=\"empty\">Nothing needs attention.</p>" }
        html += "</section>\n"
    }

    /// One list line and the sub-group it belongs to when the list is long.
    struct Entry {
        var key: String
        var html: String
    }

    /// A group with its count; returns 1 when it wrote anything. `title` is HTML.
    private static func group(_ title: String, explanation: String?, _ entries: [Entry], into html: inout String) -> Int {
        guard !entries.isEmpty else { return 0 }
        let short = entries.count <= openLimit
        html += "<details\(short ? " open" : "")><summary>\(title) <span class=\"count\">\(entries.count)</span></summary>"
        if let explanation { html += "<p class=\"fine\">\(HTMLText.escape(explanation))</p>" }
        let byKey = Dictionary(grouping: entries, by: \.key)
        if short || byKey.count == 1 {
            list(entries, into: &html)
        } else {
            // Largest sub-groups first: where the work is.
            html += "<div class=\"subgroups\">"
            for key in byKey.keys.sorted(by: { (byKey[$1]!.count, $0) < (byKey[$0]!.count, $1) }) {
                html += "<details><summary><code>\(HTMLText.escape(key.isEmpty ? "(no namespace)" : key))</code> <span class=\"count\">\(byKey[key]!.count)</span></summary>"
                list(byKey[key]!, into: &html)
                html += "</details>"
            }
            html += "</div>"
        }
        html += "</details>"
        return 1
    }

    private static func list(_ entries: [Entry], into html: inout String) {
        html += "<ul class=\"attention\">"
        for entry in entries { html += "<li>\(entry.html)</li>\n" }
        html += "</ul>"
    }

    private static func typeLine(_ problem: TypeProblem, messages: Set<String>) -> String {
        let users = problem.users.map { user in
            messages.contains(user) ? link(user) : "<code>\(HTMLText.escape(user))</code>"
        }
        var line = "<code>\(HTMLText.escape(problem.type))</code> in \(users.joined(separator: ", "))"
        if let why = problem.why { line += " <span class=\"muted\">\u{2014} \(HTMLText.escape(why))</span>" }
        return line
    }

    /// `gfx::` for `gfx::Range`, `blink::mojom::` for `std::vector<blink::mojom::Foo>`'s element, `""` for `int`.
    static func namespace(of type: String) -> String {
        var name = Substring(type)
        // A container's namespace says nothing; its innermost argument's does.
        while let open = name.firstIndex(of: "<"), let close = name.lastIndex(of: ">"), open < close {
            let inner = name[name.index(after: open)..<close]
            name = inner.split(separator: ",").first.map { $0.drop { $0 == " " } } ?? inner
        }
        guard let last = name.range(of: "::", options: .backwards) else { return "" }
        return String(name[..<last.upperBound])
    }

    private static func link(_ name: String) -> String {
        "<a href=\"#\(HTMLText.messageFragment(name))\">\(HTMLText.escape(name))</a>"
    }
}

/// One finding as a line: severity, rule, text, place.
enum FindingView {
    static func render(_ finding: Finding) -> String {
        var html = "<span class=\"sev \(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
        html += "<span class=\"rule\">\(HTMLText.escape(finding.ruleID))</span> \(HTMLText.escape(finding.message))"
        return html + " <code>\(HTMLText.escape(finding.location.file)):\(finding.location.line)</code>"
    }
}
