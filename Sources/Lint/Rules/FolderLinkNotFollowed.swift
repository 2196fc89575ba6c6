import MojifyCore

/// A link to a folder that the scan did not follow: said, so that what was left out is never silent.
enum FolderLinkNotFollowed: LintRule {
    static let id = "folder-link-not-followed"
    static let defaultSeverity = Diagnostic.Severity.note
    static let scope = RuleScope.file
    static let summary = "A symbolic link to a folder that the scan did not follow (no --follow-symlinks)."
    static let documentation = """
        Without --follow-symlinks the scan does not enter links to folders, as git, which stores the link and not \
        what it points to. A link to a folder of the scanned tree leaves nothing out: that folder is walked where \
        it is (unless the rules leave it out there too). A link to a folder outside the tree points at files that \
        are not part of it, which a change to the tree cannot add to, so by default this is a note and the gate \
        passes. To check what such a link holds, scan with --follow-symlinks; to make any such link fail the \
        gate, raise the rule's severity in your rules file.
        """
    static let examples: [RuleExample] = [
        .fires(["shared/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart"], links: ["1️⃣linked": "shared"],
               findings: [FindingSpec(message: "symbolic link to the folder shared of the scanned tree, not followed")]),
        .quiet(["shared/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart"], links: ["foo_messages.h": "shared/foo_messages.h"]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        (context.inventory.skippedFolders ?? []).filter { $0.reason == .linkNotFollowed }.map { link in
            finding(location: link.location, message: "\(link.detail); pass --follow-symlinks to scan what it holds")
        }
    }
}
