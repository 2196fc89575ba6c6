import MojifyCore

/// A gate must not pass a tree it did not fully read: each file the scan could not read, and each folder it could not
/// list, is a finding.
enum UnreadableFile: LintRule {
    static let id = "unreadable-file"
    static let defaultSeverity = Diagnostic.Severity.error
    static let scope = RuleScope.file
    static let summary = "A C++ file or patch, or a folder, the scan could not read in full, so nothing in it was checked."
    static let documentation = """
        Legacy IPC in a file mojify cannot read would pass every other rule unseen, and a clean result would claim \
        more than was checked. This rule reports each such file, at the line of the first offending byte where \
        there is one: a NUL byte, bytes that are not UTF-8 in code (a message name in Latin-1, say), UTF-16 that \
        does not decode, a file larger than --max-file-size, or one that cannot be opened. (UTF-16 text with or \
        without a byte-order mark is read.) A folder the walk could not list (no permission to read it, a path \
        longer than the system takes), or not in full, is reported the same way: any file in it may hold legacy \
        IPC. Fix it by saving the file as UTF-8 text, raising --max-file-size, fixing the folder's permissions, or \
        excluding what is not source with --exclude. Suppression comments inside a file that could not be read \
        are not read either: a file the scan could not read cannot vouch for itself. It also reports, at the line \
        of the use, a file that uses a macro in a way mojify does not follow (an IPC macro named without its \
        arguments, handed to a macro it does not know; `__VA_OPT__`; an expansion that never ends): write the IPC \
        macro invocation out there, or reach it through macros mojify follows.
        """
    static let examples: [RuleExample] = [
        .fires(["foo/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_Ping)\n1️⃣\u{0}"],
               findings: [FindingSpec(message: "mojify could not read this file (binary file: NUL byte at line 3)")]),
        .fires(["foo/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\nFOR_EACH(1️⃣IPC_MESSAGE_CONTROL0, FooMsg_Ping)"],
               findings: [FindingSpec(message: "mojify could not follow this file's macros (line 2: it names IPC_MESSAGE_CONTROL0 without an argument list)")]),
        .quiet(["foo/foo_messages.h": "#define IPC_MESSAGE_START FooMsgStart\nIPC_MESSAGE_CONTROL0(FooMsg_Ping)"]),
    ]

    static func check(_ context: LintContext) -> [Finding] {
        let files = (context.inventory.unreadFiles ?? []).map { unread in
            guard unread.reason == .unfollowedMacro else {
                return finding(location: unread.location,
                               message: "mojify could not read this file (\(unread.detail)), so any legacy IPC in it went unchecked")
            }
            return finding(location: unread.location,
                           message: "mojify could not follow this file's macros (\(unread.detail)), so any legacy IPC they define went unchecked; write the IPC macro invocation out, or reach it through macros mojify follows")
        }
        let folders = (context.inventory.skippedFolders ?? []).filter { $0.reason != .linkNotFollowed }.map { folder in
            finding(location: folder.location,
                    message: "mojify could not read this folder (\(folder.detail)), so any legacy IPC in it went unchecked")
        }
        return files + folders
    }
}
