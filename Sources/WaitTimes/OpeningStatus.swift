import Foundation
import Health

/// Whether a store is serving at an instant, from its hours alone (no wait data needed).
public struct OpeningStatus: Sendable, Hashable {
    public enum State: String, Sendable, Hashable, Codable {
        /// Between opening and last order: you can still get in.
        case open
        /// After last order, before closing.
        case lastOrderPassed
        /// Before opening, after closing, or a closed day.
        case closed
    }

    public let state: State
    /// Today's hours, nil on a closed day.
    public let today: DailyHours?
    /// The next instant the store opens (nil when open now, or nothing within two weeks).
    public let nextOpening: Date?

    public var isOpen: Bool { state == .open }

    /// The status of `store` at `now`, with the store's day computed in `timeZone` (Asia/Tokyo for the chain).
    public init(store: Store, at now: Date, timeZone: TimeZone) {
        let local = LocalInstant(now, in: timeZone)
        let today = store.hours(on: local.day)
        self.today = today
        if let today, local.time >= today.opens, local.time < today.closes {
            state = local.time < today.lastOrder ? .open : .lastOrderPassed
        } else {
            state = .closed
        }
        if state == .open {
            nextOpening = nil
        } else if let today, local.time < today.opens {
            nextOpening = Self.instant(local.day, today.opens, timeZone)
        } else {
            nextOpening = (1...14).lazy.compactMap { offset -> Date? in
                let day = local.day.adding(days: offset)
                return store.hours(on: day).map { Self.instant(day, $0.opens, timeZone) }
            }.first
        }
    }

    static func instant(_ day: LocalDay, _ time: TimeOfDay, _ timeZone: TimeZone) -> Date {
        day.start(in: timeZone).addingTimeInterval(Double(time.minutes * 60))
    }
}
