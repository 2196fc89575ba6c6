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

    /// `Class::Method` of a message-map handler (`OnHitTest` in `content::RenderAccessibilityImpl`, `&Foo::OnBar`)
    /// or of the function a send is in (`content::Foo::OnBar`), so that the two compare whatever namespaces they
    /// are written with.
    public static func classAndMethod(_ function: String, of handlerClass: String? = nil) -> String {
        let name = function.hasPrefix("&") ? String(function.dropFirst()) : function
        var parts = name.components(separatedBy: "::").filter { !$0.isEmpty }
        if parts.count == 1, let handlerClass, let owner = handlerClass.components(separatedBy: "::").last { parts.insert(owner, at: 0) }
        return parts.suffix(2).joined(separator: "::")
    }

    /// `content::FooParams` -> `FooParams`: how a `new` expression may name a type that traits name qualified.
    public static func unqualified(_ type: String) -> String {
        String(type.split(separator: ":").last ?? Substring(type))
    }
}
