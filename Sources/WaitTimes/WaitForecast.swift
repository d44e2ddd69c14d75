import Foundation
import Health

/// "Best time to go": the expected wait in each 30-minute slot of a day, learned from a store's history.
///
/// Days are grouped as the chain's schedule groups them — weekdays, and Saturdays/Sundays/national holidays — because
/// a holiday Monday queues like a Sunday, not like a Monday. Each past day of the same kind contributes its mean wait per
/// slot; recent weeks count more (weight halves every `halfLifeDays`) so a trend shows through.
public struct WaitForecast: Sendable, Hashable {
    public struct Slot: Sendable, Hashable {
        public let start: TimeOfDay
        /// Expected minutes, nil when history has nothing for this slot.
        public let expectedMinutes: Double?
        /// Past days that fed this slot.
        public let days: Int
    }

    public let day: LocalDay
    /// Opening to last order in 30-minute steps; empty on a closed day.
    public let slots: [Slot]

    /// The slot with the shortest expected wait (the earliest on ties), nil without data.
    public var best: Slot? {
        best(from: nil)
    }

    /// The quietest slot still ahead: slots that ended before `time` are past (for today's forecast).
    public func best(from time: TimeOfDay?) -> Slot? {
        let earliest = time.map { $0.minutes - Self.slotMinutes + 1 } ?? Int.min
        return slots.compactMap { slot in slot.expectedMinutes.map { (minutes: $0, slot: slot) } }
            .filter { $0.slot.start.minutes >= earliest }
            .min { ($0.minutes, $0.slot.start) < ($1.minutes, $1.slot.start) }?.slot
    }

    public static let slotMinutes = 30
    public static let halfLifeDays = 21.0

    /// Saturdays, Sundays and national holidays run on the weekend schedule and queue alike.
    public static func isRestDay(_ day: LocalDay) -> Bool {
        day.weekday >= 6 || JapaneseHolidays.isHoliday(day)
    }

    /// The forecast for `store` on `day` from observations strictly before that day.
    public init(store: Store, day: LocalDay, history: [WaitObservation], timeZone: TimeZone) {
        self.day = day
        guard let hours = store.hours(on: day) else {
            slots = []
            return
        }
        let restDay = Self.isRestDay(day)
        // Mean per (past day, slot) first, so a day polled every minute weighs no more than one polled hourly.
        var perDay: [LocalDay: [Int: (sum: Double, count: Int)]] = [:]
        // Holiday rules are worked out once per day seen, not once per observation.
        var restDays: [LocalDay: Bool] = [:]
        for observation in history where observation.storeId == store.id && observation.status == .available {
            guard let minutes = observation.minutes else { continue }
            let local = LocalInstant(observation.observedAt, in: timeZone)
            guard local.day < day else { continue }
            let isRest = restDays[local.day] ?? Self.isRestDay(local.day)
            restDays[local.day] = isRest
            guard isRest == restDay else { continue }
            let slot = local.time.minutes / Self.slotMinutes
            perDay[local.day, default: [:]][slot, default: (0, 0)].sum += Double(minutes)
            perDay[local.day, default: [:]][slot, default: (0, 0)].count += 1
        }
        var slots: [Slot] = []
        var start = TimeOfDay(minutes: hours.opens.minutes / Self.slotMinutes * Self.slotMinutes)
        while start < hours.lastOrder {
            let index = start.minutes / Self.slotMinutes
            var weighted = 0.0, weights = 0.0, days = 0
            for (pastDay, slotsOfDay) in perDay {
                guard let cell = slotsOfDay[index] else { continue }
                let age = Double(pastDay.days(until: day))
                let weight = pow(0.5, age / Self.halfLifeDays)
                weighted += weight * cell.sum / Double(cell.count)
                weights += weight
                days += 1
            }
            // The first slot may begin before the doors open (10:30 on a 10:45 weekday): it is labelled with the
            // opening time, so "best time: around 10:30" never sends anyone to a closed door.
            slots.append(Slot(start: max(start, hours.opens), expectedMinutes: weights > 0 ? weighted / weights : nil, days: days))
            start = TimeOfDay(minutes: start.minutes + Self.slotMinutes)
        }
        self.slots = slots
    }
}
