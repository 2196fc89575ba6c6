/// What needs a person before the remaining messages can be converted, grouped by kind of problem.
/// Converted and won't-fix messages are left out: their problems no longer block anything.
enum AttentionList {
    static func render(_ model: ReportModel, into html: inout String) {
        let open = model.messages.filter { $0.status != .converted && $0.status != .wontfix }
        html += "<section id=\"attention\" class=\"card\"><h2>Attention</h2>"
        var groups = 0
        groups += typeGroup("Unmapped types", "No mojom mapping is known for these C++ types; add one to Rules/ or change the parameter.",
                            open.map { ($0, $0.unmappedTypes) }, into: &html)
        groups += typeGroup("Banned types", "These types must not cross a process boundary (their size differs between processes).",
                            open.map { ($0, $0.bannedTypes) }, into: &html)
        let errors = open.flatMap { message in message.findings.filter { $0.severity == .error }.map { (message, $0) } }
        if !errors.isEmpty {
            html += "<details open><summary>Lint errors <span class=\"count\">\(errors.count)</span></summary><ul class=\"attention\">"
            for (message, finding) in errors { html += "<li>\(link(message)): \(FindingView.render(finding))</li>" }
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
                html += "<li>\(link(message)): \(conditions.joined(separator: "; "))</li>"
            }
            html += "</ul></details>"
            groups += 1
        }
        if !model.generalFindings.isEmpty {
            html += "<details open><summary>Scan and lint problems <span class=\"count\">\(model.generalFindings.count)</span></summary><ul class=\"attention\">"
            for finding in model.generalFindings { html += "<li>\(FindingView.render(finding))</li>" }
            html += "</ul></details>"
            groups += 1
        }
        if groups == 0 { html += "<p class=\"empty\">Nothing needs attention.</p>" }
        html += "</section>\n"
    }

    /// One list entry per type, naming the messages that use it; returns 1 when it wrote anything.
    private static func typeGroup(_ title: String, _ explanation: String, _ uses: [(MessageEntry, [String])], into html: inout String) -> Int {
        var byType: [String: [MessageEntry]] = [:]
        for (message, types) in uses {
            for type in Set(types) { byType[type, default: []].append(message) }
        }
        guard !byType.isEmpty else { return 0 }
        html += "<details open><summary>\(title) <span class=\"count\">\(byType.count)</span></summary><p class=\"fine\">\(explanation)</p><ul class=\"attention\">"
        for type in byType.keys.sorted() {
            let messages = byType[type]!.sorted { $0.name < $1.name }
            html += "<li><code>\(HTMLText.escape(type))</code> in \(messages.map(link).joined(separator: ", "))</li>"
        }
        html += "</ul></details>"
        return 1
    }

    private static func link(_ message: MessageEntry) -> String {
        "<a href=\"#\(HTMLText.messageFragment(message.name))\">\(HTMLText.escape(message.name))</a>"
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
