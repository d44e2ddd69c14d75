import Foundation
import Health

/// One day of the smoothed weight trend.
public struct WeightTrendPoint: Sendable, Equatable, Codable {
    public let day: LocalDay
    /// The first weighing of the day; nil on a day without one.
    public let reading: Double?
    /// The weight the smoothing used: the reading, or on a day without one the straight line between the
    /// readings around it.
    public let weight: Double
    public let trend: Double

    public init(day: LocalDay, reading: Double?, weight: Double, trend: Double) {
        self.day = day
        self.reading = reading
        self.weight = weight
        self.trend = trend
    }

    public var isInterpolated: Bool {
        reading == nil
    }
}
