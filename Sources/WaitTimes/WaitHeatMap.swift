import Foundation
import Health

/// Typical waits by weekday × hour ("popular times"): the mean of available observations in each cell.
public struct WaitHeatMap: Sendable, Hashable {
    /// Hours shown: the chain opens at 10:30 at the earliest and serves until 22:00.
    public static let hours = Array(10...21)

    /// `cells[weekday - 1][hour index]`, weekday 1 = Monday; nil where there is no data.
    public let cells: [[Double?]]

    public var isEmpty: Bool { cells.allSatisfy { $0.allSatisfy { $0 == nil } } }

    public init(history: [WaitObservation], timeZone: TimeZone) {
        var sums = Array(repeating: Array(repeating: (0.0, 0), count: Self.hours.count), count: 7)
        for observation in history where observation.status == .available {
            guard let minutes = observation.minutes else { continue }
            let local = LocalInstant(observation.observedAt, in: timeZone)
            guard let column = Self.hours.firstIndex(of: local.time.hour) else { continue }
            sums[local.day.weekday - 1][column].0 += Double(minutes)
            sums[local.day.weekday - 1][column].1 += 1
        }
        cells = sums.map { row in row.map { $0.1 == 0 ? nil : $0.0 / Double($0.1) } }
    }
}
