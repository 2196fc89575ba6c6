import Foundation
import MojifyCore
@testable import MojifyScanner
import MojifyTestSupport
import XCTest

/// The walker must leave out exactly what git leaves out: a repository is built from fixtures, and the files
/// the walker lists are compared with the scannable files of `git ls-files --cached --others --exclude-standard`.
final class GitIgnoreOracleTests: XCTestCase {
    /// Ignore files, by folder (`.git/info/exclude` included), and the files of the fixture repository.
    private static let ignoreFiles: [String: String] = [
        ".git/info/exclude": """
        from_exclude.h
        *.tmp.h

        """,
        ".gitignore": """
        # a comment, then blank lines

        *.gen.h
        !keep.gen.h
        !keep.tmp.h
        /rooted.h
        build/
        out
        docs/**/*.cc
        **/logs/*.h
        cache/**
        !cache/wanted.h
        a/**/b.h
        \\!bang.h
        \\#hash.h
        trailing.h\("   ")
        sp\\ ace.h
        dirspace\\\(" ")
        [abc]set.h
        [!x]negset.h
        [[:digit:]]num.h
        file[0-9].cc
        [unclosed.h
        deep/one/
        skipdir.h/
        ignored_dir/
        !ignored_dir/back.h
        ignored_dir2/*
        !ignored_dir2/back.h
        gen*/
        !gen_keep/
        ?.hh
        ab*cd*.h
        qu**/x.h
        end/**
        mid/**/
        """,
        "sub/.gitignore": """
        !*.gen.h
        /local.h
        inner/only.h
        *.cc
        !important.cc
        **/deep.h

        """,
        "crlf/.gitignore": "win.h\r\n/other.h\r\n#not.h\r\n",
        "sub/inner/.gitignore": "!local.h\n*.gen.h\n",
    ]

    private static let files = [
        "plain.h", "x.gen.h", "keep.gen.h", "from_exclude.h", "nested/from_exclude.h", "a.tmp.h", "keep.tmp.h",
        "rooted.h", "z/rooted.h", "build/a.h", "z/build/a.h", "zz/build.h", "out/a.h", "src/out/a.h",
        "docs/a.cc", "docs/x/y.cc", "docs/x/y.h", "logs/a.h", "p/logs/a.h", "logs/deeper/a.h",
        "cache/a.h", "cache/wanted.h", "cache/sub/c.h", "a/b.h", "a/x/b.h", "a/x/y/b.h", "a/xb.h",
        "!bang.h", "bang.h", "#hash.h", "trailing.h", "sp ace.h", "space.h", "dirspace /a.h", "dirspace/a.h",
        "aset.h", "dset.h", "xnegset.h", "ynegset.h", "1num.h", "anum.h", "file1.cc", "filex.cc", "[unclosed.h",
        "deep/one/x.h", "z/deep/one/x.h", "skipdir.h/x.cc", "other/skipdir.h", "ignored_dir/back.h",
        "ignored_dir2/back.h", "ignored_dir2/front.h", "gen_a/x.h", "gen_keep/x.h", "q.hh", "qq.hh", "abXcdY.h",
        "abcd.h", "qu/x.h", "qux/x.h", "quz/a/x.h", "end/a.h", "end/b/c.h", "mid/a.h", "mid/b/c.h", "mid/b/d/e.h",
        "sub/y.gen.h", "sub/local.h", "sub/inner/local.h", "sub/inner/only.h", "sub/inner/z.gen.h", "sub/a.cc",
        "sub/important.cc", "sub/a/b/deep.h", "deep.h", "crlf/win.h", "crlf/other.h", "crlf/x/other.h", "crlf/not.h",
        "readme.txt", "sub/notes.md", "x.mm", "y.patch", "UPPER.H",
    ]

    func testWalkerListsWhatGitLists() throws {
        let folder = try temporaryFolder()
        let root = folder.path
        try git(["init", "-q", "."], in: root)
        for (relative, text) in GitIgnoreOracleTests.ignoreFiles {
            try folder.write(relative, text)
        }
        for relative in GitIgnoreOracleTests.files {
            try folder.write(relative, "int x;\n")
        }
        let walked = try walkedFiles(root)
        let listed = try gitListedFiles(root)
        XCTAssertEqual(walked, listed)
        // The fixtures mean something only if they make git drop files and keep files of every kind.
        XCTAssertTrue(listed.contains("keep.gen.h") && listed.contains("ignored_dir2/back.h") && listed.contains("sub/y.gen.h"))
        XCTAssertFalse(listed.contains("ignored_dir/back.h") || listed.contains("x.gen.h") || listed.contains("from_exclude.h"))
    }

