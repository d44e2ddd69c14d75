import Foundation
import Health

/// One training day in the history list.
public struct WorkoutDaySummary: Sendable, Equatable {
    public let day: LocalDay
    /// Exercises in the order they were first done that day.
    public let exerciseIds: [UUID]
    public let totalVolume: Double
    /// Mean per-set e1RM of the day.
    public let avgRM: Double
    public let setCount: Int

    /// Summaries of the days present in `groups`, newest day first.
    public static func summaries(_ groups: [SetGroup], formula: E1RMFormula) -> [WorkoutDaySummary] {
        Dictionary(grouping: groups, by: \.day).map { day, dayGroups in
            let sets = dayGroups.reduce(0) { $0 + $1.setCount }
            var order: [UUID: Date] = [:]
            for group in dayGroups { order[group.exerciseId] = min(order[group.exerciseId] ?? .distantFuture, group.firstPerformedAt) }
            return WorkoutDaySummary(
                day: day,
                exerciseIds: order.sorted { ($0.value, $0.key.uuidString) < ($1.value, $1.key.uuidString) }.map(\.key),
                totalVolume: dayGroups.reduce(0) { $0 + $1.volume },
                avgRM: sets > 0 ? dayGroups.reduce(0) { $0 + $1.e1rmSum(formula) } / Double(sets) : 0,
                setCount: sets
            )
        }.sorted { $0.day > $1.day }
    }
}

/// One exercise's part of a day: its sets, volume, mean e1RM and how the volume splits over muscle groups.
public struct WorkoutDayExercise: Sendable, Equatable {
    public let exercise: Exercise
    public let sets: [LoggedSet]
    public let totalVolume: Double
    public let avgRM: Double
    public let muscleVolume: [(group: MuscleGroup, effectiveVolume: Double)]

    public static func == (lhs: WorkoutDayExercise, rhs: WorkoutDayExercise) -> Bool {
        lhs.exercise == rhs.exercise && lhs.sets == rhs.sets && lhs.totalVolume == rhs.totalVolume && lhs.avgRM == rhs.avgRM
            && lhs.muscleVolume.elementsEqual(rhs.muscleVolume) { $0.group == $1.group && $0.effectiveVolume == $1.effectiveVolume }
    }
}

/// Everything done on one day.
public struct WorkoutDay: Sendable, Equatable {
    public let day: LocalDay
    public let totalVolume: Double
    public let avgRM: Double
    public let exercises: [WorkoutDayExercise]

    /// The day's sets grouped by exercise (in the order first done), or nil when there are none.
    public static func build(day: LocalDay, sets: [LoggedSet], formula: E1RMFormula, exercise: (UUID) -> Exercise?) -> WorkoutDay? {
        let daySets = sets.filter { $0.day == day }.sorted { ($0.performedAt, $0.setNumber) < ($1.performedAt, $1.setNumber) }
        guard !daySets.isEmpty else { return nil }
        // Exercises in the order first done, each with its sets.
        var grouped: [(id: UUID, sets: [LoggedSet])] = []
        var position: [UUID: Int] = [:]
        for set in daySets {
            if let index = position[set.exerciseId] {
                grouped[index].sets.append(set)
            } else {
                position[set.exerciseId] = grouped.count
                grouped.append((set.exerciseId, [set]))
            }
        }
        let exercises = grouped.map { id, sets -> WorkoutDayExercise in
            let known = exercise(id) ?? Exercise.custom(id: id, name: "?")
            let volume = sets.reduce(0) { $0 + $1.volume }
            return WorkoutDayExercise(
                exercise: known, sets: sets, totalVolume: volume,
                avgRM: sets.reduce(0) { $0 + $1.e1rm(formula) } / Double(sets.count),
                muscleVolume: known.shares.map { (group: $0.group, effectiveVolume: volume * $0.fraction) }
            )
        }
        return WorkoutDay(
            day: day,
            totalVolume: daySets.reduce(0) { $0 + $1.volume },
            avgRM: daySets.reduce(0) { $0 + $1.e1rm(formula) } / Double(daySets.count),
            exercises: exercises
        )
    }
}
