import Foundation
import Health

/// Names, units and preferred directions of the series insights talk about: the catalog's metrics plus
/// the derived and manual ones the catalog does not hold (yet).
public enum InsightMetric {
    /// The weight series correlations see: next-day change in trend (see `WeightAnalysis.nextDayTrendChange`).
    public static let weightTrendChange = "weightTrendChange"
    public static let mood = "mood"
    public static let energy = "energy"
    public static let workoutVolume = "workoutVolume"
    public static let stepTasksDone = "stepTasksDone"

    /// Raw levels that drift for weeks; correlating them "finds" whatever else drifted, so they never enter.
    static let excludedLevels: Set<String> = ["bodyMass", "bodyMassIndex", "leanBodyMass", "bodyFatPercentage"]

    public static func name(_ id: String) -> LocalizedText {
        switch id {
        case weightTrendChange: LocalizedText(ja: "体重トレンドの変化", en: "weight trend")
        case mood: LocalizedText(ja: "気分", en: "mood")
        case energy: LocalizedText(ja: "元気度", en: "energy")
        case workoutVolume: LocalizedText(ja: "トレーニング量", en: "workout volume")
        case stepTasksDone: LocalizedText(ja: "完了したステップ", en: "step tasks done")
        default:
            if let metric = MetricCatalog.metric(named: id) {
                LocalizedText(ja: metric.name.ja, en: metric.name.en.lowercased())
            } else {
                LocalizedText(ja: id, en: id)
            }
        }
    }

    /// Whether the English name is a plural ("your steps were above 10,000 steps"), for the verb that follows it.
    public static func isPlural(_ id: String) -> Bool {
        ["stepCount", "flightsClimbed", "mindfulMinutes", "dietaryCarbohydrates", stepTasksDone].contains(id)
    }

    /// Where a series stands when a same-day relationship is told: the one that comes first is the "on days when"
    /// and the other the outcome. The night comes before the day; what a person does comes before what the doing
    /// burns and how they feel; how the body answers comes after; the weight trend change, the change into the next
    /// day, comes last. A correlation does not say which causes which, but a sentence has to start somewhere, and
    /// "on days your mood was higher, your sleep averaged 7.9 h" reads the night backwards.
    static func tellingOrder(_ id: String) -> Int {
        switch id {
        case "sleepAnalysis": 0
        case "stepCount", "exerciseTime", workoutVolume, stepTasksDone, "mindfulMinutes", "distanceWalkingRunning", "flightsClimbed": 1
        case "activeEnergyBurned": 2
        case mood, energy: 3
        case weightTrendChange: 5
        default: 4
        }
    }

    public static func preferredDirection(_ id: String, weightGoal: WeightGoal?) -> PreferredDirection {
        switch id {
        case weightTrendChange:
            switch weightGoal {
            case .lose: .lower
            case .gain: .higher
            case .maintain, nil: .neither
            }
        case "restingHeartRate", "walkingHeartRateAverage": .lower
        case mood, energy, workoutVolume, stepTasksDone, "stepCount", "distanceWalkingRunning", "flightsClimbed",
             "activeEnergyBurned", "exerciseTime", "sleepAnalysis", "mindfulMinutes", "heartRateVariability", "vo2Max":
            .higher
        default: .neither
        }
    }

    /// A value as a person reads it: sleep in hours, a weight change signed with two decimals, others with the
    /// catalog's decimals and unit.
    public static func format(_ value: Double, metricID id: String) -> LocalizedText {
        if id == weightTrendChange {
            let text = (value > 0 ? "+" : value < 0 ? "−" : "") + fixed(abs(value), decimals: 2)
            return LocalizedText(ja: text + " kg", en: text + " kg")
        }
        if id == mood || id == energy {
            let text = fixed(value, decimals: 1)
            return LocalizedText(ja: text, en: text)
        }
        guard let metric = MetricCatalog.metric(named: id) else {
            let text = fixed(value, decimals: 1)
            return LocalizedText(ja: text, en: text)
        }
        if metric.canonicalUnit == "min", abs(value) >= 60 {
            let hours = fixed(value / 60, decimals: 1)
            return LocalizedText(ja: hours + "時間", en: hours + " h")
        }
        let number = metric.format(value)
        let ja = metric.unitLabel(in: .ja)
        let en = metric.unitLabel(in: .en)
        // Japanese writes a unit in kana or kanji straight after the number ("8000歩"), and one in Latin letters
        // after a space ("650 kcal"), as the rest of Kiroku's pages do.
        let latin = ja.unicodeScalars.first.map { $0.isASCII && $0.properties.isAlphabetic } ?? false
        return LocalizedText(ja: latin ? number + " " + ja : number + ja, en: en.isEmpty || en == "%" ? number + en : number + " " + en)
    }

    static func fixed(_ value: Double, decimals: Int) -> String {
        let text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-"), Double(text) == 0 { return String(text.dropFirst()) }
        return text
    }
}
