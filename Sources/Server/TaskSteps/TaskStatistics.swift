import Foundation
import Health
import Hummingbird
import Storage
import TaskSteps

/// Steps completed per day and week, today's count and streaks — computed in the user's time zone.
struct TaskStatistics: ResponseEncodable, Decodable {
    struct Day: Codable, Equatable {
        let date: LocalDay
        let count: Int
    }

    struct Week: Codable, Equatable {
        let weekStart: LocalDay
        let count: Int
    }

    let timeZone: String
    let today: LocalDay
    let completedToday: Int
    let currentStreak: Int
    let longestStreak: Int
    let totalCompleted: Int
    /// Only days with completions, oldest first.
    let perDay: [Day]
    let perWeek: [Week]

    /// The figures of `activity`, which looked back `days` days (today included); streaks are measured over the same window.
    init(_ activity: StepActivity, timeZone: TimeZone, days: Int, now: Date) {
        let today = LocalDay(now, in: timeZone)
        self.timeZone = timeZone.identifier
        self.today = today
        completedToday = activity.count(on: today)
        currentStreak = activity.currentStreak(today: today)
        longestStreak = activity.longestStreak
        totalCompleted = activity.perDay.values.reduce(0, +)
        perDay = activity.perDay.sorted { $0.key < $1.key }.map { Day(date: $0.key, count: $0.value) }
        perWeek = activity.perWeek(from: today.adding(days: -(days - 1)), to: today).map { Week(weekStart: $0.weekStart, count: $0.count) }
    }
}
