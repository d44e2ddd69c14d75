import Foundation

/// Number formatting for SVG output. `String(format:)` with no locale always uses "." and no
/// grouping, and fixed notation never produces exponents such as "1e-05", so the same chart
/// renders to the same bytes on every machine.
enum SVGNumber {
    /// A coordinate or length with at most two decimals and no trailing zeros.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.2f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// A value for people to read, with exactly `decimals` decimals.
    static func value(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let places = Swift.min(Swift.max(decimals, 0), 6)
        let text = String(format: "%.\(places)f", value)
        // Rounding a small negative to zero must not print "-0.0".
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            return String(text.dropFirst())
        }
        return text
    }

    /// A value with its unit, as shown in tooltips and the chart description: thousands grouped (8,000 steps), as
    /// the pages around the chart print them.
    static func value(_ value: Double, decimals: Int, unit: String) -> String {
        let number = grouped(value, decimals: decimals)
        return unit.isEmpty ? number : "\(number) \(unit)"
    }

    /// `value` with the whole part in groups of three, for text people read (tooltips, axis labels); attributes
    /// that programs read keep `value`.
    static func grouped(_ value: Double, decimals: Int) -> String {
        let text = Self.value(value, decimals: decimals)
        let sign = text.hasPrefix("-") ? "-" : ""
        let unsigned = text.dropFirst(sign.count)
        let whole = Array(unsigned.prefix { $0 != "." })
        guard whole.count > 3, whole.allSatisfy(\.isNumber) else { return text }
        var result = sign
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result + unsigned.dropFirst(whole.count)
    }
}
