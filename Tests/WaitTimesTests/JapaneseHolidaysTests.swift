import Health
import Testing
@testable import WaitTimes

/// Against the calendars the Cabinet Office published for these years.
@Suite struct JapaneseHolidaysTests {
    static func days(_ year: Int) -> [String] {
        JapaneseHolidays.holidays(in: year).map(\.day.description)
    }

    @Test func year2019WithTheEnthronementDaysAndTwoCitizensHolidays() {
        #expect(Self.days(2019) == [
            "2019-01-01", "2019-01-14", "2019-02-11", "2019-03-21", "2019-04-29", "2019-04-30", "2019-05-01", "2019-05-02",
            "2019-05-03", "2019-05-04", "2019-05-05", "2019-05-06", "2019-07-15", "2019-08-11", "2019-08-12", "2019-09-16",
            "2019-09-23", "2019-10-14", "2019-10-22", "2019-11-03", "2019-11-04", "2019-11-23",
        ])
        #expect(JapaneseHolidays.holiday(on: LocalDay("2019-04-30")!)?.kind == .citizens)
        #expect(JapaneseHolidays.holiday(on: LocalDay("2019-05-06")!)?.kind == .substitute)
    }

    @Test func year2020WithTheMovedOlympicHolidays() {
        #expect(Self.days(2020) == [
            "2020-01-01", "2020-01-13", "2020-02-11", "2020-02-23", "2020-02-24", "2020-03-20", "2020-04-29", "2020-05-03",
            "2020-05-04", "2020-05-05", "2020-05-06", "2020-07-23", "2020-07-24", "2020-08-10", "2020-09-21", "2020-09-22",
            "2020-11-03", "2020-11-23",
        ])
    }

    @Test func year2024() {
        #expect(Self.days(2024) == [
            "2024-01-01", "2024-01-08", "2024-02-11", "2024-02-12", "2024-02-23", "2024-03-20", "2024-04-29", "2024-05-03",
            "2024-05-04", "2024-05-05", "2024-05-06", "2024-07-15", "2024-08-11", "2024-08-12", "2024-09-16", "2024-09-22",
            "2024-09-23", "2024-10-14", "2024-11-03", "2024-11-04", "2024-11-23",
        ])
    }

    @Test func year2025() {
        #expect(Self.days(2025) == [
            "2025-01-01", "2025-01-13", "2025-02-11", "2025-02-23", "2025-02-24", "2025-03-20", "2025-04-29", "2025-05-03",
            "2025-05-04", "2025-05-05", "2025-05-06", "2025-07-21", "2025-08-11", "2025-09-15", "2025-09-23", "2025-10-13",
            "2025-11-03", "2025-11-23", "2025-11-24",
        ])
    }

    @Test func year2026WithASilverWeekCitizensHoliday() {
        #expect(Self.days(2026) == [
            "2026-01-01", "2026-01-12", "2026-02-11", "2026-02-23", "2026-03-20", "2026-04-29", "2026-05-03", "2026-05-04",
            "2026-05-05", "2026-05-06", "2026-07-20", "2026-08-11", "2026-09-21", "2026-09-22", "2026-09-23", "2026-10-12",
            "2026-11-03", "2026-11-23",
        ])
        #expect(JapaneseHolidays.holiday(on: LocalDay("2026-09-22")!)?.name.ja == "国民の休日")
    }

    @Test func olderRulesFixedDatesAndTheMay4thCitizensHoliday() {
        // 1990: 成人の日 on 15 Jan, 体育の日 on 10 Oct, the enthronement on 12 Nov; 4 May between two holidays.
        let days1990 = Self.days(1990)
        #expect(days1990.contains("1990-01-15"))
        #expect(days1990.contains("1990-10-10"))
        #expect(days1990.contains("1990-11-12"))
        #expect(days1990.contains("1990-05-04"))
        #expect(days1990.contains("1990-12-23"))
        // 1980: no 国民の休日 yet (1985 law), 4 May a plain Sunday.
        #expect(!Self.days(1980).contains("1980-05-04"))
        // 2009: the first silver week.
        #expect(JapaneseHolidays.holiday(on: LocalDay("2009-09-22")!)?.kind == .citizens)
    }

    @Test func equinoxesAcrossTheRange() {
        #expect(JapaneseHolidays.vernalEquinoxDay(2023) == 21)
        #expect(JapaneseHolidays.autumnalEquinoxDay(2012) == 22)
        #expect(JapaneseHolidays.autumnalEquinoxDay(2020) == 22)
        #expect(JapaneseHolidays.holidays(in: 1979).isEmpty)
        #expect(JapaneseHolidays.holidays(in: 2100).isEmpty)
        for year in JapaneseHolidays.supportedYears {
            #expect((19...22).contains(JapaneseHolidays.vernalEquinoxDay(year)))
            #expect((21...24).contains(JapaneseHolidays.autumnalEquinoxDay(year)))
        }
    }
}
