import Foundation
import Health

/// A holiday or an illness the user declared: the days from `first` through `last` neither count, nor break a streak,
/// nor move habit strength, and no reminder is sent on them.
public struct PauseRange: Sendable, Hashable, Codable {
    /// As long as a watch lets rings rest; anything longer is a real break, and the streak should say so.
    public static let maximumDays = 90

    public let first: LocalDay
    public let last: LocalDay

    /// Refuses a pause that ends before it starts or lasts longer than ``maximumDays`` days.
    public init(first: LocalDay, last: LocalDay) throws(MotivationError) {
        guard first <= last else { throw .pauseEndsBeforeItStarts(first: first, last: last) }
        let length = first.days(until: last) + 1
        guard length <= Self.maximumDays else { throw .pauseTooLong(days: length) }
        self.first = first
        self.last = last
    }

    public var dayCount: Int { first.days(until: last) + 1 }

    public func contains(_ day: LocalDay) -> Bool {
        first <= day && day <= last
    }
}

extension Array where Element == PauseRange {
    func contains(day: LocalDay) -> Bool {
        contains { $0.contains(day) }
    }
}
