import Foundation
import Health

/// One week of training: Σ volume, mean volume per set, and the week's e1RM (the formula applied to the week's
/// mean weight and mean reps, as the BulkTrack app computed it). Weeks without sets are zeros with no e1RM.
public struct WeekPoint: Sendable, Equatable {
    public let weekStart: LocalDay
    public let totalVolume: Double
    public let avgSetVolume: Double
    public let e1rmAvg: Double?
    public let setCount: Int
}

/// One muscle group's weekly effective volume (volume × the exercise's share of the group).
public struct MuscleWeekPoint: Sendable, Equatable {
    public let weekStart: LocalDay
    public let totalVolume: Double
    public let setCount: Int
    /// Mean per-set e1RM of the sets that worked this group; nil in a week without such sets.
    public let avgE1rm: Double?
}

public struct MuscleGroupSeries: Sendable, Equatable {
    public let group: MuscleGroup
    public let points: [MuscleWeekPoint]
}

/// The best e1RM of one exercise per week, for the per-exercise progress line. Weeks without the exercise are absent.
public struct ExerciseProgress: Sendable, Equatable {
    public let exerciseId: UUID
    public let points: [(weekStart: LocalDay, bestE1RM: Double)]

    public static func == (lhs: ExerciseProgress, rhs: ExerciseProgress) -> Bool {
        lhs.exerciseId == rhs.exerciseId && lhs.points.elementsEqual(rhs.points) { $0 == $1 }
    }
}

/// A weekly mean of a health metric (body weight) beside the training. Weeks without samples are absent.
public struct MetricSeries: Sendable, Equatable {
    public let metricKey: String
    public let unit: String
    public let points: [(weekStart: LocalDay, value: Double)]

    public init(metricKey: String, unit: String, points: [(weekStart: LocalDay, value: Double)]) {
        self.metricKey = metricKey
        self.unit = unit
        self.points = points
    }

    public static func == (lhs: MetricSeries, rhs: MetricSeries) -> Bool {
        lhs.metricKey == rhs.metricKey && lhs.unit == rhs.unit && lhs.points.elementsEqual(rhs.points) { $0 == $1 }
    }

    /// Weekly means of daily values, for the weeks in `weekStarts`.
    public static func weeklyMeans(metricKey: String, unit: String, daily: [(day: LocalDay, value: Double)], weekStarts: [LocalDay]) -> MetricSeries {
        let wanted = Set(weekStarts)
        var sums: [LocalDay: (Double, Int)] = [:]
        for sample in daily where wanted.contains(sample.day.startOfWeek) {
            let current = sums[sample.day.startOfWeek] ?? (0, 0)
            sums[sample.day.startOfWeek] = (current.0 + sample.value, current.1 + 1)
        }
        let points = weekStarts.compactMap { week in sums[week].map { (weekStart: week, value: $0.0 / Double($0.1)) } }
        return MetricSeries(metricKey: metricKey, unit: unit, points: points)
    }
}

/// The BulkTrack dashboard: this week, last week, the weekly trend over the span, per-muscle series and
/// health metrics, plus Kiroku's per-exercise e1RM progress.
public struct WeeklyDashboard: Sendable, Equatable {
    public let thisWeek: WeekPoint
    public let lastWeek: WeekPoint
    /// One point per week of the span, oldest first; empty weeks are zeros.
    public let trend: [WeekPoint]
    /// Groups worked at least once in the span, in group id order, each with a point for every week.
    public let muscleGroups: [MuscleGroupSeries]
    public let exercises: [ExerciseProgress]
    public let metrics: [MetricSeries]

