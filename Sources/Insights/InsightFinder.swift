import Foundation
import Health

/// Finds how a person's daily series go together, and shows only what the data supports.
///
/// Every pair of series is tested with Spearman's ρ on detrended values (see `Detrending`) at lags 0, 1 and 2
/// days — the leading series on day d against the following one on day d + lag, both ways round — and every
/// yes/no factor with the Mann–Whitney test against each other series on the same day. All p-values of one
/// run get Benjamini–Hochberg q-values together. A correlation is shown with at least 28 paired days,
/// |ρ| ≥ 0.3 and q < 0.05; a factor with at least 7 days each way and q < 0.05. Pairs with too few days are
/// not tested at all, so they do not dilute the others' q-values. A same-day relationship found by more than one
/// test, or both ways round, is shown once (see `oncePerRelationship`).
///
/// The weight trend change never leads at a lag: it is already the change into the next day, and "weight
/// change today, steps in two days" is not a question worth a test (each test costs the others power).
///
/// Raw weight never enters (two drifting series always "correlate"): pass the next-day change in trend as
/// `InsightMetric.weightTrendChange` (see `DailySeries.weightTrendChange(_:)`).
public enum InsightFinder {
    public static let lags = [0, 1, 2]
    public static let minimumPairedDays = 28
    public static let minimumStrength = 0.3
    public static let maximumQValue = 0.05
    public static let minimumDaysEachWay = 7
    /// The default look-back: a season of data, recent enough to describe the person as they are now.
    public static let defaultWindowDays = 90

    /// Every test of the run (for transparency) and the ones that pass the bar, best first.
    public struct Result: Sendable, Equatable {
        public let tested: [Insight]
        public let shown: [Insight]
    }

    public static func find(
        series: [DailySeries],
        factors: [BinaryFactor] = BinaryFactor.defaults,
        window: DayPeriod,
        weightGoal: WeightGoal? = nil
    ) -> Result {
        var seen: Set<String> = []
        let usable = series.filter {
            !InsightMetric.excludedLevels.contains($0.metricID) && seen.insert($0.metricID).inserted
        }
        // A same-day pair is told with the earlier series of `InsightMetric.tellingOrder` leading ("on days you
        // walked more, your active energy…", not the other way round); the weight trend change is last, so it only
        // ever follows (see above). Within one place of the order, by id.
        func rank(_ one: DailySeries) -> (Int, String) {
            (InsightMetric.tellingOrder(one.metricID), one.metricID)
        }
        let usableOrdered = usable.sorted { rank($0) < rank($1) }
        let margin = DayPeriod(
            first: window.first.adding(days: -Detrending.halfWindow), last: window.last.adding(days: Detrending.halfWindow)
        )
        let prepared = usableOrdered.map { one in
            let points = one.points(in: margin)
            let raw = Dictionary(uniqueKeysWithValues: points.map { ($0.day, $0.value) })
            return PreparedSeries(id: one.metricID, raw: raw, residuals: Detrending.residuals(points))
        }

        var candidates: [Candidate] = []
        for (i, first) in prepared.enumerated() {
            for second in prepared[(i + 1)...] {
                for lag in lags {
                    if lag == 0 || first.id != InsightMetric.weightTrendChange,
                       let forward = spearman(first, second, lag: lag, window: window) {
                        candidates.append(forward)
                    }
                    if lag > 0, second.id != InsightMetric.weightTrendChange,
                       let reverse = spearman(second, first, lag: lag, window: window) {
                        candidates.append(reverse)
                    }
                }
            }
        }
        for factor in factors {
            guard let source = prepared.first(where: { $0.id == factor.metricID }) else { continue }
            for outcome in prepared where outcome.id != source.id {
                if let candidate = mannWhitney(factor, source, outcome, window: window) { candidates.append(candidate) }
            }
        }

        let qValues = BenjaminiHochberg.qValues(candidates.map(\.pValue))
        let tested = zip(candidates, qValues).map { candidate, q in candidate.insight(qValue: q, weightGoal: weightGoal) }
        let passing = zip(candidates, tested).filter { candidate, insight in
            insight.qValue < maximumQValue && candidate.passesEffectBar
        }.map(\.1)
        return Result(tested: tested, shown: oncePerRelationship(passing).sorted {
            ($0.confidence, abs($0.strength)) > ($1.confidence, abs($1.strength))
        })
    }

