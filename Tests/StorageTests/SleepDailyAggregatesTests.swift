import Foundation
import Health
import Storage
import Testing

/// Sleep's days in SQLite are the days Health's `DailyAggregator` gives it: a night counts whole for the morning it
/// ends (a record from 18:00 local is the next day's), a nap for its own day. New York and Tokyo (whole hours; New York
/// across both of its 2026 daylight-saving changes) are grouped from the hourly rollups, Kolkata (+5:30) and Lord Howe
/// (+10:30, a half-hour change) from the records themselves, since their 18:00 is no whole hour of UTC.
@Suite struct SleepDailyAggregatesTests {
    /// Nine months of nights written as Apple Health writes them, one record per stage segment from a bedtime between
    /// 21:00 and 01:30, with an afternoon nap every third day and, every tenth day, a minute at 17:59 (that day's) and
    /// one at 18:00 (the next day's). Returns each day's expected minutes, worked out from how they were made.
    static func seed(_ database: AppDatabase, userId: Int64, zone: TimeZone) async throws -> [LocalDay: Double] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        func local(_ day: LocalDay, minutesAfterMidnight minutes: Int) -> Date {
            calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: minutes / 60, minute: minutes % 60))!
        }
        var records: [HealthRecord] = []
        var expected: [LocalDay: Double] = [:]
        func add(_ start: Date, minutes: Double, countsFor day: LocalDay) {
            records.append(HealthRecord(
                userId: userId, metric: "sleepAnalysis", value: minutes, originalValue: minutes * 60, originalUnit: "s",
                startAt: start, endAt: start.addingTimeInterval(minutes * 60), source: .import,
                metadata: ["HKCategoryValue": "HKCategoryValueSleepAnalysisAsleepCore"], externalId: "sleep-\(records.count)",
                createdAt: Date()
            ))
            expected[day, default: 0] += minutes
        }
        let first = LocalDay(year: 2026, month: 2, day: 20)
        for index in 0..<270 {
            let evening = first.adding(days: index)
            let morning = evening.adding(days: 1)
            var start = local(evening, minutesAfterMidnight: 21 * 60 + (index * 23) % 270)
            for minutes in [30.0, 40, 95, 60, 110, 45, 70] {
                add(start, minutes: minutes, countsFor: morning)
                start.addTimeInterval(minutes * 60)
            }
            if index % 3 == 0 { add(local(morning, minutesAfterMidnight: 13 * 60 + (index % 5) * 60), minutes: 20, countsFor: morning) }
            if index % 10 == 0 {
                add(local(evening, minutesAfterMidnight: 17 * 60 + 59), minutes: 1, countsFor: evening)
                add(local(evening, minutesAfterMidnight: 18 * 60), minutes: 2, countsFor: morning)
            }
        }
        _ = try await database.insertRecords(records)
        return expected
    }

    @Test(arguments: ["America/New_York", "Asia/Tokyo", "Asia/Kolkata", "Australia/Lord_Howe"])
    func eachNightIsWholeOnTheMorningItEndsAsTheAggregatorSays(zone identifier: String) async throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "nemuri", passwordHash: "x", createdAt: Date()))
        let expected = try await Self.seed(database, userId: user.id!, zone: zone)

        let sleep = try #require(MetricCatalog.metric(named: "sleepAnalysis"))
        let first = LocalDay(year: 2026, month: 3, day: 1)
        let last = LocalDay(year: 2026, month: 11, day: 10)
        let window = sleep.dayBoundary.instants(from: first, through: last, in: zone)
        let grouped = try await database.dailyAggregates(
            userId: user.id!, metric: sleep.id, from: window.lowerBound, to: window.upperBound, timeZone: zone
        )
        let aggregated = DailyAggregator.summaries(
            metric: sleep, values: try await database.timedValues(userId: user.id!, metric: sleep.id, from: window.lowerBound, to: window.upperBound),
            timeZone: zone
        )

        let shown = expected.filter { $0.key >= first && $0.key <= last }
        #expect(grouped.map(\.day) == shown.keys.sorted())
        #expect(Dictionary(uniqueKeysWithValues: grouped.map { ($0.day, $0.sum) }) == shown, "each night whole on its morning")
        #expect(grouped.map(\.day) == aggregated.map(\.day))
        #expect(grouped.map(\.count) == aggregated.map(\.count))
        #expect(grouped.map(\.sum) == aggregated.map(\.sum))
        #expect(grouped.map(\.min) == aggregated.map(\.min))
        #expect(grouped.map(\.max) == aggregated.map(\.max))
        #expect(grouped.map(\.latest) == aggregated.map(\.latest))
        // The nights of New York's changes: 23 and 25 hours from 18:00 to 18:00, and still one night each.
        for day in [LocalDay(year: 2026, month: 3, day: 8), LocalDay(year: 2026, month: 11, day: 1)] {
            #expect(grouped.first { $0.day == day }?.sum == expected[day], "\(day)")
        }
    }
}
