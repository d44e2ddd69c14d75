import Foundation
import Health
@testable import Services
import Storage
import Testing

/// The days with data that streaks, badges and reminders count are each record's own local day, overall and per
/// metric: told from the hourly rollups (across daylight saving, and in zones of half-hour offsets, where the few hours
/// a local midnight cuts are read record by record when the rollups cannot tell).
@Suite struct DataDaysTests {
    /// Records of three metrics on both sides of local midnights, daylight-saving changes and the minute at which a
    /// half-hour zone's day turns, in a spread of instants no zone sees as whole days of UTC.
    static func seed(_ database: AppDatabase) async throws -> (userId: Int64, records: [HealthRecord]) {
        let user = try await database.createUser(User(username: "sweep", passwordHash: "x", createdAt: Date()))
        var records: [HealthRecord] = []
        let metrics = ["stepCount", "heartRate", "bodyMass"]
        // 2025-03-08 .. 2025-11-04 around New York's changes (9 March, 2 November), every 97 minutes for three days,
        // plus 18:29 and 18:31 UTC (Kolkata's midnight is 18:30 UTC) on scattered days.
        var instants: [Date] = []
        for anchor in [1_741_392_000.0, 1_761_955_200.0] {
            for step in 0..<(3 * 24 * 60 / 97) { instants.append(Date(timeIntervalSince1970: anchor + Double(step) * 97 * 60)) }
        }
        for day in stride(from: 0, to: 200, by: 13) {
            let midnightUTC = 1_735_689_600.0 + Double(day) * 86_400
            instants.append(Date(timeIntervalSince1970: midnightUTC + 18 * 3_600 + 29 * 60))
            instants.append(Date(timeIntervalSince1970: midnightUTC + 86_400 + 18 * 3_600 + 31 * 60))
        }
        for (index, instant) in instants.enumerated() {
            let metric = metrics[index % metrics.count]
            records.append(HealthRecord(userId: user.id!, metric: metric, value: Double(index + 1), originalValue: Double(index + 1),
                                        originalUnit: "count", startAt: instant, endAt: instant, source: .manual, createdAt: Date()))
        }
        _ = try await database.insertRecords(records)
        return (user.id!, records)
    }

    @Test(arguments: ["America/New_York", "Asia/Tokyo", "Asia/Kolkata", "Australia/Lord_Howe", "UTC"])
    func eachRecordCountsOnItsOwnLocalDay(identifier: String) async throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let database = try AppDatabase.temporary()
        let (userId, records) = try await Self.seed(database)
        let days = try await MotivationService(database: database).dataDays(userId: userId, timeZone: zone)

        var overall: Set<LocalDay> = []
        var byMetric: [String: Set<LocalDay>] = [:]
        for record in records {
            let day = LocalDay(record.startAt, in: zone)
            overall.insert(day)
            byMetric[record.metric, default: []].insert(day)
        }
        #expect(days.overall == overall)
        #expect(days.byMetric == byMetric)
        #expect(overall.count > 30)
    }

    /// 23:59 and 00:01 in Kolkata share an hour of UTC (18:00–19:00). The rollup keeps that hour's latest record, which
    /// tells the second day; the first is found only by reading the hour's records, since nothing else that day has data.
    @Test func aRecordJustBeforeAHalfHourMidnightCountsOnItsOwnDay() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "kolkata", passwordHash: "x", createdAt: Date()))
        let beforeMidnight = Date(timeIntervalSince1970: 1_735_689_600 + 18 * 3_600 + 29 * 60 + 30.25)
        let records = [beforeMidnight, beforeMidnight.addingTimeInterval(90)].map { instant in
            HealthRecord(userId: user.id!, metric: "stepCount", value: 10, originalValue: 10, originalUnit: "count",
                         startAt: instant, endAt: instant, source: .manual, createdAt: Date())
        }
        _ = try await database.insertRecords(records)
        let days = try await MotivationService(database: database).dataDays(userId: user.id!, timeZone: TimeZone(identifier: "Asia/Kolkata")!)
        #expect(days.overall == [LocalDay(year: 2025, month: 1, day: 1), LocalDay(year: 2025, month: 1, day: 2)])
        #expect(days.byMetric["stepCount"] == days.overall)
    }

    @Test func aUserWithoutRecordsHasNoDays() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "empty", passwordHash: "x", createdAt: Date()))
        let days = try await MotivationService(database: database).dataDays(userId: user.id!, timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(days.overall.isEmpty && days.byMetric.isEmpty)
    }
}
