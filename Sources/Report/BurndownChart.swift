import Foundation

/// The burndown chart as inline SVG, drawn on the server side so it shows without JavaScript and in print.
enum BurndownChart {
    static let width = 760.0
    static let height = 240.0
    private static let left = 48.0, right = 16.0, top = 14.0, bottom = 30.0

    static func render(_ history: [StatusSnapshot]) -> String {
        guard !history.isEmpty else {
            return "<p class=\"empty\">No history yet: each day it runs, <code>mojify ledger sync</code> adds that day\u{2019}s counts to the ledger\u{2019}s history file, which this chart draws.</p>"
        }
        let xs = positions(history.map(\.date))
        let maximum = niceCeiling(history.map { $0.counts.total }.max() ?? 0)
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ index: Int) -> Double { left + xs[index] * plotWidth }
        func y(_ value: Int) -> Double { top + plotHeight - Double(value) / Double(maximum) * plotHeight }

        var svg = "<svg class=\"chart\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" aria-labelledby=\"burndown-title\">"
        svg += "<title id=\"burndown-title\">Messages remaining and converted over time</title>"
        for step in 0...4 {
            let value = maximum / 4 * step
            svg += "<line class=\"grid\" x1=\"\(number(left))\" x2=\"\(number(width - right))\" y1=\"\(number(y(value)))\" y2=\"\(number(y(value)))\"/>"
            svg += "<text class=\"axis\" x=\"\(number(left - 6))\" y=\"\(number(y(value) + 4))\" text-anchor=\"end\">\(value)</text>"
        }
        for index in labelIndices(positions: xs) {
            let anchor = history.count == 1 ? "middle" : index == 0 ? "start" : index == history.count - 1 ? "end" : "middle"
            svg += "<text class=\"axis\" x=\"\(number(x(index)))\" y=\"\(number(height - 10))\" text-anchor=\"\(anchor)\">\(HTMLText.escape(history[index].date))</text>"
        }
        let remaining = history.indices.map { (x($0), y(history[$0].counts.remaining)) }
        let converted = history.indices.map { (x($0), y(history[$0].counts[.converted])) }
        if history.count > 1 {
            let baseline = y(0)
            let area = "M\(number(remaining[0].0)),\(number(baseline)) " + remaining.map { "L\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
                + " L\(number(remaining[remaining.count - 1].0)),\(number(baseline)) Z"
            svg += "<path class=\"area-remaining\" d=\"\(area)\"/>"
            svg += "<polyline class=\"line-remaining\" points=\"\(points(remaining))\"/>"
            svg += "<polyline class=\"line-converted\" points=\"\(points(converted))\"/>"
        }
        for index in history.indices {
            let counts = history[index].counts
            let tip = "\(HTMLText.escape(history[index].date)): \(counts.remaining) remaining, \(counts[.converted]) converted of \(counts.total)"
            svg += "<circle class=\"dot-remaining\" cx=\"\(number(remaining[index].0))\" cy=\"\(number(remaining[index].1))\" r=\"3.5\"><title>\(tip)</title></circle>"
            svg += "<circle class=\"dot-converted\" cx=\"\(number(converted[index].0))\" cy=\"\(number(converted[index].1))\" r=\"3\"><title>\(tip)</title></circle>"
        }
        return svg + "</svg>"
    }

    /// Horizontal positions in 0...1: by calendar day when every date is `YYYY-MM-DD`, else evenly spaced.
    static func positions(_ dates: [String]) -> [Double] {
        guard dates.count > 1 else { return [0.5] }
        let days = dates.compactMap(dayNumber)
        if days.count == dates.count, let first = days.first, let last = days.last, last > first, zip(days, days.dropFirst()).allSatisfy({ $0 <= $1 }) {
            return days.map { Double($0 - first) / Double(last - first) }
        }
        return dates.indices.map { Double($0) / Double(dates.count - 1) }
    }

    /// Days since 1970-01-01 of a `YYYY-MM-DD` date (a leading date of an ISO timestamp is enough).
    static func dayNumber(_ text: String) -> Int? {
        let parts = text.prefix(10).split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        // Days-from-civil (proleptic Gregorian), so no calendar or time zone is involved.
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The dates to label: the first, the last, and those between whose labels overlap neither. Positions are in
    /// 0...1 of the plot width; the first label starts at its point, the last ends at it, the others are centred.
    static func labelIndices(positions: [Double]) -> [Int] {
        guard positions.count > 1 else { return Array(positions.indices) }
        let plotWidth = width - left - right
        let label = 72.0 / plotWidth, margin = 10.0 / plotWidth
        let last = positions.count - 1
        var chosen = [0]
        var end = positions[0] + label
        for index in 1..<last where positions[index] - label / 2 >= end + margin && positions[index] + label / 2 + margin <= positions[last] - label {
            chosen.append(index)
            end = positions[index] + label / 2
        }
        return chosen + [last]
    }

    /// The top of the y axis: four equal whole-number steps of a round size, at least `value`.
    static func niceCeiling(_ value: Int) -> Int {
        let raw = max(1, (value + 3) / 4)
        var magnitude = 1
        while magnitude * 10 <= raw { magnitude *= 10 }
        for factor in [1.0, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] {
            let step = factor * Double(magnitude)
            if step == step.rounded(), Int(step) >= raw { return 4 * Int(step) }
        }
        return 40 * magnitude
    }

    private static func points(_ list: [(Double, Double)]) -> String {
        list.map { "\(number($0.0)),\(number($0.1))" }.joined(separator: " ")
    }

    /// One decimal, no locale, no trailing `.0`: stable text for coordinates.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
