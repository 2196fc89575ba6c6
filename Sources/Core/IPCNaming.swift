/// Chromium's naming conventions for legacy IPC, for what a tree alone cannot tell.
public enum IPCNaming {
    /// `FooHostMsg_Bar` and `FooMsg_Bar` -> `Foo`: the stem that the two directions of one message class share
    /// (`FooMsgStart`). Nil when the name does not have the `Msg_` form.
    public static func stem(of message: String) -> String? {
        guard let marker = message.range(of: "Msg_") else { return nil }
        let prefix = message[..<marker.lowerBound]
        let stem = prefix.hasSuffix("Host") ? prefix.dropLast(4) : prefix
        return stem.isEmpty ? nil : String(stem)
    }

    /// `FooHostMsg_Bar` -> `FooMsgStart`: the message class that Chromium's convention puts a message in. Trees do
    /// not always follow it (an embedder may add `ViewMsg_` messages to `ChromeMsgStart`), so it is a guess to
    /// check against definitions, never a fact.
    public static func conventionalClass(of message: String) -> String? {
        stem(of: message).map { $0 + "MsgStart" }
    }

    /// `PrintMsg_PrintPages_Params`: the convention for an `IPC_STRUCT_BEGIN` struct that carries a message's
    /// arguments; no message of 2010-2020 Chromium is named so. Used only for names whose definition is not known.
    public static func looksLikeParamsStruct(_ name: String) -> Bool {
        name.hasSuffix("_Params")
    }

    /// `content::FooParams` -> `FooParams`: how a `new` expression may name a type that traits name qualified.
    public static func unqualified(_ type: String) -> String {
        String(type.split(separator: ":").last ?? Substring(type))
    }
}
