import APIModels
import Foundation
import Health
import KirokuClient
import Testing

@Suite struct BulkTrackAPITests {
    static let bench = "6b1d0000-0000-4000-8000-000000000001"
    static let squat = "6b1d0000-0000-4000-8000-000000000013"

    @Test func anExpiringTokenIsRefreshedBeforeTheCallAndTheDeviceStaysTheSameUser() async throws {
        let server = try WorkoutsLiveServer()
        let clock = WorkoutsTestClock()
        let deviceId = UUID().uuidString
        try await server.run { url in
            let api = BulkTrackAPI(baseURL: url, deviceId: deviceId, retry: Backoff(retries: 0, baseDelay: .seconds(1), maxDelay: .seconds(1)), now: { clock.now })
            _ = try await api.createSet(NewSet(exerciseId: Self.bench, weight: 80, reps: 5, performedAt: Date()))
            // 59 minutes 30 seconds later the access token has 30 s left: the client refreshes first.
            clock.advance(by: 3570)
            #expect(try await api.sets().count == 1)
            let again = BulkTrackAPI(baseURL: url, deviceId: deviceId, retry: Backoff(retries: 0, baseDelay: .seconds(1), maxDelay: .seconds(1)))
            #expect(try await again.sets().count == 1, "the same device id is the same user")
        }
    }

    @Test func theRecentListIsAnLRUOfAHundred() {
        var recent = RecentExerciseList()
        let start = Date()
        for index in 0..<105 { recent.use("lift-\(index)", at: start.addingTimeInterval(Double(index))) }
        #expect(recent.entries.count == 100)
        #expect(recent.entries.first?.exerciseId == "lift-104")
        #expect(!recent.entries.contains { $0.exerciseId == "lift-4" })
        recent.use("lift-10", at: start.addingTimeInterval(200))
        #expect(recent.entries.first?.exerciseId == "lift-10")
        #expect(recent.entries.first?.useCount == 2)
        #expect(recent.entries.count == 100)
    }

    @Test func theRecentListMergesTheServersList() async throws {
        let server = try WorkoutsLiveServer()
        try await server.run { url in
            let api = BulkTrackAPI(baseURL: url, deviceId: UUID().uuidString, retry: Backoff(retries: 0, baseDelay: .seconds(1), maxDelay: .seconds(1)))
            _ = try await api.createSet(NewSet(exerciseId: Self.squat, weight: 100, reps: 5, performedAt: Date()))
            var recent = RecentExerciseList()
            recent.use(Self.bench, at: Date().addingTimeInterval(60))
            recent.merge(try await api.recentExercises())
            #expect(recent.entries.map(\.exerciseId) == [Self.bench, Self.squat])
        }
    }
}
