import Foundation

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

    /// Kilograms a week for someone weighing `weight` kg, capped at 1 kg.
    public func kilogramsPerWeek(at weight: Double) -> Double {
        min(weight * percentPerWeek / 100, Self.maximumKilogramsPerWeek)
    }
}
