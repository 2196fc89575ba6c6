@testable import MojifyReport
import XCTest

/// Text colours of both schemes against their backgrounds, by the WCAG 2 formula: small text needs 4.5:1.
final class StyleTests: XCTestCase {
    /// The custom properties of the first rule whose selector is `selector`.
    private func properties(_ selector: String) throws -> [String: String] {
        let css = ReportStyle.css
        let start = try XCTUnwrap(css.range(of: selector + "{"), selector)
        let end = try XCTUnwrap(css.range(of: "}", range: start.upperBound..<css.endIndex))
        var found: [String: String] = [:]
        for declaration in css[start.upperBound..<end.lowerBound].split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if parts.count == 2, parts[0].hasPrefix("--") { found[String(parts[0].dropFirst(2))] = parts[1] }
        }
        return found
    }

    private func luminance(_ hex: String) throws -> Double {
        let digits = hex.count == 4 ? String(hex.dropFirst().flatMap { [$0, $0] }) : String(hex.dropFirst())
        let value = try XCTUnwrap(Int(digits, radix: 16), hex)
        func linear(_ byte: Int) -> Double {
            let channel = Double(byte & 0xFF) / 255
            return channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        let red: Double = linear(value >> 16), green: Double = linear(value >> 8), blue: Double = linear(value)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    }

    private func contrast(_ a: String, _ b: String) throws -> Double {
        let (x, y) = (try luminance(a), try luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func testTextAndBadgesReachFourAndAHalfToOneInBothSchemes() throws {
        XCTAssertEqual(try properties(":root:not([data-theme=light])"), try properties(":root[data-theme=dark]"),
                       "the system's dark scheme and the Theme button's are the same")
        for (scheme, selector) in [("light", ":root"), ("dark", ":root[data-theme=dark]")] {
            let colours = try properties(selector)
            func colour(_ name: String) throws -> String { try XCTUnwrap(colours[name], "\(scheme) --\(name)") }
            for text in ["fg", "muted", "accent", "warn", "err"] {
                for background in ["card", "head", "bg"] {
                    let ratio = try contrast(colour(text), colour(background))
                    XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(scheme): --\(text) on --\(background)")
                }
            }
            for status in ["unclaimed", "in-progress", "blocked", "converted", "wontfix"] {
                let ratio = try contrast(colour("badge-fg"), colour("badge-\(status)"))
                XCTAssertGreaterThanOrEqual(ratio, 4.5, "\(scheme): badge text on --badge-\(status)")
            }
        }
    }
}
