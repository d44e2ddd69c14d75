/// Estimated text widths. There is no font engine on the server, so widths are approximated from
/// character classes; good enough to keep labels from overlapping or running off the edge.
enum TextMetrics {
    static func width(of text: String, fontSize: Double) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            // CJK, kana and full-width forms render about one em wide; Latin digits and letters about 0.6.
            ems += scalar.value >= 0x1100 ? 1.0 : 0.6
        }
        return ems * fontSize
    }
}
