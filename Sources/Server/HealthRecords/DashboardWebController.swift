import Charts
import Foundation
import Health
import Hummingbird
import Services
import Storage

/// `/`: today's core metrics at a glance, the weight trend with its moving average, steps per day.
struct DashboardWebController {
    let summaries: SummaryService
    let records: HealthRecordService
    let motivation: MotivationService
    let insights: InsightsService
    let pages: WebRenderer
    let csrf: CSRFProtection

    /// Days shown, or "all": from the first weight or steps record to today (an imported history included).
    static let ranges = ["30", "90", "365", "all"]
    /// Beyond a year, steps are drawn as one bar per month (the month's average day) instead of one per day.
    static let dailyBarsUpTo = 366

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/", use: dashboard)
        return routes
    }

    @Sendable func dashboard(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let userId = try user.savedId
        let strings = WebStrings.table(context.language)
        let timeZone = user.resolvedTimeZone
        let today = LocalDay(context.now, in: timeZone)
        // From the 1st, last month's report goes to the inbox once, the first time the person opens Kiroku.
        try await insights.postMonthlyReportIfDue(user: user, now: context.now)
        let range = request.uri.queryParameters["range"].map(String.init).flatMap { Self.ranges.contains($0) ? $0 : nil } ?? "30"
        let from: LocalDay
        if let days = Int(range) {
            from = today.adding(days: -(days - 1))
        } else {
            let first = try await records.earliestRecordStart(userId: userId, metrics: ["bodyMass", "stepCount"])
            from = min(first.map { LocalDay($0, in: timeZone) } ?? today, today)
        }

        var values = pages.base(context, title: strings["dashboard"]!, csrf: csrf.token(for: request, context: context).token)
        var tiles: [[String: Any]] = []
        var latestByMetric: [String: HealthRecord] = [:]
        for metric in MetricCatalog.core {
            let trend = try await summaries.trend(userId: userId, metric: metric, from: today, to: today, timeZone: timeZone)
            let latest = try await records.latestRecord(userId: userId, metric: metric.id)
            latestByMetric[metric.id] = latest
            var tile: [String: Any] = ["name": metric.name.text(in: context.language), "unit": metric.unitLabel(in: context.language), "id": metric.id]
            // A measurement (weight, heart rate) shows the latest one with its time, the figure BMI and "kg to go"
            // use below; a day's mean of several weigh-ins next to them read as a contradiction.
            if metric.aggregation == .discrete, let latest {
                tile["value"] = metric.format(latest.value)
                tile["asOf"] = WebFormatting.dateTime(latest.startAt, timeZone: timeZone)
            } else if let summary = trend.days.first {
                tile["value"] = metric.format(summary.value)
            } else {
                tile["value"] = "—"
            }
            tiles.append(tile)
        }

        let weight = MetricCatalog.metric(named: "bodyMass")!
        if let latestWeight = latestByMetric[weight.id] {
            values["body"] = Self.bodyFacts(latestWeight: latestWeight.value, user: user, language: context.language, strings: strings)
        }
        let weightTrend = try await summaries.trend(userId: userId, metric: weight, from: from, to: today, timeZone: timeZone)
        let weightChart = LineChart(
            points: weightTrend.days.map { ChartPoint(date: WebFormatting.chartInstant($0.day, timeZone: timeZone), value: $0.value) },
            movingAverage: weightTrend.movingAverage.map { ChartPoint(date: WebFormatting.chartInstant($0.day, timeZone: timeZone), value: $0.value) },
            title: "\(strings["weightTrend"]!) (\(weight.canonicalUnit))",
            emptyMessage: strings["noData"]!,
            valueDecimals: weight.decimals, unit: weight.canonicalUnit, timeZone: timeZone,
            legend: (series: weight.name.text(in: context.language), movingAverage: strings["movingAverage"]!),
            goal: user.targetWeightKg, goalLabel: strings["target"], language: context.language.chartLanguage
        )
        let steps = MetricCatalog.metric(named: "stepCount")!
        let stepsTrend = try await summaries.trend(userId: userId, metric: steps, from: from, to: today, timeZone: timeZone)
        let monthlySteps = from.days(until: today) >= Self.dailyBarsUpTo
        let stepBars = monthlySteps
            ? MonthlyAverage.of(stepsTrend.days.map { TrendPoint(day: $0.day, value: $0.value) })
            : stepsTrend.days.map { TrendPoint(day: $0.day, value: $0.value) }
        let stepsTitle = monthlySteps ? strings["stepsMonthly"]! : strings["stepsTrend"]!
        let stepsChart = BarChart(
            bars: stepBars.map { ChartPoint(date: WebFormatting.chartInstant($0.day, timeZone: timeZone), value: $0.value) },
            title: stepsTitle, emptyMessage: strings["noData"]!,
            valueDecimals: 0, unit: "", timeZone: timeZone, language: context.language.chartLanguage, bucket: monthlySteps ? .month : .day
        )

        values["today"] = today.description
        values["tiles"] = tiles
        values["weightChart"] = weightChart.svg()
        values["stepsChart"] = stepsChart.svg()
        values["stepsTitle"] = stepsTitle
        values["weightDays"] = weightTrend.days.count
        values["showMovingAverageHint"] = weightTrend.movingAverage.isEmpty && !weightTrend.days.isEmpty
        values["ranges"] = Self.ranges.map { option in
            ["days": option, "label": strings["days\(option)"] ?? option, "current": option == range]
        }
        values["navDashboard"] = true
        let streaks = try await motivation.streaks(userId: userId, now: context.now)
        values["streak"] = MotivationWebController.streakStrip(streaks.overall, today: streaks.today, strings: strings)
        try await MotivationWebController.addCelebration(to: &values, motivation: motivation, userId: userId, context: context)
        let activeGoals = try await motivation.goals(userId: userId, now: context.now).filter(\.row.isActive)
        values["goals"] = activeGoals.prefix(3).map { GoalsWebController.goalValues($0, language: context.language, strings: strings) }
        return pages.render("dashboard", values)
    }

    /// BMI (when the profile has a height) and the distance to the target weight (when it has one).
    static func bodyFacts(latestWeight: Double, user: User, language: Language, strings: [String: String]) -> [String: Any] {
        var facts: [String: Any] = [:]
        if let height = user.heightCm, let bmi = BodyMassIndex(weightKg: latestWeight, heightCm: height) {
            facts["bmi"] = String(format: "%.1f", bmi.value)
            facts["bmiCategory"] = bmi.category.name.text(in: language)
        }
        if let target = user.targetWeightKg {
            let remaining = latestWeight - target
            facts["target"] = String(format: "%.1f", target)
            if abs(remaining) < 0.05 {
                facts["targetMessage"] = strings["targetReached"]
            } else {
                let amount = String(format: "%.1f", abs(remaining))
                facts["targetMessage"] = remaining > 0
                    ? LocalizedText(ja: "目標まであと \(amount) kg", en: "\(amount) kg to go").text(in: language)
                    : LocalizedText(ja: "目標より \(amount) kg 少ない", en: "\(amount) kg under target").text(in: language)
            }
        }
        return facts
    }
}

extension Language {
    /// Charts know nothing of Health's types; they take their own language value.
    var chartLanguage: ChartLanguage {
        switch self {
        case .ja: .ja
        case .en: .en
        }
    }
}
