import Foundation

/// The groups the Health app and the gateway app sort data types into; pages and sync settings list metrics by them.
public enum MetricCategory: String, Sendable, Codable, CaseIterable {
    case body
    case activity
    case heart
    case sleep
    case nutrition
    case respiratory
    case mindfulness
    case other

    /// Names as the Japanese Health app labels its own categories, so users recognise them.
    public var name: LocalizedText {
        switch self {
        case .body: LocalizedText(ja: "身体測定値", en: "Body Measurements")
        case .activity: LocalizedText(ja: "アクティビティ", en: "Activity")
        case .heart: LocalizedText(ja: "心臓", en: "Heart")
        case .sleep: LocalizedText(ja: "睡眠", en: "Sleep")
        case .nutrition: LocalizedText(ja: "栄養", en: "Nutrition")
        case .respiratory: LocalizedText(ja: "呼吸", en: "Respiratory")
        case .mindfulness: LocalizedText(ja: "マインドフルネス", en: "Mindfulness")
        case .other: LocalizedText(ja: "その他", en: "Other")
        }
    }
}
