import Foundation

/// An ordinary least-squares line y = intercept + slope·x with the uncertainty of its estimates, which the
/// forecast interval needs.
public struct LinearFit: Sendable, Equatable {
    public let count: Int
    public let slope: Double
    public let intercept: Double
    public let meanX: Double
    public let meanY: Double
    /// Σ(x − x̄)².
    public let sumOfSquaresX: Double
    /// The residual standard deviation, s = √(RSS / (n − 2)).
    public let residualStandardDeviation: Double

    /// Nil with fewer than three points (no residual variance) or when all x are equal (no slope).
    public init?(x: [Double], y: [Double]) {
        let n = min(x.count, y.count)
        guard n >= 3 else { return nil }
        let meanX = x.prefix(n).reduce(0, +) / Double(n)
        let meanY = y.prefix(n).reduce(0, +) / Double(n)
        var sxx = 0.0
        var sxy = 0.0
        for index in 0..<n {
            sxx += (x[index] - meanX) * (x[index] - meanX)
            sxy += (x[index] - meanX) * (y[index] - meanY)
        }
        guard sxx > 0 else { return nil }
        let slope = sxy / sxx
        let intercept = meanY - slope * meanX
        var residuals = 0.0
        for index in 0..<n {
            let residual = y[index] - (intercept + slope * x[index])
            residuals += residual * residual
        }
        self.count = n
        self.slope = slope
        self.intercept = intercept
        self.meanX = meanX
        self.meanY = meanY
        self.sumOfSquaresX = sxx
        self.residualStandardDeviation = (residuals / Double(n - 2)).squareRoot()
    }

    public var slopeStandardError: Double {
        residualStandardDeviation / sumOfSquaresX.squareRoot()
    }

    public func value(at x: Double) -> Double {
        intercept + slope * x
    }
}
