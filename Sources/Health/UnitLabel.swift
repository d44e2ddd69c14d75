import Foundation

/// How a unit symbol reads inside a sentence. Catalog symbols are HealthKit's ("count", "count/min", "degC"),
/// which are exact for machines but read oddly to people: "30–200 count/min" should be "30–200 bpm".
enum UnitLabel {
    /// The unit as it follows a number, with its leading space where the language wants one; empty for counts.
    static func suffix(_ symbol: String, in language: Language) -> String {
        let label: String
        switch symbol {
        case "count": return ""
        case "count/min": return language == .ja ? "回/分" : "/min"
        case "count/s": return language == .ja ? "回/秒" : "/s"
        case "degC": label = "℃"
        case "degF": label = "℉"
        case "%": return "%"
        default: label = symbol
        }
        return language == .ja ? label : " " + label
    }
}
