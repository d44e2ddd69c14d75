import Foundation
import Health

/// Counts the weeks and months in which a daily goal was met, for the weekly and monthly special badges (R3).
///
/// A week (Monday to Sunday) counts when the goal was met on at least 5 of its 7 days: a week with two rest days
/// is still a good week. A calendar month counts when the goal was met on at least 80 % of its days. Only periods
/// that have ended before `today` count, so a badge is never given for a week still in progress.
public enum GoalPeriodCounter: Sendable {
    public static let daysPerWeekNeeded = 5
    public static let monthShareNeeded = 0.8

    public static func weeksMet(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> Int {
        let metDays = daysMet(goal: goal, dailyValues: dailyValues, today: today)
        let byWeek = Dictionary(grouping: metDays, by: \.startOfWeek)
        return byWeek.count { monday, days in
            monday.adding(days: 6) < today && days.count >= daysPerWeekNeeded
        }
    }

    public static func monthsMet(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> Int {
        let metDays = daysMet(goal: goal, dailyValues: dailyValues, today: today)
        let byMonth = Dictionary(grouping: metDays) { LocalDay(year: $0.year, month: $0.month, day: 1) }
        return byMonth.count { first, days in
            let next = LocalDay(year: first.year, month: first.month + 1, day: 1)
            let length = first.days(until: next)
            return next <= today && Double(days.count) >= Double(length) * monthShareNeeded
        }
    }

    private static func daysMet(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> [LocalDay] {
        dailyValues.compactMap { day, value in
            day >= goal.startDay && day < today && goal.direction.isMet(by: value, target: goal.target) ? day : nil
        }
    }
}
