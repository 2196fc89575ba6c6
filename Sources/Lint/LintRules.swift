/// Every rule, in the order documentation and SARIF list them.
public enum LintRules {
    public static let all: [any LintRule.Type] = [
        NewLegacyIPC.self,
        ConvertedStillPresent.self,
        StaleLedgerRow.self,
        BannedIPCType.self,
        PointerOverIPC.self,
        UnmappedParameterType.self,
        OrphanHandler.self,
        OrphanSender.self,
        SuppressionWithoutReason.self,
        UnusedSuppression.self,
        UnreadableFile.self,
        FolderLinkNotFollowed.self,
    ]

    public static func rule(id: String) -> (any LintRule.Type)? {
        all.first { $0.id == id }
    }
}
