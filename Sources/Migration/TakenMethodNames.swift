import Foundation
import MojifyCore

extension MigrationPatch {
    /// By message: the members of its handler's class (declared in the header beside the map's file) whose address
    /// that file takes (`.SetMethod("getZoomLevel", &WebContents::GetZoomLevel)`), other than the handler itself,
    /// each with where. A method of such a name would overload the member, and make the address ambiguous: the plan
    /// names the method otherwise (`ConversionPlan.make`). `read` gives a file's text, nil when it cannot be read.
    public static func takenMethodNames(inventory: Inventory, read: (String) -> String?) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for map in inventory.messageMaps where map.patch == nil && !map.conditions.disabled {
            let file = map.location.file
            let className = CppMigration.qualifiedClass(of: map).components(separatedBy: "::").last ?? map.handlerClass
            // Most map files take no address of their class's members: those are not lexed.
            guard let text = read(file), text.contains("&\(className)::") || text.contains("& \(className)::") || text.contains("::\(className)::") else { continue }
            let source = CppSource(text)
            let tokens = source.tokens
            var addressed: [String: Int] = [:]
            for index in tokens.indices.dropLast(2) where tokens[index].text == "&" {
                var cursor = index + 1
                while tokens.text(at: cursor + 1) == "::", tokens[cursor].kind == .name, tokens[cursor].text != className { cursor += 2 }
                guard tokens.text(at: cursor) == className, tokens.text(at: cursor + 1) == "::", let name = tokens.text(at: cursor + 2),
                      tokens[cursor + 2].kind == .name, tokens.text(at: cursor + 3) != "(", addressed[name] == nil else { continue }
                addressed[name] = source.line(of: tokens[index].range.lowerBound)
            }
            let header = (file as NSString).deletingPathExtension + ".h"
            guard !addressed.isEmpty, let declared = read(header),
                  case .success(let declaration) = CppClassDeclaration.only(named: className, in: CppSource(declared), file: header) else { continue }
            let members = declaration.memberFunctionNames
            let taken = addressed.filter { members.contains($0.key) }
            for entry in map.handlers where !entry.conditions.disabled {
                guard let message = entry.message else { continue }
                let handler = entry.method?.components(separatedBy: "::").last
                for (name, line) in taken where name != handler {
                    result[message, default: [:]][name] = "\(className) already has a member \(name), whose address \(file):\(line) takes (&\(className)::\(name))"
                }
            }
        }
        return result
    }
}
