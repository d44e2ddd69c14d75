import Foundation
import Health

extension WeightTrend {
    /// Trend days whose slope says how fast the trend is moving: a fortnight, as TrendWeight fits its rate to.
    public static let headingDays = 14

    /// The reading the trend expects on the day after `history`: the last trend value plus the lag that a
    /// steady change leaves behind the smoothing.
    ///
    /// Each step of the trend is α·(reading − trend before), so reading − trend before = step / α. While the
    /// weight changes by b a day the trend steps by b too, and every reading sits b / α (ten days' worth) off
    /// the trend before it: a steady 0.25 kg a day is 2.5 kg, over 3 % of 80 kg, on every day. Adding the
    /// trend's recent slope / α takes that lag out, so only a reading off the line the trend is on stands
    /// out. The slope is a least-squares line through the last `headingDays` trend values, which one odd
    /// reading moves by a tenth of a tenth; with fewer than three values there is no slope and the expectation
    /// is the trend itself, as before a trend has formed.
    static func expectedReading(after history: ArraySlice<WeightTrendPoint>) -> Double? {
        guard let last = history.last else { return nil }
        let recent = history.suffix(headingDays)
        let fit = LinearFit(x: recent.indices.map { Double($0 - recent.startIndex) }, y: recent.map(\.trend))
        return last.trend + (fit?.slope ?? 0) / smoothingFactor
    }
}
