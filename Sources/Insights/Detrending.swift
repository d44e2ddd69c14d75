import Foundation
import Health

/// Removes slow drift before correlating, so that two series that both happen to rise over a season do not
/// "correlate".
///
/// Each day's value minus the median of the values in the centred seven days around it (at least four of
/// them present). A centred 7-day median rather than a straight line: a year of steps or sleep drifts in
/// waves (seasons, holidays, a new job), which a line leaves in and a week's median takes out, and a median
/// is not dragged by the single spiky days it is compared with. What remains is the day-to-day deviation,
/// which is what "after a long night I walk more" is about.
enum Detrending {
    static let halfWindow = 3
    static let minimumNeighbours = 4

    static func residuals(_ points: [TrendPoint]) -> [LocalDay: Double] {
        var byDay: [LocalDay: Double] = [:]
        for point in points { byDay[point.day] = point.value }
        var result: [LocalDay: Double] = [:]
        for point in points {
            var window: [Double] = []
            for offset in -halfWindow...halfWindow {
                if let value = byDay[point.day.adding(days: offset)] { window.append(value) }
            }
            guard window.count >= minimumNeighbours,
                  let median = PeriodStatistics.median(ofSorted: window.sorted())
            else { continue }
            result[point.day] = point.value - median
        }
        return result
    }
}
