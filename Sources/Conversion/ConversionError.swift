import Foundation

/// Errors of the conversion stage: rule files that cannot be used.
public enum ConversionError: Error, Equatable, CustomStringConvertible {
    case unreadableRules(path: String, reason: String)
    case malformedRules(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadableRules(path, reason):
            "\(path): cannot read the rules: \(reason)"
        case let .malformedRules(path, reason):
            "\(path): \(reason); see Rules/README.md for the format"
        }
    }
}
