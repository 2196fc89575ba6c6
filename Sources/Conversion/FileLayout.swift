import MojifyCore

/// Decides which mojom file (path and module) each message class and type definition goes to.
struct FileLayout {
    struct Target: Hashable {
        var path: String
        var module: String
        var header: String
        /// The header's folder or file name had characters that names mojify writes may not hold.
        var renamedUnsafeName: Bool
        /// The tree's own `.mojom` file whose path the file would have taken.
        var treeFileAvoided: String?
    }

    private let rules: ConversionRules
    private let naming: Naming
    /// Classes in the order their first construct appears in each header.
    private var classesByHeader: [String: [String]] = [:]
    private var headerByClass: [String: String] = [:]
    /// Headers under an overlay folder -> the upstream paths they mirror (`Inventory.overlayHeaders`).
    private let overlayHeaders: [String: String]
    /// Per header, the outermost namespace of each type its traits macros name in one (`printing` for
    /// `printing::PageSizeMargins`).
    private var traitNamespaces: [String: [String]] = [:]

    init(inventory: Inventory, rules: ConversionRules) {
        self.rules = rules
        self.naming = Naming(rules: rules)
        overlayHeaders = inventory.overlayHeaders ?? [:]
        for (type, location) in inventory.structTraits.map({ ($0.type, $0.location) }) + inventory.enumTraits.map({ ($0.type, $0.location) }) {
            let parts = type.components(separatedBy: "::").filter { !$0.isEmpty }
            if parts.count > 1 { traitNamespaces[location.file, default: []].append(parts[0]) }
        }
        var seen: [(SourceLocation, String, String)] = []
        for message in inventory.messages { seen.append((message.location, Self.header(of: message.location, patch: message.patch), message.messageClass)) }
        for item in inventory.structs { seen.append((item.location, Self.header(of: item.location, patch: item.patch), item.messageClass)) }
        for item in inventory.structTraits { seen.append((item.location, Self.header(of: item.location, patch: item.patch), item.messageClass)) }
        for item in inventory.enumTraits { seen.append((item.location, Self.header(of: item.location, patch: item.patch), item.messageClass)) }
        for (_, header, messageClass) in seen.sorted(by: { $0.0 < $1.0 }) where !messageClass.isEmpty {
            if !(classesByHeader[header]?.contains(messageClass) ?? false) { classesByHeader[header, default: []].append(messageClass) }
            if headerByClass[messageClass] == nil { headerByClass[messageClass] = header }
        }
    }

    /// The header a construct belongs to: for a construct a patch adds, the file the patch changes.
    static func header(of location: SourceLocation, patch: PatchOrigin?) -> String {
        patch?.targetFile ?? location.file
    }

    /// The file for a construct of `messageClass` found in `header`.
    func target(messageClass: String, header: String) -> Target {
        let chosenClass: String? = messageClass.isEmpty ? (classesByHeader[header]?.count == 1 ? classesByHeader[header]?.first : nil) : messageClass
        let home = chosenClass.flatMap { headerByClass[$0] } ?? header
        let rawFolder = home.split(separator: "/").dropLast().joined(separator: "/")
        var stem = String(home.split(separator: "/").last ?? "")
        for suffix in [".h", "_messages", "_message"] where stem.hasSuffix(suffix) {
            stem = String(stem.dropLast(suffix.count))
        }
        // Two classes in one header each get a file named after the class (`ExtensionWorkerMsgStart` -> `extension_worker`).
        if let chosenClass, (classesByHeader[home]?.count ?? 0) > 1 {
            stem = naming.snakeCase(chosenClass.hasSuffix("MsgStart") ? String(chosenClass.dropLast("MsgStart".count)) : chosenClass)
        }
        let rawPath = (rawFolder.isEmpty ? "" : rawFolder + "/") + (stem.isEmpty ? "messages" : stem) + ".mojom"
        var path = rawPath.split(separator: "/", omittingEmptySubsequences: false).map(SafeName.pathComponent).joined(separator: "/")
        var module = Self.module(forPath: path, skipping: rules.moduleSkipFolders, reserved: rules.reservedWords)
        if let mirrored = overlayHeaders[home] {
            module = Self.module(forOverlayHeader: mirrored, namespaces: traitNamespaces[home] ?? [], skipping: rules.moduleSkipFolders, reserved: rules.reservedWords)
        }
        var renamed = path != rawPath
        var avoided: String?
        if let chosenClass, let override = rules.classes[chosenClass] {
            renamed = renamed && override.file == nil
            path = override.file ?? path
            module = override.module ?? module
        }
        // `frame_messages.h` next to the tree's own `frame.mojom` (Chromium 83): the tree's file would be
        // overwritten, so the messages go to a file named after their header, `frame_messages.mojom`.
        if rules.treeMojomFiles.contains(path), rules.classes[chosenClass ?? ""]?.file == nil {
            avoided = path
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            let headerStem = SafeName.pathComponent(String((home.split(separator: "/").last ?? "").split(separator: ".").first ?? "messages"))
            let base = (folder.isEmpty ? "" : folder + "/") + (headerStem + ".mojom" == path.split(separator: "/").last.map(String.init) ? headerStem + "_ipc" : headerStem)
            path = base + ".mojom"
            var number = 2
            while rules.treeMojomFiles.contains(path) {
                path = "\(base)\(number).mojom"
                number += 1
            }
        }
        return Target(path: path, module: module, header: home, renamedUnsafeName: renamed, treeFileAvoided: avoided)
    }

    /// `content/common/frame.mojom` -> `content.mojom`; `components/printing/...` -> `printing.mojom`;
    /// `chromium_src/components/pdf/...` -> `pdf.mojom` (every skipped leading folder goes, the last folder stays).
    /// A folder that is no identifier, or a reserved word (`import/`, `module/`), gets an `m_` prefix.
    static func module(forPath path: String, skipping: [String], reserved: Set<String>) -> String {
        var folders = path.split(separator: "/").dropLast().map(String.init)
        while folders.count > 1, skipping.contains(folders[0]) { folders.removeFirst() }
        return moduleNamed(folders.first ?? "mojify", reserved: reserved)
    }

    /// A header under an overlay folder serves the component of the upstream path it mirrors
    /// (`chromium_src/chrome/common/tts_messages.h` -> `chrome.mojom`), unless most of the namespaced types its
    /// traits name live in one namespace, which then names the part of the code it belongs to more closely
    /// (`chromium_src/chrome/common/print_messages.h`, of `printing::` types -> `printing.mojom`). Types of the
    /// global namespace (`PrintMsg_Print_Params`) say nothing.
    static func module(forOverlayHeader mirrored: String, namespaces: [String], skipping: [String], reserved: Set<String>) -> String {
        let counts = Dictionary(namespaces.map { ($0, 1) }, uniquingKeysWith: +)
        if let namespace = counts.first(where: { $0.value * 2 > namespaces.count })?.key {
            return moduleNamed(namespace, reserved: reserved)
        }
        let path = mirrored.split(separator: "/", omittingEmptySubsequences: false).map(SafeName.pathComponent).joined(separator: "/")
        return module(forPath: path, skipping: skipping, reserved: reserved)
    }

    /// `name.mojom`, with characters that are no word characters as `_`, and an `m_` prefix where the name is no
    /// identifier or is a reserved word.
    private static func moduleNamed(_ name: String, reserved: Set<String>) -> String {
        let word = String(name.map { Naming.isWordCharacter($0) ? $0 : "_" })
        return (Naming.isIdentifier(word) && !reserved.contains(word) ? word : "m_" + word) + ".mojom"
    }
}
