import Foundation
import Health

/// What the advice rules look at, all as of `today`.
public struct AdviceContext: Sendable {
    public let today: LocalDay
    public let weight: WeightAnalysis?
    public let weightGoal: WeightGoal?
    public let steps: DailySeries?
    public let sleep: DailySeries?
    public let anomalies: [Anomaly]

    public init(
        today: LocalDay, weight: WeightAnalysis? = nil, weightGoal: WeightGoal? = nil, steps: DailySeries? = nil,
        sleep: DailySeries? = nil, anomalies: [Anomaly] = []
    ) {
        self.today = today
        self.weight = weight
        self.weightGoal = weightGoal
        self.steps = steps
        self.sleep = sleep
        self.anomalies = anomalies
    }
}

/// The advice rules, each explicit and tested, evaluated over the last 28 days:
///
/// - `weightPlateau`: goal is loss, ≥ 19 readings in the rate's window and |rate| < 0.1 kg/week → suggest
///   reviewing the plan (four flat weeks are not noise);
/// - `weightLossFast`: goal is loss and the rate is faster than −1 kg/week → point at the commonly recommended
///   0.5–1 kg/week (NICE);
/// - `weighMoreOften`: fewer than 9 weighings → the 14-day change and a steady rate need more;
/// - `stepsCoverageLow`: step data on under half of the days → suggest carrying the phone or wearing the watch;
/// - `sleepShort`: ≥ 14 nights recorded averaging under 7 h → note it;
/// - `checkAnomaly`: a flagged value in the last 7 days → ask whether it is right.
public enum AdviceRules {
    static let lookBackDays = 28

    public static func advise(_ context: AdviceContext) -> [Advice] {
        let recent = DayPeriod(first: context.today.adding(days: -(lookBackDays - 1)), last: context.today)
        var advice: [Advice] = []

        if let weight = context.weight {
            let readings = weight.trend.filter { !$0.isInterpolated && recent.contains($0.day) }.count
            if context.weightGoal == .lose, let rate = weight.rate, rate.readings >= 19, abs(rate.kilogramsPerWeek) < 0.1 {
                advice.append(Advice(id: "weightPlateau", text: LocalizedText(
                    ja: "体重が4週間ほぼ横ばいです。食事や活動の計画を見直してみませんか。",
                    en: "Your weight has held steady for four weeks. It may be time to review your plan."
                ), metricID: "bodyMass"))
            }
            if context.weightGoal == .lose, let rate = weight.rate, rate.kilogramsPerWeek < -1 {
                advice.append(Advice(id: "weightLossFast", text: LocalizedText(
                    ja: "体重が週1kgを超えるペースで減っています。一般に勧められるのは週0.5〜1kgです。",
                    en: "You are losing more than 1 kg a week; 0.5–1 kg a week is the pace commonly recommended."
                ), metricID: "bodyMass"))
            }
            if readings < 9 {
                advice.append(Advice(id: "weighMoreOften", text: LocalizedText(
                    ja: "直近4週間の計測が\(readings)回です。週に数回量ると、変化と予測が表示されます。",
                    en: "\(readings) weighings in the last four weeks. Weighing a few times a week shows your changes and forecast."
                ), metricID: "bodyMass"))
            }
        }

        if let steps = context.steps {
            let figures = PeriodFigures(series: steps, period: recent)
            if figures.coveragePercent < 50 {
                advice.append(Advice(id: "stepsCoverageLow", text: LocalizedText(
                    ja: "直近4週間で歩数の記録がある日は\(figures.daysWithData)日です。スマートフォンを持ち歩くか時計を着けると、正確な傾向が見られます。",
                    en: "Steps were recorded on \(figures.daysWithData) of the last 28 days. Carrying your phone or wearing your watch gives a truer trend."
                ), metricID: steps.metricID))
            }
        }

        if let sleep = context.sleep {
            let figures = PeriodFigures(series: sleep, period: recent)
            if figures.daysWithData >= 14, let mean = figures.statistics.mean, mean < 420 {
                let hours = InsightMetric.format(mean, metricID: sleep.metricID)
                advice.append(Advice(id: "sleepShort", text: LocalizedText(
                    ja: "直近4週間の平均睡眠は\(hours.ja)で、7時間を下回っています。",
                    en: "You slept \(hours.en) a night on average over the last four weeks, under 7 hours."
                ), metricID: sleep.metricID))
            }
        }

        let lastWeek = DayPeriod(first: context.today.adding(days: -6), last: context.today)
        for anomaly in context.anomalies where lastWeek.contains(anomaly.day) {
            advice.append(Advice(id: "checkAnomaly", text: anomaly.text, metricID: anomaly.metricID))
        }
        return advice
    }
}
