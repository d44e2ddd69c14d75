import Foundation
import Health

/// A stage of sleep as HealthKit has written it since iOS 16 (core, deep, REM), or sleep of no stated stage
/// (older watches, phones, apps that write "asleep").
public enum SleepStage: String, CaseIterable, Sendable, Codable {
    case deep
    case core
    case rem
    case unspecified

    public var name: LocalizedText {
        switch self {
        case .deep: LocalizedText(ja: "深い睡眠", en: "Deep")
        case .core: LocalizedText(ja: "コア睡眠", en: "Core")
        case .rem: LocalizedText(ja: "レム睡眠", en: "REM")
        case .unspecified: LocalizedText(ja: "睡眠（段階なし）", en: "Asleep (no stage)")
        }
    }
}

/// One stored sleep record as the stages chart reads it.
public struct SleepSegment: Sendable, Equatable {
    public let start: Date
    /// The record's value in minutes.
    public let minutes: Double
    /// The record's value as it came (hours for Health Auto Export's nightly rows), to convert the stages kept
    /// beside it in the same unit.
    public let originalValue: Double
    public let metadata: [String: String]

    public init(start: Date, minutes: Double, originalValue: Double, metadata: [String: String]) {
        self.start = start
        self.minutes = minutes
        self.originalValue = originalValue
        self.metadata = metadata
    }

    /// Minutes per stage: a segment of one stage (Apple's `HKCategoryValue`, Health Auto Export's `stage`), or a
    /// nightly row whose `core`, `deep` and `rem` figures split it (any rest has no stated stage).
    public var stages: [SleepStage: Double] {
        if let value = metadata["HKCategoryValue"] ?? metadata["stage"] {
            return [Self.stage(named: value): minutes]
        }
        let factor = originalValue > 0 ? minutes / originalValue : 0
        var split: [SleepStage: Double] = [:]
        for (key, stage) in [("core", SleepStage.core), ("deep", .deep), ("rem", .rem)] {
            if let text = metadata[key], let value = Double(text), value > 0 { split[stage] = value * factor }
        }
        let staged = split.values.reduce(0, +)
        guard staged > 0, staged <= minutes * 1.001 else { return [.unspecified: minutes] }
        if minutes - staged > 0.5 { split[.unspecified] = minutes - staged }
        return split
    }

    static func stage(named value: String) -> SleepStage {
        switch value.lowercased().replacingOccurrences(of: "hkcategoryvaluesleepanalysis", with: "") {
        case "asleepcore", "core": .core
        case "asleepdeep", "deep": .deep
        case "asleeprem", "rem": .rem
        default: .unspecified
        }
    }
}

/// One night's sleep by stage.
public struct NightStages: Sendable, Equatable {
    /// The sleep metric, whose day rule (`Metric.dayBoundary`) dates the nights here as its daily totals are dated.
    public static let metric = MetricCatalog.metric(named: "sleepAnalysis")!

    /// The morning the night ended, the day its daily total counts it for: a segment that starts at 18:00 or later
    /// belongs to the next day, one before 18:00 (a nap, or sleep after midnight) to its own.
    public let night: LocalDay
    public let minutes: [SleepStage: Double]

    public var total: Double { minutes.values.reduce(0, +) }

    /// Every night with sleep among `segments`, in order.
    public static func nights(_ segments: [SleepSegment], timeZone: TimeZone) -> [NightStages] {
        var byNight: [LocalDay: [SleepStage: Double]] = [:]
        for segment in segments where segment.minutes > 0 {
            let night = metric.dayBoundary.day(of: segment.start, in: timeZone)
            byNight[night, default: [:]].merge(segment.stages, uniquingKeysWith: +)
        }
        return byNight.map { NightStages(night: $0.key, minutes: $0.value) }.sorted { $0.night < $1.night }
    }
}
