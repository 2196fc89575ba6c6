import MojifyCore

/// What a legacy IPC macro from `ipc/ipc_message_macros.h` (and its struct and traits companions) declares.
enum IPCMacro: Equatable {
    enum MessageForm: Equatable {
        /// `IPC_MESSAGE_ROUTED2(Name, A, B)`, `IPC_SYNC_MESSAGE_CONTROL1_2(Name, In, Out1, Out2)`.
        case counted(inputs: Int, outputs: Int)
        /// `IPC_MESSAGE_CONTROL(Name, ...)`.
        case variadic
        /// `IPC_SYNC_MESSAGE_ROUTED(Name, (In...), (Out...))`.
        case parenthesised
    }

    enum HandlerShape: Equatable {
        /// `(message, method)`
        case method
        /// `(message, object, method)`
        case forward
        /// `(message, code)`
        case generic
        /// `(code)` with no message: `IPC_MESSAGE_UNHANDLED`, `IPC_REPLY_HANDLER`.
        case codeOnly
    }

    /// What an enum traits macro checks values against, in the arguments after the enum's type.
    enum EnumCheck: Equatable {
        /// `IPC_ENUM_TRAITS(Type)`: nothing.
        case unchecked
        /// `IPC_ENUM_TRAITS_MAX_VALUE(Type, Max)`.
        case maxValue
        /// `IPC_ENUM_TRAITS_MIN_MAX_VALUE(Type, Min, Max)`.
        case minMaxValue
        /// `IPC_ENUM_TRAITS_VALIDATE(Type, Expression)`.
        case validate

        /// How many arguments the macro takes, the type included.
        var argumentCount: Int {
            switch self {
            case .unchecked: 1
            case .maxValue, .validate: 2
            case .minMaxValue: 3
            }
        }
    }

    case message(kind: RoutingKind, sync: Bool, form: MessageForm)
    case structBegin(withParent: Bool)
    case structMember
    case structEnd
    case traitsBegin
    case traitsMember
    case traitsParent
    case traitsEnd
    case enumTraits(EnumCheck)
    case mapBegin
    case mapEnd
    case handler(HandlerShape, delayReply: Bool)

    /// Every IPC macro starts with this; the prefilter and the recogniser both rely on it.
    static let prefix = "IPC_"

    init?(name: String) {
        guard name.hasPrefix(IPCMacro.prefix) else { return nil }
        switch name {
        case "IPC_STRUCT_BEGIN": self = .structBegin(withParent: false)
        case "IPC_STRUCT_BEGIN_WITH_PARENT": self = .structBegin(withParent: true)
        case "IPC_STRUCT_MEMBER": self = .structMember
        case "IPC_STRUCT_END": self = .structEnd
        case "IPC_STRUCT_TRAITS_BEGIN": self = .traitsBegin
        case "IPC_STRUCT_TRAITS_MEMBER": self = .traitsMember
        case "IPC_STRUCT_TRAITS_PARENT": self = .traitsParent
        case "IPC_STRUCT_TRAITS_END": self = .traitsEnd
        case "IPC_ENUM_TRAITS": self = .enumTraits(.unchecked)
        case "IPC_ENUM_TRAITS_MAX_VALUE": self = .enumTraits(.maxValue)
        case "IPC_ENUM_TRAITS_MIN_MAX_VALUE": self = .enumTraits(.minMaxValue)
        case "IPC_ENUM_TRAITS_VALIDATE": self = .enumTraits(.validate)
        case "IPC_BEGIN_MESSAGE_MAP", "IPC_BEGIN_MESSAGE_MAP_WITH_PARAM", "IPC_BEGIN_MESSAGE_MAP_EX":
            self = .mapBegin
        case "IPC_END_MESSAGE_MAP", "IPC_END_MESSAGE_MAP_EX":
            self = .mapEnd
        case "IPC_MESSAGE_HANDLER", "IPC_MESSAGE_HANDLER_WITH_PARAM":
            self = .handler(.method, delayReply: false)
        case "IPC_MESSAGE_HANDLER_DELAY_REPLY", "IPC_MESSAGE_HANDLER_WITH_PARAM_DELAY_REPLY":
            self = .handler(.method, delayReply: true)
        case "IPC_MESSAGE_FORWARD", "IPC_MESSAGE_FORWARD_WITH_PARAM":
            self = .handler(.forward, delayReply: false)
        case "IPC_MESSAGE_FORWARD_DELAY_REPLY", "IPC_MESSAGE_FORWARD_WITH_PARAM_DELAY_REPLY":
            self = .handler(.forward, delayReply: true)
        case "IPC_MESSAGE_HANDLER_GENERIC":
            self = .handler(.generic, delayReply: false)
        case "IPC_MESSAGE_UNHANDLED", "IPC_MESSAGE_UNHANDLED_ERROR", "IPC_REPLY_HANDLER":
            self = .handler(.codeOnly, delayReply: false)
        default:
            guard let message = IPCMacro.messageMacro(name) else { return nil }
            self = message
        }
    }

    /// `IPC_[SYNC_]MESSAGE_(CONTROL|ROUTED)[i[_o]]`.
    private static func messageMacro(_ name: String) -> IPCMacro? {
        var rest = Substring(name.dropFirst(IPCMacro.prefix.count))
        let sync = rest.hasPrefix("SYNC_")
        if sync { rest = rest.dropFirst("SYNC_".count) }
        guard rest.hasPrefix("MESSAGE_") else { return nil }
        rest = rest.dropFirst("MESSAGE_".count)
        let kind: RoutingKind
        if rest.hasPrefix("CONTROL") {
            kind = .control
            rest = rest.dropFirst("CONTROL".count)
        } else if rest.hasPrefix("ROUTED") {
            kind = .routed
            rest = rest.dropFirst("ROUTED".count)
        } else {
            return nil
        }
        if rest.isEmpty {
            return .message(kind: kind, sync: sync, form: sync ? .parenthesised : .variadic)
        }
        let counts = rest.split(separator: "_", omittingEmptySubsequences: false)
        guard counts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }) else { return nil }
        let numbers = counts.compactMap { Int($0) }
        switch (sync, numbers.count) {
        case (false, 1): return .message(kind: kind, sync: false, form: .counted(inputs: numbers[0], outputs: 0))
        case (true, 2): return .message(kind: kind, sync: true, form: .counted(inputs: numbers[0], outputs: numbers[1]))
        default: return nil
        }
    }
}
