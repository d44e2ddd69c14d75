import Charts
import Foundation
import Health
import Hummingbird
import Insights
import Services
import Storage

/// `/trends/{metric}`: one metric by week, month, year or a chosen range — its chart, the period's figures
/// and their changes, flagged values, and for weight the smoothed trend and forecast. No JavaScript: the
/// period switch is links and a GET form.
struct TrendsWebController {
    let insights: InsightsService
    let pages: WebRenderer

    /// Up to this many days a chart draws one mark per day; up to a year one per week, beyond one per month.
    static let dailyMarksUpTo = 92
    static let weeklyMarksUpTo = 366

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/trends", use: index)
        routes.get("/trends/{metric}", use: page)
        return routes
    }

    @Sendable func index(request: Request, context: AppRequestContext) async throws -> Response {
        let strings = WebStrings.table(context.language)
        var values = pages.base(context, title: strings["inAllMetrics"]!, csrf: nil)
        values["categories"] = Self.metricList(language: context.language)
        values["navTrends"] = true
        return pages.render("trends-index", values)
    }

    /// Every catalog metric grouped by category, each a link to its page.
    static func metricList(language: Language) -> [[String: Any]] {
        var seen: [MetricCategory] = []
        for metric in MetricCatalog.all where !seen.contains(metric.category) { seen.append(metric.category) }
        return seen.map { category in
            [
                "category": category.rawValue,
                "metrics": MetricCatalog.metrics(in: category).map { ["id": $0.id, "name": $0.name.text(in: language)] },
            ]
        }
    }

    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let userId = try user.savedId
        let language = context.language
        let strings = WebStrings.table(language)
        let metric = try InsightsService.metric(named: context.parameters.get("metric", as: String.self) ?? "")
        let timeZone = user.resolvedTimeZone
        let today = LocalDay(context.now, in: timeZone)
        let query = request.uri.queryParameters
        func parameter(_ name: String) -> String? { query[Substring(name)].map(String.init) }
        // A period the page cannot show (a reversed or unreadable range) shows this month with the reason above the
        // form, which keeps what was typed: the API refuses it with 400, and so does the page, but readably.
        let periodRequest: TrendPeriodRequest
        var refusal: LocalizedText?
        do {
            periodRequest = try TrendPeriodRequest.parse(
                period: parameter("period"), date: parameter("date"), from: parameter("from"), to: parameter("to"), today: today
            )
        } catch {
            refusal = error.message
            periodRequest = try TrendPeriodRequest.parse(period: nil, today: today)
        }
        let periodRefused = refusal != nil
        // A target the forecast cannot use is refused above the form like a bad period, the typed text kept in it.
        var target = user.targetWeightKg
        do {
            target = try Self.target(parameter("target"), user: user)
        } catch {
            refusal = refusal ?? error.message
        }
        let trend = try await insights.trend(
            userId: userId, metric: metric, request: periodRequest, today: today, timeZone: timeZone, target: target
        )

        let name = metric.name.text(in: language)
        var values = pages.base(context, title: "\(name) · \(strings["inTrends"]!)", csrf: context.session?.csrfToken)
        values["error"] = refusal?.text(in: language)
        values["anomalyBack"] = request.uri.description
        values["metricId"] = metric.id
        values["metricName"] = name
        values["periodText"] = "\(trend.period.first) – \(trend.period.last)"
        var targetSuffix = ""
        if let target, target != user.targetWeightKg { targetSuffix = "&target=\(target)" }
        var kinds: [[String: Any]] = []
        for kind in TrendPeriodRequest.Kind.allCases where kind != .custom {
            let href: String = "/trends/\(metric.id)?period=\(kind.rawValue)" + targetSuffix
            let label: String = strings[Self.labelKey(kind)] ?? kind.rawValue
            kinds.append(["href": href, "label": label, "current": kind == periodRequest.kind])
        }
        values["kinds"] = kinds
        if !targetSuffix.isEmpty, let target { values["targetParameter"] = String(target) }
        if periodRequest.kind == .month {
            values["reportHref"] = "/reports/" + ReportsWebController.monthText(year: trend.period.first.year, month: trend.period.first.month)
        }
        values["customCurrent"] = periodRequest.kind == .custom
        values["from"] = periodRefused ? parameter("from") ?? "" : trend.period.first.description
        values["to"] = periodRefused ? parameter("to") ?? "" : trend.period.last.description
        if let previous = periodRequest.previousAnchor {
            values["previousHref"] = "/trends/\(metric.id)?period=\(periodRequest.kind.rawValue)&date=\(previous)" + targetSuffix
        }
        if let next = periodRequest.nextAnchor(today: today) {
            values["nextHref"] = "/trends/\(metric.id)?period=\(periodRequest.kind.rawValue)&date=\(next)" + targetSuffix
        }
        values["chart"] = Self.chart(trend, language: language, strings: strings, timeZone: timeZone)
        values["chartNote"] = Self.chartNote(trend, strings: strings)
        let isLevel = metric.aggregation == AggregationKind.discrete
        let hint: Bool = trend.movingAverage.isEmpty && !trend.days.isEmpty && isLevel && trend.period.dayCount <= Self.weeklyMarksUpTo
        values["showMovingAverageHint"] = hint
        values["figures"] = InsightsFormatting.figures(trend.statistics, language: language, strings: strings)
        if let lowest = trend.lowestReading, let highest = trend.highestReading {
            values["readings"] = [
                "lowest": InsightsFormatting.value(lowest, metricID: metric.id, language: language) ?? "",
                "highest": InsightsFormatting.value(highest, metricID: metric.id, language: language) ?? "",
            ]
        }
        values["anomalies"] = trend.anomalies.map { InsightsFormatting.anomaly($0, language: language) }
        values["hasAnomalies"] = !trend.anomalies.isEmpty
        if let weight = trend.weight {
            var section = Self.weightSection(weight, target: target, trend: trend, language: language, strings: strings, timeZone: timeZone)
            section["targetForm"] = Self.targetForm(periodRequest, typed: parameter("target"), target: target)
            values["weight"] = section
        }
        if !trend.sleepStages.isEmpty {
            values["sleepStages"] = Self.sleepStagesSection(
                trend.sleepStages, period: trend.period, unit: Self.markUnit(days: trend.period.dayCount, aggregation: metric.aggregation),
                language: language, strings: strings, timeZone: timeZone
            )
        }
        values["navTrends"] = true
        return pages.render("trends", values, status: refusal == nil ? .ok : .badRequest)
    }

    /// The sleep page's second chart: each night as a stack of deep, core, REM and unstaged sleep, in hours, with
    /// the period's average per stage beside it in words (for people who would rather read than look). Its axis
    /// covers the period and its marks are the nightly chart's above it: nights, or beyond 92 days the average night
    /// of each week (`unit`) or month.
    static func sleepStagesSection(
        _ nights: [NightStages], period: DayPeriod, unit: CalendarUnit?, language: Language, strings: [String: String], timeZone: TimeZone
    ) -> [String: Any] {
        let marks = unit.map { NightStages.averaged(nights, by: $0, within: period) } ?? nights
        let colors: [SleepStage: String] = [.deep: "#1e3a8a", .core: "#3b82f6", .rem: "#22d3ee", .unspecified: "#94a3b8"]
        let stages = SleepStage.allCases
        let chart = StackedBarChart(
            days: marks.map { night in
                StackedBarChart.Day(date: WebFormatting.chartInstant(night.night, timeZone: timeZone), parts: stages.map { (night.minutes[$0] ?? 0) / 60 })
            },
            series: stages.map { StackedBarChart.Series(name: $0.name.text(in: language), color: colors[$0]!) },
            title: strings["inSleepStages"]!, emptyMessage: strings["noData"]!, valueDecimals: 1, unit: strings["inHoursUnit"]!,
            timeZone: timeZone, language: language.chartLanguage, bucket: Self.chartBucket(unit), span: Self.span(period, timeZone: timeZone)
        ).svg()
        let legend = stages.compactMap { stage -> [String: Any]? in
            let minutes = nights.map { $0.minutes[stage] ?? 0 }.reduce(0, +)
            guard minutes > 0 else { return nil }
            let average = minutes / Double(nights.count)
            return ["name": stage.name.text(in: language), "color": colors[stage]!, "average": InsightsFormatting.value(average, metricID: "sleepAnalysis", language: language) ?? ""]
        }
        return ["chart": chart, "legend": legend, "nights": nights.count]
    }

    static func labelKey(_ kind: TrendPeriodRequest.Kind) -> String {
        kind == .thirtyDays ? "in30Days" : "in" + kind.rawValue.capitalized
    }

    /// The weight page's "forecast for this target" form: a GET back to the same period with `target`, so a person
    /// can try a target without saving it in Settings. It keeps the period on screen (`period` and `date`, or a
    /// custom range's ends) and what was typed when it was refused.
    static func targetForm(_ request: TrendPeriodRequest, typed: String?, target: Double?) -> [String: Any] {
        var fields: [[String: String]] = [["name": "period", "value": request.kind.rawValue]]
        switch request.kind {
        case .custom:
            fields.append(["name": "from", "value": request.period.first.description])
            fields.append(["name": "to", "value": request.period.last.description])
        case .thirtyDays:
            fields.append(["name": "date", "value": request.period.last.description])
        case .week, .month, .year:
            fields.append(["name": "date", "value": request.period.first.description])
        }
        let shown = typed?.trimmingCharacters(in: .whitespaces) ?? target.map { String(format: "%g", $0) } ?? ""
        return ["fields": fields, "value": shown]
    }

    /// The target a forecast aims at: `?target=` when given, else the profile's target weight.
    static func target(_ text: String?, user: User) throws(InsightsError) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return user.targetWeightKg }
        guard let value = Double(text), value.isFinite, (20...500).contains(value) else { throw InsightsError.invalidTarget(text) }
        return value
    }

    static func chartNote(_ trend: MetricTrend, strings: [String: String]) -> String? {
        let days = trend.period.dayCount
        if days > weeklyMarksUpTo { return strings["inMonthlyNote"] }
        if trend.metric.aggregation != .discrete, days > dailyMarksUpTo { return strings["inWeeklyNote"] }
        if showsBand(trend) { return strings["inBandNote"] }
        if trend.metric.aggregation == .discrete, trend.lowestReading != nil { return strings["inDailyMeanNote"] }
        return nil
    }

    /// A level with days of several different readings (heart rate through a day) gets its daily range shaded.
    static func showsBand(_ trend: MetricTrend) -> Bool {
        trend.metric.aggregation == .discrete && trend.period.dayCount <= weeklyMarksUpTo
            && trend.metric.id != "bodyMass" && trend.days.contains { $0.max > $0.min }
    }

    /// What a chart's x axis covers: the whole requested period, from the first day's mark to the last's, so a
    /// year with data only from May still reads as a year, the months before as a gap.
    static func span(_ period: DayPeriod, timeZone: TimeZone) -> ClosedRange<Date> {
        WebFormatting.chartInstant(period.first, timeZone: timeZone)...WebFormatting.chartInstant(period.last, timeZone: timeZone)
    }

    /// What one mark of a period's chart stands for: nil for a day; a week for totals beyond `dailyMarksUpTo` days;
    /// a month for everything beyond `weeklyMarksUpTo`.
    static func markUnit(days: Int, aggregation: AggregationKind) -> CalendarUnit? {
        if days > weeklyMarksUpTo { return .month }
        if aggregation != .discrete, days > dailyMarksUpTo { return .week }
        return nil
    }

    static func chartBucket(_ unit: CalendarUnit?) -> ChartBucket {
        switch unit {
        case nil: .day
        case .week: .week
        case .month, .year: .month
        }
    }

    /// Bars for totals (steps, kcal, sleep), a line with its 7-day average for levels (weight, heart rate).
    /// Long periods are drawn as the average day of each week or month, so a year stays readable on a phone.
    static func chart(_ trend: MetricTrend, language: Language, strings: [String: String], timeZone: TimeZone) -> String {
        let metric = trend.metric
        let days = trend.period.dayCount
        let series = DailySeries(metricID: metric.id, aggregation: metric.aggregation, points: trend.points)
        let grouped: [TrendPoint]
        let unit = markUnit(days: days, aggregation: metric.aggregation)
        if let unit {
            grouped = series.grouped(by: unit, within: trend.period).compactMap { figures in
                figures.statistics.mean.map { TrendPoint(day: figures.period.first, value: $0) }
            }
        } else {
            grouped = trend.points
        }
        let bucket = chartBucket(unit)
        let toChart = { (points: [TrendPoint]) in
            points.map { ChartPoint(date: WebFormatting.chartInstant($0.day, timeZone: timeZone), value: $0.value) }
        }
        let title = RecordsWebController.nameWithUnit(metric, language)
        let emptyMessage = strings["noData"]!
        let span = Self.span(trend.period, timeZone: timeZone)
        switch metric.aggregation {
        case .cumulative, .duration:
            return BarChart(
                bars: toChart(grouped), title: title, emptyMessage: emptyMessage, valueDecimals: metric.decimals,
                unit: metric.unitLabel(in: language), timeZone: timeZone, language: language.chartLanguage, bucket: bucket, span: span
            ).svg()
        case .discrete:
            let daily = days <= weeklyMarksUpTo
            let band = daily && showsBand(trend)
                ? trend.days.map { ChartBand(date: WebFormatting.chartInstant($0.day, timeZone: timeZone), low: $0.min, high: $0.max) }
                : []
            return LineChart(
                points: toChart(grouped), movingAverage: daily ? toChart(trend.movingAverage) : [], band: band,
                title: title, emptyMessage: emptyMessage, valueDecimals: metric.decimals, unit: metric.unitLabel(in: language),
                timeZone: timeZone,
                legend: daily && !trend.movingAverage.isEmpty ? (series: metric.name.text(in: language), movingAverage: strings["movingAverage"]!) : nil,
                language: language.chartLanguage, pointsAreDays: daily, bucket: bucket, span: span
            ).svg()
        }
    }

    static func weightSection(
        _ weight: WeightAnalysis, target: Double?, trend: MetricTrend, language: Language, strings: [String: String], timeZone: TimeZone
    ) -> [String: Any] {
        var section: [String: Any] = [:]
        let inPeriod = trend.weightTrendInPeriod
        let toChart = { (day: LocalDay, value: Double) in ChartPoint(date: WebFormatting.chartInstant(day, timeZone: timeZone), value: value) }
        section["chart"] = LineChart(
            points: inPeriod.compactMap { point in point.reading.map { toChart(point.day, $0) } },
            movingAverage: inPeriod.map { toChart($0.day, $0.trend) },
            title: strings["inWeightTrend"]!, emptyMessage: strings["noData"]!, valueDecimals: 1, unit: "kg",
            timeZone: timeZone, legend: (series: strings["inFirstWeighing"]!, movingAverage: strings["inTrendLine"]!),
            goal: target, goalLabel: strings["inTarget"], language: language.chartLanguage, pointsAreDays: true,
            span: Self.span(trend.period, timeZone: timeZone)
        ).svg()
        if let latest = weight.trend.last {
            section["trendNow"] = InsightsFormatting.kilograms(latest.trend, decimals: 1)
        }
        if let rate = weight.rate {
            section["rate"] = InsightsFormatting.kilograms(rate.kilogramsPerWeek, signed: true)
                + " ± " + String(format: "%.2f", rate.standardErrorPerWeek)
            section["rateReadings"] = rate.readings
        }
        section["changes"] = weight.changes.map { change in
            ["days": change.days, "kilograms": InsightsFormatting.kilograms(change.kilograms, signed: true), "readings": change.readings] as [String: Any]
        }
        if let target {
            section["target"] = InsightsFormatting.kilograms(target, decimals: 1)
            switch weight.forecast ?? .insufficientData {
            case .expected(let date):
                var forecast: [String: Any] = ["date": date.date.description, "earliest": date.earliest.description]
                if let latest = date.latest { forecast["latest"] = latest.description } else { forecast["openEnded"] = true }
                section["forecast"] = forecast
            case .notApproaching:
                section["forecastMessage"] = strings["inNotApproaching"]
            case .insufficientData:
                section["forecastMessage"] = strings["inInsufficientData"]
            }
        } else {
            section["forecastMessage"] = strings["inNoTarget"]
        }
        return section
    }
}
