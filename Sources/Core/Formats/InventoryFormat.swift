/// What a scan result is rendered with, besides the inventory itself.
public struct RenderContext: Sendable {
    /// Wall-clock seconds the scan took; shown by human formats only, so machine formats stay byte-identical.
    public var elapsedSeconds: Double?

    public init(elapsedSeconds: Double? = nil) {
        self.elapsedSeconds = elapsedSeconds
    }
}

/// One output format of `mojify scan`.
public protocol InventoryRenderer {
    static func render(_ inventory: Inventory, context: RenderContext) throws -> String
}

/// The formats `mojify scan --format` accepts; the raw value is the CLI name.
public enum InventoryFormat: String, CaseIterable, Sendable {
    case text
    case json

    public var renderer: InventoryRenderer.Type {
        switch self {
        case .text: TextSummary.self
        case .json: JSONInventory.self
        }
    }
}