    /// One insight per relationship. On the same day "active energy above its median goes with more steps" and
    /// "8,000 steps or more goes with more active energy" are one finding told twice, whichever way round and
    /// by whichever test; at a lag the direction is the question, so each way stays its own. The most confident
    /// telling is kept and, on a tie, a yes/no factor's: people think in "days I walked 8,000 steps" more than in
    /// "days above my median".
    static func oncePerRelationship(_ insights: [Insight]) -> [Insight] {
        func preferred(_ one: Insight, over other: Insight) -> Bool {
            if one.confidence != other.confidence { return one.confidence > other.confidence }
            if one.method != other.method { return one.method == .mannWhitney }
            return abs(one.strength) > abs(other.strength)
        }
        var kept: [String: Insight] = [:]
        var order: [String] = []
        for insight in insights {
            let pair = insight.lag == 0
                ? [insight.leadingMetricID, insight.followingMetricID].sorted().joined(separator: "~")
                : "\(insight.leadingMetricID)~\(insight.followingMetricID)"
            let key = "\(pair)@\(insight.lag)"
            if let current = kept[key] {
                if preferred(insight, over: current) { kept[key] = insight }
            } else {
                kept[key] = insight
                order.append(key)
            }
        }
        return order.compactMap { kept[$0] }
    }

    struct PreparedSeries {
        let id: String
        let raw: [LocalDay: Double]
        let residuals: [LocalDay: Double]
    }

    private static func spearman(_ leading: PreparedSeries, _ following: PreparedSeries, lag: Int, window: DayPeriod)
        -> Candidate? {
        var x: [Double] = []
        var y: [Double] = []
        var rawX: [Double] = []
        var rawY: [Double] = []
        for day in window.days {
            let later = day.adding(days: lag)
            guard window.contains(later), let rx = leading.residuals[day], let ry = following.residuals[later],
                  let vx = leading.raw[day], let vy = following.raw[later]
            else { continue }
            x.append(rx)
            y.append(ry)
            rawX.append(vx)
            rawY.append(vy)
        }
        guard x.count >= minimumPairedDays, let test = SpearmanCorrelation(x: x, y: y, adjustingForAutocorrelation: true),
              let median = PeriodStatistics.median(ofSorted: rawX.sorted())
        else { return nil }
        var high = zip(rawX, rawY).filter { $0.0 > median }.map(\.1)
        var other = zip(rawX, rawY).filter { $0.0 <= median }.map(\.1)
        if high.isEmpty || other.isEmpty {
            high = zip(rawX, rawY).filter { $0.0 >= median }.map(\.1)
            other = zip(rawX, rawY).filter { $0.0 < median }.map(\.1)
        }
        guard !high.isEmpty, !other.isEmpty else { return nil }
        return Candidate(
            method: .spearman, leading: leading.id, following: following.id, lag: lag, days: x.count,
            strength: test.rho, pValue: test.pValue, high: high, other: other,
            condition: InsightCondition.above(metricID: leading.id, median: median),
            passesEffectBar: abs(test.rho) >= minimumStrength
        )
    }

    private static func mannWhitney(
        _ factor: BinaryFactor, _ source: PreparedSeries, _ outcome: PreparedSeries, window: DayPeriod
    ) -> Candidate? {
        var yes: [Double] = []
        var no: [Double] = []
        var rawYes: [Double] = []
        var rawNo: [Double] = []
        for day in window.days {
            guard let value = source.raw[day], let residual = outcome.residuals[day], let raw = outcome.raw[day]
            else { continue }
            if value >= factor.threshold {
                yes.append(residual)
                rawYes.append(raw)
            } else {
                no.append(residual)
                rawNo.append(raw)
            }
        }
        guard yes.count >= minimumDaysEachWay, no.count >= minimumDaysEachWay,
              let test = MannWhitneyTest(first: yes, second: no)
        else { return nil }
        return Candidate(
            method: .mannWhitney, leading: factor.id, following: outcome.id, lag: 0, days: yes.count + no.count,
            strength: test.rankBiserial, pValue: test.pValue, high: rawYes, other: rawNo,
            condition: InsightCondition.factor(factor), passesEffectBar: true
        )
    }
}
