/// Keeps spreadsheet programs from running ledger cells as formulas (CSV injection): a cell that starts with
/// `=`, `+`, `-`, `@`, a tab or a carriage return, also after leading spaces or line breaks (which some programs
/// trim on import), is written with a leading apostrophe, and read back without it.
///
/// To make the round trip exact for every string, cells that already start with apostrophes followed by such a
/// start get one more apostrophe too: writing adds one, reading removes one.
public enum FormulaGuard {
    private static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// Whether the cell, leading apostrophes aside, would start a formula. By scalar: "\r\n" is one Character.
    private static func isGuarded(_ cell: Substring) -> Bool {
        let rest = cell.unicodeScalars.drop { $0 == "'" }
        guard let first = rest.first else { return false }
        if triggers.contains(first) { return true }
        return rest.first { !$0.properties.isWhitespace }.map(triggers.contains) ?? false
    }

    public static func neutralise(_ cell: String) -> String {
        isGuarded(cell[...]) ? "'" + cell : cell
    }

    public static func restore(_ cell: String) -> String {
        cell.hasPrefix("'") && isGuarded(cell.dropFirst()) ? String(cell.dropFirst()) : cell
    }
}
