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

    /// Set `MOJIFY_GIT_ORACLE_TREE` to a folder (a real tree) to compare there too; git's own index is kept
    /// outside it, so the tree is not changed.
    func testWalkerListsWhatGitListsOnAGivenTree() throws {
        guard let tree = ProcessInfo.processInfo.environment["MOJIFY_GIT_ORACLE_TREE"] else {
            throw XCTSkip("set MOJIFY_GIT_ORACLE_TREE to a tree to compare with git")
        }
        let gitDirectory = try temporaryFolder().path
        try git(["init", "-q", "--bare", gitDirectory], in: gitDirectory)
        XCTAssertEqual(try walkedFiles(tree), try gitListedFiles(tree, gitDirectory: gitDirectory))
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
