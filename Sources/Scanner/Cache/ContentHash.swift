/// A 128-bit hash that is the same in every run and on every machine (unlike `Hasher`), for cache keys, checksums
/// and file contents: wider than Core's 64-bit `StableHash.fnv1a`, and eight bytes a step on megabytes. Two lanes
/// mix each word with multiply-rotate rounds (in the manner of xxHash), then a MurmurHash3 finaliser spreads every
/// input bit over the output.
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
        private var first: UInt64 = 0x9e37_79b9_7f4a_7c15
        private var second: UInt64 = 0xc2b2_ae3d_27d4_eb4f
        private var count = 0
        /// The bytes of a word not yet complete (fewer than 8), from the end of the last piece.
        private var pending: [UInt8] = []

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            var offset = 0
            while !pending.isEmpty && offset < bytes.count {
                pending.append(bytes[offset])
                offset += 1
                if pending.count == 8 {
                    let word = pending.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    mix(word)
                    pending.removeAll(keepingCapacity: true)
                }
            }
            while offset + 8 <= bytes.count {
                mix(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            pending += bytes[offset...]
            count += bytes.count
        }

        private mutating func mix(_ word: UInt64) {
            first = ContentHash.round(first, word)
            second = ContentHash.round(second, word ^ 0x1656_67b1_9e37_79f9)
        }

        func finish() -> ContentHash {
            var tail: UInt64 = 0
            for (shift, byte) in pending.enumerated() {
                tail |= UInt64(byte) << (8 * UInt64(shift))
            }
            let first = ContentHash.round(self.first, tail ^ UInt64(count))
            let second = ContentHash.round(self.second, tail &+ UInt64(count))
            return ContentHash(high: ContentHash.mix(first ^ (second >> 17)), low: ContentHash.mix(second ^ (first << 13)))
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

    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x &*= 0xff51_afd7_ed55_8ccd
        x ^= x >> 33
        x &*= 0xc4ce_b9fe_1a85_ec53
        x ^= x >> 33
        return x
    }
}
