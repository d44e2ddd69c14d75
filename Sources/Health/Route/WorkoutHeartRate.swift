import Foundation

/// One reading of a workout's heart-rate series (Health Auto Export's `heartRateData`), beats per minute.
public struct WorkoutHeartRate: Sendable, Equatable, Codable {
    public var time: Date
    public var average: Double
    public var minimum: Double?
    public var maximum: Double?

    public init(time: Date, average: Double, minimum: Double? = nil, maximum: Double? = nil) {
        self.time = time
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
    }
}
