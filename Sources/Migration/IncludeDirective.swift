/// The one reader of `#include` lines for the rewrite and for what the check declares.
public enum IncludeDirective {
    /// `#include "a/b.h"` -> `a/b.h`; with `angleBrackets`, `#include <a/b.h>` -> `a/b.h` too; nil for other lines.
    public static func path(in line: some StringProtocol, angleBrackets: Bool = false) -> String? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("#") else { return nil }
        let directive = trimmed.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard directive.hasPrefix("include") else { return nil }
        let rest = directive.dropFirst("include".count).drop { $0 == " " || $0 == "\t" }
        guard let open = rest.first, open == "\"" || (angleBrackets && open == "<") else { return nil }
        let close: Character = open == "<" ? ">" : "\""
        let body = rest.dropFirst()
        guard let end = body.firstIndex(of: close), end > body.startIndex else { return nil }
        return String(body[..<end])
    }
}
