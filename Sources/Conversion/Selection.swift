import MojifyCore

extension ConversionPlan {
    /// The message classes and messages `--only` names, each checked against `inventory`: `--only A,B` is
    /// `--only A --only B`, and a name that is neither a class nor a message of the tree is an error (with the
    /// nearest names), not a silent no-op beside the names that do match.
    public static func selection(_ only: [String], in inventory: Inventory) throws -> [String] {
        let names = only.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter { !$0.isEmpty }
        var known = Set<String>()
        for message in inventory.messages {
            known.insert(message.name)
            known.insert(message.messageClass)
        }
        let unknown = names.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw ConversionError.unknownSelection(names: unknown, nearest: unknown.map { nearest(to: $0, among: known) })
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The known name fewest edits away from `name`, if it is close enough to be a typo of it.
    private static func nearest(to name: String, among known: Set<String>) -> String? {
        let target = Array(name.lowercased().utf8)
        var best: (name: String, distance: Int)?
        for candidate in known.sorted() {
            let distance = editDistance(target, Array(candidate.lowercased().utf8))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, target.count / 4) else { return nil }
        return best.name
    }

    private static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
