import Foundation

/// A daily target for one weekday (ISO: 1 is Monday, 7 is Sunday), since a Saturday walk and an office Tuesday
/// are different days.
public struct WeekdayTarget: Sendable, Hashable, Codable {
    public let weekday: Int
    public let value: Double

    public init(weekday: Int, value: Double) {
        self.weekday = weekday
        self.value = value
    }
}
