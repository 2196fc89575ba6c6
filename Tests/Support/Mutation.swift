import Foundation

/// A small deterministic generator (SplitMix64): fuzz and property tests give the same cases on every machine, so a
/// failure replays.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random edits of valid input, the way half-edited, merged or corrupted files look: cuts, inserted noise,
/// truncation, repeated runs and flipped bytes.
public struct Mutator: Sendable {
    public var noise: [UInt8]

    public init(noise: String) {
        self.noise = Array(noise.utf8)
    }

    public func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...6, using: &generator) where !result.isEmpty {
            let position = Int.random(in: 0..<result.count, using: &generator)
            switch Int.random(in: 0..<5, using: &generator) {
            case 0: result.removeSubrange(position..<min(result.count, position + Int.random(in: 1...40, using: &generator)))
            case 1: result.insert(noise.randomElement(using: &generator)!, at: position)
            case 2: result = Array(result[..<position])
            case 3: result.insert(contentsOf: result[position..<min(result.count, position + 200)], at: position)
            default: result[position] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        return result
    }
}

/// How many cases a property test runs: `default` in CI, more when `MOJIFY_PROPERTY_CASES` asks for a longer run.
public func propertyCases(default count: Int) -> Int {
    getenv("MOJIFY_PROPERTY_CASES").flatMap { Int(String(cString: $0)) } ?? count
}
