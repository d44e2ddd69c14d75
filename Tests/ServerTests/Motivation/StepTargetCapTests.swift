import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// A suggested step goal never rises more than 10 % above last week's suggestion for the same weekday, even after a
/// week of far more walking: the suggestions are kept, so next week can be compared with them.
@Suite struct StepTargetCapTests {
    static let start = BadgeAwardAPITests.start

    @Test func nextWeeksStepSuggestionIsAtMostLastWeeksTimesOnePointOne() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (user, token) = try await server.user("minato")
        try await server.test { client in
            func stepTargets() async throws -> [Int: Double] {
                let response = try await client.execute(uri: "/api/v1/goals/suggestions", method: .get, headers: .bearer(token))
                let list = try response.json()["suggestions"] as? [[String: Any]] ?? []
                let steps = list.first { $0["kind"] as? String == "dailySteps" }
                let targets = steps?["weekdayTargets"] as? [[String: Any]] ?? []
                return Dictionary(uniqueKeysWithValues: targets.compactMap { target in
                    (target["weekday"] as? Int).flatMap { weekday in (target["value"] as? Double).map { (weekday, $0) } }
                })
            }
            // Two weeks at 5,000 steps a day.
            for day in 0..<14 {
                clock.set(Self.start.addingTimeInterval(Double(day) * 86_400))
                _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 5000]))
            }
            clock.set(Self.start.addingTimeInterval(14 * 86_400))
            let first = try await stepTargets()
            #expect(first.count == 7)
            #expect(first.values.allSatisfy { $0 == 5000 }, "\(first)")

            // Then a week at 20,000 a day: the percentile alone would jump far above 5,500.
            for day in 14..<21 {
                clock.set(Self.start.addingTimeInterval(Double(day) * 86_400))
                _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 20000]))
            }
            clock.set(Self.start.addingTimeInterval(21 * 86_400))
            let next = try await stepTargets()
            #expect(next.count == 7)
            for (weekday, value) in next {
                #expect(value <= (first[weekday] ?? 0) * 1.10, "weekday \(weekday): \(value) is at most last week's × 1.10")
            }
            #expect(next.values.contains { $0 > 5000 }, "it still rises")
        }
        let kept = try await server.database.stepTargetSuggestions(userId: user.id!, first: "2026-03-01", last: "2026-12-31")
        #expect(Set(kept.map(\.day)) == ["2026-03-15", "2026-03-22"])
    }
}
