import Foundation
@testable import MojifyApplication
@testable import MojifyEmitters
@testable import MojifyMigration
@testable import MojifyScanner
import MojifyConversion
import MojifyTestSupport
import XCTest

/// What `mojify migrate` checks before the patch is trusted: the patched text is what `git apply` makes, and every
/// patched file still parses.
final class MigrateVerifyTests: XCTestCase {
    func testRewrittenFilesAreWhatGitApplyMakesOfThePatch() throws {
        let root = repositoryRoot + "/Examples"
        let patch = try MigrateTests.migrate(root: root).patch
        XCTAssertEqual(patch.files.count, 20)
        // The commit params and the favicon URLs go through the TypeConverters of frame.mojom's structs, new files.
        XCTAssertEqual(patch.addedFiles, ["content/common/frame_type_converters.cc", "content/common/frame_type_converters.h"])
        // The extension messages are not folded (no handler in Examples/ shows their replies), but
        // ExtensionWorkerMsg_DispatchEvent, whose event_args becomes base::Value::List, is left whole and keeps
        // extension_messages.h.
        XCTAssertEqual(patch.deletedFiles, ["components/printing/common/print_messages.h"])
        XCTAssertEqual(Set(patch.rewritten.keys), Set(patch.files).subtracting(patch.deletedFiles))
        let copy = try temporaryFolder().path + "/tree"
        XCTAssertNil(try Git.apply(patch.diff, on: root, check: false, into: copy))
        for file in patch.files {
            XCTAssertEqual(FileManager.default.contents(atPath: copy + "/" + file), patch.rewritten[file].map { Data($0.utf8) }, file)
        }
    }

    func testExamplesPatchAddsNoParseError() throws {
        let root = repositoryRoot + "/Examples"
        let patch = try MigrateTests.migrate(root: root).patch
        var sources: [String: String] = [:]
        for file in patch.files where !patch.addedFiles.contains(file) { sources[file] = try String(contentsOfFile: root + "/" + file, encoding: .utf8) }
        XCTAssertEqual(MigrateFlow.syntaxRegressions(patch, sources: sources), [])
    }

    func testABrokenRewriteIsReportedByFileAndLine() throws {
        let root = repositoryRoot + "/Examples"
        var patch = try MigrateTests.migrate(root: root).patch
        var sources: [String: String] = [:]
        for file in patch.files where !patch.addedFiles.contains(file) { sources[file] = try String(contentsOfFile: root + "/" + file, encoding: .utf8) }
        // A sender rewrite that lost its closing parenthesis.
        let file = "extensions/browser/extension_message_filter.cc"
        let rewritten = try XCTUnwrap(patch.rewritten[file])
        let call = try XCTUnwrap(rewritten.range(of: "GetExtensionProcess()->ShouldSuspend(extension_id, sequence_id);"))
        patch.rewritten[file] = rewritten.replacingCharacters(in: call, with: "GetExtensionProcess()->ShouldSuspend(extension_id, sequence_id;")
        let line = rewritten[..<call.lowerBound].filter { $0 == "\n" }.count + 1
        let regressions = MigrateFlow.syntaxRegressions(patch, sources: sources)
        XCTAssertEqual(regressions.map(\.file), [file], "\(regressions)")
        // Clang reports it where it recovers, lines later; the summary names the rewritten line above it.
        let reported = try XCTUnwrap(regressions.first?.error.line)
        XCTAssertGreaterThanOrEqual(reported, line)
        XCTAssertEqual(regressions.first?.rewrittenLine, line, "\(regressions)")
        let summary = MigrateFlow.syntaxSummary(regressions, checked: patch.files.count)
        XCTAssertEqual(summary.first, "syntax: the patch adds 1 parse error in 1 file; fix the rewrite there by hand")
        XCTAssertTrue(summary.last!.hasPrefix("  \(file):\(reported):"), "\(summary)")
        XCTAssertTrue(summary.last!.hasSuffix(" (caused by the rewritten line \(line))"), "\(summary)")
    }

