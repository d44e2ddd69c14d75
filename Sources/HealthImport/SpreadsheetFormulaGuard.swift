import Foundation

/// Undoes what Kiroku's CSV exports do so a spreadsheet never runs a field as a formula (`DataExporter.csvField`):
/// a text starting with `=`, `+`, `-` or `@` (and not a number) is written with an apostrophe before it, and so is a
/// text that starts with apostrophes followed by one of those, so that every written field reads back to one text:
/// `=SUM(A1)` ↔ `'=SUM(A1)`, `'=x` ↔ `''=x`, while `'90s` and `-3.5` are written as they are.
enum SpreadsheetFormulaGuard {
    private static let formulaStarts: Set<Character> = ["=", "+", "-", "@"]

    /// The text before the export added its apostrophe.
    static func unguarded(_ field: String) -> String {
        guard field.first == "'", let after = field.first(where: { $0 != "'" }), formulaStarts.contains(after) else { return field }
        return String(field.dropFirst())
    }
}
