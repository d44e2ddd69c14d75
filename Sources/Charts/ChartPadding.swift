/// Space between the SVG edge and the plot area, in view-box units.
/// The left side holds y tick labels, the bottom the x tick labels, the top the legend.
public struct ChartPadding: Sendable, Equatable {
    public var left: Double
    public var right: Double
    public var top: Double
    public var bottom: Double

    public init(left: Double = 40, right: Double = 12, top: Double = 20, bottom: Double = 28) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    public static let standard = ChartPadding()
}
