import MojifyConversion
import MojifyCore

/// One kind of file `mojify generate` writes from a plan.
public protocol PlanEmitter {
    /// The files to write, keyed by path relative to the output folder.
    static func emit(_ plan: ConversionPlan, rules: ConversionRules) throws -> [String: String]
}

/// The kinds of file `mojify generate` writes; the raw value is the CLI name.
public enum OutputFormat: String, CaseIterable, Sendable {
    case mojom
    case gn
    case manifest
    case binders

    public var emitter: PlanEmitter.Type {
        switch self {
        case .mojom: MojomEmitter.self
        case .gn: BuildGNEmitter.self
        case .manifest: ManifestOverlayEmitter.self
        case .binders: BindersEmitter.self
        }
    }

    /// The formats `--registry` chooses between: how the interfaces are made reachable.
    public static let registries: [OutputFormat] = [.manifest, .binders]

    /// Every file of a run, keyed by its path under the output folder.
    public static func render(_ plan: ConversionPlan, rules: ConversionRules, registry: OutputFormat) throws -> [String: String] {
        var files: [String: String] = [:]
        for format in [OutputFormat.mojom, .gn, registry] {
            files.merge(try format.emitter.emit(plan, rules: rules)) { first, _ in first }
        }
        return files
    }
}

/// Text helpers the emitters share.
enum EmitterText {
    /// Comment lines of at most `width` columns, from text that may come from scanned code (newlines removed).
    static func comment(_ text: String, indent: String, marker: String = "//", width: Int = 80) -> [String] {
        let words = commentSafe(text).split(whereSeparator: \.isWhitespace)
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty, indent.count + marker.count + 1 + line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        // In C++ a backslash ending a `//` line continues the comment onto the next line of code.
        return lines.map { "\(indent)\(marker) \($0)\($0.hasSuffix("\\") ? "." : "")" }
    }

    /// Control and format characters (terminal escapes, bidirectional overrides that make code read differently
    /// from how it compiles) shown as `\u{...}`; line breaks become spaces.
    static func commentSafe(_ text: String) -> String {
        text.replacingScalars { scalar in
            if scalar.properties.isWhitespace { return scalar == " " ? nil : " " }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: return nil
            }
        }
    }
}
