/// File and folder names mojify derives from scanned paths. Scanned code is untrusted and these names end up in
/// GN strings and labels, mojom `import` lines and comments, and file paths, so they keep to `[A-Za-z0-9_.-]`:
/// no quote, `$`, backslash, space or line break survives, and no name starts with a dot (`..` cannot climb).
public enum SafeName {
    /// `über messages` -> `uber_messages`; `p" + exec_script(...)` -> `p____exec_script_..._`.
    public static func pathComponent(_ text: some StringProtocol) -> String {
        var result = String(Naming.asciiFolded(String(text)).map { isAllowed($0) ? $0 : "_" })
        if result.hasPrefix(".") { result = "_" + result.dropFirst() }
        return result.isEmpty ? "_" : result
    }

    /// Whether every `/`-separated component of a relative path is already safe.
    public static func isSafePath(_ path: String) -> Bool {
        !path.isEmpty && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { pathComponent($0) == $0 }
    }

    private static func isAllowed(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-" || character == ".")
    }
}
