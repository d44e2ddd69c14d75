import Foundation

/// The rules for a date of birth in a profile: a real calendar day, not before 1900 and not after today.
public enum DateOfBirth {
    public static let earliest = LocalDay(year: 1900, month: 1, day: 1)

    /// Whether `day` can be someone's date of birth when it is `today` where they live.
    public static func isPlausible(_ day: LocalDay, today: LocalDay) -> Bool {
        earliest <= day && day <= today
    }

    /// Parses "YYYY-MM-DD" and checks it against `today` (the caller's day in the user's time zone).
    public static func parse(_ text: String, today: LocalDay) throws -> LocalDay {
        guard let day = LocalDay(text.trimmingCharacters(in: .whitespaces)) else {
            throw HealthError.invalidDateOfBirth(text)
        }
        guard day <= today else { throw HealthError.futureDateOfBirth(text) }
        guard earliest <= day else { throw HealthError.invalidDateOfBirth(text) }
        return day
    }
}
