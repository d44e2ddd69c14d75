import Foundation
import Health
import Testing
@testable import WaitTimes

@Suite struct OpeningHoursTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let roadside = StoreDirectory.shipped.first { $0.id == "gotemba-ic" }!

    static func at(_ text: String) -> Date {
        let parts = text.split(separator: " ")
        let day = LocalDay(String(parts[0]))!
        return day.start(in: tokyo).addingTimeInterval(Double(TimeOfDay(String(parts[1]))!.minutes * 60))
    }

    static func state(_ text: String, _ store: Store = roadside) -> OpeningStatus.State {
        OpeningStatus(store: store, at: at(text), timeZone: tokyo).state
    }

    @Test func weekdayOpensAt1045() {
        // 2026-11-20 is a Friday.
        #expect(Self.state("2026-11-20 10:44") == .closed)
        #expect(Self.state("2026-11-20 10:45") == .open)
        let status = OpeningStatus(store: Self.roadside, at: Self.at("2026-11-20 10:44"), timeZone: Self.tokyo)
        #expect(status.nextOpening == Self.at("2026-11-20 10:45"))
    }

    @Test func lastOrderAndClosing() {
        #expect(Self.state("2026-11-20 20:59") == .open)
        #expect(Self.state("2026-11-20 21:00") == .lastOrderPassed)
        #expect(Self.state("2026-11-20 21:59") == .lastOrderPassed)
        #expect(Self.state("2026-11-20 22:00") == .closed)
        let evening = OpeningStatus(store: Self.roadside, at: Self.at("2026-11-20 22:30"), timeZone: Self.tokyo)
        #expect(evening.nextOpening == Self.at("2026-11-21 10:30"), "Saturday opens at 10:30")
    }

    @Test func weekendAndHolidayOpenAt1030() {
        #expect(Self.state("2026-11-22 10:29") == .closed)
        #expect(Self.state("2026-11-22 10:30") == .open)
        // 2026-11-23 (Monday) is 勤労感謝の日.
        #expect(Self.state("2026-11-23 10:30") == .open)
        #expect(Self.state("2026-11-24 10:30") == .closed)
    }

    @Test func closedOnThursdaysUnlessAHoliday() {
        // 2026-11-19 is a plain Thursday; 2026-11-03 is a Tuesday; 2025-11-03 (文化の日) a Monday; 2020-09-22 Tuesday.
        #expect(Self.state("2026-11-19 12:00") == .closed)
        let thursday = OpeningStatus(store: Self.roadside, at: Self.at("2026-11-19 12:00"), timeZone: Self.tokyo)
        #expect(thursday.today == nil)
        #expect(thursday.nextOpening == Self.at("2026-11-20 10:45"))
        // 2026-04-29 (昭和の日) is a Wednesday; 2027-04-29 a Thursday — holiday, so open with holiday hours.
        #expect(Self.state("2027-04-29 10:30") == .open)
        // 2024-11-21 plain Thursday closed, 2024-10-17 too.
        #expect(Self.state("2024-10-17 12:00") == .closed)
    }

    @Test func yearEndAndNewYearClosed() {
        #expect(Self.state("2026-12-31 12:00") == .closed)
        #expect(Self.state("2027-01-01 12:00") == .closed)
        #expect(Self.state("2027-01-02 12:00") == .open)
        let eve = OpeningStatus(store: Self.roadside, at: Self.at("2026-12-30 22:10"), timeZone: Self.tokyo)
        #expect(eve.nextOpening == Self.at("2027-01-02 10:30"), "1/2 is a Saturday")
    }

    @Test func theSeptember2024ChangeOfHours() {
        // Friday 2024-08-30: old hours (11:00, last order 22:00, close 23:00).
        #expect(Self.state("2024-08-30 10:50") == .closed)
        #expect(Self.state("2024-08-30 11:00") == .open)
        #expect(Self.state("2024-08-30 21:30") == .open)
        #expect(Self.state("2024-08-30 22:30") == .lastOrderPassed)
        // Sunday 2024-09-01: new weekend hours.
        #expect(Self.state("2024-09-01 10:30") == .open)
        #expect(Self.state("2024-09-01 21:30") == .lastOrderPassed)
        #expect(Self.state("2024-09-01 22:00") == .closed)
        // Saturday 2024-08-31: old weekend hours 10:45.
        #expect(Self.state("2024-08-31 10:40") == .closed)
        #expect(Self.state("2024-08-31 10:45") == .open)
    }

    @Test func facilityStoresCloseEarlierAndNewStoresAreClosedBeforeOpeningDay() {
        let cenova = StoreDirectory.shipped.first { $0.id == "cenova" }!
        #expect(cenova.hoursRule.followsFacility)
        #expect(Self.state("2026-11-20 20:30", cenova) == .lastOrderPassed)
        #expect(Self.state("2026-11-20 21:00", cenova) == .closed)
        let bayDream = StoreDirectory.shipped.first { $0.id == "baydream-shimizu" }!
        #expect(Self.state("2025-10-31 12:00", bayDream) == .closed)
        #expect(Self.state("2025-11-01 12:00", bayDream) == .open)
    }

    @Test func seasonalOverrideReplacesTheRegularHoursInItsMonths() {
        let winter = DailyHours(opens: TimeOfDay(10, 30), lastOrder: TimeOfDay(18, 0), closes: TimeOfDay(19, 0))
        let summer = DailyHours(opens: TimeOfDay(10, 30), lastOrder: TimeOfDay(19, 0), closes: TimeOfDay(20, 0))
        let schedule = WeeklyHours(weekday: summer, weekendAndHoliday: summer, seasonal: [SeasonalHours(months: [12, 1, 2], weekday: winter, weekendAndHoliday: winter)])
        #expect(schedule.hours(on: LocalDay("2026-12-05")!) == winter)
        #expect(schedule.hours(on: LocalDay("2026-08-05")!) == summer)
    }

    @Test func theDirectoryShipsAll35StoresWithUniqueIdsAndNoInventedFacts() {
        let stores = StoreDirectory.shipped
        #expect(stores.count == 35)
        #expect(Set(stores.map(\.id)).count == 35)
        #expect(stores.filter { $0.phone != nil }.map(\.id).sorted() == ["gotemba-ic", "kannami"])
        #expect(stores.filter { $0.coordinate == nil }.map(\.id).sorted() == ["baydream-shimizu", "hamamatsu-nishi-ic", "kosai"])
        #expect(stores.first { $0.id == "kosai" }?.address == nil)
        for store in stores {
            #expect(HoursRule.named[store.hours] != nil)
            #expect(store.coordinate?.isValid ?? true)
        }
    }
}
