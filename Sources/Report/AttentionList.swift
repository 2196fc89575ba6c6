import MojifyCore

/// What needs a person before the remaining messages can be converted, grouped by kind of problem.
/// Converted and won't-fix messages are left out: their problems no longer block anything.
enum AttentionList {
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
        groups += typeGroup("Unmapped types", "No mojom mapping is known for these C++ types: add one to Rules/type-mappings.yaml or change the parameter.",
                            problems.filter { $0.kind == .unmapped }, messages: openNames, into: &html)
        groups += typeGroup("Banned types", "These types must not cross a process boundary (their size differs between processes); use a fixed-size type.",
                            problems.filter { $0.kind == .banned }, messages: openNames, into: &html)
        let errors = open.flatMap { message in message.findings.filter { $0.severity == .error }.map { (message, $0) } }
        if !errors.isEmpty {
            html += "<details open><summary>Lint errors <span class=\"count\">\(errors.count)</span></summary><ul class=\"attention\">"
            for (message, finding) in errors { html += "<li>\(link(message)): \(FindingView.render(finding))</li>\n" }
            html += "</ul></details>"
            groups += 1
        }
        let conditional = open.filter(\.isConditional)
        if !conditional.isEmpty {
            html += "<details open><summary>Under <code>#if</code> conditions <span class=\"count\">\(conditional.count)</span></summary>"
            html += "<p class=\"fine\">Mojo interfaces are usually not conditional; decide whether each needs a build-flag-specific interface.</p><ul class=\"attention\">"
            for message in conditional {
                let conditions = message.definitions.filter { !$0.conditions.isEmpty }.map { definition in
                    ReportModelBuilder.conditionRemarks(definition.conditions).map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: " \u{203a} ")
                }
                html += "<li>\(link(message)): \(conditions.joined(separator: "; "))</li>\n"
            }
            html += "</ul></details>"
            groups += 1
        }
        let general = model.generalFindings.filter { $0.severity >= .warning }
        if !general.isEmpty {
            html += "<details open><summary>Scan and lint problems <span class=\"count\">\(general.count)</span></summary><ul class=\"attention\">"
            for finding in general { html += "<li>\(FindingView.render(finding))</li>\n" }
            html += "</ul></details>"
            groups += 1
        }
        if groups == 0 { html += "<p class=\"empty\">Nothing needs attention.</p>" }
        html += "</section>\n"
    }

    /// One list entry per type, naming what uses it; returns 1 when it wrote anything.
    private static func typeGroup(_ title: String, _ explanation: String, _ problems: [TypeProblem], messages: Set<String>, into html: inout String) -> Int {
        guard !problems.isEmpty else { return 0 }
        html += "<details open><summary>\(title) <span class=\"count\">\(problems.count)</span></summary><p class=\"fine\">\(explanation)</p><ul class=\"attention\">"
        for problem in problems {
            let users = problem.users.map { user in
                messages.contains(user) ? link(user) : "<code>\(HTMLText.escape(user))</code>"
            }
            html += "<li><code>\(HTMLText.escape(problem.type))</code> in \(users.joined(separator: ", "))"
            if let why = problem.why { html += " <span class=\"muted\">\u{2014} \(HTMLText.escape(why))</span>" }
            html += "</li>\n"
        }
        html += "</ul></details>"
        return 1
    }

    private static func link(_ message: MessageEntry) -> String { link(message.name) }

    private static func link(_ name: String) -> String {
        "<a href=\"#\(HTMLText.messageFragment(name))\">\(HTMLText.escape(name))</a>"
    }
}

/// One finding as a line: severity, rule, text, place.
enum FindingView {
    static func render(_ finding: FindingEntry) -> String {
        var html = "<span class=\"sev \(finding.severity.rawValue)\">\(finding.severity.rawValue)</span> "
        html += "<span class=\"rule\">\(HTMLText.escape(finding.rule))</span> \(HTMLText.escape(finding.message))"
        if let location = finding.location { html += " <code>\(HTMLText.escape(location.file)):\(location.line)</code>" }
        return html
    }
}
