import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// With a year of history, step suggestions follow the season (R5): a person who walked far less last March than
/// on an average day of last year is not asked in March for a full year's average — bounded at −20 %.
@Suite struct SeasonalStepTargetTests {
    static let first = ISO8601DateFormatter().date(from: "2026-01-15T03:00:00Z")!

    static func stepTargets(_ client: any TestClientProtocol, token: String) async throws -> [Double] {
        let response = try await client.execute(uri: "/api/v1/goals/suggestions", method: .get, headers: .bearer(token))
        let list = try response.json()["suggestions"] as? [[String: Any]] ?? []
        let steps = list.first { $0["kind"] as? String == "dailySteps" }
        return (steps?["weekdayTargets"] as? [[String: Any]] ?? []).compactMap { $0["value"] as? Double }
    }

    static func walk(_ database: AppDatabase, userId: Int64, days: Range<Int>, steps: (Date) -> Double) async throws {
        var records: [HealthRecord] = []
        for day in days {
            let at = first.addingTimeInterval(Double(day) * 86_400)
            let value = steps(at)
            records.append(HealthRecord(userId: userId, metric: "stepCount", value: value, originalValue: value, originalUnit: "count", startAt: at, endAt: at, source: .manual, createdAt: at))
        }
        _ = try await database.insertRecords(records)
    }

    @Test func aLowMonthLastYearLowersThisMonthsSuggestionByAtMostAFifth() async throws {
        let today = Self.first.addingTimeInterval(420 * 86_400)   // 2027-03-11
        let server = try TestServer(clock: { today })
        let (seasoned, seasonedToken) = try await server.user("seasoned")
        let (newcomer, newcomerToken) = try await server.user("newcomer")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        // A year and more: March 2026 at 6,000 a day, the rest at 10,000, and the last 60 days at 8,000.
        try await Self.walk(server.database, userId: seasoned.id!, days: 0..<360) { at in
            calendar.component(.month, from: at) == 3 && calendar.component(.year, from: at) == 2026 ? 6_000 : 10_000
        }
        try await Self.walk(server.database, userId: seasoned.id!, days: 360..<420) { _ in 8_000 }
        // The same last 60 days with no year behind them.
        try await Self.walk(server.database, userId: newcomer.id!, days: 360..<420) { _ in 8_000 }
        try await server.test { client in
            let plain = try await Self.stepTargets(client, token: newcomerToken)
            #expect(plain.count == 7 && plain.allSatisfy { $0 == 8_000 }, "no season without a year of history: \(plain)")
            let seasonal = try await Self.stepTargets(client, token: seasonedToken)
            #expect(seasonal.count == 7)
            #expect(seasonal.allSatisfy { abs($0 - 6_400) <= 100 }, "8,000 × 0.8, the −20 % bound: \(seasonal)")
        }
    }
}
