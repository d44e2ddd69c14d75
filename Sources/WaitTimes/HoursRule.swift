import Foundation
import Health

/// A store's opening hours over time: schedules that take effect on given dates (the chain changed its hours on
/// 2024-09-01), plus whether the store follows the hours of the facility it sits in.
public struct HoursRule: Sendable, Hashable, Codable {
    public struct Period: Sendable, Hashable, Codable {
        /// First day this schedule applies; nil for "since always".
        public var from: LocalDay?
        public var schedule: WeeklyHours

        public init(from: LocalDay?, schedule: WeeklyHours) {
            self.from = from
            self.schedule = schedule
        }
    }

    public var periods: [Period]
    /// Mall and department-store shops keep the facility's hours; shown so people check before going.
    public var followsFacility: Bool

    public init(periods: [Period], followsFacility: Bool = false) {
        self.periods = periods.sorted { ($0.from ?? LocalDay(year: 1, month: 1, day: 1)) < ($1.from ?? LocalDay(year: 1, month: 1, day: 1)) }
        self.followsFacility = followsFacility
    }

    /// The schedule in force on `day`.
    public func schedule(on day: LocalDay) -> WeeklyHours? {
        periods.last { $0.from.map { $0 <= day } ?? true }?.schedule
    }

    /// The hours on `day`, nil when closed.
    public func hours(on day: LocalDay) -> DailyHours? {
        schedule(on: day)?.hours(on: day)
    }
}

extension HoursRule {
    /// The day the chain's current hours began.
    public static let chainChangeDay = LocalDay(year: 2024, month: 9, day: 1)

    /// Before 2024-09-01: 11:00 weekdays, 10:45 weekends and holidays, last order 22:00, closing 23:00.
    public static let chainBefore2024 = WeeklyHours(
        weekday: DailyHours(opens: TimeOfDay(11, 0), lastOrder: TimeOfDay(22, 0), closes: TimeOfDay(23, 0)),
        weekendAndHoliday: DailyHours(opens: TimeOfDay(10, 45), lastOrder: TimeOfDay(22, 0), closes: TimeOfDay(23, 0))
    )

    /// From 2024-09-01: 10:45 weekdays, 10:30 weekends and holidays, last order 21:00, closing 22:00.
    public static let chainFrom2024 = WeeklyHours(
        weekday: DailyHours(opens: TimeOfDay(10, 45), lastOrder: TimeOfDay(21, 0), closes: TimeOfDay(22, 0)),
        weekendAndHoliday: DailyHours(opens: TimeOfDay(10, 30), lastOrder: TimeOfDay(21, 0), closes: TimeOfDay(22, 0))
    )

    /// Roadside stores: the chain's hours with the 2024-09-01 change.
    public static let chain = HoursRule(periods: [
        Period(from: nil, schedule: chainBefore2024),
        Period(from: chainChangeDay, schedule: chainFrom2024),
    ])

    /// Stores inside a mall or department store: the chain's opening, closing at 21:00 (the facility's example the
    /// public pages give), last order an hour before, as the chain does. Marked as following the facility.
    public static let facility = HoursRule(
        periods: [
            Period(from: nil, schedule: chainBefore2024),
            Period(from: chainChangeDay, schedule: WeeklyHours(
                weekday: DailyHours(opens: TimeOfDay(10, 45), lastOrder: TimeOfDay(20, 0), closes: TimeOfDay(21, 0)),
                weekendAndHoliday: DailyHours(opens: TimeOfDay(10, 30), lastOrder: TimeOfDay(20, 0), closes: TimeOfDay(21, 0))
            )),
        ],
        followsFacility: true
    )

    /// 御殿場プレミアム・アウトレット店: opens 10:30 every day and closes with the outlet, 19:00–20:00 by season; the
    /// later closing is used and the page says the facility's hours apply.
    public static let outlet = HoursRule(
        periods: [Period(from: nil, schedule: WeeklyHours(
            weekday: DailyHours(opens: TimeOfDay(10, 30), lastOrder: TimeOfDay(19, 0), closes: TimeOfDay(20, 0)),
            weekendAndHoliday: DailyHours(opens: TimeOfDay(10, 30), lastOrder: TimeOfDay(19, 0), closes: TimeOfDay(20, 0))
        ))],
        followsFacility: true
    )

    /// The named rules a store directory file may refer to.
    public static let named: [String: HoursRule] = ["chain": chain, "facility": facility, "outlet": outlet]
}
