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
