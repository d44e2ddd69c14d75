import Foundation
import Health
import Testing

@Suite struct LocalDayTests {
    private let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    private let utc = TimeZone(identifier: "UTC")!

    private func instant(_ iso: String) -> Date {
        try! Date(iso, strategy: .iso8601)
    }

    @Test func parsesAndFormatsISODates() throws {
        let day = try #require(LocalDay("2026-11-22"))
        #expect(day == LocalDay(year: 2026, month: 11, day: 22))
        #expect(day.description == "2026-11-22")
        #expect(LocalDay(year: 2026, month: 1, day: 5).description == "2026-01-05")
        #expect("\(LocalDay(year: 987, month: 3, day: 9))" == "0987-03-09")
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-05", "26-01-05",
                      "2026/01/05", "2026-01-05T00:00:00Z", "", "abcd-ef-gh", "２０２６-01-05"])
    func refusesMalformedOrImpossibleDates(text: String) {
        #expect(LocalDay(text) == nil)
    }

    @Test func acceptsLeapDays() {
        #expect(LocalDay("2028-02-29") != nil)
        #expect(LocalDay("2000-02-29") != nil)
        #expect(LocalDay("2100-02-29") == nil)
    }

    @Test func addingCrossesMonthAndYearEnds() {
        let newYearsEve = LocalDay(year: 2026, month: 12, day: 31)
        #expect(newYearsEve.adding(days: 1) == LocalDay(year: 2027, month: 1, day: 1))
        #expect(LocalDay(year: 2027, month: 1, day: 1).adding(days: -1) == newYearsEve)
        #expect(LocalDay(year: 2028, month: 2, day: 28).adding(days: 1) == LocalDay(year: 2028, month: 2, day: 29))
        #expect(LocalDay(year: 2026, month: 2, day: 28).adding(days: 1) == LocalDay(year: 2026, month: 3, day: 1))
        #expect(LocalDay(year: 2026, month: 1, day: 31).adding(days: 30) == LocalDay(year: 2026, month: 3, day: 2))
        #expect(newYearsEve.adding(days: 365 + 366) == LocalDay(year: 2028, month: 12, day: 31))
        #expect(newYearsEve.adding(days: 0) == newYearsEve)
    }

    @Test func countsDaysBetween() {
        let start = LocalDay(year: 2026, month: 1, day: 1)
        #expect(start.days(until: LocalDay(year: 2027, month: 1, day: 1)) == 365)
        #expect(start.days(until: LocalDay(year: 2025, month: 12, day: 25)) == -7)
        #expect(start.days(until: start) == 0)
        #expect(LocalDay(year: 2028, month: 1, day: 1).days(until: LocalDay(year: 2029, month: 1, day: 1)) == 366)
    }

    @Test func outOfRangeComponentsRollOver() {
        #expect(LocalDay(year: 2026, month: 13, day: 1) == LocalDay(year: 2027, month: 1, day: 1))
        #expect(LocalDay(year: 2026, month: 4, day: 31) == LocalDay(year: 2026, month: 5, day: 1))
        #expect(LocalDay(year: 2026, month: 0, day: 1) == LocalDay(year: 2025, month: 12, day: 1))
    }

    @Test func theSameInstantIsADifferentDayInTokyoAndUTC() {
        let lateUTC = instant("2026-01-01T15:30:00Z")
        #expect(LocalDay(lateUTC, in: tokyo) == LocalDay(year: 2026, month: 1, day: 2))
        #expect(LocalDay(lateUTC, in: utc) == LocalDay(year: 2026, month: 1, day: 1))
        #expect(LocalDay(instant("2026-01-01T14:59:59Z"), in: tokyo) == LocalDay(year: 2026, month: 1, day: 1))
        #expect(LocalDay(instant("2026-01-01T15:00:00Z"), in: tokyo) == LocalDay(year: 2026, month: 1, day: 2))
        #expect(LocalDay(instant("1969-12-31T23:59:59Z"), in: utc) == LocalDay(year: 1969, month: 12, day: 31))
    }

    @Test func tokyoDaysStartAtFifteenHundredUTCAllYear() {
        // Japan keeps no daylight saving time, so midnight is 15:00 UTC the previous day in both winter and summer.
        #expect(LocalDay(year: 2026, month: 1, day: 2).start(in: tokyo) == instant("2026-01-01T15:00:00Z"))
        #expect(LocalDay(year: 2026, month: 7, day: 1).start(in: tokyo) == instant("2026-06-30T15:00:00Z"))
        #expect(LocalDay(year: 2026, month: 7, day: 1).start(in: utc) == instant("2026-07-01T00:00:00Z"))
        for offset in 0..<400 {
            let day = LocalDay(year: 2026, month: 1, day: 1).adding(days: offset)
            let start = day.start(in: tokyo)
            #expect(LocalDay(start, in: tokyo) == day)
            #expect(LocalDay(start.addingTimeInterval(-1), in: tokyo) == day.adding(days: -1))
            #expect(day.adding(days: 1).start(in: tokyo).timeIntervalSince(start) == 86_400)
        }
    }

    @Test func daylightSavingDaysHaveTheirRealLength() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let springForward = LocalDay(year: 2026, month: 3, day: 8)
        #expect(springForward.adding(days: 1).start(in: newYork).timeIntervalSince(springForward.start(in: newYork)) == 23 * 3600)
        #expect(LocalDay(instant("2026-03-09T03:59:00Z"), in: newYork) == springForward)
        #expect(LocalDay(instant("2026-03-09T04:00:00Z"), in: newYork) == springForward.adding(days: 1))
    }

    @Test func weeksStartOnMonday() {
        let sunday = LocalDay(year: 2026, month: 11, day: 22)
        #expect(sunday.weekday == 7)
        #expect(sunday.startOfWeek == LocalDay(year: 2026, month: 11, day: 16))
        #expect(LocalDay(year: 2026, month: 11, day: 16).weekday == 1)
        #expect(LocalDay(year: 2026, month: 11, day: 16).startOfWeek == LocalDay(year: 2026, month: 11, day: 16))
        #expect(LocalDay(year: 1970, month: 1, day: 1).weekday == 4)
    }

    @Test func ordersChronologically() {
        let days = [LocalDay(year: 2027, month: 1, day: 1), LocalDay(year: 2026, month: 12, day: 31),
                    LocalDay(year: 2026, month: 2, day: 1)]
        #expect(days.sorted().map(\.description) == ["2026-02-01", "2026-12-31", "2027-01-01"])
    }

    @Test func codesAsAnISOString() throws {
        let day = LocalDay(year: 2026, month: 3, day: 4)
        let data = try JSONEncoder().encode([day])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-03-04"]"#)
        #expect(try JSONDecoder().decode([LocalDay].self, from: data) == [day])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([LocalDay].self, from: Data(#"["2026-02-30"]"#.utf8)) }
    }
}
