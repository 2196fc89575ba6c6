import MojifyCore

/// Everything `mojify generate` proposes for a scanned tree: mojom files with their interfaces and types,
/// the pairs it folded, and the C++ types it could not map. Emitters only render this; they decide nothing.
public struct ConversionPlan: Sendable {
    public var files: [MojomFile]
    public var foldedPairs: [FoldedPair]
    /// C++ types with no mapping; each has a placeholder definition in the files that use it.
    public var unmappedTypes: [UnmappedType]
    /// Messages that are not in any interface, with the reason.
    public var skippedMessages: [SkippedMessage]
    /// Problems the user should look at (ambiguous pairs, naming clashes); the files are still usable.
    public var warnings: [PlanWarning]

    public var interfaces: [MojomInterface] { files.flatMap(\.interfaces) }

    /// What each legacy message became, by message name: a folded reply message gives the method it was folded
    /// into. Skipped messages have none.
    public var proposals: [String: Proposal] {
        var proposals: [String: Proposal] = [:]
        for file in files {
            for interface in file.interfaces {
                for method in interface.methods {
                    for message in method.messages where proposals[message] == nil {
                        proposals[message] = Proposal(interface: file.module + "." + interface.name, process: interface.process, method: method)
                    }
                }
            }
        }
        return proposals
    }
}

/// The interface and method proposed for a legacy message: what the plan decides, what the ledger's `proposed_*`
/// columns record, what the report shows.
public struct Proposal: Sendable, Equatable {
    /// Qualified, e.g. `content.mojom.FrameHost`.
    public var interface: String
    /// The process that implements the interface, so where the message goes (`browser`, `renderer`); absent when
    /// only the ledger's record of an earlier proposal is known.
    public var process: String?
    /// The method on one line, e.g. `[Sync] GetMimeTypeFromExtension(string extension) => (string mime_type);`.
    public var declaration: String
    /// The whole method (comments, attributes, parameters) when the proposal comes from a plan; absent when it comes
    /// from the ledger's record.
    public var method: MojomMethod?

    public init(interface: String, process: String?, method: MojomMethod) {
        self.init(interface: interface, process: process, declaration: method.declaration)
        self.method = method
    }

    public init(interface: String, process: String?, declaration: String) {
        self.interface = interface
        self.process = process
        self.declaration = declaration
    }
}

public struct MojomFile: Sendable, Equatable {
    /// Relative to the output folder, e.g. `content/common/frame.mojom`.
    public var path: String
    public var module: String
    /// The legacy header the file replaces, e.g. `content/common/frame_messages.h`.
    public var sourceHeader: String
    public var messageClasses: [String]
    /// Other mojom files this one imports, sorted.
    public var imports: [String]
    /// GN labels of the mojom targets behind `imports`, sorted.
    public var dependencies: [String]
    public var interfaces: [MojomInterface]
    public var structs: [MojomStruct]
    public var enums: [MojomEnum]
    public var placeholders: [Placeholder]
    /// Conditional features used by `[EnableIf]` attributes; the GN target must enable them.
    public var features: [String]
    /// Mappings the file uses that were learned from the tree, with the typemap, BUILD.gn or .mojom they came from.
    public var mappingSources: [String] = []

    /// The folder of the file, where its BUILD.gn goes.
    public var directory: String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// `frame.mojom` -> `frame_mojom`.
    public var targetName: String {
        String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".mojom", with: "") + "_mojom"
    }

    /// The GN label other BUILD.gn files depend on, e.g. `//content/common:frame_mojom`.
    public var label: String { "//\(directory):\(targetName)" }
}

public struct MojomInterface: Sendable, Equatable {
    public var name: String
    /// The process that implements the interface, a key of the rules' `processes`.
    public var process: String
    /// `.routed` when any of its messages was routed (the interface is then frame-scoped).
    public var routing: RoutingKind
    public var messageClass: String
    public var comments: [String]
    public var methods: [MojomMethod]
    /// The process that calls it, where the tree's senders of its messages all are in one other process
    /// (a utility process calling the browser); `nil` means the implementing process's `peer`.
    public var caller: String? = nil
}

public struct MojomMethod: Sendable, Equatable {
    public var name: String
    /// The legacy messages the method replaces: the request first, then folded replies.
    public var messages: [String]
    /// Where each of `messages` is defined, in the same order: a message's identity, as a name defined in two
    /// `#if` branches is two messages (and two methods).
    public var definitions: [SourceLocation] = []
    public var attributes: [String]
    public var parameters: [MojomParameter]
    /// `nil` for a method without a reply.
    public var response: [MojomParameter]?
    public var comments: [String]

    /// The declaration on one line, with attributes, e.g. `[Sync] Flush(int32 edit_sequence) => ();`.
    public var declaration: String {
        var text = attributes.isEmpty ? "" : "[\(attributes.joined(separator: ", "))] "
        text += "\(name)(\(parameters.map(\.text).joined(separator: ", ")))"
        if let response {
            text += " => (\(response.map(\.text).joined(separator: ", ")))"
        }
        return text + ";"
    }
}

public struct MojomParameter: Sendable, Equatable {
    public var type: String
    public var name: String

    public var text: String { "\(type) \(name)" }
}

public struct MojomStruct: Sendable, Equatable {
    public var name: String
    /// The C++ type it replaces.
    public var cppName: String
    public var attributes: [String]
    public var comments: [String]
    public var fields: [MojomField]
    /// Every member of the legacy struct (and of its parents) has a field: a field-by-field conversion between the
    /// two loses nothing.
    public var coversLegacyMembers = true
    /// The file defining the legacy C++ type: a messages header for an `IPC_STRUCT` (which only `.cc` files may
    /// include), the type's own header for an `IPC_STRUCT_TRAITS` type; nil when its definition was not found.
    public var cppDefinitionFile: String? = nil
    public var isIPCStruct = false
}

public struct MojomField: Sendable, Equatable {
    public var type: String
    public var name: String
    public var defaultValue: String?
    public var comments: [String]
    /// The legacy struct's member the field is made of, and its C++ type as written there.
    public var cppMember: String? = nil
    public var cppType: String? = nil
}

public struct MojomEnum: Sendable, Equatable {
    public struct Value: Sendable, Equatable {
        public var name: String
        /// A number, or the name of an earlier value it aliases.
        public var value: String
    }

    public var name: String
    public var cppName: String
    public var attributes: [String]
    public var comments: [String]
    public var values: [Value]
}

/// A stand-in definition for a C++ type with no mapping, so the mojom file still parses.
public struct Placeholder: Sendable, Equatable {
    public var name: String
    public var cppType: String
}

public struct UnmappedType: Sendable, Equatable {
    public struct Use: Sendable, Equatable {
        /// The message, or `Struct.field`, that uses the type.
        public var user: String
        public var location: SourceLocation
    }

    public var cppType: String
    public var uses: [Use]
}

public struct FoldedPair: Sendable, Equatable {
    public var request: String
    public var replies: [String]
    public var method: String
}

public struct SkippedMessage: Sendable, Equatable {
    public var message: String
    public var reason: String
    public var location: SourceLocation
}
