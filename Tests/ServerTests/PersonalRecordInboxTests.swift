import Foundation
import Health
@testable import Server
import Services
import Storage
import Testing
import Workouts

@Suite struct PersonalRecordInboxTests {
    @Test func aBeatenRecordIsPostedToTheInboxOnceAndAFirstSetIsNot() async throws {
        let server = try TestServer()
        let (user, _) = try await server.user("taro")
        let workouts = WorkoutService(database: server.database)
        let exercise = try #require(ExerciseCatalog.all.first)
        let now = Date()
        _ = try await workouts.logSet(SetInput(exerciseId: exercise.id, weight: 60, reps: 5, performedAt: now.addingTimeInterval(-120)), user: user, idempotencyKey: nil, now: now)
        #expect(try await server.database.inbox(userId: user.id!).isEmpty, "a first set beats nothing earlier")

        let heavier = SetInput(exerciseId: exercise.id, weight: 70, reps: 5, performedAt: now.addingTimeInterval(-60))
        let outcome = try await workouts.logSet(heavier, user: user, idempotencyKey: "k-1", now: now)
        #expect(!outcome.records.isEmpty)
        // The same set again (a retry with its idempotency key) posts nothing more.
        _ = try await workouts.logSet(heavier, user: user, idempotencyKey: "k-1", now: now)
        let inbox = try await server.database.inbox(userId: user.id!)
        #expect(inbox.count == 1)
        #expect(inbox.first?.kind == "personal-record")
        #expect(inbox.first?.titleJa.contains(exercise.name.ja) == true)
        #expect(inbox.first?.bodyEn.contains("70") == true)
    }
}
