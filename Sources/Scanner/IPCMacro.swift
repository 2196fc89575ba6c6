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
        // One hash instead of a comparison with each name: asked of every `IPC_` name followed by `(`.
        if let macro = IPCMacro.byName[name] {
            self = macro
        } else if let message = IPCMacro.messageMacro(name) {
            self = message
        } else {
            return nil
        }
    }

    private static let byName: [String: IPCMacro] = [
        "IPC_STRUCT_BEGIN": .structBegin(withParent: false),
        "IPC_STRUCT_BEGIN_WITH_PARENT": .structBegin(withParent: true),
        "IPC_STRUCT_MEMBER": .structMember,
        "IPC_STRUCT_END": .structEnd,
        "IPC_STRUCT_TRAITS_BEGIN": .traitsBegin,
        "IPC_STRUCT_TRAITS_MEMBER": .traitsMember,
        "IPC_STRUCT_TRAITS_PARENT": .traitsParent,
        "IPC_STRUCT_TRAITS_END": .traitsEnd,
        "IPC_ENUM_TRAITS": .enumTraits(.unchecked),
        "IPC_ENUM_TRAITS_MAX_VALUE": .enumTraits(.maxValue),
        "IPC_ENUM_TRAITS_MIN_MAX_VALUE": .enumTraits(.minMaxValue),
        "IPC_ENUM_TRAITS_VALIDATE": .enumTraits(.validate),
        "IPC_BEGIN_MESSAGE_MAP": .mapBegin,
        "IPC_BEGIN_MESSAGE_MAP_WITH_PARAM": .mapBegin,
        "IPC_BEGIN_MESSAGE_MAP_EX": .mapBegin,
        "IPC_END_MESSAGE_MAP": .mapEnd,
        "IPC_END_MESSAGE_MAP_EX": .mapEnd,
        "IPC_MESSAGE_HANDLER": .handler(.method, delayReply: false),
        "IPC_MESSAGE_HANDLER_WITH_PARAM": .handler(.method, delayReply: false),
        "IPC_MESSAGE_HANDLER_DELAY_REPLY": .handler(.method, delayReply: true),
        "IPC_MESSAGE_HANDLER_WITH_PARAM_DELAY_REPLY": .handler(.method, delayReply: true),
        "IPC_MESSAGE_FORWARD": .handler(.forward, delayReply: false),
        "IPC_MESSAGE_FORWARD_WITH_PARAM": .handler(.forward, delayReply: false),
        "IPC_MESSAGE_FORWARD_DELAY_REPLY": .handler(.forward, delayReply: true),
        "IPC_MESSAGE_FORWARD_WITH_PARAM_DELAY_REPLY": .handler(.forward, delayReply: true),
        "IPC_MESSAGE_HANDLER_GENERIC": .handler(.generic, delayReply: false),
        "IPC_MESSAGE_UNHANDLED": .handler(.codeOnly, delayReply: false),
        "IPC_MESSAGE_UNHANDLED_ERROR": .handler(.codeOnly, delayReply: false),
        "IPC_REPLY_HANDLER": .handler(.codeOnly, delayReply: false),
    ]

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
