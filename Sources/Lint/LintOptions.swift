import MojifyConversion
import MojifyCore

/// What a lint run is configured with, besides the inventory and the ledger.
public struct LintOptions: Sendable {
    public var settings: RuleSettings
    public var bannedTypes: BannedTypes
    /// The mojom type table, for `unmapped-type`.
    public var conversionRules: ConversionRules
    /// The conversion plan of the inventory, when the caller made one already (the report does): `unmapped-type`
    /// takes its unmapped types from it instead of planning again.
    public var plan: ConversionPlan?
    /// The folder inventory paths are relative to. Suppression comments and the line text behind fingerprints
    /// are read from there; nil reads nothing (no suppressions apply, fingerprints omit the line text).
    public var root: String?
    /// With `--files`: report findings in these files only (relative paths), and skip rules that need the whole tree.
    public var changedFiles: Set<String>?
    /// Messages defined outside the inventory, which the orphan rules must count (with `--files`, the definitions
    /// found in headers that were not changed).
    public var otherDefinitions: [MessageDefinition] = []
    /// What is defined outside the tree: the rules file's `upstream:` section, and an `--upstream` inventory.
    public var upstream = Upstream()

    public init(settings: RuleSettings = RuleSettings(), bannedTypes: BannedTypes, conversionRules: ConversionRules, root: String?) {
        self.settings = settings
        self.bannedTypes = bannedTypes
        self.conversionRules = conversionRules
        self.root = root
    }

    /// The rule files that ship in `Rules/`, or `rulesFile` instead of `Rules/lint-rules.yaml`; the type mappings
    /// extended by `mappingsFile` (the `--rules` file of `generate`) and what was learned from the tree.
    public static func standard(
        root: String?, rulesFile: String? = nil, mappingsFile: String? = nil, learned: [TreeTypeMappings] = []
    ) throws -> LintOptions {
        let settings = try RuleSettings.load(path: try rulesFile ?? RulesDirectory.file("lint-rules.yaml"))
        let banned = try BannedTypes.load(path: try RulesDirectory.file("banned-types.yaml"))
        var options = LintOptions(settings: settings, bannedTypes: banned, conversionRules: try ConversionRules.load(overridePath: mappingsFile, learned: learned), root: root)
        options.upstream = settings.upstream
        return options
    }
}
