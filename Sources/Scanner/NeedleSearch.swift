internal import CClang
import Foundation

/// A search for any of several byte strings, set up once and run over many files (a pass's needles, the scan's
/// markers). Needles are looked for through byte pairs they hold, few and rare in C++ source (see `pairs`): up to
/// eight pairs are compared at once, 32 bytes at a time (`mojify_find_pair`), and a pair found is confirmed by
/// comparing the needles it stands for. `IPC_` is looked for as `IP`, `Msg_` and the `MsgClass...` names of a
/// test as `Ms`. More than eight pairs take one pass per eight.
struct NeedleSearch: Sendable {
    /// A needle, found through the pair that starts `offset` bytes into it.
    private struct Anchored: Sendable {
        var bytes: [UInt8]
        var offset: Int
    }

    /// Pairs searched in one pass, with the needles each stands for.
    private struct Group: Sendable {
        var firsts: [UInt8] = []
        var seconds: [UInt8] = []
        var needles: [[Anchored]] = []
    }

    private static let pairsPerPass = 8

    private let groups: [Group]
    /// Needles of one byte, which have no pair.
    private let singleBytes: [UInt8]
    /// An empty needle occurs in everything.
    private let matchesEverything: Bool

    init(_ needles: [[UInt8]]) {
        matchesEverything = needles.contains(where: \.isEmpty)
        singleBytes = needles.filter { $0.count == 1 }.map { $0[0] }
        var groups: [Group] = []
        for (pair, anchored) in NeedleSearch.pairs(covering: needles.filter { $0.count >= 2 }) {
            if groups.last.map({ $0.firsts.count == NeedleSearch.pairsPerPass }) ?? true { groups.append(Group()) }
            groups[groups.count - 1].firsts.append(pair.0)
            groups[groups.count - 1].seconds.append(pair.1)
            groups[groups.count - 1].needles.append(anchored)
        }
        self.groups = groups
    }

    /// Pairs such that every needle holds one, each with the needles it is to find, chosen greedily (the classic
    /// set cover): the next pair is the one with the least cost per needle not yet covered. A pair costs one more
    /// comparison in every 32-byte block, plus a confirmation wherever it occurs (see `cost`); sharing pairs
    /// keeps the passes over a file few (the message names of a class share their prefix).
    private static func pairs(covering needles: [[UInt8]]) -> [((UInt8, UInt8), [Anchored])] {
        var uncovered = Array(needles.indices)
        var chosen: [((UInt8, UInt8), [Anchored])] = []
        while !uncovered.isEmpty {
            var coverage: [UInt16: [Int]] = [:]
            for index in uncovered {
                var seen = Set<UInt16>()
                for offset in 0..<(needles[index].count - 1) where seen.insert(key(needles[index], offset)).inserted {
                    coverage[key(needles[index], offset), default: []].append(index)
                }
            }
            // Ties go to the smaller pair value, so that the choice does not depend on the dictionary's order.
            let (best, covered) = coverage.min { first, second in
                let (a, b) = (cost(first.key) * second.value.count, cost(second.key) * first.value.count)
                return a != b ? a < b : first.key < second.key
            }!
            let pair = (UInt8(best >> 8), UInt8(best & 0xFF))
            chosen.append((pair, covered.map { index in
                Anchored(bytes: needles[index], offset: (0..<(needles[index].count - 1)).first { key(needles[index], $0) == best }!)
            }))
            let coveredSet = Set(covered)
            uncovered.removeAll(where: coveredSet.contains)
        }
        return chosen
    }

    private static func key(_ needle: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(needle[offset]) << 8 | UInt16(needle[offset + 1])
    }

    func matches(_ haystack: [UInt8]) -> Bool {
        haystack.withUnsafeBytes(matches)
    }

    /// Whether any needle occurs in `haystack`.
    func matches(_ haystack: UnsafeRawBufferPointer) -> Bool {
        if matchesEverything { return true }
        guard let base = haystack.baseAddress else { return false }
        if singleBytes.contains(where: { memchr(base, Int32($0), haystack.count) != nil }) { return true }
        return groups.contains { group in
            var from = 0
            while true {
                let found = mojify_find_pair(base, haystack.count, from, group.firsts, group.seconds, Int32(group.firsts.count))
                guard found >= 0 else { return false }
                if confirms(group, at: found, in: haystack) { return true }
                from = found + 1
            }
        }
    }

    /// Whether a needle of `group` whose pair sits at `position` is there in full.
    private func confirms(_ group: Group, at position: Int, in haystack: UnsafeRawBufferPointer) -> Bool {
        for slot in group.firsts.indices where haystack[position] == group.firsts[slot] && haystack[position + 1] == group.seconds[slot] {
            for needle in group.needles[slot] {
                let start = position - needle.offset
                guard start >= 0, start + needle.bytes.count <= haystack.count else { continue }
                if needle.bytes.withUnsafeBytes({ memcmp(haystack.baseAddress! + start, $0.baseAddress!, $0.count) }) == 0 { return true }
            }
        }
        return false
    }

    /// What searching for a pair costs, in units of a billionth of a cycle per byte: about 0.1 cycle per byte to
    /// compare it in every block, and about 100 cycles to confirm each place it occurs, taken to be as often as
    /// its two bytes (per 100,000) occur, multiplied.
    private static func cost(_ pair: UInt16) -> Int {
        10_000_000 + Int(byteFrequencies[Int(pair >> 8)]) * Int(byteFrequencies[Int(pair & 0xFF)])
    }

    /// How often each byte occurs in C++ source, per 100,000 bytes: counted over the headers and sources of a
    /// Chromium tree (500 MB). Only the order matters; bytes never seen count as 0, the rarest.
    private static let byteFrequencies: [UInt16] = [
        0, 0, 0, 0, 0, 0, 0, 0, 0, 150, 2793, 0, 0, 2, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        19966, 61, 409, 170, 9, 45, 166, 118, 1267, 1268, 785, 116, 1674, 578, 569, 811,
        1133, 586, 471, 347, 272, 210, 273, 166, 243, 152, 589, 929, 160, 488, 375, 10,
        15, 651, 299, 721, 450, 955, 427, 338, 204, 636, 20, 77, 579, 330, 508, 506,
        489, 63, 673, 832, 883, 321, 205, 149, 141, 92, 22, 138, 106, 137, 3, 2098,
        2, 3297, 805, 2138, 1982, 6304, 1347, 870, 1085, 3521, 69, 448, 2085, 1238, 3321, 3113,
        1397, 100, 3538, 3123, 4918, 1596, 631, 380, 827, 571, 162, 305, 73, 305, 8, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    ]
}
