import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// The seed's three default badges, earned through the API and through an import: each awarded exactly once, with
/// one inbox message, and withdrawn when the record that earned it is deleted within 24 hours.
@Suite struct BadgeAwardAPITests {
    static let defaults = ["first-step", "streak-7", "streak-30"]
    /// Noon in Tokyo on 2026-03-01.
    static let start = Date(timeIntervalSince1970: 1_772_334_000)

    static func badges(_ client: any TestClientProtocol, token: String) async throws -> [String: [String: Any]] {
        let response = try await client.execute(uri: "/api/v1/badges", method: .get, headers: .bearer(token))
        #expect(response.status == .ok)
        let list = try response.json()["badges"] as? [[String: Any]] ?? []
        return Dictionary(list.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func awardCounts(_ database: AppDatabase, userId: Int64) async throws -> [String: Int] {
        try await database.badgeAwards(userId: userId).reduce(into: [:]) { counts, award in counts[award.badgeId, default: 0] += 1 }
    }

    @Test func recordsOnThirtyDaysEarnTheThreeDefaultsOnceEach() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (user, token) = try await server.user("hanako")
        try await server.test { client in
            for day in 0..<30 {
                clock.set(Self.start.addingTimeInterval(Double(day) * 86_400))
                let body = jsonBody(["metric": "weight", "value": 60, "unit": "kg", "clientId": "day-\(day)"])
                let created = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: body)
                #expect(created.status == .created)
                // A retry of the same record earns nothing more.
                _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: body)
                let badges = try await Self.badges(client, token: token)
                #expect(badges["first-step"]?["earned"] as? Bool == true)
                #expect(badges["streak-7"]?["earned"] as? Bool == (day >= 6), "day \(day + 1)")
                #expect(badges["streak-30"]?["earned"] as? Bool == (day >= 29), "day \(day + 1)")
                if day == 3 { #expect(badges["streak-7"]?["progress"] as? Int == 57) }
            }
            let badges = try await Self.badges(client, token: token)
            #expect((badges["streak-30"]?["earnedAt"] as? String)?.hasPrefix("2026-03-30T03:00:00") == true)
            #expect((badges["streak-7"]?["name"] as? [String: String])?["ja"] == "継続は力なり")
            #expect(badges["streak-30"]?["tier"] as? String == "gold")

            let streaks = try await client.execute(uri: "/api/v1/streaks", method: .get, headers: .bearer(token)).json()
            let overall = try #require(streaks["overall"] as? [String: Any])
            #expect(overall["current"] as? Int == 30)
            #expect(overall["longest"] as? Int == 30)
            #expect(abs((overall["strength"] as? Double ?? 0) - 0.80) <= 0.01)
            #expect((overall["recentDays"] as? [Any])?.count == 14)
            let metrics = streaks["metrics"] as? [[String: Any]] ?? []
            #expect(metrics.map { $0["metric"] as? String } == ["bodyMass"])
        }
        let counts = try await Self.awardCounts(server.database, userId: user.id!)
        #expect(Self.defaults.map { counts[$0] } == [1, 1, 1])
        let inbox = try await server.database.inbox(userId: user.id!).filter { $0.kind == "badge" }
        #expect(inbox.count == 3)
        #expect(Set(inbox.map(\.titleJa)) == ["バッジ獲得: はじめの一歩", "バッジ獲得: 継続は力なり", "バッジ獲得: 健康マスター"])
    }

    @Test func aBadgeEarnedByADeletedRecordIsWithdrawnWithin24HoursButNotLater() async throws {
        let clock = TestClock(Self.start)
        let server = try TestServer(clock: { clock.now })
        let (user, token) = try await server.user("jiro")
        try await server.test { client in
            let created = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 4000]))
            let id = try #require(try created.json()["id"] as? Int)
            #expect(try await Self.badges(client, token: token)["first-step"]?["earned"] as? Bool == true)

            clock.set(Self.start.addingTimeInterval(3600))
            let deleted = try await client.execute(uri: "/api/v1/records/\(id)", method: .delete, headers: .bearer(token))
            #expect(deleted.status == .noContent)
            let after = try await Self.badges(client, token: token)
            #expect(after["first-step"]?["earned"] as? Bool == false)
            #expect(after["first-step"]?["progress"] as? Int == 0)
            #expect(try await Self.awardCounts(server.database, userId: user.id!)["first-step"] == nil)
            #expect(try await Self.badgeNotes(server.database, userId: user.id!).isEmpty, "the withdrawn badge's inbox note goes with it")

            // Earned again, then the record deleted two days later: the badge stays.
            let again = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 5000]))
            let secondId = try #require(try again.json()["id"] as? Int)
            #expect(try await Self.badgeNotes(server.database, userId: user.id!).count == 1, "one note for the badge earned again, not two")
            clock.set(Self.start.addingTimeInterval(3600 + 2 * 86_400))
            _ = try await client.execute(uri: "/api/v1/records/\(secondId)", method: .delete, headers: .bearer(token))
            #expect(try await Self.badges(client, token: token)["first-step"]?["earned"] as? Bool == true)
        }
        #expect(try await Self.awardCounts(server.database, userId: user.id!)["first-step"] == 1)
        #expect(try await Self.badgeNotes(server.database, userId: user.id!).map(\.titleEn) == ["Badge earned: First Step"])
    }

    static func badgeNotes(_ database: AppDatabase, userId: Int64) async throws -> [InboxMessage] {
        try await database.inbox(userId: userId).filter { $0.kind == "badge" }
    }

    @Test func aHealthAutoExportImportOfThirtyDaysEarnsTheThreeDefaultsOnceEach() async throws {
        let clock = TestClock(Self.start.addingTimeInterval(40 * 86_400))
        let server = try TestServer(clock: { clock.now })
        let (user, token) = try await server.user("saburo")
        let samples: [[String: Any]] = (1...30).map { day in
            ["date": String(format: "2026-03-%02d 00:00:00 +0900", day), "qty": 6000 + day, "source": "iPhone"]
        }
        let payload = jsonBody(["data": ["metrics": [["name": "step_count", "units": "count", "data": samples]]]])
        try await server.test { client in
            let headers: HTTPFields = [.init("api-key")!: token, .contentType: "application/json"]
            for _ in 0..<2 {
                let response = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: payload)
                #expect(response.status == .ok)
            }
            let badges = try await Self.badges(client, token: token)
            #expect(Self.defaults.map { badges[$0]?["earned"] as? Bool } == [true, true, true])
        }
        let counts = try await Self.awardCounts(server.database, userId: user.id!)
        #expect(Self.defaults.map { counts[$0] } == [1, 1, 1])
        #expect(try await server.database.inbox(userId: user.id!).filter { $0.kind == "badge" }.count == counts.values.reduce(0, +))
    }
}