    /// Files git tracks are part of the tree whatever the ignore rules say: the walk finds them in ignored folders
    /// and among ignored names, through an index of each version git writes (2; 3, with extended flags; 4, with
    /// compressed names; split, with entries deleted from and added to its shared index), and still leaves out the
    /// untracked files beside them.
    func testTrackedFilesThatIgnoreRulesMatchAreWalkedAsGitListsThem() throws {
        let (folder, root) = try fixtureRepository()
        let tracked = ["ignored_dir/back.h", "build/a.h", "cache/sub/c.h", "x.gen.h", "from_exclude.h", "sub/inner/only.h",
                       "end/b/c.h", "mid/b/d/e.h", "docs/x/y.cc", "a.tmp.h"]
        try folder.write("ignored_dir/untracked.h", "int y;\n")
        try folder.write("build/deeper/untracked.h", "int y;\n")
        try git(["add", "-f", "--"] + tracked, in: root)
        try git(["add", "-A"], in: root)
        let untracked = ["ignored_dir/untracked.h", "build/deeper/untracked.h", "out/a.h", "cache/a.h"]
        func check(_ variant: String) throws {
            let walked = try walkedFiles(root)
            XCTAssertEqual(walked, try gitListedFiles(root), variant)
            XCTAssertTrue(Set(tracked).isSubset(of: walked), "\(variant): \(Set(tracked).subtracting(walked))")
            XCTAssertTrue(Set(untracked).isDisjoint(with: walked), variant)
        }
        try check("version 2")
        try git(["update-index", "--index-version", "3"], in: root)
        try git(["update-index", "--skip-worktree", "build/a.h"], in: root)
        XCTAssertEqual(try indexVersion(root), 3)
        try check("version 3, extended flags")
        try git(["update-index", "--index-version", "4"], in: root)
        XCTAssertEqual(try indexVersion(root), 4)
        try check("version 4")
        try git(["update-index", "--index-version", "2", "--no-skip-worktree", "build/a.h"], in: root)
        try git(["update-index", "--split-index"], in: root)
        try git(["rm", "-q", "--cached", "cache/sub/c.h"], in: root)
        try folder.write("out/new.h", "int z;\n")
        try git(["add", "-f", "out/new.h"], in: root)
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: root + "/.git").contains { $0.hasPrefix("sharedindex.") })
        let split = try walkedFiles(root)
        XCTAssertEqual(split, try gitListedFiles(root), "split index")
        XCTAssertTrue(split.contains("out/new.h") && !split.contains("cache/sub/c.h") && split.contains("build/a.h"), "\(split)")
        try git(["update-index", "--index-version", "4"], in: root)
        XCTAssertEqual(try indexVersion(root), 4)
        XCTAssertEqual(try walkedFiles(root), split, "split index, version 4")
    }

    /// Names that sort between a folder's and its paths' (`gen-x`, `gen.h` come between `gen` and `gen/` byte by
    /// byte) do not hide the paths the index holds under the folder, nor count as such.
    func testTheIndexIsSearchedByFolderAmongNamesThatSortBetween() throws {
        let folder = try temporaryFolder(files: [
            ".gitignore": "gen*\n", "gen-x/a.h": "int a;\n", "gen.h": "int b;\n", "gen/tracked.h": "int c;\n",
            "gen/untracked.h": "int d;\n", "gen0/untracked.h": "int e;\n", "other/gen-y/tracked.h": "int f;\n",
        ])
        try git(["init", "-q", "."], in: folder.path)
        try git(["add", "-f", "gen-x/a.h", "gen.h", "gen/tracked.h", "other/gen-y/tracked.h"], in: folder.path)
        let walked = try walkedFiles(folder.path)
        XCTAssertEqual(walked, ["gen-x/a.h", "gen.h", "gen/tracked.h", "other/gen-y/tracked.h"])
        XCTAssertEqual(walked, try gitListedFiles(folder.path))
        try git(["rm", "-q", "--cached", "gen-x/a.h", "gen.h"], in: folder.path)
        XCTAssertEqual(try walkedFiles(folder.path), ["gen/tracked.h", "other/gen-y/tracked.h"])
    }

    /// An ignored folder is entered only for tracked paths the walk would take: scannable files, or files the
    /// listing asks for; a tracked folder of other files (a `node_modules`) is not walked at all.
    func testAnIgnoredFolderIsEnteredOnlyForTrackedFilesTheWalkTakes() throws {
        let folder = try temporaryFolder(files: [
            ".gitignore": "node_modules/\ngen/\n", "node_modules/pkg/index.js": "x\n", "gen/BUILD.gn": "group(\"gen\") {}\n",
            "gen/deeper/other.txt": "x\n",
        ])
        try git(["init", "-q", "."], in: folder.path)
        try git(["add", "-f", "node_modules/pkg/index.js", "gen/BUILD.gn", "gen/deeper/other.txt"], in: folder.path)
        // Were the walk to enter them, these folders it cannot list would be reported.
        for locked in ["node_modules/pkg/locked", "gen/deeper/locked"] {
            try FileManager.default.createDirectory(atPath: folder.path + "/" + locked, withIntermediateDirectories: true)
            XCTAssertEqual(chmod(folder.path + "/" + locked, 0o311), 0)
        }
        defer { for locked in ["node_modules/pkg/locked", "gen/deeper/locked"] { chmod(folder.path + "/" + locked, 0o755) } }
        var walker = FileWalker(excludes: [], followSymlinks: false, honourGitIgnore: true)
        walker.jobs = 1
        walker.listing = FileNameSelection(names: ["BUILD.gn"])
        let walked = try withoutPermissionOverride { walker.walk(root: folder.path) }
        XCTAssertEqual(walked.listed, ["gen/BUILD.gn"])
        XCTAssertEqual(walked.problems, [], "neither node_modules/pkg nor gen/deeper is entered")
    }

    /// A linked worktree's `.git` is a file naming its folder in the main repository (so is a submodule's); its
    /// own index is read there, and `info/exclude` in the folder the worktrees share.
    func testALinkedWorktreeIsReadThroughItsGitFile() throws {
        let (folder, root) = try fixtureRepository()
        try git(["add", "-f", "ignored_dir/back.h", "build/a.h"], in: root)
        try git(["add", "-A"], in: root)
        try git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "fixture"], in: root)
        let worktree = folder.path + "-worktree"
        defer { try? FileManager.default.removeItem(atPath: worktree) }
        try git(["worktree", "add", "-q", worktree], in: root)
        var isDirectory: ObjCBool = true
        XCTAssertTrue(FileManager.default.fileExists(atPath: worktree + "/.git", isDirectory: &isDirectory) && !isDirectory.boolValue)
        try "int w;\n".write(toFile: worktree + "/from_exclude.h", atomically: true, encoding: .utf8)
        let walked = try walkedFiles(worktree)
        XCTAssertEqual(walked, try gitListedFiles(worktree))
        XCTAssertTrue(walked.contains("ignored_dir/back.h") && walked.contains("build/a.h") && !walked.contains("from_exclude.h"), "\(walked)")
    }

    /// A scanned folder inside a work tree (`src/` of a checkout) finds the repository's index above it.
    func testARootInsideAWorkTreeUsesTheIndexAroundIt() throws {
        let (folder, root) = try fixtureRepository()
        try folder.write("lib/.gitignore", "gen/\n")
        try folder.write("lib/gen/tracked.h", "int t;\n")
        try folder.write("lib/gen/untracked.h", "int u;\n")
        try git(["add", "-f", "lib/gen/tracked.h"], in: root)
        XCTAssertEqual(try walkedFiles(root + "/lib"), ["gen/tracked.h"])
    }

    /// Repositories that name objects with SHA-256 have longer index entries.
    func testASHA256RepositoryIsRead() throws {
        let folder = try temporaryFolder()
        guard (try? git(["init", "-q", "--object-format=sha256", "."], in: folder.path)) != nil else {
            throw XCTSkip("this git makes no SHA-256 repositories")
        }
        try folder.write(".gitignore", "gen/\n")
        try folder.write("gen/tracked.h", "int t;\n")
        try folder.write("gen/untracked.h", "int u;\n")
        try git(["add", "-f", "gen/tracked.h", ".gitignore"], in: folder.path)
        XCTAssertEqual(try walkedFiles(folder.path), ["gen/tracked.h"])
        XCTAssertEqual(try walkedFiles(folder.path), try gitListedFiles(folder.path))
    }

    /// An index that cannot be read leaves the ignore rules to decide alone, as before, and says so; a fresh
    /// repository has no index because nothing is tracked yet, which needs no warning.
    func testAnUnreadableIndexIsAWarningAndIgnoreRulesDecide() throws {
        let (folder, root) = try fixtureRepository()
        XCTAssertEqual(FileWalker(excludes: [], followSymlinks: false, honourGitIgnore: true).walk(root: root).problems, [], "a fresh repository")
        try git(["add", "-f", "ignored_dir/back.h"], in: root)
        var index = try XCTUnwrap(FileManager.default.contents(atPath: root + "/.git/index"))
        index.count = index.count / 2
        try index.write(to: URL(fileURLWithPath: root + "/.git/index"))
        let damaged = FileWalker(excludes: [], followSymlinks: false, honourGitIgnore: true).walk(root: root)
        XCTAssertFalse(damaged.files.map(\.relativePath).contains("ignored_dir/back.h"))
        XCTAssertEqual(damaged.problems.map(\.severity), [.warning])
        XCTAssertEqual(damaged.problems.first?.location.file, ".")
        XCTAssertTrue(damaged.problems.first?.message.contains("cannot read the git index") == true, "\(damaged.problems)")
        try FileManager.default.removeItem(atPath: root + "/.git")
        try folder.write(".git", "gitdir: ../nowhere\n")
        let broken = FileWalker(excludes: [], followSymlinks: false, honourGitIgnore: true).walk(root: root)
        XCTAssertEqual(broken.problems.map(\.severity), [.warning])
        XCTAssertTrue(broken.problems.first?.message.contains("nowhere") == true, "\(broken.problems)")
    }

    /// Set `MOJIFY_GIT_ORACLE_TREE` to a folder (a real tree) to compare there too. A git checkout is compared
    /// with its own index (read, not written); any other tree with an empty index kept outside it, so the tree is
    /// not changed.
    func testWalkerListsWhatGitListsOnAGivenTree() throws {
        guard let tree = ProcessInfo.processInfo.environment["MOJIFY_GIT_ORACLE_TREE"] else {
            throw XCTSkip("set MOJIFY_GIT_ORACLE_TREE to a tree to compare with git")
        }
        var listed: [String]
        if FileManager.default.fileExists(atPath: tree + "/.git") {
            listed = try gitListedFiles(tree)
        } else {
            let gitDirectory = try temporaryFolder().path
            try git(["init", "-q", "--bare", gitDirectory], in: gitDirectory)
            listed = try gitListedFiles(tree, gitDirectory: gitDirectory)
        }
        let walked = try walkedFiles(tree)
        // A tracked file missing from the work tree (deleted, or skip-worktree, as blobs a partial clone lacks) is
        // not there to walk.
        listed = listed.filter { FileManager.default.fileExists(atPath: tree + "/" + $0) }
        // Tens of thousands of paths: what differs, not the lists.
        XCTAssertEqual(Set(walked).subtracting(listed).sorted(), [], "walked, not listed by git")
        XCTAssertEqual(Set(listed).subtracting(walked).sorted(), [], "listed by git, not walked")
        XCTAssertEqual(walked, listed)
    }

    /// A repository of the fixtures, nothing added yet.
    private func fixtureRepository() throws -> (folder: TemporaryFolder, root: String) {
        let folder = try temporaryFolder()
        try git(["init", "-q", "."], in: folder.path)
        for (relative, text) in GitIgnoreOracleTests.ignoreFiles {
            try folder.write(relative, text)
        }
        for relative in GitIgnoreOracleTests.files {
            try folder.write(relative, "int x;\n")
        }
        return (folder, folder.path)
    }

    private func indexVersion(_ root: String) throws -> UInt8 {
        try XCTUnwrap(FileManager.default.contents(atPath: root + "/.git/index"))[7]
    }

    private func walkedFiles(_ root: String) throws -> [String] {
        let walker = FileWalker(excludes: [], followSymlinks: false, honourGitIgnore: true)
        let walked = walker.walk(root: root)
        XCTAssertEqual(walked.problems.filter { $0.severity >= .warning }, [])
        return walked.files.map(\.relativePath).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private func gitListedFiles(_ root: String, gitDirectory: String? = nil) throws -> [String] {
        let arguments = (gitDirectory.map { ["--git-dir=" + $0, "--work-tree=" + root] } ?? [])
            + ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]
        let output = try git(arguments, in: root)
        return output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .filter { IPCScanner.reads(fileNamed: ($0 as NSString).lastPathComponent) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// Runs git with no user or system configuration, so that no global excludes file takes part.
    @discardableResult
    private func git(_ arguments: [String], in folder: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder
        environment["XDG_CONFIG_HOME"] = folder
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        // Reading a real checkout's index must not rewrite it.
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // `env` answers 127 when it finds no git.
        if process.terminationStatus == 127 { throw XCTSkip("git is not installed") }
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "git", code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "git \(arguments) failed"])
        }
        return Array(data)
    }
}
