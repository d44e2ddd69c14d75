import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// A pause keeps a streak through a holiday; a record that meets a goal earns the goal badge at once.
@Suite struct PauseAndGoalBadgeTests {
    static let start = BadgeAwardAPITests.start

    @Test func aPauseKeepsTheStreakAndTooLongAPauseIsRefusedInBothLanguages() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (_, token) = try await server.user("aki")
        try await server.test { client in
            // Mar 1–3 recorded, Mar 4–8 away on holiday (paused), Mar 9 recorded again.
            for day in [0, 1, 2, 8] {
                clock.set(Self.start.addingTimeInterval(Double(day) * 86_400))
                _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 5000]))
            }
            let tooLong = try await client.execute(uri: "/api/v1/pauses", method: .post, headers: .bearer(token, language: "ja"), body: jsonBody(["first": "2026-03-04", "last": "2026-06-30"]))
            #expect(tooLong.status == .badRequest)
            #expect(tooLong.errorMessage?.contains("最長90日") == true)
            let before = try await client.execute(uri: "/api/v1/streaks", method: .get, headers: .bearer(token)).json()["overall"] as? [String: Any]
            #expect(before?["current"] as? Int == 1)

            let paused = try await client.execute(uri: "/api/v1/pauses", method: .post, headers: .bearer(token), body: jsonBody(["first": "2026-03-04", "last": "2026-03-08"]))
            #expect(paused.status == .created)
            let id = try #require(try paused.json()["id"] as? Int)
            let after = try await client.execute(uri: "/api/v1/streaks", method: .get, headers: .bearer(token)).json()["overall"] as? [String: Any]
            #expect(after?["current"] as? Int == 4, "paused days neither count nor break the streak")
            let days = (after?["recentDays"] as? [[String: Any]])?.map { $0["status"] as? String } ?? []
            #expect(days.suffix(6) == ["paused", "paused", "paused", "paused", "paused", "done"])

            #expect(try await client.execute(uri: "/api/v1/pauses/\(id)", method: .delete, headers: .bearer(token)).status == .noContent)
            #expect((try await client.execute(uri: "/api/v1/pauses", method: .get, headers: .bearer(token)).json()["pauses"] as? [Any])?.isEmpty == true)
        }
    }

    /// A reversed pause used to say only that "a pause must end on or after the day it starts": now the answer names
    /// both fields as the API calls them, echoes the days given and says what is expected, and nothing is saved.
    @Test func aReversedPauseNamesBothFieldsAndWhatIsExpected() async throws {
        let server = try TestServer(clock: { Self.start })
        let (user, token) = try await server.user("natsu")
        try await server.liveClient { client in
            try await BilingualRefusal.ask(client, "/api/v1/pauses", method: .post, token: token, body: ["first": "2026-03-10", "last": "2026-03-03"]).expect(
                code: "pause_reversed",
                ja: ["last（最終日 2026-03-03）", "first（開始日 2026-03-10）", "同じ日かそれより後"],
                en: ["last (the last day, 2026-03-03)", "first (the first day, 2026-03-10)", "must be on or after"]
            )
        }
        #expect(try await server.database.pauses(userId: try #require(user.id)).isEmpty)
    }

    /// A second tap on "Add" used to list the same holiday twice, and back-to-back pauses stretched the 90-day
    /// limit without end: now a pause sharing a day is refused naming the one it overlaps, a run past 90 days is
    /// refused, and neither is saved.
    @Test func anOverlappingOrEndlessPauseIsRefusedAndNothingSaved() async throws {
        let server = try TestServer(clock: { Self.start })
        let (user, token) = try await server.user("shiwasu")
        try await server.liveClient { client in
            let first = try await client.execute(uri: "/api/v1/pauses", method: .post, headers: .bearer(token), body: jsonBody(["first": "2026-03-10", "last": "2026-03-12"]))
            #expect(first.status == .created)
            try await BilingualRefusal.ask(client, "/api/v1/pauses", method: .post, token: token, body: ["first": "2026-03-10", "last": "2026-03-12"]).expect(
                .conflict, code: "pause_overlaps", ja: ["2026-03-10〜2026-03-12 の休止と日が重なっています"], en: ["overlap the pause from 2026-03-10 to 2026-03-12"]
            )
            try await BilingualRefusal.ask(client, "/api/v1/pauses", method: .post, token: token, body: ["first": "2026-03-13", "last": "2026-06-09"]).expect(
                code: "pause_too_long", ja: ["2026-03-10〜2026-06-09 の92日"], en: ["2026-03-10 to 2026-06-09, 92 days"]
            )
        }
        #expect(try await server.database.pauses(userId: try #require(user.id)).map(\.firstDay) == ["2026-03-10"])
    }

    @Test func aRecordThatMeetsAGoalEarnsTheGoalBadgeAtOnce() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (user, token) = try await server.user("fuyu")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 3000]))
            _ = try await client.execute(uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "direction": "atLeast", "target": 8000]))
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 6000]))
        }
        let awards = try await server.database.badgeAwards(userId: user.id!).map(\.badgeId)
        #expect(awards.contains("goal-achieved"))
        #expect(try await server.database.inbox(userId: user.id!).contains { $0.kind == "badge" && $0.titleEn.contains("Goal") })
    }
}
