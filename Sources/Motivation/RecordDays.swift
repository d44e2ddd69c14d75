import Foundation
import Health

/// Turns record instants into the days a person lived them, in their own time zone, using Health's ``LocalDay``
/// (which follows the zone's offset at each instant, daylight saving included).
public enum RecordDays: Sendable {
    public static func days(of instants: some Sequence<Date>, in timeZone: TimeZone) -> Set<LocalDay> {
        Set(instants.map { LocalDay($0, in: timeZone) })
    }

    /// The user's today, from an instant the caller supplies (the domain never reads a clock).
    public static func today(at now: Date, in timeZone: TimeZone) -> LocalDay {
        LocalDay(now, in: timeZone)
    }
}