    /// Without the standard headers, `std::vector<ns::T> name` reads as an expression unless `std::vector` is
    /// declared, and `ConvertTo<std::vector<ns::T>>(x)` only unless it is not: an error counts when both readings
    /// have it, as a broken rewrite's is.
    func testAnErrorOfOneReadingOfUnknownStandardTemplatesIsNone() throws {
        let before = "#include \"a/host.h\"\n\nvoid Host::Stop() {\n  OnStop();\n}\n"
        let after = before + "\nvoid Host::SetVoiceList(std::vector<chrome::mojom::TtsVoicePtr> voices) {\n  OnSetVoiceList(mojo::ConvertTo<std::vector<TtsVoice>>(voices));\n}\n"
        for text in [after, after.replacingOccurrences(of: "std::vector<TtsVoice>", with: "std::vector<chrome::mojom::TtsVoice>")] {
            XCTAssertFalse(SyntaxCheck.errors(path: "a/host.cc", text: text).isEmpty && SyntaxCheck.errors(path: "a/host.cc", text: text, standardTemplates: true).isEmpty,
                           "each reading alone misreads one of the lines")
            let patch = MigrationPatch(diff: "", files: ["a/host.cc"], outcomes: [], rewritten: ["a/host.cc": text])
            XCTAssertEqual(MigrateFlow.syntaxRegressions(patch, sources: ["a/host.cc": before]).map(\.error.message), [], text)
        }
        // A broken line both readings parse is an error of both.
        let broken = after.replacingOccurrences(of: "  OnStop();", with: "  GetHost()->Stop(;")
        let patch = MigrationPatch(diff: "", files: ["a/host.cc"], outcomes: [], rewritten: ["a/host.cc": broken])
        XCTAssertFalse(MigrateFlow.syntaxRegressions(patch, sources: ["a/host.cc": before]).isEmpty)
    }

    func testAnErrorNoRewrittenLineCausesIsReportedButDoesNotFailTheCheck() {
        let moved = MigrateFlow.SyntaxRegression(
            file: "a.cc", error: .init(line: 117, column: 20, message: "expected '(' for function-style cast or type construction", lineText: "for (..."),
            rewrittenLine: nil
        )
        XCTAssertEqual(
            MigrateFlow.syntaxSummary([], unattributed: [moved], checked: 3),
            ["syntax: 3 patched files parse with no new errors (libclang, without includes); 1 error elsewhere that no rewritten line causes (clang recovering differently from an older problem)"]
        )
        let (caused, unattributed) = [moved, MigrateFlow.SyntaxRegression(file: "b.cc", error: moved.error, rewrittenLine: 4)].partitioned { $0.rewrittenLine != nil }
        XCTAssertEqual(caused.map(\.file), ["b.cc"])
        XCTAssertEqual(unattributed.map(\.file), ["a.cc"])
    }

    /// The promise: once the patch is applied, a new scan finds of the selected messages only the senders,
    /// handlers and definitions the outcomes list with a reason.
    func testAfterThePatchOnlyTheListedSendersHandlersAndDefinitionsRemain() throws {
        let root = repositoryRoot + "/Examples"
        let before = try Fixtures.examples.get()
        let selected = Set(try ConversionPlan.make(inventory: before, rules: try Fixtures.rules()).interfaces.flatMap { $0.methods.flatMap(\.messages) })
        let patch = try MigrateTests.migrate(root: root).patch
        let copy = try temporaryFolder().path + "/tree"
        try FileManager.default.copyItem(atPath: root, toPath: copy)
        for (file, text) in patch.rewritten { try text.write(toFile: copy + "/" + file, atomically: true, encoding: .utf8) }
        for file in patch.deletedFiles { try FileManager.default.removeItem(atPath: copy + "/" + file) }
        let after = try IPCScanner.scan(ScanOptions(paths: [copy]))

        func listed(_ kind: MigrationPatch.Kind) -> [String] {
            patch.outcomes.filter { $0.kind == kind && $0.reason != nil }.map(\.message).sorted()
        }
        // Patch files (`.patch`) are not rewritten; their constructs are listed and stay.
        XCTAssertEqual(after.senders.filter { selected.contains($0.message) }.map(\.message).sorted(), listed(.sender))
        XCTAssertEqual(after.messageMaps.flatMap(\.handlers).compactMap(\.message).filter(selected.contains).sorted(), listed(.handler))
        // Definitions stay for the messages left whole, and where one could not be removed.
        XCTAssertEqual(after.messages.filter { selected.contains($0.name) }.map(\.name).sorted(), (listed(.definition) + listed(.message)).sorted())
    }
}
