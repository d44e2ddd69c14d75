import Foundation

/// A day's range, lowest to highest reading, drawn as a shaded band behind a line: a heart rate's daily
/// mean says little without how far the day ranged.
public struct ChartBand: Sendable, Equatable {
    public let date: Date
    public let low: Double
    public let high: Double

    /// The ends are swapped when given in the wrong order.
    public init(date: Date, low: Double, high: Double) {
        self.date = date
        self.low = Swift.min(low, high)
        self.high = Swift.max(low, high)
    }
}

/// A band day together with where it is drawn.
public struct PlottedBand: Sendable, Equatable {
    public let band: ChartBand
    public let x: Double
    /// Screen y of the low and high ends (the low end is lower on screen, so larger).
    public let lowY: Double
    public let highY: Double

    public init(band: ChartBand, x: Double, lowY: Double, highY: Double) {
        self.band = band
        self.x = x
        self.lowY = lowY
        self.highY = highY
    }
}
