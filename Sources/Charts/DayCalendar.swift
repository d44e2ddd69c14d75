import Foundation

/// Calendar days in the user's time zone: data arrive as instants, but what a reader sees on the
/// x axis (and what a gap or a bar slot means) is the local date.
struct DayCalendar: Sendable {
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func startOfDay(_ date: Date) -> Date {
        calendar.startOfDay(for: date)
    }

    /// Whole local days from `start`'s day to `end`'s day; counts calendar dates, so a 23- or
    /// 25-hour daylight-saving day still counts as one.
    func days(from start: Date, to end: Date) -> Int {
        calendar.dateComponents([.day], from: startOfDay(start), to: startOfDay(end)).day ?? 0
    }

    /// Local days in `date`'s month (28…31).
    func daysInMonth(_ date: Date) -> Int {
        calendar.range(of: .day, in: .month, for: date)?.count ?? 30
    }

    /// Local days from `date`'s day to its month's last, both included (1…31).
    func daysLeftInMonth(_ date: Date) -> Int {
        daysInMonth(date) - calendar.component(.day, from: date) + 1
    }

    /// Local days from `date`'s day to the Sunday that ends its Monday-to-Sunday week, both included (1…7).
    func daysLeftInWeek(_ date: Date) -> Int {
        // Gregorian weekdays run 1 (Sunday) to 7 (Saturday).
        (8 - calendar.component(.weekday, from: date)) % 7 + 1
    }

    func year(_ date: Date) -> Int {
        calendar.component(.year, from: date)
    }

    /// "2025/1": a month with its year, for monthly bars and their axis.
    func monthLabel(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month], from: date)
        return "\(parts.year ?? 0)/\(parts.month ?? 0)"
    }

    func dayStart(_ offset: Int, after dayStart: Date) -> Date {
        calendar.date(byAdding: .day, value: offset, to: dayStart) ?? dayStart.addingTimeInterval(Double(offset) * 86_400)
    }

    /// "M/d", the short form used on both Japanese and US phones.
    func label(_ date: Date) -> String {
        let parts = calendar.dateComponents([.month, .day], from: date)
        return "\(parts.month ?? 0)/\(parts.day ?? 0)"
    }
}
