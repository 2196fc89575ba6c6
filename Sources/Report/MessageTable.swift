import MojifyLedger

/// Every message, one row each, linking to its drill-down.
enum MessageTable {
    static func render(_ messages: [MessageEntry], into html: inout String) {
        html += "<section id=\"messages\" class=\"card\"><div class=\"section-head\"><h2>Messages</h2>"
        html += "<input type=\"search\" class=\"filter js-only\" hidden placeholder=\"Filter by name, class, owner\u{2026}\" aria-label=\"Filter messages\" data-table=\"messages-table\">"
        html += "<select class=\"status-filter js-only\" hidden aria-label=\"Status\" data-table=\"messages-table\" data-column=\"5\"><option value=\"\">All statuses</option>"
        for status in LedgerStatus.allCases { html += "<option value=\"\(rank(status))\">\(status.label)</option>" }
        html += "</select><span class=\"shown js-only\" hidden></span></div>"
        html += "<p class=\"fine\">Select a message for its definition, handlers, senders, other uses and proposed mojom method. "
        html += "Flags: <span class=\"flag warn\">unmapped</span> parameter types without a mojom mapping, "
        html += "<span class=\"flag err\">banned</span> types that must not cross processes, <span class=\"flag err\">lint</span> lint errors, "
        html += "<span class=\"flag\">#if</span> defined under a preprocessor condition, <span class=\"flag\">patch</span> added by a patch file.</p>"
        html += "<noscript><p class=\"note\">The drill-down of each message needs JavaScript; the table reads without it.</p></noscript>"
        html += "<div class=\"scroll tall\"><table id=\"messages-table\" class=\"sortable messages\"><thead><tr>"
        for (label, type) in [("Message", "text"), ("Class", "text"), ("Directory", "text"), ("Kind", "text"), ("Direction", "text"), ("Status", "status"), ("Owner", "text"), ("Flags", "text")] {
            html += "<th data-type=\"\(type)\">\(label)</th>"
        }
        html += "</tr></thead><tbody>"
        for message in messages {
            // The script turns names into drill-down links; without it there is no drill-down to link to.
            html += "<tr><td>\(HTMLText.escape(message.name))</td>"
            html += "<td>\(HTMLText.escape(message.messageClass))</td><td>\(HTMLText.escape(message.directory))</td>"
            html += "<td>\(kind(message))</td><td>\(HTMLText.escape(message.direction))</td>"
            html += "<td data-v=\"\(rank(message.status))\">\(badge(message.status))</td>"
            html += "<td>\(HTMLText.escape(message.owner ?? ""))</td><td>\(flags(message))</td></tr>\n"
        }
        html += "</tbody></table></div></section>\n"
    }

    /// Sorts and filters the status column in workflow order.
    static func rank(_ status: LedgerStatus) -> Int { LedgerStatus.allCases.firstIndex(of: status)! }

    static func kind(_ message: MessageEntry) -> String {
        guard let kind = message.kind else { return "" }
        return kind.rawValue + (message.isSync ? ", sync" : "")
    }

    static func badge(_ status: LedgerStatus) -> String {
        "<span class=\"badge s-\(status.rawValue)\">\(status.label)</span>"
    }

    /// Short markers for what needs a look, explained above the table and spelled out in the drill-down.
    static func flags(_ message: MessageEntry) -> String {
        var flags: [String] = []
        if !message.unmappedTypes.isEmpty { flags.append("<span class=\"flag warn\">unmapped</span>") }
        if !message.bannedTypes.isEmpty { flags.append("<span class=\"flag err\">banned</span>") }
        if message.findings.contains(where: { $0.severity == .error }) { flags.append("<span class=\"flag err\">lint</span>") }
        if message.isConditional { flags.append("<span class=\"flag\">#if</span>") }
        if message.definitions.contains(where: { $0.patch != nil }) { flags.append("<span class=\"flag\">patch</span>") }
        return flags.joined(separator: " ")
    }
}
