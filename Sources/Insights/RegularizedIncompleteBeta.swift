import Foundation

/// I_x(a, b), the regularized incomplete beta function: the Student t distribution's tail areas are values of
/// it, which is why p-values here need it. Evaluated with its continued fraction (modified Lentz's method),
/// using the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) to stay where the fraction converges quickly.
enum RegularizedIncompleteBeta {
    static func value(x: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let logBeta: Double = lgamma(a) + lgamma(b) - lgamma(a + b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logPowers - logBeta
        let front = exp(logFront)
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(x: x, a: a, b: b) / a
        }
        return 1 - front * continuedFraction(x: 1 - x, a: b, b: a) / b
    }

    /// The fraction 1/(1+ d1/(1+ d2/(1+ …))) with the even and odd coefficients of the incomplete beta.
    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        let epsilon = 1e-15
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var result = d
        for m in 1...500 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            if abs(d) < tiny { d = tiny }
            c = 1 + even / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            if abs(d) < tiny { d = tiny }
            c = 1 + odd / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < epsilon { break }
        }
        return result
    }
}
