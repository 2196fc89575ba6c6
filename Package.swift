// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Finds Debian's libclang (`libclang-dev`), never the Swift toolchain's header-less copy.
/// `MOJIFY_LLVM_DIR` overrides the probe; otherwise `llvm-config` on PATH, then the newest `/usr/lib/llvm-N`.
func libclangPrefix() -> String? {
    let fileManager = FileManager.default
    func hasHeaders(_ prefix: String) -> Bool {
        fileManager.fileExists(atPath: prefix + "/include/clang-c/Index.h")
    }
    if let explicit = ProcessInfo.processInfo.environment["MOJIFY_LLVM_DIR"], hasHeaders(explicit) {
        return explicit
    }
    let candidates = ((try? fileManager.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
        .filter { $0.hasPrefix("llvm-") }
        .compactMap { name -> (Int, String)? in
            guard let version = Int(name.dropFirst("llvm-".count)) else { return nil }
            return (version, "/usr/lib/" + name)
        }
        .sorted { $0.0 > $1.0 }
        .map(\.1)
    return candidates.first(where: hasHeaders)
}

let llvm = libclangPrefix()
// libclang is loaded on first use (Sources/CClang/libclang_loader.c), from the prefix whose headers the build used.
let clangCFlags: [CSetting] = llvm.map { [.unsafeFlags(["-I\($0)/include", "-DMOJIFY_LLVM_PREFIX=\"\($0)\""])] } ?? []
// Swift code importing the C module needs the header path too; only the scanner imports it, and its tests, which
// force the shim's other search levels and folder listing.
let clangSwiftFlags: [SwiftSetting] = llvm.map { [.unsafeFlags(["-Xcc", "-I\($0)/include"])] } ?? []

let package = Package(
    name: "mojify",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mojify", targets: ["mojify"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.0"),
    ],
    targets: [
        .target(
            name: "CClang",
            path: "Sources/CClang",
            cSettings: clangCFlags,
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(name: "MojifyCore", path: "Sources/Core"),
        .target(name: "MojifyScanner", dependencies: ["MojifyCore", "CClang"], path: "Sources/Scanner", swiftSettings: clangSwiftFlags),
        .target(name: "MojifyConversion", dependencies: ["MojifyCore", .product(name: "Yams", package: "Yams")], path: "Sources/Conversion"),
        .target(name: "MojifyEmitters", dependencies: ["MojifyCore", "MojifyConversion"], path: "Sources/Emitters"),
        // The C++ side of a migration: its own planning stage over the plan, the inventory and the tree's text. It
        // reads C++ with the scanner's lexer and never imports libclang itself.
        .target(name: "MojifyMigration", dependencies: ["MojifyCore", "MojifyConversion", "MojifyEmitters", "MojifyScanner"], path: "Sources/Migration"),
        .target(
            name: "MojifyLedger",
            dependencies: ["MojifyCore", .product(name: "CSV", package: "CSV.swift")],
            path: "Sources/Ledger"
        ),
        .target(
            name: "MojifyLint",
            dependencies: [
                "MojifyCore", "MojifyLedger", "MojifyConversion",
                .product(name: "Yams", package: "Yams"),
            ],
            path: "Sources/Lint"
        ),
        .target(
            name: "MojifyReport",
            dependencies: ["MojifyCore", "MojifyLedger", "MojifyConversion", "MojifyLint"],
            path: "Sources/Report"
        ),
        // The command flows: the one layer that scans, reads and writes files and prints; the libraries below it
        // take values and return values.
        .target(
            name: "MojifyApplication",
            dependencies: ["MojifyCore", "MojifyScanner", "MojifyConversion", "MojifyEmitters", "MojifyMigration", "MojifyLedger", "MojifyLint", "MojifyReport"],
            path: "Sources/Application"
        ),
        .executableTarget(
            name: "mojify",
            dependencies: [
                "MojifyApplication", "MojifyCore", "MojifyScanner", "MojifyEmitters", "MojifyMigration", "MojifyLedger", "MojifyLint", "MojifyReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/mojify"
        ),
        // What several test targets share: running the built binary, temporary folders, golden files, and the
        // generators and mutators of the fuzz and property tests.
        .target(name: "MojifyTestSupport", path: "Tests/Support"),
        .testTarget(name: "CoreTests", dependencies: ["MojifyCore", "MojifyTestSupport"], path: "Tests/CoreTests"),
        .testTarget(
            name: "ScannerTests", dependencies: ["MojifyScanner", "MojifyCore", "MojifyTestSupport", "CClang"], path: "Tests/ScannerTests",
            exclude: ["Golden"], swiftSettings: clangSwiftFlags
        ),
        .testTarget(name: "GenerateTests", dependencies: ["MojifyApplication", "MojifyConversion", "MojifyEmitters", "MojifyMigration", "MojifyScanner", "MojifyCore", "MojifyTestSupport"], path: "Tests/GenerateTests", exclude: ["Golden"]),
        .testTarget(name: "LedgerTests", dependencies: ["MojifyLedger", "MojifyCore", "mojify", "MojifyTestSupport"], path: "Tests/LedgerTests", exclude: ["Golden"]),
        .testTarget(name: "LintTests", dependencies: ["MojifyLint", "MojifyLedger", "MojifyScanner", "MojifyCore", "mojify", "MojifyTestSupport", .product(name: "Yams", package: "Yams")], path: "Tests/LintTests", exclude: ["Golden", "Fixtures"]),
        .testTarget(
            name: "ReportTests", dependencies: ["MojifyApplication", "MojifyReport", "MojifyLedger", "MojifyConversion", "MojifyEmitters", "MojifyLint", "MojifyCore", "MojifyTestSupport"],
            path: "Tests/ReportTests", exclude: ["Fixtures"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["mojify", "MojifyTestSupport"], path: "Tests/EndToEndTests"),
        .testTarget(name: "CacheTests", dependencies: ["MojifyScanner", "MojifyCore", "mojify", "MojifyTestSupport"], path: "Tests/CacheTests"),
    ],
    swiftLanguageModes: [.v6]
)
