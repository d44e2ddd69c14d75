import Foundation
import Health
import Testing
import TestSupport

/// The days told from hourly buckets (and the few hours whose records are read) are exactly the local days of the
/// records, in zones of whole-hour, half-hour and quarter-hour offsets, across daylight saving and Samoa's skipped day;
/// and records are read only where the buckets cannot tell.
@Suite struct HourlyDataDaysTests {
    static let zones = [
        "Asia/Tokyo", "America/New_York", "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "America/St_Johns",
        "Pacific/Apia", "Europe/Moscow", "UTC",
    ]

    /// The records bucketed as the hourly rollups keep them: by hour of UTC, with the latest start (to the second, as
    /// the database gives it).
    static func hours(of starts: [Date]) -> [HourlyDataDays.Hour] {
        var latest: [Int64: Date] = [:]
        for start in starts {
            let hour = Int64((start.timeIntervalSince1970 / 3_600).rounded(.down))
            latest[hour] = max(latest[hour] ?? start, start)
        }
        return latest.keys.sorted().map { hour in
            HourlyDataDays.Hour(
                start: Date(timeIntervalSince1970: Double(hour) * 3_600),
                latestStart: Date(timeIntervalSince1970: latest[hour]!.timeIntervalSince1970.rounded(.down))
            )
        }
    }

    /// What the badge refresh does: the buckets, then the records of the hours it asks for.
    static func days(of starts: [Date], in zone: TimeZone, boundary: DayBoundary = .midnight) -> (days: Set<LocalDay>, hoursRead: Int) {
        var sweep = LocalDaySweep(zone)
        var days = HourlyDataDays(hours: hours(of: starts), sweep: &sweep, boundary: boundary)
        let read = Set(days.hoursToRead)
        let hoursRead = read.count
        days.add(starts.filter { read.contains(Date(timeIntervalSince1970: ($0.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600)) }, sweep: &sweep)
        return (days.days, hoursRead)
    }

    /// A sparse metric (one record every 17 to 40 hours, at any minute) over three years, plus records a minute either
    /// side of local midnights.
    static func sparseStarts(in zone: TimeZone) -> [Date] {
        var generator = SeededGenerator(seed: 20_261_127)
        var starts: [Date] = []
        var instant = 1_293_840_000.0 // 2011-01-01T00:00:00Z: Samoa's skipped 30 December 2011 and Moscow's 2011 change
        while instant < 1_388_534_400 {
            instant += Double(17 * 3_600 + Int(generator.next() % (23 * 3_600)))
            starts.append(Date(timeIntervalSince1970: instant))
            if generator.next() % 5 == 0 {
                let midnight = Calendar.startOfDay(Date(timeIntervalSince1970: instant), in: zone)
                starts.append(midnight.addingTimeInterval(generator.next() % 2 == 0 ? -60 : 60))
            }
        }
        return starts
    }

    @Test(arguments: zones)
    func theDaysAreThoseOfEveryRecord(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let starts = Self.sparseStarts(in: zone)
        let expected = Set(starts.map { LocalDay($0, in: zone) })
        let told = Self.days(of: starts, in: zone)
        let missing = expected.subtracting(told.days).sorted()
        let extra = told.days.subtracting(expected).sorted()
        #expect(missing.isEmpty && extra.isEmpty, "missing \(missing.prefix(5)), extra \(extra.prefix(5)) of \(expected.count) days")
        #expect(expected.count > 800)
    }

    /// Sleep's days begin at 18:00 the evening before: the days told are those its records count for, also with records
    /// a minute either side of 18:00, and whole-hour zones still read no records (18:00 is a whole hour).
    @Test(arguments: zones)
    func sleepDaysAreTheMorningsItsNightsEnd(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let sleep = DayBoundary.eveningBefore
        var starts = Self.sparseStarts(in: zone)
        for (index, start) in starts.enumerated() where index % 4 == 0 {
            let evening = sleep.start(of: sleep.day(of: start, in: zone), in: zone)
            starts.append(evening.addingTimeInterval(index % 8 == 0 ? -60 : 60))
        }
        starts.sort()
        let expected = Set(starts.map { sleep.day(of: $0, in: zone) })
        let told = Self.days(of: starts, in: zone, boundary: sleep)
        let missing = expected.subtracting(told.days).sorted()
        let extra = told.days.subtracting(expected).sorted()
        #expect(missing.isEmpty && extra.isEmpty, "missing \(missing.prefix(5)), extra \(extra.prefix(5)) of \(expected.count) days")
        #expect(expected != Set(starts.map { LocalDay($0, in: zone) }), "not the calendar days")
        if ["Asia/Tokyo", "America/New_York", "UTC"].contains(identifier) { #expect(told.hoursRead == 0) }
    }

    @Test func zonesOfWholeHoursReadNoRecords() throws {
        for identifier in ["Asia/Tokyo", "America/New_York", "Europe/Moscow", "UTC"] {
            let zone = try #require(TimeZone(identifier: identifier))
            #expect(Self.days(of: Self.sparseStarts(in: zone), in: zone).hoursRead == 0, "\(identifier)")
        }
    }

    /// Heart rate every five minutes for a year in Kolkata: every day has hours of its own, so no hour is read though
    /// each day's midnight cuts one.
    @Test func aDenseMetricInAHalfHourZoneReadsNoRecords() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Kolkata"))
        let starts = (0..<(365 * 288)).map { Date(timeIntervalSince1970: 1_735_689_600 + Double($0) * 300) }
        let told = Self.days(of: starts, in: zone)
        #expect(told.days == Set(starts.map { LocalDay($0, in: zone) }))
        #expect(told.hoursRead == 0)
    }

    /// 23:59 in Kolkata is 18:29 UTC, in the hour that 00:00 (18:30 UTC) cuts. A day whose only record is then is
    /// found by reading that hour; the next day's record at 00:01 is the hour's latest, so it needs no read.
    @Test func aDayWhoseOnlyRecordIsJustBeforeAHalfHourMidnightIsRead() throws {
        let zone = try #require(TimeZone(identifier: "Asia/Kolkata"))
        let beforeMidnight = Date(timeIntervalSince1970: 1_735_689_600 + 18 * 3_600 + 29 * 60)  // 2025-01-01 23:59 IST
        let afterMidnight = beforeMidnight.addingTimeInterval(120)  // 2025-01-02 00:01 IST
        let both = Self.days(of: [beforeMidnight, afterMidnight], in: zone)
        #expect(both.days == [LocalDay(year: 2025, month: 1, day: 1), LocalDay(year: 2025, month: 1, day: 2)])
        #expect(both.hoursRead == 1)
        let afterOnly = Self.days(of: [afterMidnight], in: zone)
        #expect(afterOnly.days == [LocalDay(year: 2025, month: 1, day: 2)])
        #expect(afterOnly.hoursRead == 1, "the hour's earlier day has no other data, so the hour is read")
    }
}

private extension Calendar {
    static func startOfDay(_ date: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.startOfDay(for: date)
    }
}
