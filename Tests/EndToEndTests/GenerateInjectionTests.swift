import Foundation
import MojifyTestSupport
import XCTest

/// Scanned file names are untrusted: `generate` must not let them write code into what it emits. The proof runs
/// the real binary on headers with hostile names, then the real `gn gen` over its BUILD.gn files.
final class GenerateInjectionTests: XCTestCase {
    /// Header names that tried to break out of GN strings, GN labels, `#`/`//` comments and file paths.
    static let hostileHeaders = [
        #"content/common/p" + exec_script("pwn.py", [], "string") + "_messages.h"#,
        "content/dollar$root_out_dir\"/x_messages.h",
        "content/common/line\nbreak_messages.h",
        "content/common/trailing\\_messages.h",
        "content/common/\u{202E}hidden\u{1B}[2J_messages.h",
    ]

    func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func files(under root: String) -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    func testHostileHeaderNamesCannotInjectCodeIntoGeneratedFiles() throws {
        let scratch = try temporaryFolder().path
        for (index, header) in Self.hostileHeaders.enumerated() {
            try write(scratch + "/tree/" + header, """
            #define IPC_MESSAGE_START Pwn\(index)MsgStart
            IPC_MESSAGE_CONTROL1(Pwn\(index)HostMsg_Run, int /* count */)
            IPC_MESSAGE_ROUTED1(Pwn\(index)Msg_Show, std::string /* text */)

            """)
        }
        let out = scratch + "/out"
        for registry in ["manifest", "binders"] {
            let result = try MojifyBinary.run(["generate", scratch + "/tree", "--out", out, "--registry", registry])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stderr.contains("the name has characters mojify never writes into paths"), result.stderr)
        }
        let written = files(under: out)
        XCTAssertEqual(written.filter { $0.hasSuffix(".mojom") }.count, Self.hostileHeaders.count, "\(written)")
        for path in written {
            XCTAssertTrue(path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-/".contains($0)) }, path)
            let text = try String(contentsOfFile: out + "/" + path, encoding: .utf8)
            XCTAssertFalse(text.unicodeScalars.contains { $0.properties.generalCategory == .format || ($0.value < 0x20 && $0 != "\n") }, path)
            for line in text.split(separator: "\n") where line.hasSuffix("\\") {
                XCTFail("\(path): a line ends in a backslash, which continues a C++ comment onto the next line: \(line)")
            }
        }

        // Run GN itself over the generated BUILD.gn files: the attack needs GN to evaluate them.
        let gnRoot = scratch + "/gn"
        try FileManager.default.copyItem(atPath: out, toPath: gnRoot)
        try write(gnRoot + "/.gn", "buildconfig = \"//build/BUILDCONFIG.gn\"\n")
        try write(gnRoot + "/build/BUILDCONFIG.gn", "set_default_toolchain(\"//build:toolchain\")\n")
        try write(gnRoot + "/build/BUILD.gn", """
        toolchain("toolchain") {
          tool("stamp") {
            command = "touch {{output}}"
          }
        }

        """)
        try write(gnRoot + "/mojo/public/tools/bindings/mojom.gni", """
        template("mojom") {
          not_needed(invoker, "*")
          group(target_name) {
          }
        }

        """)
        try write(gnRoot + "/pwn.py", "import pathlib\npathlib.Path(__file__).with_name('PWNED').touch()\nprint('\"x\"')\n")
        var labels: [String] = []
        for path in written where path.hasSuffix("BUILD.gn") {
            let folder = (path as NSString).deletingLastPathComponent
            let text = try String(contentsOfFile: out + "/" + path, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("mojom(\"") && line.hasSuffix("\") {") {
                labels.append("//\(folder):\(line.dropFirst("mojom(\"".count).dropLast("\") {".count))")
            }
        }
        XCTAssertEqual(labels.count, Self.hostileHeaders.count, "\(labels)")
        try write(gnRoot + "/BUILD.gn", "group(\"all\") {\n  deps = [\n" + labels.map { "    \"\($0)\",\n" }.joined() + "  ]\n}\n")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gn") else {
            return XCTFail("gn is missing: install Debian's generate-ninja (bash .ci/setup does)")
        }
        let gen = try RunningProcess(URL(fileURLWithPath: "/usr/bin/gn"), ["gen", "out"], in: gnRoot).finish()
        XCTAssertEqual(gen.status, 0, gen.stdout + gen.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: gnRoot + "/PWNED"), "gn gen ran the script a header name smuggled into BUILD.gn")
    }
}
