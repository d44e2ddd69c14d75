import Foundation
import Health

/// Completed steps counted per local day, per week, and as streaks of days with at least one completion —
/// the statistics and the activity calendar of the BabySteps backlog.
public struct StepActivity: Sendable, Equatable {
    /// Completions per local day; days without any are absent.
    public let perDay: [LocalDay: Int]

    /// Buckets completion instants into the days of `timeZone`, so a step ticked at 00:30 in Tokyo counts for
    /// that Tokyo day even though it is the previous day in UTC.
    public init(completions: [Date], timeZone: TimeZone) {
        var counts: [LocalDay: Int] = [:]
        for instant in completions {
            counts[LocalDay(instant, in: timeZone), default: 0] += 1
        }
        perDay = counts
    }

    public func count(on day: LocalDay) -> Int { perDay[day] ?? 0 }

    /// Completions per ISO week (keyed by its Monday), for the weeks touching [from, to].
    public func perWeek(from: LocalDay, to: LocalDay) -> [(weekStart: LocalDay, count: Int)] {
        var weeks: [(LocalDay, Int)] = []
        var monday = from.startOfWeek
        while monday <= to {
            let total = (0..<7).reduce(0) { $0 + count(on: monday.adding(days: $1)) }
            weeks.append((monday, total))
            monday = monday.adding(days: 7)
        }
        return weeks
    }

    /// Consecutive days with a completion, ending today — or ending yesterday while today has none yet,
    /// because a streak is not broken until the day is over.
    public func currentStreak(today: LocalDay) -> Int {
        var day = count(on: today) > 0 ? today : today.adding(days: -1)
        var streak = 0
        while count(on: day) > 0 {
            streak += 1
            day = day.adding(days: -1)
        }
        return streak
    }

    public var longestStreak: Int {
        var longest = 0
        for day in perDay.keys where count(on: day.adding(days: -1)) == 0 {
            var length = 0
            while count(on: day.adding(days: length)) > 0 { length += 1 }
            longest = max(longest, length)
        }
        return longest
    }
}
