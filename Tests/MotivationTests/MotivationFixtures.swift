import Foundation
import Health

/// Days and instants for the tests: day numbers count from 1 March 2026, so `d(1)` is the first day.
enum Fixture {
    static let start = LocalDay(year: 2026, month: 3, day: 1)

    static func d(_ n: Int) -> LocalDay {
        start.adding(days: n - 1)
    }

    /// The days among `1...` whose pattern character is "1" (with data); "0" is a day without.
    static func days(_ pattern: String) -> Set<LocalDay> {
        Set(pattern.enumerated().compactMap { index, mark in mark == "1" ? d(index + 1) : nil })
    }

    static func days(_ range: ClosedRange<Int>) -> Set<LocalDay> {
        Set(range.map(d))
    }

    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func instant(_ iso: String) -> Date {
        try! Date(iso, strategy: .iso8601)
    }
}
