import Foundation

/// The Student t distribution: p-values of correlations (t with n − 2 degrees of freedom) and the width of
/// the forecast interval (a slope estimated from a few weeks of readings is itself uncertain).
public struct StudentT: Sendable {
    public let degreesOfFreedom: Double

    public init(degreesOfFreedom: Double) {
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// P(T ≤ t), from P(|T| > |t|) = I_{ν/(ν+t²)}(ν/2, 1/2).
    public func cumulative(_ t: Double) -> Double {
        let tail = twoSidedPValue(t) / 2
        return t >= 0 ? 1 - tail : tail
    }

    /// P(|T| ≥ |t|).
    public func twoSidedPValue(_ t: Double) -> Double {
        guard t.isFinite else { return t.isNaN ? 1 : 0 }
        let nu = degreesOfFreedom
        return RegularizedIncompleteBeta.value(x: nu / (nu + t * t), a: nu / 2, b: 0.5)
    }

    /// The t with P(T ≤ t) = probability, found by bisection: called a few times per analysis, where a
    /// hundred halvings cost nothing and cannot fail to converge.
    public func quantile(_ probability: Double) -> Double {
        precondition(probability > 0 && probability < 1, "a quantile needs a probability strictly between 0 and 1")
        var low = -1e6
        var high = 1e6
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if cumulative(middle) < probability { low = middle } else { high = middle }
            if high - low < 1e-12 { break }
        }
        return (low + high) / 2
    }
}

/// The standard normal distribution, for the Mann–Whitney test's large-sample approximation.
enum StandardNormal {
    static func twoSidedPValue(_ z: Double) -> Double {
        erfc(abs(z) / 2.0.squareRoot())
    }
}
