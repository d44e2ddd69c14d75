import Foundation
import Health

/// The instants a wall-clock time names in a time zone: none in the hour a daylight-saving change skips, two in the
/// hour it repeats, one otherwise. An export before `start_utc` existed wrote only wall-clock times, and reading one
/// back needs to know which of the two instants it meant.
enum ZonedWallClock {
    /// The instants, earliest first.
    static func instants(of time: WallClockTime, in zone: TimeZone) -> [Date] {
        let local = time.fields.wallClockMilliseconds
        func offset(at milliseconds: Int64) -> Int64 {
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(milliseconds) / 1000))) * 1000
        }
        // The offsets in force a day either side cover both sides of any change near the time.
        let offsets = Set([offset(at: local - 86_400_000), offset(at: local), offset(at: local + 86_400_000)])
        let instants = offsets.map { local - $0 }.filter { offset(at: $0) == local - $0 }
        return instants.sorted().map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    /// The instant meant: in a repeated hour the one at `preferredOffset` (the record's own offset, when it is one
    /// of the two), else the first at or after `notBefore`, else the earlier one; in a skipped hour the time moved
    /// forward by the jump (`WallClockTime.date(in:)`), since no clock showed it.
    static func instant(
        of time: WallClockTime, in zone: TimeZone, preferredOffset: Int? = nil, notBefore: Date? = nil
    ) -> Date {
        let instants = instants(of: time, in: zone)
        guard let earliest = instants.first else { return time.date(in: zone) }
        if let preferredOffset, let matching = instants.first(where: { zone.secondsFromGMT(for: $0) == preferredOffset }) {
            return matching
        }
        if let notBefore, let after = instants.first(where: { $0 >= notBefore }) { return after }
        return earliest
    }
}
