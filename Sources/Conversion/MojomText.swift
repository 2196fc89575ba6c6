/// How a `.mojom` file lays out a method and attributes: `MojomEmitter` writes the files with it, and the report
/// shows each message's proposed method as the file has it.
public enum MojomText {
    /// A method as its interface holds it: comments, attributes, then the declaration.
    public static func methodBlock(_ method: MojomMethod, indent: String) -> [String] {
        method.comments.flatMap { EmitterText.comment($0, indent: indent) } + attributeLine(method.attributes, indent: indent)
            + methodLines(method, indent: indent)
    }

    /// A method exactly as the `.mojom` file has it inside its interface (wrapped there), without the indent: what
    /// the HTML report shows as a message's proposal.
    public static func methodText(_ method: MojomMethod) -> String {
        let indent = "  "
        return methodBlock(method, indent: indent).map { $0.hasPrefix(indent) ? String($0.dropFirst(indent.count)) : $0 }
            .joined(separator: "\n")
    }

    public static func attributeLine(_ attributes: [String], indent: String) -> [String] {
        attributes.isEmpty ? [] : ["\(indent)[\(attributes.joined(separator: ", "))]"]
    }

    /// The method on one line; past 80 columns, one parameter per line, aligned after the parenthesis, and the
    /// reply on a line of its own (`    => (`).
    static func methodLines(_ method: MojomMethod, indent: String) -> [String] {
        var unattributed = method
        unattributed.attributes = []
        let single = indent + unattributed.declaration
        guard single.count > 80 else { return [single] }
        let continuation = indent + "    "
        var lines = parameterLines(method.parameters, opening: "\(indent)\(method.name)(", closing: method.response == nil ? ");" : ")", continuation: continuation)
        if let response = method.response {
            lines += parameterLines(response, opening: "\(continuation)=> (", closing: ");", continuation: continuation + "    ")
        }
        return lines
    }

    /// Parameters aligned after `opening`, one per line; when an aligned line would still pass 80 columns, every
    /// parameter goes on a line of its own at `continuation`, as clang-format lays out Chromium's code.
    static func parameterLines(_ parameters: [MojomParameter], opening: String, closing: String, continuation: String) -> [String] {
        guard !parameters.isEmpty else { return [opening + closing] }
        let pad = String(repeating: " ", count: opening.count)
        func ending(_ index: Int) -> String { index == parameters.count - 1 ? closing : "," }
        let aligned = parameters.enumerated().map { index, parameter in (index == 0 ? opening : pad) + parameter.text + ending(index) }
        if aligned.allSatisfy({ $0.count <= 80 }) { return aligned }
        return [opening] + parameters.enumerated().map { index, parameter in continuation + parameter.text + ending(index) }
    }
}
