import Foundation
import Health
import WaitTimes

/// The design's `Store` JSON (id, name, address, phoneNumber, coordinate, businessHours, waitTime, region) plus what
/// Kiroku adds. Unknown address and phone are empty strings, an unknown coordinate is null: never invented.
struct StoreResponse: Encodable, Sendable {
    let id: String
    let name: String
    let address: String
    let phoneNumber: String
    let coordinate: Coordinate?
    let businessHours: BusinessHoursResponse
    let waitTime: WaitTimeResponse
    let region: String
    // Additions.
    let regionId: String
    let municipality: String
    let postalCode: String?
    let facility: String?
    let openedOn: LocalDay?
    let openingStatus: String
    let nextOpening: Date?
    /// Metres from the `lat`/`lon` of the request.
    let distance: Int?

    init(_ snapshot: StoreSnapshot, today: LocalDay) {
        let store = snapshot.store
        id = store.id
        name = store.displayName
        address = store.address ?? ""
        phoneNumber = store.phone ?? ""
        coordinate = store.coordinate
        businessHours = BusinessHoursResponse(store: store, day: today)
        waitTime = WaitTimeResponse(snapshot.wait)
        region = store.region.name.ja
        regionId = store.region.rawValue
        municipality = store.municipality
        postalCode = store.postalCode
        facility = store.facility
        openedOn = store.openedOn
        openingStatus = snapshot.opening.state.rawValue
        nextOpening = snapshot.opening.nextOpening
        distance = snapshot.distance.map { Int($0.rounded()) }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, address, phoneNumber, coordinate, businessHours, waitTime, region
        case regionId, municipality, postalCode, facility, openedOn, openingStatus, nextOpening, distance
    }

    /// Unknown values are written as `null`, not left out, so every documented key is always there.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(address, forKey: .address)
        try container.encode(phoneNumber, forKey: .phoneNumber)
        try container.encode(coordinate, forKey: .coordinate)
        try container.encode(businessHours, forKey: .businessHours)
        try container.encode(waitTime, forKey: .waitTime)
        try container.encode(region, forKey: .region)
        try container.encode(regionId, forKey: .regionId)
        try container.encode(municipality, forKey: .municipality)
        try container.encode(postalCode, forKey: .postalCode)
        try container.encode(facility, forKey: .facility)
        try container.encode(openedOn, forKey: .openedOn)
        try container.encode(openingStatus, forKey: .openingStatus)
        try container.encode(nextOpening, forKey: .nextOpening)
        try container.encode(distance, forKey: .distance)
    }
}

/// The design's `WaitTime` (minutes, status, lastUpdated) plus groups, the colour band and staleness.
struct WaitTimeResponse: Encodable, Sendable {
    let minutes: Int?
    let status: String
    let lastUpdated: Date
    let groups: Int?
    let band: String
    let stale: Bool
    let receptionClosed: Bool

    init(_ wait: CurrentWait) {
        minutes = wait.minutes
        status = wait.status.rawValue
        lastUpdated = wait.lastUpdated
        groups = wait.groups
        band = wait.band.rawValue
        stale = wait.isStale
        receptionClosed = wait.receptionClosed
    }

    enum CodingKeys: String, CodingKey {
        case minutes, status, lastUpdated, groups, band, stale, receptionClosed
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(minutes, forKey: .minutes)
        try container.encode(status, forKey: .status)
        try container.encode(lastUpdated, forKey: .lastUpdated)
        try container.encode(groups, forKey: .groups)
        try container.encode(band, forKey: .band)
        try container.encode(stale, forKey: .stale)
        try container.encode(receptionClosed, forKey: .receptionClosed)
    }
}

/// The design's `BusinessHours` ("10:45-22:00" strings) for the schedule in force on `day`, plus last order and rest days.
struct BusinessHoursResponse: Encodable, Sendable {
    let weekday: String
    let weekend: String
    let holiday: String?
    let lastOrder: String
    let closedOnThursdays: Bool
    let followsFacility: Bool

    init(store: Store, day: LocalDay) {
        let rule = store.hoursRule
        let schedule = rule.schedule(on: day) ?? HoursRule.chainFrom2024
        weekday = schedule.weekday.text
        weekend = schedule.weekendAndHoliday.text
        holiday = schedule.weekendAndHoliday.text
        lastOrder = schedule.weekday.lastOrder.description
        closedOnThursdays = schedule.closedOnThursdays
        followsFacility = rule.followsFacility
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
