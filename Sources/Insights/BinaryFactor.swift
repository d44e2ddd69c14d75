import Foundation
import Health

/// A yes/no question about a day, such as "slept at least 7 hours", tested against other series with the
/// Mann–Whitney test: people think in "nights I slept enough" more than in rank correlations.
public struct BinaryFactor: Sendable, Equatable {
    public let id: String
    public let metricID: String
    /// A day counts as "yes" when its value is at least this.
    public let threshold: Double
    /// Completes "days when you …": "slept at least 7 hours".
    public let description: LocalizedText

    public init(id: String, metricID: String, threshold: Double, description: LocalizedText) {
        self.id = id
        self.metricID = metricID
        self.threshold = threshold
        self.description = description
    }

    public static let sleptSevenHours = BinaryFactor(
        id: "sleptSevenHours", metricID: "sleepAnalysis", threshold: 420,
        description: LocalizedText(ja: "7時間以上眠った", en: "slept at least 7 hours")
    )
    public static let walkedEightThousandSteps = BinaryFactor(
        id: "walkedEightThousandSteps", metricID: "stepCount", threshold: 8_000,
        description: LocalizedText(ja: "8,000歩以上歩いた", en: "walked at least 8,000 steps")
    )
    public static let exercisedThirtyMinutes = BinaryFactor(
        id: "exercisedThirtyMinutes", metricID: "exerciseTime", threshold: 30,
        description: LocalizedText(ja: "30分以上運動した", en: "exercised at least 30 minutes")
    )

    public static let defaults: [BinaryFactor] = [sleptSevenHours, walkedEightThousandSteps, exercisedThirtyMinutes]
}
