import Foundation
import MojifyCore

/// Errors that stop `mojify lint` before it can judge anything; all of them exit with status 2.
public enum LintError: Error, Equatable, CustomStringConvertible {
    case unreadableRules(path: String, reason: String)
    case malformedRules(path: String, reason: String, expected: String)
    case unknownRule(path: String, id: String, known: [String])
    case invalidSeverity(path: String, rule: String, value: String)
    case unreadableFileList(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadableRules(path, reason):
            RulesFileMessage.unreadable(path: path, reason: reason)
        case let .malformedRules(path, reason, expected):
            RulesFileMessage.malformed(path: path, reason: reason, expected: expected)
        case let .unknownRule(path, id, known):
            "\(path): no lint rule is called '\(id)'; the rules are \(known.joined(separator: ", "))"
        case let .invalidSeverity(path, rule, value):
            "\(path): rule '\(rule)' has severity '\(value)'; use error, warning or note"
        case let .unreadableFileList(path, reason):
            "--files \(path): cannot read: \(reason); give a file with one path per line, or '-' for standard input"
        }
    }
}
