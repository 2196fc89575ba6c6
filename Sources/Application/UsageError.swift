/// The errors of the application layer: options that do not fit together or fit the tree, found once the flow has
/// read what they depend on (the tree's era, its messages, the ledger). The command line reports them as every
/// input error, with exit status 2; each says which option to change.
public enum UsageError: Error, Equatable, CustomStringConvertible {
    /// `migrate` was given several paths; its patch and `--apply` are of one tree.
    case migrateNeedsOneFolder(paths: [String])
    /// `--mojo-api legacy` (given, or the era's) with BinderMap registration, which came later.
    case legacyAPIWithBinders(apiGiven: Bool, era: String)
    /// `--only` selects nothing of the scanned tree.
    case onlyMatchesNothing(only: [String])
    /// `--only` selects messages, and the plan skips every one of them (each `message: reason`).
    case onlyMatchesSkippedMessages(only: [String], skipped: [String])
    case ownerWithoutLedger
    case ledgerWithoutOwner
    /// The ledger gives the owner no message (of `--only`, when given).
    case ownsNothing(ledger: String, owner: String, only: [String])

    public var description: String {
        switch self {
        case let .migrateNeedsOneFolder(paths):
            "migrate takes one folder, the root of the tree to change, not \(paths.count) (\(paths.joined(separator: ", "))); give the folder that holds them all"
        case let .legacyAPIWithBinders(apiGiven, era):
            apiGiven
                ? "--mojo-api legacy needs a registry of its era: \(Self.binders); give --registry manifest (the default with --mojo-api legacy), cpp-manifest or associated"
                : "the tree's era, \(era), writes the legacy Mojo API, and \(Self.binders): add --mojo-api current, or give --registry manifest, cpp-manifest or associated"
        case let .onlyMatchesNothing(only):
            "--only \(only.joined(separator: " ")) matches no message class or message of the scanned tree"
        case let .onlyMatchesSkippedMessages(only, skipped):
            "--only \(only.joined(separator: " ")) selects only messages that cannot be converted: \(skipped.joined(separator: "; ")); do what the reasons say, or select others"
        case .ownerWithoutLedger:
            "--owner needs --ledger FILE, the ledger that says who owns which message"
        case .ledgerWithoutOwner:
            "--ledger needs --owner NAME: migrate converts the messages that person owns"
        case let .ownsNothing(ledger, owner, only):
            "\(ledger): \(owner) owns no message\(only.isEmpty ? "" : " of --only \(only.joined(separator: " "))"); claim some with 'mojify ledger claim'"
        }
    }

    private static let binders = "BinderMap (--registry binders) came in 2020 and takes only mojo::PendingReceiver"
}
