import Foundation
import Health
import Insights
import Services
import Storage
import Testing

/// A metric page and the insights read a year of weighings before what they show, not the whole history, and
/// show exactly what the whole history gives: the same trend in the period (to 10⁻⁹ kg), rate, changes and
/// forecast — also when a long gap crosses the point where reading starts.
@Suite struct WeightHistoryWindowTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let today = LocalDay(year: 2026, month: 11, day: 26)

    /// Four years of morning weighings (and a later one on some days), with no weighing for 300 days that end
    /// 200 days before today, so a month page starts reading inside the gap.
    static func seed(_ database: AppDatabase) async throws -> Int64 {
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        var records: [HealthRecord] = []
        for back in 0..<(4 * 365) where !(200..<500).contains(back) {
            let day = today.adding(days: -back)
            let kilograms = 68 + Double(back) / 200 + sin(Double(back) / 3) * 0.6
            for (hour, extra) in [(7, 0.0), (21, back % 3 == 0 ? 0.9 : .nan)] where !extra.isNaN {
                let at = day.start(in: tokyo).addingTimeInterval(Double(hour) * 3_600)
                records.append(HealthRecord(userId: user.id!, metric: "bodyMass", value: kilograms + extra, originalValue: kilograms + extra,
                                            originalUnit: "kg", startAt: at, endAt: at, source: .manual, createdAt: Date()))
            }
        }
        _ = try await database.insertRecords(records)
        return user.id!
    }

    static func expectSame(_ shown: WeightAnalysis?, _ whole: WeightAnalysis, days: DayPeriod) throws {
        let shown = try #require(shown)
        let wholeTrend = Dictionary(uniqueKeysWithValues: whole.trend.map { ($0.day, $0.trend) })
        let inPeriod = shown.trend.filter { days.contains($0.day) }
        #expect(!inPeriod.isEmpty)
        for point in inPeriod {
            let expected = try #require(wholeTrend[point.day])
            #expect(abs(point.trend - expected) < 1e-9, "trend on \(point.day): \(point.trend) vs \(expected)")
        }
        #expect(shown.rate == whole.rate)
        #expect(shown.forecast == whole.forecast)
        #expect(shown.changes.map(\.days) == whole.changes.map(\.days))
        for (mine, theirs) in zip(shown.changes, whole.changes) {
            #expect(abs(mine.kilograms - theirs.kilograms) < 1e-9 && mine.readings == theirs.readings)
        }
    }

    @Test(arguments: ["month", "year"])
    func aMetricPageShowsWhatTheWholeHistoryGives(period: String) async throws {
        let database = try AppDatabase.temporary()
        let userId = try await Self.seed(database)
        let all = try await database.timedValues(userId: userId, metric: "bodyMass", from: .distantPast, to: .distantFuture)
        let whole = WeightAnalysis(samples: all, timeZone: Self.tokyo, today: Self.today, target: 65)

        let request = try TrendPeriodRequest.parse(period: period, today: Self.today)
        let trend = try await InsightsService(database: database).trend(
            userId: userId, metric: MetricCatalog.metric(named: "bodyMass")!, request: request, today: Self.today, timeZone: Self.tokyo, target: 65
        )
        try Self.expectSame(trend.weight, whole, days: request.period)
        // It read a year and a bit, not four years.
        #expect(try #require(trend.weight?.trend.first).day > Self.today.adding(days: -(2 * 365)))
    }

    @Test func theInsightsShowWhatTheWholeHistoryGives() async throws {
        let database = try AppDatabase.temporary()
        let userId = try await Self.seed(database)
        let all = try await database.timedValues(userId: userId, metric: "bodyMass", from: .distantPast, to: .distantFuture)
        let whole = WeightAnalysis(samples: all, timeZone: Self.tokyo, today: Self.today, target: 65)

        let overview = try await InsightsService(database: database).insights(userId: userId, today: Self.today, timeZone: Self.tokyo, target: 65)
        try Self.expectSame(overview.weight, whole, days: overview.window)
    }
}
