import MojifyCore

/// A problem of the plan the user should look at (a pair not folded, a name taken); the files are still usable.
/// Kept as values, so that the builder asks whether one was said by what it is about rather than by searching
/// text, and rendered to one line where they are shown.
public struct PlanWarning: Sendable, Equatable, CustomStringConvertible {
    /// What the warning is about: a line of the tree, or a file (a legacy header, a mojom file the plan writes).
    public enum Location: Sendable, Equatable, CustomStringConvertible {
        case line(SourceLocation)
        case file(String)

        public var description: String {
            switch self {
            case let .line(location): location.description
            case let .file(path): path
            }
        }
    }

    public enum Kind: Sendable, Equatable {
        /// The mojom file a header's messages would go to is the tree's own; `file` is the one used instead.
        case treeFileAvoided(existing: String, file: String)
        /// The header's name has characters mojify never writes; `file` is the safe name used.
        case unsafeFileName(file: String)
        /// A struct's or enum's mojom name was taken in its file.
        case definitionRenamed(cppName: String, wanted: String, file: String, name: String)
        /// An interface with sync messages implemented in another process: those went to `renamed`.
        case syncMessagesSplit(interface: String, process: String, renamed: String)
        /// The control messages of an interface with routed ones could not move: `controlInterface` is taken.
        case controlInterfaceTaken(interface: String, controlInterface: String)
        /// A request and its proposed reply do not fit together (`problem` says how).
        case notFolded(request: String, problem: String)
        /// A request's reply pairs with more than one message.
        case replyPairsTwice(request: String)
        /// The code does not show the reply sent from the request's handler alone, on every path.
        case replyNotProven(request: String, reasons: [String])
        /// A sender of the request waits for the reply on its thread.
        case senderWaits(request: String, reply: String, function: String?, at: SourceLocation)
        /// The tree's `owner` declares the interface name already; this one is `renamed`.
        case interfaceDeclaredByTree(owner: String, qualifiedName: String, renamed: String)
        /// Another generated file, `owner`, has an interface of the name; this one is `renamed`.
        case interfaceNameTaken(owner: String, name: String, ownerModule: String, sameModule: Bool, renamed: String)
        /// Two methods of an interface share a name that conditions cannot tell apart.
        case methodNameTaken(interface: String, name: String, renamed: String)
    }

    /// Nil for what concerns an interface as a whole.
    public var location: Location?
    public var kind: Kind

    public init(_ kind: Kind, at location: Location? = nil) {
        self.kind = kind
        self.location = location
    }

    public var description: String {
        let text: String
        switch kind {
        case let .treeFileAvoided(existing, file):
            text = "the tree already has \(existing); the file for this header's messages is \(file)"
        case let .unsafeFileName(file):
            text = "the name has characters mojify never writes into paths, GN or mojom (it keeps to A-Z a-z 0-9 _ . -); its file is \(file)"
        case let .definitionRenamed(cppName, wanted, file, name):
            text = "'\(cppName)' would be named \(wanted) in \(file), which is taken; named it \(name)"
        case let .syncMessagesSplit(interface, process, renamed):
            text = "\(interface) has sync messages (implemented in the \(process) process) and others; the sync ones went to '\(renamed)'; add a 'directions' rule to name it"
        case let .controlInterfaceTaken(interface, controlInterface):
            text = "\(interface) has routed and control messages, and \(controlInterface) is taken, so they stay together; give the 'directions' rule another 'control_interface'"
        case let .notFolded(request, problem):
            text = "\(request) was not folded with its reply: \(problem)"
        case let .replyPairsTwice(request):
            text = "\(request) was not folded: its reply pairs with more than one message"
        case let .replyNotProven(request, reasons):
            text = "\(request) was not folded with its reply: \(reasons.joined(separator: "; ")); it stays two methods"
        case let .senderWaits(request, reply, function, at):
            text = "\(request) was not folded with its reply \(reply): \(function ?? "its sender") (\(at)) blocks its thread after sending it until the reply's handler signals, "
                + "so a reply callback would run on the waiting thread; it stays two methods"
        case let .interfaceDeclaredByTree(owner, qualifiedName, renamed):
            text = "the tree's \(owner) declares \(qualifiedName); this one is named \(renamed). Move its methods into the tree's interface if they belong together."
        case let .interfaceNameTaken(owner, name, ownerModule, sameModule, renamed):
            let place = sameModule ? "in module \(ownerModule)" : "in module \(ownerModule) (drafts and registrations go by the interface's name alone)"
            text = "\(owner) also defines interface \(name) \(place); this one is named \(renamed). Merge them"
                + (sameModule ? ", or give one file another module with a 'classes' rule." : " if they belong together.")
        case let .methodNameTaken(interface, name, renamed):
            text = "\(interface).\(name) is defined twice under conditions mojom cannot tell apart; the second is \(renamed)"
        }
        return location.map { "\($0): \(text)" } ?? text
    }
}
