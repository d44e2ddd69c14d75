import Foundation
import Health

/// What one day looks like on a streak strip.
public enum StreakDayStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user recorded something that day.
    case done
    /// Nothing was recorded, and a freeze was spent to keep the streak: it survives but does not grow.
    case frozen
    /// Inside a declared pause: the day is skipped by every rule.
    case paused
    /// Nothing was recorded and nothing protected the streak.
    case missed
    /// Today, with nothing recorded yet: the day is not over, so it has not broken anything.
    case pending
}

/// One cell of the streak strip.
public struct StreakDay: Sendable, Hashable, Codable {
    public let day: LocalDay
    public let status: StreakDayStatus
    /// The streak length at the end of this day, as the strip would label it.
    public let streak: Int

    public init(day: LocalDay, status: StreakDayStatus, streak: Int) {
        self.day = day
        self.status = status
        self.streak = streak
    }
}
