import Foundation

/// `compile_commands.json`: each file's real flags, reduced to those that change what the preprocessor sees.
struct CompileDatabase {
    private var byPath: [String: [String]] = [:]
    /// Database paths by file name, sorted: the few candidates for the suffix match, instead of every entry.
    private var pathsByName: [String: [String]] = [:]

    init(folder: String) throws {
        let path = folder.hasSuffix(".json") ? folder : folder + "/compile_commands.json"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScannerError.compileCommandsNotFound(path)
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ScannerError.malformedCompileCommands(path: path, reason: "not valid JSON (\((error as NSError).userInfo["NSDebugDescription"] ?? error))")
        }
        guard let entries = json as? [[String: Any]] else {
            throw ScannerError.malformedCompileCommands(path: path, reason: "expected a JSON array of objects with directory, file and command or arguments")
        }
        for (number, entry) in entries.enumerated() {
            guard let directory = entry["directory"] as? String, let file = entry["file"] as? String else {
                throw ScannerError.malformedCompileCommands(path: path, reason: "entry \(number + 1) lacks \"directory\" or \"file\"")
            }
            let arguments: [String]
            if let list = entry["arguments"] as? [String] {
                arguments = list
            } else if let command = entry["command"] as? String {
                arguments = CompileDatabase.splitCommand(command)
            } else {
                throw ScannerError.malformedCompileCommands(path: path, reason: "entry \(number + 1) has neither \"arguments\" nor \"command\"")
            }
            let absolute = CompileDatabase.normalise(file.hasPrefix("/") ? file : directory + "/" + file)
            byPath[absolute] = CompileDatabase.preprocessorFlags(arguments, directory: directory)
        }
        pathsByName = Dictionary(grouping: byPath.keys.sorted()) { String($0.split(separator: "/").last ?? "") }
    }

    /// The flags for a file: by its absolute path, else by a database path that ends with its path relative to
    /// the scanned root (the database was made on another machine or in another checkout).
    func flags(absolutePath: String, relativePath: String) -> [String]? {
        if let exact = byPath[CompileDatabase.normalise(absolutePath)] { return exact }
        let suffix = "/" + relativePath
        let name = String(relativePath.split(separator: "/").last ?? "")
        return pathsByName[name]?.first { $0.hasSuffix(suffix) }.flatMap { byPath[$0] }
    }

    /// Every `-I`, `-iquote` and `-isystem` folder of the database, absolute, sorted.
    var includeFolders: [String] {
        let flags = ["-I", "-iquote", "-isystem"]
        return Array(Set(byPath.values.flatMap { arguments in
            // `preprocessorFlags` keeps both spellings: `-I /abs` and `-I/abs`.
            arguments.indices.compactMap { index -> String? in
                let argument = arguments[index]
                if flags.contains(argument) { return index + 1 < arguments.count ? arguments[index + 1] : nil }
                return flags.first { argument.hasPrefix($0) && argument.count > $0.count }.map { String(argument.dropFirst($0.count)) }
            }
        })).sorted()
    }

    /// Keeps the flags that shape preprocessing (-D, -U, -I, -include, -std ...), made absolute against `directory`.
    static func preprocessorFlags(_ arguments: [String], directory: String) -> [String] {
        let withValue: Set<String> = ["-D", "-U", "-I", "-include", "-isystem", "-iquote", "-idirafter"]
        let joined = ["-D", "-U", "-I", "-std=", "-isystem", "-iquote", "-idirafter"]
        let pathFlags: Set<String> = ["-I", "-include", "-isystem", "-iquote", "-idirafter"]
        var result: [String] = []
        var index = 1
        func absolute(_ value: String) -> String {
            value.hasPrefix("/") ? value : normalise(directory + "/" + value)
        }
        while index < arguments.count {
            let argument = arguments[index]
            if withValue.contains(argument), index + 1 < arguments.count {
                let value = arguments[index + 1]
                result += [argument, pathFlags.contains(argument) ? absolute(value) : value]
                index += 2
                continue
            }
            if let flag = joined.first(where: { argument.hasPrefix($0) && argument.count > $0.count }) {
                let value = String(argument.dropFirst(flag.count))
                result.append(flag + (pathFlags.contains(flag) ? absolute(value) : value))
            }
            index += 1
        }
        return result
    }

    /// Splits a shell command line as compile databases write it (quotes and backslashes, no expansions).
    static func splitCommand(_ command: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" || character == "\n" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    static func normalise(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
