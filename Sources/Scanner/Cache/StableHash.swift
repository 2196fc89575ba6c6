/// A 128-bit hash that is the same in every run and on every machine (Swift's `Hasher` is seeded per process),
/// for cache keys, checksums and file contents. Two lanes eat eight bytes per step with multiply-xorshift
/// mixing (in the manner of xxHash), then a MurmurHash3 finaliser spreads every input bit over the output.
struct StableHash: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    init(_ bytes: UnsafeRawBufferPointer) {
        var first: UInt64 = 0x9e37_79b9_7f4a_7c15
        var second: UInt64 = 0xc2b2_ae3d_27d4_eb4f
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            first = StableHash.round(first, word)
            second = StableHash.round(second, word ^ 0x1656_67b1_9e37_79f9)
            offset += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in bytes[offset...].enumerated() {
            tail |= UInt64(byte) << (8 * UInt64(shift))
        }
        first = StableHash.round(first, tail ^ UInt64(bytes.count))
        second = StableHash.round(second, tail &+ UInt64(bytes.count))
        high = StableHash.mix(first ^ (second >> 17))
        low = StableHash.mix(second ^ (first << 13))
    }

    init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { StableHash($0) }
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
