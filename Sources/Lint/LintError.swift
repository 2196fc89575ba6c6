import Foundation

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
            "\(path): cannot read: \(reason)"
        case let .malformedRules(path, reason, expected):
            "\(path): \(reason); expected \(expected)"
        case let .unknownRule(path, id, known):
            "\(path): no lint rule is called '\(id)'; the rules are \(known.joined(separator: ", "))"
        case let .invalidSeverity(path, rule, value):
            "\(path): rule '\(rule)' has severity '\(value)'; use error, warning or note"
        case let .unreadableFileList(path, reason):
            "--files \(path): cannot read: \(reason); give a file with one path per line, or '-' for standard input"
        }
    }
}

extension LintError {
    /// A YAML decoding error as a short reason naming its place: the line and column of a syntax error, or the key
    /// path of a value of the wrong kind, without Foundation's debug text.
    static func reason(decoding error: Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty ? "the top level" : "'" + context.codingPath.map(\.stringValue).joined(separator: ".") + "'"
        }
        switch error {
        case let DecodingError.dataCorrupted(context):
            return context.underlyingError.map { "not valid YAML: \($0)" } ?? "\(path(context)): \(context.debugDescription)"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "\(path(context)) has the wrong kind of value"
        case let DecodingError.keyNotFound(key, context):
            return "\(path(context)) lacks '\(key.stringValue)'"
        default:
            return "\(error)"
        }
    }
}
