import Foundation
import Storage
import Workouts

extension WorkoutService {
    /// The strength-training workouts Apple Health recorded (an import or Health Auto Export) that started in
    /// `[from, to)`, oldest first: the log's pages show them beside the sets of their day.
    public func strengthWorkoutsFromHealth(userId: Int64, from: Date, to: Date) async throws -> [HealthWorkoutRecord] {
        try await database.workouts(userId: userId, from: from, to: to).filter { StrengthActivity.matches($0.activityType) }
    }
}
