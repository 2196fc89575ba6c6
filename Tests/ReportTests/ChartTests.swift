import MojifyLedger
@testable import MojifyReport
import XCTest

final class ChartTests: XCTestCase {
    func testDayNumbers() {
        XCTAssertEqual(BurndownChart.dayNumber("1970-01-01"), 0)
        XCTAssertEqual(BurndownChart.dayNumber("2000-03-01"), 11_017)
        XCTAssertEqual(BurndownChart.dayNumber("2024-02-29T10:00:00Z"), 19_782)
        XCTAssertNil(BurndownChart.dayNumber("2024-13-01"))
        XCTAssertNil(BurndownChart.dayNumber("yesterday"))
    }

    func testPositionsFollowTheCalendarOrFallBackToEvenSpacing() {
        XCTAssertEqual(BurndownChart.positions(["2024-01-01", "2024-01-02", "2024-01-11"]), [0, 0.1, 1])
        XCTAssertEqual(BurndownChart.positions(["2024-01-01", "soon", "2024-01-11"]), [0, 0.5, 1])
        XCTAssertEqual(BurndownChart.positions(["2024-01-05", "2024-01-01"]), [0, 1], "out of order dates are spaced evenly")
        XCTAssertEqual(BurndownChart.positions(["2024-01-01"]), [0.5])
    }

    func testDateLabelsNeverOverlap() {
        XCTAssertEqual(BurndownChart.labelIndices(positions: [0.5]), [0])
        XCTAssertEqual(BurndownChart.labelIndices(positions: [0, 1]), [0, 1])
        XCTAssertEqual(BurndownChart.labelIndices(positions: [0, 0.05, 0.3, 0.35, 0.95, 1]), [0, 2, 5])
        // A label is about 72 of the plot's 696 units wide: the first starts at its point, the last ends at it.
        let label = 72.0 / 696
        for count in [3, 9, 30, 101] {
            let positions = (0..<count).map { Double($0) / Double(count - 1) }
            let chosen = BurndownChart.labelIndices(positions: positions)
            XCTAssertEqual(chosen.first, 0)
            XCTAssertEqual(chosen.last, count - 1)
            let extents = chosen.map { index -> ClosedRange<Double> in
                let x = positions[index]
                return index == 0 ? x...(x + label) : index == count - 1 ? (x - label)...x : (x - label / 2)...(x + label / 2)
            }
            for (earlier, later) in zip(extents, extents.dropFirst()) {
                XCTAssertLessThan(earlier.upperBound, later.lowerBound, "\(count) points: labels \(chosen) overlap")
            }
            XCTAssertGreaterThanOrEqual(chosen.count, min(count, 5), "\(count) points deserve more labels than \(chosen)")
        }
    }

    func testAxisTopIsFourRoundSteps() {
        XCTAssertEqual(BurndownChart.niceCeiling(0), 4)
        XCTAssertEqual(BurndownChart.niceCeiling(9), 12)
        XCTAssertEqual(BurndownChart.niceCeiling(43), 48)
        XCTAssertEqual(BurndownChart.niceCeiling(5_000), 6_000)
        for value in [1, 7, 13, 99, 101, 777, 4_321, 98_765] {
            let top = BurndownChart.niceCeiling(value)
            XCTAssertGreaterThanOrEqual(top, value)
            XCTAssertEqual(top % 4, 0)
        }
    }

    func testChartDrawsOnePointPerSnapshotWithLines() {
        let history = (1...3).map { day in
            StatusSnapshot(date: "2024-03-0\(day)", counts: StatusCounts([.converted: day * 10, .unclaimed: 40 - day * 10]))
        }
        let svg = BurndownChart.render(history)
        XCTAssertEqual(svg.components(separatedBy: "<circle class=\"dot-remaining\"").count - 1, 3)
        XCTAssertTrue(svg.contains("<polyline class=\"line-remaining\""))
        XCTAssertTrue(svg.contains("<title>2024-03-02: 20 remaining, 20 converted of 40</title>"))
        XCTAssertTrue(BurndownChart.render([]).contains("No history yet"))
    }

    func testNumbersAreLocaleFreeAndShort() {
        XCTAssertEqual(BurndownChart.number(12), "12")
        XCTAssertEqual(BurndownChart.number(12.345), "12.3")
        XCTAssertEqual(BurndownChart.number(2.0 / 3.0 * 100), "66.7")
    }
}
