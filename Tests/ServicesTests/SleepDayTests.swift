import Foundation
import Health
import Insights
@testable import Services
import Storage
import Testing

/// One night of sleep is one day's sleep everywhere a daily total is read: the trend page's bars and its stages
/// chart, the summaries API, goals, streaks and the one-tap deletion of a flagged day all put a night on the morning it
/// ended (Apple Health's, Fitbit's and Oura's convention).
@Suite struct SleepDayTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    /// The night of 20–21 November 2026 as Apple Health writes it, one record per stage segment (450 minutes), and a
    /// 20-minute nap on the afternoon of the 21st.
    static let night: [(start: String, minutes: Double, stage: String)] = [
        ("2026-11-20T23:10:00+09:00", 30, "Core"), ("2026-11-20T23:40:00+09:00", 40, "Deep"),
        ("2026-11-21T00:20:00+09:00", 200, "Core"), ("2026-11-21T03:40:00+09:00", 90, "REM"),
        ("2026-11-21T05:10:00+09:00", 90, "Core"), ("2026-11-21T15:00:00+09:00", 20, "Core"),
    ]

    static func seed(_ database: AppDatabase) async throws -> Int64 {
        let user = try await database.createUser(User(username: "nemuri", passwordHash: "x", createdAt: Date()))
        let records = night.map { segment in
            HealthRecord(
                userId: user.id!, metric: "sleepAnalysis", value: segment.minutes, originalValue: segment.minutes * 60,
                originalUnit: "s", startAt: at(segment.start), endAt: at(segment.start).addingTimeInterval(segment.minutes * 60),
                source: .import, metadata: ["stage": segment.stage], externalId: segment.start, createdAt: Date()
            )
        }
        _ = try await database.insertRecords(records)
        return user.id!
    }

    @Test func theDailyTotalAndTheStagesChartGiveTheSameMinutesForTheNight() async throws {
        let database = try AppDatabase.temporary()
        let userId = try await Self.seed(database)
        let sleep = try InsightsService.metric(named: "sleepAnalysis")
        let today = LocalDay(year: 2026, month: 11, day: 26)
        let request = try TrendPeriodRequest.parse(period: "week", date: "2026-11-21", today: today)
        let trend = try await InsightsService(database: database).trend(
            userId: userId, metric: sleep, request: request, today: today, timeZone: Self.tokyo
        )
        #expect(trend.days.map(\.day) == [LocalDay(year: 2026, month: 11, day: 21)])
        #expect(trend.days.map(\.value) == [470])
        #expect(trend.sleepStages.map(\.night) == trend.days.map(\.day))
        #expect(trend.sleepStages.map(\.total) == trend.days.map(\.value))
        #expect(trend.sleepStages.first?.minutes == [.core: 340, .deep: 40, .rem: 90])

        // The summaries API (read through `DailyAggregator`) says the same.
        let summaries = try await SummaryService(database: database).trend(
            userId: userId, metric: sleep, from: LocalDay(year: 2026, month: 11, day: 16), to: LocalDay(year: 2026, month: 11, day: 22),
            timeZone: Self.tokyo
        )
        #expect(summaries.days.map(\.day) == trend.days.map(\.day))
        #expect(summaries.days.map(\.value) == trend.days.map(\.value))
    }

    @Test func aSleepGoalInTheMorningSeesLastNightAndTheStreakCountsThatMorning() async throws {
        let database = try AppDatabase.temporary()
        let userId = try await Self.seed(database)
        let motivation = MotivationService(database: database)
        let morning = Self.at("2026-11-21T07:00:00+09:00")
        _ = try await motivation.createGoal(.init(metric: "sleepAnalysis", direction: "atLeast", target: 420), userId: userId, now: morning)
        let goal = try #require(try await motivation.goals(userId: userId, now: morning).first)
        #expect(goal.current == 470, "the whole night from 23:10 on the 20th, and the 21st's nap")

        // The days streaks and badges count: the night and the nap are the 21st's, and nothing is the 20th's.
        let days = try await motivation.dataDays(userId: userId, timeZone: Self.tokyo)
        #expect(days.byMetric["sleepAnalysis"] == [LocalDay(year: 2026, month: 11, day: 21)])
        #expect(days.overall == [LocalDay(year: 2026, month: 11, day: 21)])
    }

    @Test func deletingAFlaggedSleepDayDeletesThatNightWhole() async throws {
        let database = try AppDatabase.temporary()
        let userId = try await Self.seed(database)
        let deleted = try await InsightsService(database: database).deleteFlaggedDay(
            userId: userId, metric: "sleepAnalysis", day: "2026-11-21", timeZone: Self.tokyo, now: Self.at("2026-11-26T12:00:00+09:00")
        )
        #expect(deleted == Self.night.count)
    }
}
