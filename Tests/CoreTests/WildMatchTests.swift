import Foundation
@testable import MojifyCore
import XCTest

/// The `.gitignore` glob matcher: bounded work on hostile patterns, git's answers on ordinary ones.
final class WildMatchTests: XCTestCase {
    private func matches(_ pattern: String, _ path: String) -> Bool {
        let patternBytes = Array(pattern.utf8) + [0], pathBytes = Array(path.utf8)
        return patternBytes.withUnsafeBufferPointer { pattern in
            pathBytes.withUnsafeBufferPointer { WildMatch.matches(pattern, from: 0, $0, pathMode: true) }
        }
    }

    /// A line of 40 repeated `**/` made git's algorithm (and git itself) try the same rest of the pattern at the
    /// same place exponentially often: 18 took 4.8 s, 28 over two minutes. Remembered outcomes make it answer at
    /// once, and as `**/` once would: repeating it changes nothing.
    func testRepeatedDoubleStarsTakeBoundedWork() {
        let paths = ["x.h", "a/x.h", "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/x.h", "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/y.h",
                     "a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x.hh", "x.h/a"]
        let started = Date()
        for repeats in [1, 2, 5, 18, 28, 40] {
            let pattern = String(repeating: "**/", count: repeats) + "x.h"
            for path in paths {
                XCTAssertEqual(matches(pattern, path), matches("**/x.h", path), "\(repeats) × **/ on \(path)")
            }
            let middle = "a/" + String(repeating: "**/", count: repeats) + "*/p/x.h"
            XCTAssertEqual(matches(middle, paths[2]), true, middle)
            XCTAssertEqual(matches(middle, paths[3]), false, middle)
        }
        // Exponential work would not finish at all; bounded work takes milliseconds.
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    func testOrdinaryPatternsMatchAsGitDoes() {
        XCTAssertTrue(matches("**/logs/*.h", "p/logs/a.h"))
        XCTAssertFalse(matches("**/logs/*.h", "logs/deeper/a.h"))
        XCTAssertTrue(matches("a/**/b.h", "a/b.h"))
        XCTAssertTrue(matches("a/**/b.h", "a/x/y/b.h"))
        XCTAssertFalse(matches("a/**/b.h", "a/xb.h"))
        XCTAssertTrue(matches("end/**", "end/b/c.h"))
        XCTAssertTrue(matches("ab*cd*.h", "abXcdY.h"))
        XCTAssertFalse(matches("*.h", "a/b.h"))
    }
}
