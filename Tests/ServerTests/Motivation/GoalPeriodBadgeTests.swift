import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// The weekly "goal met" badge: earned once a Monday-to-Sunday week with the goal met on 5 of its days has ended,
/// not while it is still running, and not for a week with only 4 such days.
@Suite struct GoalPeriodBadgeTests {
    /// Noon in Tokyo, Sunday 2026-03-01.
    static let start = BadgeAwardAPITests.start

    @Test func aWeekWithTheGoalMetOnFiveDaysEarnsTheWeeklyBadgeOnceItEnds() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (user, token) = try await server.user("natsu")
        try await server.test { client in
            let goal = try await client.execute(uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "direction": "atLeast", "target": 8000]))
            #expect(goal.status == .created)
            func walk(day: Int, steps: Int) async throws {
                clock.set(Self.start.addingTimeInterval(Double(day) * 86_400))
                let created = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": steps]))
                #expect(created.status == .created)
            }
            // Week of Mon Mar 2: 9,000 steps Monday to Friday, a short walk on Saturday, Sunday off.
            for day in 1...5 { try await walk(day: day, steps: 9000) }
            try await walk(day: 6, steps: 2000)
            clock.set(Self.start.addingTimeInterval(7 * 86_400))
            var badges = try await BadgeAwardAPITests.badges(client, token: token)
            #expect(badges["weekly-goal"]?["earned"] as? Bool == false, "Sunday: the week has not ended yet")

            // Monday Mar 9: the week is over, and the next record earns the badge.
            try await walk(day: 8, steps: 9000)
            badges = try await BadgeAwardAPITests.badges(client, token: token)
            #expect(badges["weekly-goal"]?["earned"] as? Bool == true)
            #expect(badges["weekly-goal"]?["timesEarned"] as? Int == 1)
            #expect(try await server.database.inbox(userId: user.id!).contains { $0.kind == "badge" && $0.titleEn.contains("Week Well Done") })

            // Week of Mon Mar 9: only 4 days met (9th–12th). Monday Mar 16 brings no second award.
            for day in 9...11 { try await walk(day: day, steps: 9000) }
            try await walk(day: 15, steps: 9000)
            badges = try await BadgeAwardAPITests.badges(client, token: token)
            #expect(badges["weekly-goal"]?["timesEarned"] as? Int == 1, "4 days of 7 are not a week met")
            #expect(badges["monthly-goal"]?["earned"] as? Bool == false)
        }
        let weekly = try await server.database.badgeAwards(userId: user.id!).filter { $0.badgeId == "weekly-goal" }
        #expect(weekly.count == 1, "awarded once, however often it was checked")
    }
}
