import Foundation
import MojifyCore

/// Errors of the conversion stage: rule files that cannot be used.
public enum ConversionError: Error, Equatable, CustomStringConvertible {
    case unreadableRules(path: String, reason: String)
    case malformedRules(path: String, reason: String)
    case unknownSelection(names: [String], nearest: [String?])

    public var description: String {
        switch self {
        case let .unreadableRules(path, reason):
            RulesFileMessage.unreadable(path: path, reason: reason)
        case let .malformedRules(path, reason):
            RulesFileMessage.malformed(path: path, reason: reason)
        case let .unknownSelection(names, nearest):
            "--only: " + zip(names, nearest).map { name, near in
                "'\(name.escapingControlCharacters)' is no message class or message of the scanned tree" + (near.map { " (did you mean \($0)?)" } ?? "")
            }.joined(separator: "; ") + "; give class names (FrameMsgStart) or message names (FrameHostMsg_Foo), comma-separated or one --only each"
        }
    }
}
