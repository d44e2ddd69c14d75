import Foundation

/// Spearman's rank correlation with its two-sided p-value.
///
/// Ranks rather than raw values, because health series are skewed and spiky: one 30,000-step hike should not
/// decide whether steps and sleep go together. The p-value uses the t approximation with n − 2 degrees of
/// freedom, t = ρ·√((n − 2)/(1 − ρ²)), good from about ten pairs; insights need 28.
///
/// Days are not independent draws: a detrended series swings back around its weekly median, weight trend
/// changes carry over from day to day. Two autocorrelated series "correlate" by chance more often than n
/// suggests (about twice as often at p < 0.01 for residuals from a 7-day median, measured). With
/// `adjustingForAutocorrelation` the test uses the effective number of pairs (Bartlett; Pyper & Peterman 1998),
/// 1/n′ = 1/n + (2/n)·Σⱼ ((n − j)/n)·rₓ(j)·r_y(j) over lags j ≤ 10 of the ranks' autocorrelations, never above n.
/// The pairs must then be given in day order.
public struct SpearmanCorrelation: Sendable, Equatable {
    public let rho: Double
    public let count: Int
    /// The number of independent pairs the series are worth; `count` unless adjusted.
    public let effectiveCount: Double
    public let pValue: Double

    /// Nil with fewer than four pairs or when either side is constant (no ranks to correlate).
    public init?(x: [Double], y: [Double], adjustingForAutocorrelation: Bool = false) {
        let n = min(x.count, y.count)
        guard n >= 4 else { return nil }
        let rx = Ranks.averaged(Array(x.prefix(n)))
        let ry = Ranks.averaged(Array(y.prefix(n)))
        let mean = Double(n + 1) / 2
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for index in 0..<n {
            let dx = rx[index] - mean
            let dy = ry[index] - mean
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        guard sxx > 0, syy > 0 else { return nil }
        let rho = max(-1, min(1, sxy / (sxx * syy).squareRoot()))
        let centredX = rx.map { $0 - mean }
        let centredY = ry.map { $0 - mean }
        let effective = adjustingForAutocorrelation
            ? Self.effectiveCount(centredX, sxx, centredY, syy)
            : Double(n)
        self.rho = rho
        self.count = n
        self.effectiveCount = effective
        if abs(rho) >= 1 {
            pValue = 0
        } else {
            let degrees = max(1, effective - 2)
            let t = rho * (degrees / (1 - rho * rho)).squareRoot()
            pValue = StudentT(degreesOfFreedom: degrees).twoSidedPValue(t)
        }
    }

    static let autocorrelationLags = 10

    private static func effectiveCount(_ x: [Double], _ sxx: Double, _ y: [Double], _ syy: Double) -> Double {
        let n = x.count
        let lags = min(autocorrelationLags, n / 4)
        var sum = 0.0
        if lags >= 1 {
            for lag in 1...lags {
                var ax = 0.0
                var ay = 0.0
                for index in 0..<(n - lag) {
                    ax += x[index] * x[index + lag]
                    ay += y[index] * y[index + lag]
                }
                sum += Double(n - lag) / Double(n) * (ax / sxx) * (ay / syy)
            }
        }
        let inverse = 1 / Double(n) + 2 / Double(n) * sum
        return min(Double(n), max(4, 1 / max(inverse, 1e-12)))
    }
}
