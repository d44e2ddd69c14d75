extension Metric {
    /// The unit as a person reads it next to a value: "歩"/"steps" rather than "count", "bpm" rather than "count/min".
    /// Catalog symbols stay HealthKit's for machines; this is for pages and the terminal.
    public func unitLabel(in language: Language) -> String {
        switch canonicalUnit {
        case "count":
            switch id {
            case "stepCount": return language == .ja ? "歩" : "steps"
            case "flightsClimbed": return language == .ja ? "階" : "floors"
            default: return ""
            }
        case "count/min": return language == .ja ? "回/分" : "bpm"
        case "degC": return "℃"
        case "min": return language == .ja ? "分" : "min"
        default: return canonicalUnit
        }
    }
}
