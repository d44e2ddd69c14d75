import Foundation

/// The Mann–Whitney U test of "do days with the factor differ from days without?", with the normal
/// approximation, the tie correction of its variance and a continuity correction.
///
/// A rank test because the outcome's distribution is unknown and often skewed; the normal approximation is
/// adequate from about seven days on each side, which is the minimum insights require.
public struct MannWhitneyTest: Sendable, Equatable {
    /// U of the first group: how many (first, second) pairs have the first value higher, ties counting half.
    public let u: Double
    public let firstCount: Int
    public let secondCount: Int
    public let z: Double
    public let pValue: Double

    /// Nil when a group is empty or every value is tied.
    public init?(first: [Double], second: [Double]) {
        let n1 = Double(first.count)
        let n2 = Double(second.count)
        guard n1 > 0, n2 > 0 else { return nil }
        let all = first + second
        let ranks = Ranks.averaged(all)
        let rankSum = ranks.prefix(first.count).reduce(0, +)
        let u = rankSum - n1 * (n1 + 1) / 2
        let total = n1 + n2
        let variance = n1 * n2 / 12 * ((total + 1) - Ranks.tieSum(all) / (total * (total - 1)))
        guard variance > 0 else { return nil }
        let centred = u - n1 * n2 / 2
        let corrected = centred == 0 ? 0 : centred - 0.5 * (centred > 0 ? 1 : -1)
        let z = corrected / variance.squareRoot()
        self.u = u
        self.firstCount = first.count
        self.secondCount = second.count
        self.z = z
        self.pValue = min(1, StandardNormal.twoSidedPValue(z))
    }

    /// The rank-biserial correlation, −1…1: how strongly the first group tends to be higher.
    public var rankBiserial: Double {
        2 * u / (Double(firstCount) * Double(secondCount)) - 1
    }
}
