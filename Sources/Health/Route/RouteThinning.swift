/// Which points an overview of a long route keeps: at most `maxPoints`, evenly spaced along the recorded order,
/// the first and the last always among them. A route of `maxPoints` or fewer is kept whole.
public struct RouteThinning: Sendable, Equatable {
    public static let defaultMaxPoints = 2_000
    public static let maxPointsRange = 2...10_000

    public let count: Int
    public let maxPoints: Int

    public init(count: Int, maxPoints: Int) {
        self.count = max(count, 0)
        self.maxPoints = max(maxPoints, 2)
    }

    public var thins: Bool { count > maxPoints }

    /// Positions kept, ascending. The k-th of m kept points is at ⌊k·(n−1)/(m−1)⌋: 0 first, n−1 last, and
    /// strictly increasing because n > m.
    public var keptIndices: [Int] {
        guard thins else { return Array(0..<count) }
        return (0..<maxPoints).map { $0 * (count - 1) / (maxPoints - 1) }
    }
}
