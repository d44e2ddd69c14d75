import Foundation
import Health
import Testing
@testable import Workouts

@Suite struct DashboardTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let bench = ExerciseCatalog.match(name: "Bench Press")!
    let squat = ExerciseCatalog.match(name: "Squat")!

    func set(_ exercise: Exercise, _ weight: Double, _ reps: Int, _ day: String, hour: Int = 9) -> LoggedSet {
        let localDay = LocalDay(day)!
        return LoggedSet(
            id: UUID(), exerciseId: exercise.id, setNumber: 1, weight: weight, reps: reps, rpe: nil, notes: nil,
            performedAt: localDay.start(in: tokyo).addingTimeInterval(Double(hour) * 3600), day: localDay
        )
    }

    // Wednesday 2026-11-25, noon in Tokyo.
    var now: Date { LocalDay("2026-11-25")!.start(in: tokyo).addingTimeInterval(12 * 3600) }

    @Test func weeklyTotalsWithEmptyWeeksAsZeros() {
        let sets = [
            set(bench, 100, 5, "2026-11-23"), set(bench, 80, 10, "2026-11-24"),   // this week: 500 + 800
            set(squat, 120, 3, "2026-11-10"),                                     // two weeks ago: 360
        ]
        let dashboard = WeeklyDashboard.build(
            groups: SetGroup.grouping(sets), span: .w4, now: now, timeZone: tokyo, formula: .epley, exercise: ExerciseCatalog.exercise(id:)
        )
        #expect(dashboard.trend.map(\.weekStart.description) == ["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"])
        #expect(dashboard.trend.map(\.totalVolume) == [0, 360, 0, 1300])
        #expect(dashboard.trend[0].e1rmAvg == nil && dashboard.trend[0].avgSetVolume == 0)
        #expect(dashboard.thisWeek.totalVolume == 1300)
        #expect(dashboard.thisWeek.avgSetVolume == 650)
        // The app's weekly e1RM: Epley on mean weight 90 and mean reps 7.5 → 90 · 1.25 = 112.5.
        #expect(abs(dashboard.thisWeek.e1rmAvg! - 112.5) < 1e-9)
        #expect(dashboard.lastWeek.totalVolume == 0 && dashboard.lastWeek.weekStart == LocalDay("2026-11-16")!)
    }

    @Test func lastWeekIsReportedEvenForAOneWeekSpan() {
        let dashboard = WeeklyDashboard.build(
            groups: SetGroup.grouping([set(bench, 60, 10, "2026-11-17")]), span: .w1, now: now, timeZone: tokyo,
            formula: .epley, exercise: ExerciseCatalog.exercise(id:)
        )
        #expect(dashboard.trend.count == 1)
        #expect(dashboard.lastWeek.totalVolume == 600)
    }

    @Test func muscleGroupsGetTheirShareOfTheVolume() throws {
        let dashboard = WeeklyDashboard.build(
            groups: SetGroup.grouping([set(bench, 100, 5, "2026-11-23"), set(bench, 100, 1, "2026-11-23")]), span: .w1, now: now,
            timeZone: tokyo, formula: .epley, exercise: ExerciseCatalog.exercise(id:)
        )
        // Bench: chest 600‰, triceps 250‰, front delts 150‰ of 600 kg.
        let chest = try #require(dashboard.muscleGroups.first { $0.group == .chest })
        #expect(abs(chest.points[0].totalVolume - 360) < 1e-9)
        #expect(chest.points[0].setCount == 2)
        // Mean per-set Epley: (116.667 + 100) / 2.
        #expect(abs(chest.points[0].avgE1rm! - 108.3333) < 0.001)
        let triceps = try #require(dashboard.muscleGroups.first { $0.group == .triceps })
        #expect(abs(triceps.points[0].totalVolume - 150) < 1e-9)
        #expect(!dashboard.muscleGroups.contains { $0.group == .quads })
        let progress = try #require(dashboard.exercises.first)
        #expect(abs(progress.points[0].bestE1RM - 116.6667) < 0.001)
    }

    @Test func aFailedAttemptIsNoBestE1RMOnTheProgressLine() throws {
        let dashboard = WeeklyDashboard.build(
            groups: SetGroup.grouping([set(bench, 100, 5, "2026-11-23"), set(bench, 180, 0, "2026-11-23"), set(bench, 200, 0, "2026-11-16")]),
            span: .w4, now: now, timeZone: tokyo, formula: .epley, exercise: ExerciseCatalog.exercise(id:)
        )
        let progress = try #require(dashboard.exercises.first)
        // 100×5 is the week's best (116.67), not the missed 180; the week of only a missed 200 has no point.
        #expect(progress.points.map(\.weekStart.description) == ["2026-11-23"])
        #expect(abs(progress.points[0].bestE1RM - 116.6667) < 0.001)
    }

    @Test func bodyWeightWeeklyMeans() {
        let weeks = WeekSpan.w4.weekStarts(now: now, timeZone: tokyo)
        let series = MetricSeries.weeklyMeans(
            metricKey: "body_weight", unit: "kg",
            daily: [(LocalDay("2026-11-23")!, 70), (LocalDay("2026-11-25")!, 71), (LocalDay("2026-11-10")!, 72), (LocalDay("2025-01-01")!, 90)],
            weekStarts: weeks
        )
        #expect(series.points.map(\.weekStart.description) == ["2026-11-09", "2026-11-23"])
        #expect(series.points.map(\.value) == [72, 70.5])
    }

    @Test func historyDaysNewestFirstWithExercisesInOrderDone() {
        let sets = [
            set(squat, 100, 5, "2026-11-20", hour: 10), set(bench, 80, 5, "2026-11-20", hour: 9),
            set(bench, 60, 10, "2026-11-22"),
        ]
        let days = WorkoutDaySummary.summaries(SetGroup.grouping(sets), formula: .epley)
        #expect(days.map(\.day.description) == ["2026-11-22", "2026-11-20"])
        #expect(days[1].exerciseIds == [bench.id, squat.id])
        #expect(days[1].totalVolume == 900)
        #expect(days[1].setCount == 2)
        #expect(abs(days[1].avgRM - (80 * (1 + 5.0 / 30) + 100 * (1 + 5.0 / 30)) / 2) < 1e-9)
    }

    @Test func dayDetailBreaksVolumeDownByMuscle() throws {
        let sets = [set(bench, 100, 5, "2026-11-20"), set(bench, 100, 5, "2026-11-20", hour: 10), set(squat, 100, 5, "2026-11-21")]
        let day = try #require(WorkoutDay.build(day: LocalDay("2026-11-20")!, sets: sets, formula: .epley, exercise: ExerciseCatalog.exercise(id:)))
        #expect(day.totalVolume == 1000)
        #expect(day.exercises.count == 1)
        let chest = try #require(day.exercises[0].muscleVolume.first { $0.group == .chest })
        #expect(chest.effectiveVolume == 600)
        #expect(day.exercises[0].muscleVolume.reduce(0) { $0 + $1.effectiveVolume } == 1000)
        #expect(WorkoutDay.build(day: LocalDay("2026-11-19")!, sets: sets, formula: .epley, exercise: ExerciseCatalog.exercise(id:)) == nil)
    }
}
