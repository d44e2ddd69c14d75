import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// An exercise's `useCount` and `lastUsedAt` say what the caller's sets of it say: how many there are, and when the
/// latest was performed (the contract's recent list is "ordered by last use"). Deleting a set, or moving it to
/// another exercise, changes both; before, the count only ever went up and the time was when the server stored it.
@Suite struct ExerciseUsageTests {
    /// The exercise's entry in the caller's recent list, nil when it is not there.
    static func recent(_ phone: BulkTrackClient, _ exerciseId: String) async throws -> [String: Any]? {
        try await phone.call(.get, "/v1/me/exercises/recent").v1Array().first { $0["id"] as? String == exerciseId }
    }

    @Test func deletingAndMovingSetsKeepsTheCountAndTheTimeTrue() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            // Seven sets performed three days ago, a minute apart, logged now.
            let start = Date().addingTimeInterval(-3 * 86_400)
            var sets: [[String: Any]] = []
            for index in 0..<7 {
                sets.append(try await phone.logSet(Lifts.bench, 150, 5, at: WorkoutTime.string(start.addingTimeInterval(Double(index) * 60))))
            }
            let ids = sets.map { $0["id"] as? String ?? "" }
            var bench = try #require(try await Self.recent(phone, Lifts.bench))
            #expect(bench["useCount"] as? Int == 7)
            #expect(bench["lastUsedAt"] as? String == sets[6]["performedAt"] as? String, "when it was performed, not when it was sent")

            #expect(try await phone.call(.delete, "/v1/sets/\(ids[6])").status == .noContent)
            bench = try #require(try await Self.recent(phone, Lifts.bench))
            #expect(bench["useCount"] as? Int == 6)
            #expect(bench["lastUsedAt"] as? String == sets[5]["performedAt"] as? String)
            // The exercise list says the same.
            let listed = try await phone.call(.get, "/v1/exercises?q=bench").v1Array().first { $0["id"] as? String == Lifts.bench }
            #expect(listed?["useCount"] as? Int == 6)

            // A set moved to another exercise counts there, no longer here.
            let moved = try await phone.call(.patch, "/v1/sets/\(ids[5])", body: ["exerciseId": Lifts.squat])
            #expect(moved.status == .ok)
            bench = try #require(try await Self.recent(phone, Lifts.bench))
            #expect(bench["useCount"] as? Int == 5)
            #expect(bench["lastUsedAt"] as? String == sets[4]["performedAt"] as? String)
            let squat = try #require(try await Self.recent(phone, Lifts.squat))
            #expect(squat["useCount"] as? Int == 1)
            #expect(squat["lastUsedAt"] as? String == sets[5]["performedAt"] as? String)

            // Its only set deleted, an exercise is no longer used: it leaves the recent list and has no usage.
            #expect(try await phone.call(.delete, "/v1/sets/\(ids[5])").status == .noContent)
            #expect(try await Self.recent(phone, Lifts.squat) == nil)
            let squatListed = try await phone.call(.get, "/v1/exercises?q=squat").v1Array().first { $0["id"] as? String == Lifts.squat }
            #expect(squatListed?["useCount"] is NSNull && squatListed?["lastUsedAt"] is NSNull)
        }
    }

    /// Last use is when a set was performed: a set sent late (a phone's offline queue, a back-dated entry) does not
    /// put its exercise ahead of one performed after it.
    @Test func theRecentListIsOrderedByWhenSetsWerePerformed() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            _ = try await phone.logSet(Lifts.squat, 100, 5, at: WorkoutTime.now(minus: 600))
            try await Task.sleep(for: .milliseconds(20))
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: WorkoutTime.now(minus: 86_400))
            let recent = try await phone.call(.get, "/v1/me/exercises/recent").v1Array()
            #expect(recent.map { $0["id"] as? String } == [Lifts.squat, Lifts.bench])
        }
    }
}
