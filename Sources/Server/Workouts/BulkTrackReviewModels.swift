import APIModels
import Foundation
import Health
import Hummingbird
import Workouts

/// `GET /v1/dashboard`'s answer.
struct BulkTrackDashboard: Encodable {
    struct WeekPointBody: Encodable {
        let weekStart: LocalDay
        let totalVolume: Double
        let avgSetVolume: Double
        @ExplicitNull var e1rmAvg: Double?

        init(_ point: WeekPoint) {
            weekStart = point.weekStart
            totalVolume = point.totalVolume
            avgSetVolume = point.avgSetVolume
            e1rmAvg = point.e1rmAvg
        }
    }

    struct MusclePointBody: Encodable {
        let weekStart: LocalDay
        let totalVolume: Double
        let setCount: Int
        @ExplicitNull var avgE1rm: Double?
    }

    struct MuscleSeriesBody: Encodable {
        let muscleGroupId: Int
        let groupName: String
        let points: [MusclePointBody]
    }

    struct MetricPointBody: Encodable {
        let weekStart: LocalDay
        let value: Double
    }

    struct MetricSeriesBody: Encodable {
        let metricKey: String
        let unit: String
        let points: [MetricPointBody]
    }

    let thisWeek: WeekPointBody
    let lastWeek: WeekPointBody
    let trend: [WeekPointBody]
    let muscleGroups: [MuscleSeriesBody]
    let metrics: [MetricSeriesBody]

    init(_ dashboard: WeeklyDashboard, language: Language) {
        thisWeek = WeekPointBody(dashboard.thisWeek)
        lastWeek = WeekPointBody(dashboard.lastWeek)
        trend = dashboard.trend.map(WeekPointBody.init)
        muscleGroups = dashboard.muscleGroups.map { series in
            MuscleSeriesBody(
                muscleGroupId: series.group.id, groupName: series.group.name.text(in: language),
                points: series.points.map { MusclePointBody(weekStart: $0.weekStart, totalVolume: $0.totalVolume, setCount: $0.setCount, avgE1rm: $0.avgE1rm) }
            )
        }
        metrics = dashboard.metrics.map { series in
            MetricSeriesBody(metricKey: series.metricKey, unit: series.unit, points: series.points.map { MetricPointBody(weekStart: $0.weekStart, value: $0.value) })
        }
    }
}

/// One entry of `GET /v1/me/workouts`.
struct BulkTrackWorkoutSummary: Encodable {
    struct ExerciseRef: Encodable {
        let exerciseId: String
        let exerciseName: String
    }

    let date: LocalDay
    let exercises: [ExerciseRef]
    let totalVolume: Double
    let avgRM: Double
    let setCount: Int

    init(_ summary: WorkoutDaySummary, directory: [UUID: Exercise], language: Language) {
        date = summary.day
        exercises = summary.exerciseIds.map { id in
            ExerciseRef(exerciseId: id.uuidString.lowercased(), exerciseName: directory[id]?.name.text(in: language) ?? "?")
        }
        totalVolume = summary.totalVolume
        avgRM = summary.avgRM
        setCount = summary.setCount
    }
}

/// `GET /v1/me/workouts/{date}`.
struct BulkTrackWorkoutDay: Encodable {
    struct MuscleVolume: Encodable {
        let muscleGroupId: Int
        let muscleGroupName: String
        let effectiveVolume: Double
    }

    struct ExerciseBody: Encodable {
        let exerciseId: String
        let exerciseName: String
        let sets: [LoggedSetSummary]
        let totalVolume: Double
        let avgRM: Double
        let muscleVolumeBreakdown: [MuscleVolume]
    }

    let date: LocalDay
    let totalVolume: Double
    let avgRM: Double
    let exercises: [ExerciseBody]

    init(_ day: WorkoutDay, language: Language) {
        date = day.day
        totalVolume = day.totalVolume
        avgRM = day.avgRM
        exercises = day.exercises.map { part in
            ExerciseBody(
                exerciseId: part.exercise.id.uuidString.lowercased(), exerciseName: part.exercise.name.text(in: language),
                sets: part.sets.map { LoggedSetSummary($0) },
                totalVolume: part.totalVolume, avgRM: part.avgRM,
                muscleVolumeBreakdown: part.muscleVolume.map {
                    MuscleVolume(muscleGroupId: $0.group.id, muscleGroupName: $0.group.name.text(in: language), effectiveVolume: $0.effectiveVolume)
                }
            )
        }
    }
}

extension BulkTrackDashboard: ResponseEncodable {}
extension BulkTrackWorkoutDay: ResponseEncodable {}
