/// A horizontal grid line and its label.
public struct YAxisTick: Sendable, Equatable {
    public let value: Double
    public let y: Double
    public let label: String

    public init(value: Double, y: Double, label: String) {
        self.value = value
        self.y = y
        self.label = label
    }
}
