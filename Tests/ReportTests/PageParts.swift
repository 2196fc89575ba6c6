import Foundation

/// Pieces of a rendered page that tests look at.
enum PageParts {
    /// The JSON text of the drill-down data block.
    static func dataBlock(_ html: String) -> String? {
        let opening = "<script type=\"application/json\" id=\"report-data\">"
        guard let start = html.range(of: opening), let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.upperBound..<end.lowerBound])
    }
}

extension PageParts {
    /// Every element the page's own markup and script create; a payload that became markup shows up outside it.
    static let ownElements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "header", "div", "h1", "h2", "h3", "p", "button", "nav", "a", "main",
        "section", "span", "svg", "title", "line", "text", "path", "polyline", "circle", "input", "select", "option", "table",
        "thead", "tbody", "tfoot", "tr", "th", "td", "details", "summary", "ul", "li", "code", "pre", "noscript", "script",
        "dl", "dt", "dd", "footer",
    ]

    /// The names of all start tags in serialised HTML (the data block's JSON has no `<` left to match).
    static func elementNames(_ html: String) -> Set<String> {
        var names = Set<String>()
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            let name = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            if let first = name.first, first.isLetter { names.insert(name.lowercased()) }
        }
        return names
    }
}
