/// A 128-bit hash that is the same in every run and on every machine (unlike `Hasher`), for cache keys, checksums
/// and file contents: wider than Core's 64-bit `StableHash.fnv1a`, and 32 bytes a step on megabytes. Four lanes
/// each take every fourth 8-byte word and mix it with a multiply-rotate round (in the manner of xxHash): the lanes
/// do not wait on one another, where one chain of rounds waited on two multiplies for every word. The lanes are
/// then folded into two, and a MurmurHash3 finaliser spreads every input bit over the output.
struct ContentHash: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ bytes: UnsafeRawBufferPointer) {
        var hasher = Hasher()
        hasher.add(bytes)
        self = hasher.finish()
    }

    /// The same hash over bytes given in pieces, as for a file written piece by piece.
    struct Hasher {
        private var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9, 0x85eb_ca77_c2b2_ae63)
        /// The lane the next word goes to.
        private var nextLane = 0
        private var count = 0
        /// The bytes of a word not yet complete (fewer than 8), from the end of the last piece.
        private var pending: [UInt8] = []

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            var offset = 0
            while !pending.isEmpty && offset < bytes.count {
                pending.append(bytes[offset])
                offset += 1
                if pending.count == 8 {
                    mix(pending.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) })
                    pending.removeAll(keepingCapacity: true)
                }
            }
            while nextLane != 0 && offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            while offset + 32 <= bytes.count {
                lanes.0 = ContentHash.round(lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                lanes.1 = ContentHash.round(lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                lanes.2 = ContentHash.round(lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
                lanes.3 = ContentHash.round(lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
                offset += 32
            }
            while offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            pending += bytes[offset...]
            count += bytes.count
        }

        private mutating func mix(_ word: UInt64) {
            switch nextLane {
            case 0: lanes.0 = ContentHash.round(lanes.0, word)
            case 1: lanes.1 = ContentHash.round(lanes.1, word)
            case 2: lanes.2 = ContentHash.round(lanes.2, word)
            default: lanes.3 = ContentHash.round(lanes.3, word)
            }
            nextLane = (nextLane + 1) & 3
        }

        func finish() -> ContentHash {
            let tail = ContentHash.word(fromTail: pending)
            // Each of the two halves takes two lanes, and then one lane of the other pair.
            var first = ContentHash.round(ContentHash.round(lanes.0, lanes.1), lanes.3)
            var second = ContentHash.round(ContentHash.round(lanes.2, lanes.3), lanes.1)
            first = ContentHash.round(first, tail ^ UInt64(count))
            second = ContentHash.round(second, tail &+ UInt64(count))
            return ContentHash(high: ContentHash.avalanche(first ^ (second >> 17)), low: ContentHash.avalanche(second ^ (first << 13)))
        }
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentHash($0) }
    }

    init(_ text: String) {
        self.init(Array(text.utf8))
    }

    var hex: String {
        [high, low].map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    private static func round(_ accumulator: UInt64, _ word: UInt64) -> UInt64 {
        var value = accumulator &+ word &* 0xc2b2_ae3d_27d4_eb4f
        value = (value << 31) | (value >> 33)
        return value &* 0x9e37_79b9_7f4a_7c15
    }

    /// The last bytes of an input, fewer than eight, as one little-endian word, zero-padded.
    static func word(fromTail bytes: some Sequence<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for (shift, byte) in bytes.enumerated() {
            word |= UInt64(byte) << (8 * UInt64(shift))
        }
        return word
    }

    /// MurmurHash3's finaliser: every bit of `value` reaches every bit of the result.
    static func avalanche(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }
}
