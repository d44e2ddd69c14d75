import Foundation
import Health

/// What a workout's activity type is called, in both languages: `HKWorkoutActivityTypeRunning` → ランニング /
/// Running. Health Auto Export's names ("Outdoor Run") and types without an entry here are shown as written,
/// the HealthKit prefix dropped and the words split ("MixedCardio" → "Mixed Cardio").
public enum WorkoutActivityName {
    public static func of(_ activityType: String) -> LocalizedText {
        let name = activityType.hasPrefix(prefix) ? String(activityType.dropFirst(prefix.count)) : activityType
        if let known = names[name] { return known }
        let words = spaced(name)
        return LocalizedText(ja: words, en: words)
    }

    private static let prefix = "HKWorkoutActivityType"

    private static let names: [String: LocalizedText] = [
        "Running": .init(ja: "ランニング", en: "Running"),
        "Walking": .init(ja: "ウォーキング", en: "Walking"),
        "Hiking": .init(ja: "ハイキング", en: "Hiking"),
        "Cycling": .init(ja: "サイクリング", en: "Cycling"),
        "Swimming": .init(ja: "水泳", en: "Swimming"),
        "Rowing": .init(ja: "ローイング", en: "Rowing"),
        "Elliptical": .init(ja: "エリプティカル", en: "Elliptical"),
        "StairClimbing": .init(ja: "階段昇降", en: "Stair climbing"),
        "Stairs": .init(ja: "階段", en: "Stairs"),
        "Yoga": .init(ja: "ヨガ", en: "Yoga"),
        "Pilates": .init(ja: "ピラティス", en: "Pilates"),
        "Dance": .init(ja: "ダンス", en: "Dance"),
        "CardioDance": .init(ja: "カーディオダンス", en: "Cardio dance"),
        "TraditionalStrengthTraining": .init(ja: "筋力トレーニング", en: "Strength training"),
        "FunctionalStrengthTraining": .init(ja: "機能的筋力トレーニング", en: "Functional strength training"),
        "CoreTraining": .init(ja: "コアトレーニング", en: "Core training"),
        "HighIntensityIntervalTraining": .init(ja: "HIIT", en: "HIIT"),
        "MixedCardio": .init(ja: "ミックスカーディオ", en: "Mixed cardio"),
        "CrossTraining": .init(ja: "クロストレーニング", en: "Cross training"),
        "Flexibility": .init(ja: "柔軟運動", en: "Flexibility"),
        "Cooldown": .init(ja: "クールダウン", en: "Cooldown"),
        "MindAndBody": .init(ja: "マインドとボディ", en: "Mind and body"),
        "Tennis": .init(ja: "テニス", en: "Tennis"),
        "Soccer": .init(ja: "サッカー", en: "Soccer"),
        "Basketball": .init(ja: "バスケットボール", en: "Basketball"),
        "Baseball": .init(ja: "野球", en: "Baseball"),
        "Golf": .init(ja: "ゴルフ", en: "Golf"),
        "Climbing": .init(ja: "クライミング", en: "Climbing"),
        "MartialArts": .init(ja: "武道", en: "Martial arts"),
        "Other": .init(ja: "その他", en: "Other"),
    ]

    /// "MixedCardio" → "Mixed Cardio"; text that already has spaces is left alone.
    private static func spaced(_ name: String) -> String {
        guard !name.contains(" ") else { return name }
        var out = ""
        for character in name {
            if character.isUppercase, let last = out.last, last.isLowercase { out.append(" ") }
            out.append(character)
        }
        return out
    }
}
