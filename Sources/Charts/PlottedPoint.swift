/// A data point together with where it is drawn.
public struct PlottedPoint: Sendable, Equatable {
    public let point: ChartPoint
    public let x: Double
    public let y: Double

    public init(point: ChartPoint, x: Double, y: Double) {
        self.point = point
        self.x = x
        self.y = y
    }
}
