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
        metWeeks(goal: goal, dailyValues: dailyValues, today: today).count
    }

    public static func monthsMet(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> Int {
        metMonths(goal: goal, dailyValues: dailyValues, today: today).count
    }

    /// The Mondays of the ended weeks in which the goal was met: a user with several goals unions these, so a
    /// week counts once however many goals were met in it.
    public static func metWeeks(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> Set<LocalDay> {
        let metDays = daysMet(goal: goal, dailyValues: dailyValues, today: today)
        let byWeek = Dictionary(grouping: metDays, by: \.startOfWeek)
        return Set(byWeek.filter { monday, days in
            monday.adding(days: 6) < today && days.count >= daysPerWeekNeeded
        }.keys)
    }

    /// The first days of the ended months in which the goal was met.
    public static func metMonths(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> Set<LocalDay> {
        let metDays = daysMet(goal: goal, dailyValues: dailyValues, today: today)
        let byMonth = Dictionary(grouping: metDays) { LocalDay(year: $0.year, month: $0.month, day: 1) }
        return Set(byMonth.filter { first, days in
            let next = LocalDay(year: first.year, month: first.month + 1, day: 1)
            let length = first.days(until: next)
            return next <= today && Double(days.count) >= Double(length) * monthShareNeeded
        }.keys)
    }

    private static func daysMet(goal: Goal, dailyValues: [LocalDay: Double], today: LocalDay) -> [LocalDay] {
        dailyValues.compactMap { day, value in
            day >= goal.startDay && day < today && goal.direction.isMet(by: value, target: goal.target) ? day : nil
        }
    }
}
