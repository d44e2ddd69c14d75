import Foundation
import Health

/// Estimated one-repetition maximum formulas. Each one is weight × a factor of the reps, so sums and
/// maxima over many sets can be computed from per-rep-count totals without visiting every set.
public enum E1RMFormula: String, Sendable, CaseIterable, Codable {
    case epley, brzycki, lombardi, lander, mayhew, oconner, wathan

    /// The one the BulkTrack app used, and Kiroku's default.
    public static let standard = E1RMFormula.epley

    public var name: LocalizedText {
        switch self {
        case .epley: .init(ja: "Epley（標準）", en: "Epley (default)")
        case .brzycki: .init(ja: "Brzycki", en: "Brzycki")
        case .lombardi: .init(ja: "Lombardi", en: "Lombardi")
        case .lander: .init(ja: "Lander", en: "Lander")
        case .mayhew: .init(ja: "Mayhew", en: "Mayhew")
        case .oconner: .init(ja: "O'Conner", en: "O'Conner")
        case .wathan: .init(ja: "Wathan", en: "Wathan")
        }
    }

    /// The estimated 1RM for `weight` lifted `reps` times. One rep is the lift itself, whatever the formula.
    public func estimate(weight: Double, reps: Double) -> Double {
        weight * factor(reps: reps)
    }

    /// e1RM / weight for a rep count. Reps may be fractional (a week's average reps).
    public func factor(reps: Double) -> Double {
        if reps <= 1 { return 1 }
        switch self {
        case .epley: return 1 + reps / 30
        // Brzycki's denominator reaches zero at 37 reps; beyond ~36 it stops meaning anything, so it is held there.
        case .brzycki: return 36 / (37 - min(reps, 36))
        case .lombardi: return pow(reps, 0.10)
        case .lander: return 100 / (101.3 - 2.67123 * min(reps, 37))
        case .mayhew: return 100 / (52.2 + 41.9 * exp(-0.055 * reps))
        case .oconner: return 1 + reps / 40
        case .wathan: return 100 / (48.8 + 53.8 * exp(-0.075 * reps))
        }
    }
}
