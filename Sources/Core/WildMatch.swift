/// Git's `wildmatch` on bytes: the glob dialect of `.gitignore`. In path mode `*`, `?` and sets never match `/`,
/// and `**` crosses folders only as a whole component (`**/x`, `x/**`, `x/**/y`); elsewhere it is `*`.
/// A malformed set (`[a`, `[[:nope:]]`) makes the pattern match nothing, as in git.
/// The one glob engine: the scanner's `.gitignore` and `--exclude` patterns, and through `Glob` the ledger's.
public enum WildMatch {
    private enum Outcome {
        case match, noMatch, abortAll, abortToDoubleStar
    }

    /// Whether `pattern` matches all of `text`. The pattern holds a trailing 0 (patterns never hold a 0 byte).
    /// `patternStart` is where the pattern began for the purposes of `**` at its start: git matches a literal prefix
    /// separately and runs the matcher on the rest, which then counts as a pattern start of its own.
    public static func matches(_ pattern: UnsafeBufferPointer<UInt8>, from patternStart: Int, _ text: UnsafeBufferPointer<UInt8>, pathMode: Bool) -> Bool {
        var memo: Memo?
        return match(pattern, patternStart, patternStart, text, 0, pathMode, &memo) == .match
    }

    /// The outcomes of matching the pattern from one index against the text from another, once worked out. A
    /// `**` tries the rest of the pattern at every folder boundary, and a pattern of many `**` (`**/**/**/...`) would
    /// try the same rest at the same place exponentially often (git itself hangs on 28 of them); each outcome
    /// depends on the two indices alone, so remembering them bounds the work by the pattern's length times the
    /// text's, squared at worst. Made only when a `**` first recurses, so other patterns allocate nothing.
    private final class Memo {
        var outcomes: [Int: Outcome] = [:]
    }

    // A transcription of git's `dowild` (wildmatch.c), with indices for pointers and 0 past the text's end.
    // swiftlint:disable:next cyclomatic_complexity function_body_length
    private static func match(
        _ pattern: UnsafeBufferPointer<UInt8>, _ start: Int, _ from: Int, _ text: UnsafeBufferPointer<UInt8>, _ textFrom: Int, _ pathMode: Bool,
        _ memo: inout Memo?
    ) -> Outcome {
        /// The rest of the pattern from `p` against the text from `t`, remembered where a `**` asks.
        func rest(_ p: Int, _ t: Int, remembered: Bool) -> Outcome {
            guard remembered else { return match(pattern, start, p, text, t, pathMode, &memo) }
            let table = memo ?? Memo()
            memo = table
            let key = p * (text.count + 1) + t
            if let known = table.outcomes[key] { return known }
            let outcome = match(pattern, start, p, text, t, pathMode, &memo)
            table.outcomes[key] = outcome
            return outcome
        }
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        var p = from
        var t = textFrom
        @inline(__always) func at(_ index: Int) -> UInt8 { index < text.count ? text[index] : 0 }
        while pattern[p] != 0 {
            var patternByte = pattern[p]
            var textByte = at(t)
            if textByte == 0 && patternByte != star { return .abortAll }
            switch patternByte {
            case UInt8(ascii: "?"):
                if pathMode && textByte == slash { return .noMatch }
            case star:
                var matchSlash: Bool
                p += 1
                if pattern[p] == star {
                    let before = p - 2
                    while pattern[p] == star { p += 1 }
                    if (before < start || pattern[before] == slash)
                        && (pattern[p] == 0 || pattern[p] == slash || (pattern[p] == UInt8(ascii: "\\") && pattern[p + 1] == slash)) {
                        if pattern[p] == slash && rest(p + 1, t, remembered: true) == .match { return .match }
                        matchSlash = true
                    } else {
                        matchSlash = false
                    }
                } else {
                    matchSlash = !pathMode
                }
                if pattern[p] == 0 {
                    // A trailing `**` takes everything, a trailing `*` the rest of one component.
                    if !matchSlash && text[t...].contains(slash) { return .noMatch }
                    return .match
                } else if !matchSlash && pattern[p] == slash {
                    // `*/` takes the rest of this component; the loop then matches the slash.
                    guard let next = text[t...].firstIndex(of: slash) else { return .noMatch }
                    t = next
                    break
                }
                while true {
                    if textByte == 0 { break }
                    // A literal after the star must be where the star's share ends: skip ahead to it.
                    if !isSpecial(pattern[p]) {
                        patternByte = pattern[p]
                        while true {
                            textByte = at(t)
                            if textByte == 0 || (!matchSlash && textByte == slash) || textByte == patternByte { break }
                            t += 1
                        }
                        if textByte != patternByte { return matchSlash ? .abortAll : .abortToDoubleStar }
                    }
                    let outcome = rest(p, t, remembered: matchSlash)
                    if outcome != .noMatch {
                        if !matchSlash || outcome != .abortToDoubleStar { return outcome }
                    } else if !matchSlash && textByte == slash {
                        return .abortToDoubleStar
                    }
                    t += 1
                    textByte = at(t)
                }
                return .abortAll
            case UInt8(ascii: "["):
                guard let matched = matchSet(pattern, &p, textByte) else { return .abortAll }
                if !matched || (pathMode && textByte == slash) { return .noMatch }
            default:
                if patternByte == UInt8(ascii: "\\") {
                    p += 1
                    patternByte = pattern[p]
                }
                if textByte != patternByte { return .noMatch }
            }
            t += 1
            p += 1
        }
        return t < text.count ? .noMatch : .match
    }

