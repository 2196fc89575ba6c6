import Foundation

/// Finds the `Rules/` folder that ships with mojify: the data (type mappings, banned types, rule metadata)
/// that users may edit, override with `--rules`, or point to with `MOJIFY_RULES_DIR`.
public enum RulesDirectory {
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        var candidates: [String] = []
        if let explicit = environment["MOJIFY_RULES_DIR"], !explicit.isEmpty {
            candidates.append(explicit)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../share/mojify/Rules").standardized.path)
        // A binary built from a checkout finds the checkout's Rules/ from this source file's place in it.
        candidates.append(URL(fileURLWithPath: #filePath).appendingPathComponent("../../../Rules").standardized.path)
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate + "/type-mappings.yaml") {
            return candidate
        }
        throw CoreError.rulesNotFound(searched: candidates)
    }

    public static func file(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        try locate(environment: environment) + "/" + name
    }
}