    /// Builds the dashboard from per-day totals covering at least the span and the week before it.
    /// `exercise` resolves ids to exercises (for muscle shares); unknown ids count in totals but no group.
    public static func build(
        groups: [SetGroup], span: WeekSpan, now: Date, timeZone: TimeZone, formula: E1RMFormula,
        exercise: (UUID) -> Exercise?, metrics: [MetricSeries] = []
    ) -> WeeklyDashboard {
        let trendWeeks = span.weekStarts(now: now, timeZone: timeZone)
        let current = trendWeeks.last ?? LocalDay(now, in: timeZone).startOfWeek
        let previous = current.adding(days: -7)
        var byWeek: [LocalDay: [SetGroup]] = [:]
        for group in groups { byWeek[group.day.startOfWeek, default: []].append(group) }

        func point(_ week: LocalDay) -> WeekPoint {
            let weekGroups = byWeek[week] ?? []
            let sets = weekGroups.reduce(0) { $0 + $1.setCount }
            guard sets > 0 else { return WeekPoint(weekStart: week, totalVolume: 0, avgSetVolume: 0, e1rmAvg: nil, setCount: 0) }
            let volume = weekGroups.reduce(0) { $0 + $1.volume }
            let meanWeight = weekGroups.reduce(0) { $0 + $1.weightSum } / Double(sets)
            let meanReps = Double(weekGroups.reduce(0) { $0 + $1.reps * $1.setCount }) / Double(sets)
            return WeekPoint(
                weekStart: week, totalVolume: volume, avgSetVolume: volume / Double(sets),
                e1rmAvg: formula.estimate(weight: meanWeight, reps: meanReps), setCount: sets
            )
        }

        var exerciseCache: [UUID: Exercise?] = [:]
        func lookup(_ id: UUID) -> Exercise? {
            if let cached = exerciseCache[id] { return cached }
            let found = exercise(id)
            exerciseCache[id] = found
            return found
        }

        return WeeklyDashboard(
            thisWeek: point(current),
            lastWeek: point(previous),
            trend: trendWeeks.map(point),
            muscleGroups: muscleSeries(byWeek: byWeek, weeks: trendWeeks, formula: formula, exercise: lookup),
            exercises: exerciseProgress(byWeek: byWeek, weeks: trendWeeks, formula: formula),
            metrics: metrics
        )
    }

    private static func muscleSeries(
        byWeek: [LocalDay: [SetGroup]], weeks: [LocalDay], formula: E1RMFormula, exercise: (UUID) -> Exercise?
    ) -> [MuscleGroupSeries] {
        struct Totals { var volume = 0.0; var sets = 0; var e1rmSum = 0.0 }
        var table: [Int: [LocalDay: Totals]] = [:]
        for week in weeks {
            for group in byWeek[week] ?? [] {
                for share in exercise(group.exerciseId)?.shares ?? [] {
                    var totals = table[share.group.id, default: [:]][week] ?? Totals()
                    totals.volume += group.volume * share.fraction
                    totals.sets += group.setCount
                    totals.e1rmSum += group.e1rmSum(formula)
                    table[share.group.id, default: [:]][week] = totals
                }
            }
        }
        return MuscleGroup.all.compactMap { muscle in
            guard let perWeek = table[muscle.id] else { return nil }
            let points = weeks.map { week in
                let totals = perWeek[week] ?? Totals()
                return MuscleWeekPoint(
                    weekStart: week, totalVolume: totals.volume, setCount: totals.sets,
                    avgE1rm: totals.sets > 0 ? totals.e1rmSum / Double(totals.sets) : nil
                )
            }
            return MuscleGroupSeries(group: muscle, points: points)
        }
    }

    private static func exerciseProgress(byWeek: [LocalDay: [SetGroup]], weeks: [LocalDay], formula: E1RMFormula) -> [ExerciseProgress] {
        var best: [UUID: [LocalDay: Double]] = [:]
        var volume: [UUID: Double] = [:]
        for week in weeks {
            for group in byWeek[week] ?? [] {
                volume[group.exerciseId, default: 0] += group.volume
                // Failed attempts (0 reps) lifted nothing: they estimate no 1RM (see `PersonalRecordDetector`).
                guard group.reps >= 1 else { continue }
                best[group.exerciseId, default: [:]][week] = max(best[group.exerciseId]?[week] ?? 0, group.bestE1RM(formula))
            }
        }
        // Most-trained exercises first: the page shows the top few.
        return best.keys.sorted { (volume[$0] ?? 0, $1.uuidString) > (volume[$1] ?? 0, $0.uuidString) }.map { id in
            ExerciseProgress(exerciseId: id, points: weeks.compactMap { week in best[id]?[week].map { (weekStart: week, bestE1RM: $0) } })
        }
    }
}
