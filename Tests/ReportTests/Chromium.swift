import Foundation
import MojifyTestSupport

/// Headless Chromium (Debian's `chromium`, installed by `.ci/setup`) run on a page file.
struct Chromium {
    struct Page {
        /// The DOM after the page's scripts ran, serialised.
        var dom: String
        /// Everything the page wrote to the console, including uncaught errors and Content-Security-Policy refusals.
        var console: [String]
    }

    let executable: String

    struct Missing: Error, CustomStringConvertible {
        var description: String { "Chromium not found on PATH; run 'bash .ci/setup' (installs Debian's chromium) or set MOJIFY_CHROMIUM" }
    }

    /// `MOJIFY_CHROMIUM`, else the first of the usual names on `PATH`. Fails rather than skips: the browser tests
    /// are part of what `.ci/run` checks, and `.ci/setup` installs Chromium.
    static func locate() throws -> Chromium {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["MOJIFY_CHROMIUM"], !explicit.isEmpty { return Chromium(executable: explicit) }
        let folders = (environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return Chromium(executable: folder + "/" + name)
            }
        }
        throw Missing()
    }

    /// Loads `file` (with `fragment` as the URL's `#...`), lets its scripts and timers run, returns the DOM.
    func load(_ file: URL, fragment: String? = nil) throws -> Page {
        let arguments = ["--virtual-time-budget=5000", "--dump-dom"]
        let result = try run(arguments, url: url(file, fragment))
        let console = result.stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return Page(dom: result.stdout, console: console)
    }

    /// Saves a PNG of the top `height` pixels of the page at a laptop's width.
    func screenshot(_ file: URL, to png: URL, width: Int = 1440, height: Int = 900, dark: Bool = false) throws {
        var arguments = ["--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)", "--virtual-time-budget=2000"]
        if dark { arguments.append("--force-dark-mode") }
        _ = try run(arguments, url: url(file, nil))
    }

    private func url(_ file: URL, _ fragment: String?) -> String {
        file.absoluteString + (fragment.map { "#" + $0 } ?? "")
    }

    private func run(_ arguments: [String], url: String) throws -> (stdout: String, stderr: String) {
        let profile = try TemporaryFolder()
        let arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--mute-audio",
            "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0",
        ] + arguments + [url]
        let output = try RunningProcess(URL(fileURLWithPath: executable), arguments).finish()
        guard output.status == 0 else {
            throw NSError(domain: "Chromium", code: Int(output.status), userInfo: [NSLocalizedDescriptionKey: output.stderr])
        }
        return (output.stdout, output.stderr)
    }
}
