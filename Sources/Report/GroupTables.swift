import MojifyLedger

/// The tables of status counts per message class, directory and owner.
struct GroupTables {
    typealias Group = (key: String, counts: StatusCounts)

    let byClass: [Group]
    let byDirectory: [Group]
    let byOwner: [Group]

    init(messages: [MessageEntry]) {
        byClass = Self.group(messages) { $0.messageClass.isEmpty ? "(no IPC_MESSAGE_START)" : $0.messageClass }
        byDirectory = Self.group(messages) { $0.directory.isEmpty ? "(not in the tree)" : $0.directory }
        byOwner = Self.group(messages) { $0.owner ?? "(unassigned)" }
    }

    private static func group(_ messages: [MessageEntry], key: (MessageEntry) -> String) -> [Group] {
        var groups: [String: StatusCounts] = [:]
        for message in messages { groups[key(message), default: StatusCounts()][message.status] += 1 }
        return groups.keys.sorted().map { ($0, groups[$0]!) }
    }

    /// A sortable, filterable table; plain HTML first, so it reads the same with JavaScript off and in print.
    func render(id: String, title: String, key: String, groups: [Group], into html: inout String) {
        html += "<section id=\"\(id)\" class=\"card\"><div class=\"section-head\"><h2>\(title)</h2>"
        html += "<input type=\"search\" class=\"filter js-only\" hidden placeholder=\"Filter\" aria-label=\"Filter \(title.lowercased())\" data-table=\"\(id)-table\">"
        html += "<span class=\"shown js-only\" hidden></span></div>"
        html += "<div class=\"scroll\"><table id=\"\(id)-table\" class=\"sortable\"><thead><tr><th data-type=\"text\">\(key)</th>"
        html += "<th data-type=\"num\">Messages</th>"
        for status in LedgerStatus.allCases { html += "<th data-type=\"num\">\(status.label)</th>" }
        html += "<th data-type=\"num\">Done</th><th class=\"nosort\">Progress</th></tr></thead><tbody>"
        var total = StatusCounts()
        for group in groups {
            html += "<tr><td>\(HTMLText.escape(group.key))</td>"
            cells(group.counts, into: &html)
            html += "</tr>\n"
            for status in LedgerStatus.allCases { total[status] += group.counts[status] }
        }
        html += "</tbody><tfoot><tr><th scope=\"row\">Total (\(groups.count))</th>"
        cells(total, into: &html)
        html += "</tr></tfoot></table></div></section>\n"
    }

    private func cells(_ counts: StatusCounts, into html: inout String) {
        html += "<td class=\"n\">\(counts.total)</td>"
        for status in LedgerStatus.allCases {
            html += counts[status] == 0 ? "<td class=\"n zero\">0</td>" : "<td class=\"n\">\(counts[status])</td>"
        }
        html += "<td class=\"n\" data-v=\"\(BurndownChart.number(counts.percentDone))\">\(ReportPage.percent(counts.percentDone))</td>"
        html += "<td class=\"bar-cell\">\(StatusBar.render(counts))</td>"
    }
}
