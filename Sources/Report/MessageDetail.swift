import MojifyCore

/// The drill-down of each message. Each is an `<article>` shown when its id is the URL fragment (CSS `:target`),
/// so links open it with JavaScript off; the script only adds closing by Escape and by clicking outside.
enum MessageDetail {
    static func anchor(_ name: String) -> String { HTMLText.anchor("m-", name) }

    static func renderAll(_ messages: [MessageEntry], into html: inout String) {
        html += "<div id=\"details\">\n"
        for message in messages { render(message, into: &html) }
        html += "</div>\n"
    }

    static func render(_ message: MessageEntry, into html: inout String) {
        let escapedName = HTMLText.escape(message.name)
        html += "<article class=\"detail\" id=\"\(anchor(message.name))\" aria-label=\"\(escapedName)\"><div class=\"panel\">"
        html += "<a class=\"close\" href=\"#messages\" aria-label=\"Close\">\u{d7}</a>"
        html += "<h2>\(escapedName) \(MessageTable.badge(message.status))</h2><dl class=\"facts\">"
        fact("Message class", HTMLText.escape(message.messageClass), into: &html)
        fact("Direction", message.direction.rawValue, into: &html)
        if let first = message.definitions.first {
            fact("Routing", first.kind == .routed ? "routed (to a frame, view or widget)" : "control (to the process)", into: &html)
            fact("Sync", first.isSync ? "yes: \(first.inputs.count) in, \(first.outputs.count) out" : "no", into: &html)
        }
        fact("Owner", message.owner.map(HTMLText.escape) ?? "<span class=\"muted\">nobody</span>", into: &html)
        if let notes = message.ledgerNotes { fact("Ledger notes", HTMLText.escape(notes), into: &html) }
        html += "</dl>"

        html += "<h3>Proposed mojom method</h3>"
        if let method = message.proposedMethod {
            html += "<pre class=\"code mojom\">\(HTMLText.escape(method))</pre>"
        } else {
            html += "<p class=\"muted\">Not available in this report.</p>"
        }
        if !message.unmappedTypes.isEmpty || !message.bannedTypes.isEmpty {
            html += "<h3>Types to sort out</h3><ul class=\"types\">"
            for type in message.unmappedTypes { html += "<li><code>\(HTMLText.escape(type))</code> <span class=\"flag warn\">unmapped</span></li>" }
            for type in message.bannedTypes { html += "<li><code>\(HTMLText.escape(type))</code> <span class=\"flag err\">banned</span></li>" }
            html += "</ul>"
        }

        html += "<h3>Definition\(message.definitions.count == 1 ? "" : "s (\(message.definitions.count))")</h3>"
        if message.definitions.isEmpty { html += "<p class=\"muted\">Not in the scanned tree any more.</p>" }
        for definition in message.definitions { self.definition(definition, into: &html) }

        sites("Handlers", message.handlers, into: &html)
        sites("Senders", message.senders, into: &html)

        html += "<h3>Lint findings</h3>"
        if message.findings.isEmpty {
            html += "<p class=\"muted\">None.</p>"
        } else {
            html += "<ul class=\"findings\">"
            for finding in message.findings { html += "<li>\(FindingView.render(finding))</li>" }
            html += "</ul>"
        }
        html += "</div></article>\n"
    }

    private static func fact(_ label: String, _ value: String, into html: inout String) {
        html += "<dt>\(label)</dt><dd>\(value)</dd>"
    }

    private static func definition(_ definition: MessageDefinition, into html: inout String) {
        html += "<div class=\"def\"><p class=\"where\"><code>\(HTMLText.escape(definition.location.file)):\(definition.location.line)</code>"
        if let patch = definition.patch {
            html += " <span class=\"muted\">(\(patch.change == .added ? "adds" : "relies on") \(HTMLText.escape(patch.targetFile)):\(patch.targetLine))</span>"
        }
        html += "</p>"
        if !definition.conditions.isEmpty {
            html += "<p class=\"cond\">"
            html += ReportModelBuilder.conditionRemarks(definition.conditions).map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: " \u{203a} ")
            html += "</p>"
        }
        html += "<pre class=\"code\">\(HTMLText.escape(definition.source))</pre>"
        let parameters = definition.inputs.map { ("in", $0) } + definition.outputs.map { ("out", $0) }
        guard !parameters.isEmpty else { return html += "</div>" }
        html += "<table class=\"params\"><thead><tr><th></th><th>Name</th><th>C++ type</th></tr></thead><tbody>"
        for (direction, parameter) in parameters {
            html += "<tr><td class=\"muted\">\(direction)</td><td>\(parameter.name.map(HTMLText.escape) ?? "<span class=\"muted\">unnamed</span>")</td>"
            html += "<td><code>\(HTMLText.escape(parameter.type))</code>"
            if let resolved = parameter.resolvedType { html += " = <code>\(HTMLText.escape(resolved))</code>" }
            html += "</td></tr>"
        }
        html += "</tbody></table></div>"
    }

    private static func sites(_ title: String, _ sites: [CodeSite], into html: inout String) {
        html += "<h3>\(title) (\(sites.count))</h3>"
        guard !sites.isEmpty else { return html += "<p class=\"muted\">None found in the tree.</p>" }
        html += "<ul class=\"sites\">"
        for site in sites {
            html += "<li><code>\(HTMLText.escape(site.location.file)):\(site.location.line)</code>"
            if let function = site.function { html += " \(HTMLText.escape(function))" }
            for remark in site.remarks { html += " <span class=\"flag\">\(HTMLText.escape(remark))</span>" }
            html += "</li>"
        }
        html += "</ul>"
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
