import Foundation
import MojifyCore

/// Errors of the conversion stage: rule files that cannot be used.
public enum ConversionError: Error, Equatable, CustomStringConvertible {
    case unreadableRules(path: String, reason: String)
    case malformedRules(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadableRules(path, reason):
            RulesFileMessage.unreadable(path: path, reason: reason)
        case let .malformedRules(path, reason):
            RulesFileMessage.malformed(path: path, reason: reason)
        }
    }
}
