/// One day's bar: its data point, the day's offset from the first day, and its rectangle.
public struct BarRect: Sendable, Equatable {
    public let point: ChartPoint
    /// Calendar days after the chart's first day, in the chart's time zone.
    public let dayIndex: Int
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double

    public init(point: ChartPoint, dayIndex: Int, x: Double, y: Double, width: Double, height: Double) {
        self.point = point
        self.dayIndex = dayIndex
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
