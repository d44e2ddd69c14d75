import Foundation
import Health

/// How fast a weight-loss plan goes, as a share of body weight per week.
public struct WeightPace: Sendable, Hashable, Codable {
    /// Health guidance expects 0.5–1 kg a week at most; 0.5 % of body weight is the gentle default.
    public static let standard = WeightPace(uncheckedPercent: 0.5)
    public static let allowedPercent: ClosedRange<Double> = 0.25...1.0
    /// Never faster than this, whatever the percentage gives for a heavy body.
    public static let maximumKilogramsPerWeek = 1.0

    public let percentPerWeek: Double

    /// Refuses a pace outside 0.25–1.0 % a week.
    public init(percentPerWeek: Double) throws(MotivationError) {
        guard percentPerWeek.isFinite, Self.allowedPercent.contains(percentPerWeek) else {
            throw .weightRateOutOfRange(percentPerWeek)
        }
        self.percentPerWeek = percentPerWeek
    }

    private init(uncheckedPercent: Double) {
        self.percentPerWeek = uncheckedPercent
    }

    /// A percentage as people write it (0.25, 0.5, 1), whatever the server's locale.
    public static func text(_ percent: Double) -> String {
        var text = String(format: "%.2f", percent)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Kilograms a week for someone weighing `weight` kg, capped at 1 kg.
    public func kilogramsPerWeek(at weight: Double) -> Double {
        min(weight * percentPerWeek / 100, Self.maximumKilogramsPerWeek)
    }

    /// The day a weight of `current` kg would reach `target` kg at this pace (the weekly loss recomputed from the
    /// current weight), or nil when the target is already reached or is not below the current weight.
    public func forecastDay(from current: Double, to target: Double, today: LocalDay) -> LocalDay? {
        guard current.isFinite, target.isFinite, current > target, target > 0 else { return nil }
        let weekly = kilogramsPerWeek(at: current)
        guard weekly > 0 else { return nil }
        // Kilograms are decimals a Double only approximates: 2.4 kg at 0.8 kg a week is 21 days, not 22.
        return today.adding(days: Int(((current - target) / weekly * 7 - 1e-6).rounded(.up)))
    }
}
