/// Keeps spreadsheet programs from running ledger cells as formulas (CSV injection): a cell that starts with
/// `=`, `+`, `-`, `@`, a tab or a carriage return is written with a leading apostrophe, and read back without it.
///
/// To make the round trip exact for every string, cells that already start with apostrophes followed by one of
/// those characters get one more apostrophe too: writing adds one, reading removes one.
public enum FormulaGuard {
    private static let triggers: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    private static func isGuarded(_ cell: Substring) -> Bool {
        guard let first = cell.drop(while: { $0 == "'" }).unicodeScalars.first else { return false }
        // By scalar: "\r\n" is one Character, and it starts with a carriage return too.
        return triggers.contains(Character(first))
    }

    public static func neutralise(_ cell: String) -> String {
        isGuarded(cell[...]) ? "'" + cell : cell
    }

    public static func restore(_ cell: String) -> String {
        cell.hasPrefix("'") && isGuarded(cell.dropFirst()) ? String(cell.dropFirst()) : cell
    }
}
