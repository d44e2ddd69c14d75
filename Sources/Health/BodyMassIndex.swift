/// Body-mass index from a weight and a height, with the category a Japanese clinic would name.
/// Categories follow the Japan Society for the Study of Obesity (JASSO), whose 肥満 threshold is 25, not WHO's 30.
public struct BodyMassIndex: Sendable, Equatable {
    public let value: Double

    public enum Category: String, Sendable, CaseIterable {
        case underweight, normal, obese1, obese2, obese3, obese4

        public var name: LocalizedText {
            switch self {
            case .underweight: LocalizedText(ja: "低体重", en: "Underweight")
            case .normal: LocalizedText(ja: "普通体重", en: "Normal weight")
            case .obese1: LocalizedText(ja: "肥満（1度）", en: "Obesity class 1")
            case .obese2: LocalizedText(ja: "肥満（2度）", en: "Obesity class 2")
            case .obese3: LocalizedText(ja: "肥満（3度）", en: "Obesity class 3")
            case .obese4: LocalizedText(ja: "肥満（4度）", en: "Obesity class 4")
            }
        }
    }

    /// Nil when either number cannot describe a person (a height under 50 cm, a weight of zero).
    public init?(weightKg: Double, heightCm: Double) {
        guard weightKg > 0, heightCm >= 50, weightKg.isFinite, heightCm.isFinite else { return nil }
        let meters = heightCm / 100
        value = weightKg / (meters * meters)
    }

    public var category: Category {
        switch value {
        case ..<18.5: .underweight
        case ..<25: .normal
        case ..<30: .obese1
        case ..<35: .obese2
        case ..<40: .obese3
        default: .obese4
        }
    }

    /// The weight at which this height has a BMI of 22, the JASSO "standard weight" (標準体重).
    public static func standardWeightKg(heightCm: Double) -> Double {
        let meters = heightCm / 100
        return 22 * meters * meters
    }
}
