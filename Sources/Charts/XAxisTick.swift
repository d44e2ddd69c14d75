/// A day label under the plot, in M/d form for the chart's time zone.
public struct XAxisTick: Sendable, Equatable {
    public let label: String
    public let x: Double

    public init(label: String, x: Double) {
        self.label = label
        self.x = x
    }
}
