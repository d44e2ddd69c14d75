import Foundation
import Health
import Storage
import Testing

/// SQLite's per-day grouping must give exactly what Health's `DailyAggregator` gives from the raw values:
/// the trends pages switched from one to the other.
@Suite struct DailyAggregatesTests {
    @Test(arguments: ["Asia/Tokyo", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe"])
    func groupingInSQLiteMatchesTheAggregatorAcrossDaylightSavingChanges(zone: String) async throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "a", passwordHash: "x", createdAt: Date()))
        let other = try await database.createUser(User(username: "b", passwordHash: "x", createdAt: Date()))
        // Every 37 minutes for 400 days from 1 January 2026: crosses both of each zone's changes, with odd values
        // and two samples at the very same instant now and then.
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        var records: [HealthRecord] = []
        for index in 0..<(400 * 24 * 60 / 37) {
            let at = start.addingTimeInterval(Double(index * 37 * 60))
            let value = 40 + Double((index * 7_919) % 1_000) / 7
            records.append(HealthRecord(userId: user.id!, metric: "heartRate", value: value, originalValue: value, originalUnit: "count/min",
                                        startAt: at, endAt: at, source: .import, externalId: "s-\(index)", createdAt: Date()))
            if index % 97 == 0 {
                records.append(HealthRecord(userId: user.id!, metric: "heartRate", value: value + 3, originalValue: value, originalUnit: "count/min",
                                            startAt: at, endAt: at, source: .import, externalId: "t-\(index)", createdAt: Date()))
            }
        }
        records.append(HealthRecord(userId: other.id!, metric: "heartRate", value: 250, originalValue: 250, originalUnit: "count/min",
                                    startAt: start.addingTimeInterval(86_400 * 3), endAt: start, source: .import, createdAt: Date()))
        _ = try await database.insertRecords(records)

        let from = start.addingTimeInterval(3_600 * 5)
        let to = start.addingTimeInterval(86_400 * 390)
        let metric = try #require(MetricCatalog.metric(named: "heartRate"))
        let expected = DailyAggregator.summaries(
            metric: metric, values: try await database.timedValues(userId: user.id!, metric: "heartRate", from: from, to: to), timeZone: timeZone
        )
        let grouped = try await database.dailyAggregates(userId: user.id!, metric: "heartRate", from: from, to: to, timeZone: timeZone)
        #expect(grouped.map(\.day) == expected.map(\.day))
        #expect(grouped.map(\.count) == expected.map(\.count))
        #expect(grouped.map(\.min) == expected.map(\.min))
        #expect(grouped.map(\.max) == expected.map(\.max), "the other user's 250 never shows")
        #expect(grouped.map(\.latest) == expected.map(\.latest))
        for (mine, theirs) in zip(grouped, expected) {
            #expect(abs(mine.sum - theirs.sum) <= 1e-9 * abs(theirs.sum), "\(mine.day)")
        }
    }
}