    /// Whether `byte` is in the set that starts at `p` (its `[`); leaves `p` on the closing `]`.
    /// nil when the set is malformed.
    private static func matchSet(_ pattern: UnsafeBufferPointer<UInt8>, _ p: inout Int, _ textByte: UInt8) -> Bool? {
        p += 1
        var patternByte = pattern[p]
        let negated = patternByte == UInt8(ascii: "!") || patternByte == UInt8(ascii: "^")
        if negated {
            p += 1
            patternByte = pattern[p]
        }
        var previous: UInt8 = 0
        var matched = false
        repeat {
            if patternByte == 0 { return nil }
            if patternByte == UInt8(ascii: "\\") {
                p += 1
                patternByte = pattern[p]
                if patternByte == 0 { return nil }
                if textByte == patternByte { matched = true }
            } else if patternByte == UInt8(ascii: "-") && previous != 0 && pattern[p + 1] != 0 && pattern[p + 1] != UInt8(ascii: "]") {
                p += 1
                patternByte = pattern[p]
                if patternByte == UInt8(ascii: "\\") {
                    p += 1
                    patternByte = pattern[p]
                    if patternByte == 0 { return nil }
                }
                if textByte <= patternByte && textByte >= previous { matched = true }
                patternByte = 0
            } else if patternByte == UInt8(ascii: "[") && pattern[p + 1] == UInt8(ascii: ":") {
                let nameStart = p + 2
                var end = nameStart
                while pattern[end] != 0 && pattern[end] != UInt8(ascii: "]") { end += 1 }
                if pattern[end] == 0 { return nil }
                if end - nameStart - 1 < 0 || pattern[end - 1] != UInt8(ascii: ":") {
                    // No `:]`: the `[` is an ordinary member.
                    if textByte == UInt8(ascii: "[") { matched = true }
                } else {
                    guard let inClass = characterClass(pattern[nameStart..<(end - 1)], contains: textByte) else { return nil }
                    if inClass { matched = true }
                    p = end
                    patternByte = 0
                }
            } else if textByte == patternByte {
                matched = true
            }
            previous = patternByte
            p += 1
            patternByte = pattern[p]
        } while patternByte != UInt8(ascii: "]")
        return matched != negated
    }

    /// Membership in a POSIX class (`[:alpha:]`) by its name; nil for a name git does not know.
    private static func characterClass(_ name: Slice<UnsafeBufferPointer<UInt8>>, contains byte: UInt8) -> Bool? {
        let isDigit = byte >= 48 && byte <= 57
        let isUpper = byte >= 65 && byte <= 90
        let isLower = byte >= 97 && byte <= 122
        let isPrint = byte >= 32 && byte < 127
        switch String(decoding: name, as: UTF8.self) {
        case "alnum": return isDigit || isUpper || isLower
        case "alpha": return isUpper || isLower
        case "blank": return byte == 32 || byte == 9
        case "cntrl": return byte < 32 || byte == 127
        case "digit": return isDigit
        case "graph": return isPrint && byte != 32
        case "lower": return isLower
        case "print": return isPrint
        case "punct": return isPrint && byte != 32 && !(isDigit || isUpper || isLower)
        case "space": return byte == 32 || (byte >= 9 && byte <= 13)
        case "upper": return isUpper
        case "xdigit": return isDigit || (byte >= 65 && byte <= 70) || (byte >= 97 && byte <= 102)
        default: return nil
        }
    }

    /// The bytes that make a pattern more than a literal (git's `is_glob_special`).
    @inlinable
    public static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "*") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\")
    }
}
