import Foundation
import Health

extension WeightMilestone {
    /// Whether a weight has reached this milestone, so a step task linked to the goal can tick it off.
    public func isReached(by weight: Double) -> Bool {
        weight <= targetWeight
    }

    /// The title of the step task this milestone becomes when a goal is broken into steps.
    public var stepTitle: LocalizedText {
        let percent = String(Int(self.percent))
        let weight = String(format: "%.1f", targetWeight)
        return LocalizedText(ja: "-\(percent)%（\(weight) kg）", en: "−\(percent) % (\(weight) kg)")
    }
}
