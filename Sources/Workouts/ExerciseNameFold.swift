import Foundation

/// What makes two exercise names the same name to the person typing them: the catalogue search, the official-name
/// check and a user's own duplicates all compare names folded here. Only comparisons fold; stored and shown names
/// stay as typed.
public enum ExerciseNameFold {
    /// NFKC first, so full-width Latin ("ＳＱＵＡＴ") and half-width katakana with its separate sound marks
    /// ("ﾍﾞﾝﾁ") take their usual forms; then hiragana as katakana, because Japanese keyboards start in hiragana and
    /// "べんちぷれす" means "ベンチプレス"; then lower case, trimmed, and any run of spaces as one.
    ///
    /// The result is composed again (NFC): Foundation on Linux leaves half-width sound marks apart after NFKC
    /// ("ﾌﾟ" as フ + U+309A), and folded names are stored as keys that SQLite compares byte by byte, where Swift's
    /// `==` would have called the two spellings equal.
    public static func fold(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.precomposedStringWithCompatibilityMapping.unicodeScalars {
            scalars.append(katakana(for: scalar) ?? scalar)
        }
        let composed = String(scalars).precomposedStringWithCanonicalMapping
        return composed.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The katakana of a hiragana letter (ぁ U+3041 … ゖ U+3096 sit 0x60 below ァ … ヶ), nil for anything else.
    static func katakana(for scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard (0x3041...0x3096).contains(scalar.value) else { return nil }
        return Unicode.Scalar(scalar.value + 0x60)
    }
}
