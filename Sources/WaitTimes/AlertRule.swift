import Foundation
import Health

/// "Tell me when <store> is ≤ N minutes (between T1 and T2 on a day)". Fires at most once.
public struct AlertRule: Sendable, Hashable {
    public var storeId: String
    public var maxMinutes: Int
    /// The day the alert is for (the subscriber's "today").
    public var day: LocalDay
    public var from: TimeOfDay?
    public var until: TimeOfDay?
    /// Set once the alert has fired; a fired alert never fires again.
    public var firedAt: Date?

    public init(storeId: String, maxMinutes: Int, day: LocalDay, from: TimeOfDay? = nil, until: TimeOfDay? = nil, firedAt: Date? = nil) {
        self.storeId = storeId
        self.maxMinutes = maxMinutes
        self.day = day
        self.from = from
        self.until = until
        self.firedAt = firedAt
    }

    /// Whether `observation` makes this alert fire now.
    public func isTriggered(by observation: WaitObservation, timeZone: TimeZone) -> Bool {
        guard firedAt == nil, observation.storeId == storeId, observation.status == .available,
              let minutes = observation.minutes, minutes <= maxMinutes
        else { return false }
        let local = LocalInstant(observation.observedAt, in: timeZone)
        guard local.day == day else { return false }
        if let from, local.time < from { return false }
        if let until, local.time > until { return false }
        return true
    }

    /// Whether the alert can still fire at `now` (not fired, its day and window not over).
    public func isActive(at now: Date, timeZone: TimeZone) -> Bool {
        guard firedAt == nil else { return false }
        let local = LocalInstant(now, in: timeZone)
        if local.day != day { return local.day < day }
        if let until, local.time > until { return false }
        return true
    }
}
