import Foundation
import Health
import HealthImport
import Services
import Storage
import Workouts

/// Strength-training workouts that came from Apple Health (import or Health Auto Export), shown beside the
/// sets logged the same day: the watch measured the session's time and energy, the log has its lifts.
struct HealthStrengthSessions {
    let workouts: WorkoutService

    /// The sessions that started on the days from `first` to `last`, by day, as lines for the page.
    func lines(userId: Int64, from first: LocalDay, to last: LocalDay, timeZone: TimeZone, language: Language) async throws -> [LocalDay: [String]] {
        let sessions = try await workouts.strengthWorkoutsFromHealth(
            userId: userId, from: first.start(in: timeZone), to: last.adding(days: 1).start(in: timeZone)
        )
        var byDay: [LocalDay: [String]] = [:]
        for workout in sessions {
            byDay[LocalDay(workout.startAt, in: timeZone), default: []].append(Self.line(workout, language: language))
        }
        return byDay
    }

    /// "筋力トレーニング 45分 · 320 kcal · Apple Watch"
    static func line(_ workout: HealthWorkoutRecord, language: Language) -> String {
        let minutes = Int((workout.durationMinutes ?? workout.endAt.timeIntervalSince(workout.startAt) / 60).rounded())
        var parts = [
            WorkoutActivityName.of(workout.activityType).text(in: language) + " "
                + LocalizedText(ja: "\(minutes)分", en: "\(minutes) min").text(in: language),
        ]
        if let energy = workout.energyKcal { parts.append("\(Int(energy.rounded())) kcal") }
        parts.append(workout.sourceName)
        return parts.joined(separator: " · ")
    }
}
