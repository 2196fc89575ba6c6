import Foundation

/// Finds the `Rules/` folder that ships with mojify: the data (type mappings, banned types, rule metadata)
/// that users may edit, override with `--rules`, or point to with `MOJIFY_RULES_DIR`.
public enum RulesDirectory {
    /// The first candidate folder that holds `marker`, so each stage finds the folder with the file it needs.
    public static func locate(containing marker: String = "type-mappings.yaml", environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        var candidates: [String] = []
        if let explicit = environment["MOJIFY_RULES_DIR"], !explicit.isEmpty {
            candidates.append(explicit)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../share/mojify/Rules").standardized.path)
        // A binary built from a checkout finds the checkout's Rules/ from this source file's place in it.
        candidates.append(URL(fileURLWithPath: #filePath).appendingPathComponent("../../../Rules").standardized.path)
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate + "/" + marker) {
            return candidate
        }
        throw CoreError.rulesNotFound(searched: candidates)
    }

    public static func file(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        try locate(containing: name, environment: environment) + "/" + name
    }
}
