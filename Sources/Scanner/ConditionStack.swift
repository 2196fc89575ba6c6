import MojifyCore

/// The `#if` / `#elif` / `#else` nesting at a point of a file, as readable conditions.
struct ConditionStack {
    private struct Level {
        /// Conditions of the earlier branches of this `#if` group.
        var earlier: [String]
        var condition: String
        /// Whether a branch of this group so far was the constant `1`/`true`, which makes every later branch dead.
        var earlierAlwaysTaken: Bool
        var constant: Bool?
        /// An include guard (`#ifndef FOO_H_` + `#define FOO_H_`) wraps the whole file and says nothing about builds.
        var isIncludeGuard = false

        /// `A` for the first branch, `!(A) && (B)` for `#elif B`, `!(A) && !(B)` for `#else`.
        var text: String {
            let negated = earlier.map { "!(\($0))" }
            if condition.isEmpty { return negated.joined(separator: " && ") }
            if negated.isEmpty { return condition }
            return (negated + ["(\(condition))"]).joined(separator: " && ")
        }

        var disabled: Bool { earlierAlwaysTaken || constant == false }
    }

    private var levels: [Level] = []

    var depth: Int { levels.count }

    var current: Conditions {
        Conditions(stack: levels.filter { !$0.isIncludeGuard }.map(\.text), disabled: levels.contains(where: \.disabled))
    }

    mutating func push(condition: String, constant: Bool?, isIncludeGuard: Bool = false) {
        levels.append(Level(earlier: [], condition: condition, earlierAlwaysTaken: false, constant: constant, isIncludeGuard: isIncludeGuard))
    }

    /// Returns false for an `#elif` with no open `#if`.
    mutating func elseIf(condition: String, constant: Bool?) -> Bool {
        guard var level = levels.popLast() else { return false }
        level.earlierAlwaysTaken = level.earlierAlwaysTaken || level.constant == true
        level.isIncludeGuard = false
        level.earlier.append(level.condition)
        level.condition = condition
        level.constant = constant
        levels.append(level)
        return true
    }

    /// Returns false for an `#else` with no open `#if`.
    mutating func otherwise() -> Bool {
        elseIf(condition: "", constant: nil)
    }

    /// Returns false for an `#endif` with no open `#if`.
    mutating func pop() -> Bool {
        levels.popLast() != nil
    }
}
