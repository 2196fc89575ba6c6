import Foundation

/// Today's Chromium typemaps of the common mojom types a plan imports (mojo/public/cpp/base and
/// ui/gfx/geometry/mojom declare them in their BUILD.gn `cpp_typemaps`): the C++ type the bindings use and how they
/// pass it. A legacy message's own C++ type can be an older one (`base::DictionaryValue`, `base::string16`); the
/// generated interface declares the mapped type, so an override must too.
enum ChromiumTypemaps {
    struct Mapping: Sendable {
        var cpp: String
        /// `move_only`: passed by value, and so is whatever holds it (`std::vector<base::Value>`).
        var moveOnly = false
        /// `copyable_pass_by_value`: passed by value itself (not inside a container).
        var passedByValue = false
        /// Names legacy code used for the same C++ type.
        var aliases: [String] = []
    }

    static let mappings: [String: Mapping] = {
        var table: [String: Mapping] = [
            "mojo_base.mojom.Value": Mapping(cpp: "base::Value", moveOnly: true),
            "mojo_base.mojom.DictionaryValue": Mapping(cpp: "base::Value::Dict", moveOnly: true),
            "mojo_base.mojom.ListValue": Mapping(cpp: "base::Value::List", moveOnly: true),
            "mojo_base.mojom.Time": Mapping(cpp: "base::Time", passedByValue: true),
            "mojo_base.mojom.TimeDelta": Mapping(cpp: "base::TimeDelta", passedByValue: true),
            "mojo_base.mojom.TimeTicks": Mapping(cpp: "base::TimeTicks", passedByValue: true),
            "mojo_base.mojom.String16": Mapping(cpp: "std::u16string", aliases: ["base::string16"]),
            "mojo_base.mojom.FilePath": Mapping(cpp: "base::FilePath"),
            "mojo_base.mojom.UnguessableToken": Mapping(cpp: "base::UnguessableToken"),
            "mojo_base.mojom.File": Mapping(cpp: "base::File", moveOnly: true),
            "mojo_base.mojom.ReadOnlySharedMemoryRegion": Mapping(cpp: "base::ReadOnlySharedMemoryRegion", moveOnly: true),
            "mojo_base.mojom.UnsafeSharedMemoryRegion": Mapping(cpp: "base::UnsafeSharedMemoryRegion", moveOnly: true),
            "mojo_base.mojom.WritableSharedMemoryRegion": Mapping(cpp: "base::WritableSharedMemoryRegion", moveOnly: true),
        ]
        for name in ["Point", "PointF", "Size", "SizeF", "Rect", "RectF", "Insets", "InsetsF", "Vector2d", "Vector2dF"] {
            table["gfx.mojom." + name] = Mapping(cpp: "gfx::" + name)
        }
        return table
    }()

    /// The legacy C++ type with the old names of mapped types replaced by today's (`base::string16` ->
    /// `std::u16string`), to tell a real change of type from a renaming.
    static func normalized(_ legacy: String) -> String {
        var text = legacy.filter { $0 != " " }
        for mapping in mappings.values {
            for alias in mapping.aliases { text = text.replacingOccurrences(of: alias, with: mapping.cpp) }
        }
        return text
    }
}
