import Foundation

/// Number-to-text for messages and displays. `String(format:)` is used because it ignores the process locale:
/// a server must not print "70,5" because of how its host was configured.
enum DecimalText {
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return String(value) }
        let text = String(format: "%.\(max(decimals, 0))f", value)
        // Rounding a tiny negative gives "-0.0", which reads as an error to people.
        if text.hasPrefix("-"), let parsed = Double(text), parsed == 0 {
            return String(text.dropFirst())
        }
        return text
    }

    /// Like `fixed`, with the whole part in groups of three ("12,345.6"), as Japanese and English both write
    /// numbers for reading. Not for form fields or files, which are read back as typed.
    static func grouped(_ value: Double, decimals: Int) -> String {
        DigitGrouping.apply(fixed(value, decimals: decimals))
    }

    /// Like `fixed` without trailing zeros, so a limit reads "30" rather than "30.0".
    static func trimmed(_ value: Double, decimals: Int) -> String {
        var text = fixed(value, decimals: decimals)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Rounds towards the inside of a range, so a limit shown in another unit is itself accepted when typed back:
    /// 30 kg is 66.138… lb, and showing "66.1" would invite a value that is refused.
    static func inward(_ value: Double, decimals: Int, roundingUp: Bool) -> Double {
        let scale = pow(10, Double(decimals))
        let scaled = value * scale
        // Values that are already round, give or take floating-point noise, stay put instead of moving a step inward.
        if abs(scaled - scaled.rounded()) < 1e-6 { return scaled.rounded() / scale }
        return scaled.rounded(roundingUp ? .up : .down) / scale
    }
}
