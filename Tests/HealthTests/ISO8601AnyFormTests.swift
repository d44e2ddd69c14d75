import Foundation
import Health
import Testing

/// ISO 8601's other forms, read on the calendar arithmetic `LocalDay` uses: week dates around a year's edge (where
/// ISO weeks and calendar years part), ordinal days in leap years, and the offset a local time is given.
@Suite struct ISO8601AnyFormTests {
    static func milliseconds(_ text: String, localOffset: Int? = nil) -> Int64? {
        ISO8601AnyForm.instant(text) { _ in localOffset }?.millisecondsSince1970
    }

    /// Midnight UTC of a calendar day, in milliseconds.
    static func midnight(_ day: String) throws -> Int64 {
        try Instant.parse(day + "T00:00:00Z").millisecondsSince1970
    }

    @Test func weekDatesNameTheirISOWeeksDay() throws {
        // 2020 has 53 ISO weeks (it began on a Wednesday and was a leap year); 2021's week 1 began on 4 January.
        #expect(Self.milliseconds("2020-W53-5T00:00Z") == (try Self.midnight("2021-01-01")))
        #expect(Self.milliseconds("2021-W01-1T00:00Z") == (try Self.midnight("2021-01-04")))
        // 2019's week 1 began in 2018, on Monday 31 December.
        #expect(Self.milliseconds("2019W011T00:00Z") == (try Self.midnight("2018-12-31")))
        // 2021 has 52 weeks: a 53rd is no date.
        #expect(Self.milliseconds("2021-W53-1T00:00Z") == nil)
        #expect(Self.milliseconds("2024-W00-1T00:00Z") == nil)
    }

    @Test func ordinalDaysCountLeapYears() throws {
        #expect(Self.milliseconds("2024-366T00:00Z") == (try Self.midnight("2024-12-31")))
        #expect(Self.milliseconds("2024-060T00:00Z") == (try Self.midnight("2024-02-29")))
        #expect(Self.milliseconds("2023-366T00:00Z") == nil)
        #expect(Self.milliseconds("2023060T00:00Z") == (try Self.midnight("2023-03-01")))
    }

    @Test func calendarDatesAreCheckedAgainstTheirMonth() throws {
        #expect(Self.milliseconds("20240229T120000Z") == (try Self.midnight("2024-02-29")) + 43_200_000)
        #expect(Self.milliseconds("2023-02-29T12:00Z") == nil)
        #expect(Self.milliseconds("2024-0115T12:00Z") == nil, "dashed throughout or not at all")
    }

    @Test func aLocalTimeTakesTheOffsetItIsGivenAndIsNoDateWithoutOne() throws {
        let tokyo = Self.milliseconds("2024-01-15T19:30:00", localOffset: 32_400)
        #expect(tokyo == (try Instant.parse("2024-01-15T10:30:00Z").millisecondsSince1970))
        #expect(Self.milliseconds("2024-01-15T19:30:00") == nil)
        // A written offset wins over the one a caller would give.
        #expect(Self.milliseconds("2024-01-15T10:30:00Z", localOffset: 32_400) == (try Instant.parse("2024-01-15T10:30:00Z").millisecondsSince1970))
    }
}
