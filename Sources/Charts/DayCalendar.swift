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

    func dayStart(_ offset: Int, after dayStart: Date) -> Date {
        calendar.date(byAdding: .day, value: offset, to: dayStart) ?? dayStart.addingTimeInterval(Double(offset) * 86_400)
    }

    /// "M/d", the short form used on both Japanese and US phones.
    func label(_ date: Date) -> String {
        let parts = calendar.dateComponents([.month, .day], from: date)
        return "\(parts.month ?? 0)/\(parts.day ?? 0)"
    }
}
