public enum MojifyVersion {
    /// Also part of cache keys: a new version never reads an older version's cached results.
    public static let current = "0.1.0"
}
