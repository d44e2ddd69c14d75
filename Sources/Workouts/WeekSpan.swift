import Foundation
import Health

/// How many weeks a dashboard covers, ending with the current week. The BulkTrack API's spans plus 52 weeks.
public enum WeekSpan: String, Sendable, CaseIterable {
    case w1 = "1w", w4 = "4w", w8 = "8w", w12 = "12w", w24 = "24w", w52 = "52w"

    public var weeks: Int {
        switch self {
        case .w1: 1
        case .w4: 4
        case .w8: 8
        case .w12: 12
        case .w24: 24
        case .w52: 52
        }
    }

    /// The Mondays of the span's weeks, oldest first, the last one being the week that contains `now` in `timeZone`.
    public func weekStarts(now: Date, timeZone: TimeZone) -> [LocalDay] {
        let current = LocalDay(now, in: timeZone).startOfWeek
        return (0..<weeks).reversed().map { current.adding(days: -7 * $0) }
    }
}
