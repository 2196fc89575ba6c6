/// Hashes that stay the same across runs, platforms and releases (unlike `Hasher`), for content checks and
/// identities written to files. Not for security.
public enum StableHash {
    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 lower-case hex digits.
    public static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
