import Charts
import Foundation

/// Instants and series the chart tests share. Days are counted from 2026-01-01 00:00 in Tokyo
/// (2025-12-31T15:00Z), the default user time zone.
enum ChartFixtures {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let utc = TimeZone(identifier: "UTC")!
    static let tokyoNewYear = Date(timeIntervalSince1970: 1_767_193_200) // 2026-01-01T00:00+09:00

    /// Local 08:00 of the given day after New Year in Tokyo: a typical morning weigh-in.
    static func morning(_ day: Int) -> Date {
        tokyoNewYear.addingTimeInterval(Double(day) * 86_400 + 8 * 3_600)
    }

    static func series(_ values: [Double]) -> [ChartPoint] {
        values.enumerated().map { ChartPoint(date: morning($0.offset), value: $0.element) }
    }
}
