import APIModels
import Foundation
import Health
import WaitTimes

extension StoreBody {
    /// The store and its wait as the API answers them, with the hours in force on `today`.
    init(_ snapshot: StoreSnapshot, today: LocalDay) {
        let store = snapshot.store
        self.init(
            id: store.id, name: store.displayName, address: store.address ?? "", phoneNumber: store.phone ?? "",
            coordinate: store.coordinate, businessHours: BusinessHours(store: store, day: today), waitTime: WaitTime(snapshot.wait),
            region: store.region.name.ja, regionId: store.region.rawValue, municipality: store.municipality,
            postalCode: store.postalCode, facility: store.facility, openedOn: store.openedOn,
            openingStatus: snapshot.opening.state.rawValue, nextOpening: snapshot.opening.nextOpening,
            distance: snapshot.distance.map { Int($0.rounded()) }
        )
    }
}

extension WaitTime {
    init(_ wait: CurrentWait) {
        self.init(
            minutes: wait.minutes, status: wait.status, lastUpdated: wait.lastUpdated, groups: wait.groups, band: wait.band,
            stale: wait.isStale, receptionClosed: wait.receptionClosed
        )
    }
}

extension BusinessHours {
    /// The schedule in force on `day` ("10:45-22:00" strings).
    init(store: Store, day: LocalDay) {
        let rule = store.hoursRule
        let schedule = rule.schedule(on: day) ?? HoursRule.chainFrom2024
        self.init(
            weekday: schedule.weekday.text, weekend: schedule.weekendAndHoliday.text, holiday: schedule.weekendAndHoliday.text,
            lastOrder: schedule.weekday.lastOrder.description, closedOnThursdays: schedule.closedOnThursdays,
            followsFacility: rule.followsFacility
        )
    }
}

/// `GET /api/stores/{id}/forecast`.
struct ForecastResponse: Encodable, Sendable {
    struct Slot: Encodable, Sendable {
        let start: String
        let expectedMinutes: Int?
        let days: Int
    }

    let storeId: String
    let date: LocalDay
    let closed: Bool
    let holiday: String?
    let slots: [Slot]
    let best: Slot?
    /// For today: the quietest slot that has not ended yet.
    let bestFromNow: Slot?

    init(storeId: String, forecast: WaitForecast, now: LocalInstant) {
        self.storeId = storeId
        date = forecast.day
        closed = forecast.slots.isEmpty
        holiday = JapaneseHolidays.holiday(on: forecast.day)?.name.ja
        func slot(_ slot: WaitForecast.Slot) -> Slot {
            Slot(start: slot.start.description, expectedMinutes: slot.expectedMinutes.map { Int($0.rounded()) }, days: slot.days)
        }
        slots = forecast.slots.map(slot)
        best = forecast.best.map(slot)
        bestFromNow = now.day == forecast.day ? forecast.best(from: now.time).map(slot) : nil
    }
}
