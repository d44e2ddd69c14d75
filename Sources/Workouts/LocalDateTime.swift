import Foundation

/// Wall-clock times as export files write them (no zone): read in the owner's time zone.
enum LocalDateTime {
    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// "2024-01-15 07:30:00", "2024-01-15 07:30", "2024-01-15T07:30:00" or Hevy's "15 Jan 2024, 07:30".
    static func parse(_ text: String, in timeZone: TimeZone) -> Date? {
        let parts = text.split(whereSeparator: { " ,T:-".contains($0) }).map(String.init)
        var year: Int?, month: Int?, day: Int?
        var clock: ArraySlice<String>
        if parts.count >= 5, let first = Int(parts[0]), parts[0].count == 4 {
            (year, month, day) = (first, Int(parts[1]), Int(parts[2]))
            clock = parts[3...]
        } else if parts.count >= 5, let index = monthNames.firstIndex(of: String(parts[1].prefix(3)).lowercased()) {
            (year, month, day) = (Int(parts[2]), index + 1, Int(parts[0]))
            clock = parts[3...]
        } else {
            return nil
        }
        guard let year, let month, let day, (1...12).contains(month), (1...31).contains(day),
              let hour = Int(clock[clock.startIndex]), let minute = Int(clock[clock.startIndex + 1]),
              (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = clock.count > 2 ? Int(clock[clock.startIndex + 2].prefix(2)) ?? 0 : 0
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
    }

    /// "2024-01-15 07:30:00" in the zone, the form Strong writes.
    static func format(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second))"
    }
}
