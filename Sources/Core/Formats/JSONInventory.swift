/// The full inventory as versioned JSON (schema: `Docs/inventory-schema.md`).
public enum JSONInventory: InventoryRenderer {
    public static func render(_ inventory: Inventory, context: RenderContext) throws -> String {
        String(decoding: try inventory.jsonData(), as: UTF8.self)
    }
}
