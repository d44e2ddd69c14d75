/// Conversions multiply by inexact factors (1/60, 0.453…), so results are compared with a relative tolerance.
func isClose(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}
