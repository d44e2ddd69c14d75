import Foundation

/// A per-day amount chart (steps, calories, workouts), one bar per local calendar day, or per week or month on a
/// long chart.
public struct BarChart: Sendable {
    /// One entry per day; the chart does not aggregate, because summing suits steps but not,
    /// say, resting heart rate. Two entries on one day share its slot, the later drawn on top.
    public let bars: [ChartPoint]
    public let title: String
    public let emptyMessage: String
    public let valueDecimals: Int
    public let unit: String
    public let timeZone: TimeZone
    public let style: ChartStyle
    /// Drawn as a dashed horizontal line; the axis always reaches it so it is never off-chart.
    public let goal: Double?
    /// The language of the screen-reader summary.
    public let language: ChartLanguage
    /// What one bar stands for. A week's or month's bar spans from its date to its bucket's end; months are labelled
    /// with their year.
    public let bucket: ChartBucket
    /// The dates the x axis covers whether or not they have bars (a requested year): days before the first bar and
    /// after the last are empty slots, not cut off. Nil spans the bars alone.
    public let span: ClosedRange<Date>?

    public init(
        bars: [ChartPoint],
        title: String,
        emptyMessage: String,
        valueDecimals: Int = 0,
        unit: String = "",
        timeZone: TimeZone,
        style: ChartStyle = .standard,
        goal: Double? = nil,
        language: ChartLanguage = .en,
        bucket: ChartBucket = .day,
        span: ClosedRange<Date>? = nil
    ) {
        self.bucket = bucket
        self.span = span
        self.bars = bars
        self.title = title
        self.emptyMessage = emptyMessage
        self.valueDecimals = valueDecimals
        self.unit = unit
        self.timeZone = timeZone
        self.style = style
        self.goal = goal
        self.language = language
    }

    public var geometry: BarChartGeometry {
        BarChartGeometry(bars: bars, goal: goal, valueDecimals: valueDecimals, timeZone: timeZone, style: style, bucket: bucket, span: span)
    }

    public func svg() -> String {
        let geometry = geometry
        let calendar = DayCalendar(timeZone: timeZone)
        var writer = SVGWriter(style: style)
        writer.open(
            id: ChartIdentifier.make(kind: "bar", title: title, points: geometry.bars.map(\.point)),
            kind: "bar-chart",
            title: title,
            description: description(geometry, calendar: calendar)
        )
        guard !geometry.isEmpty else {
            writer.emptyMessage(emptyMessage)
            writer.close()
            return writer.markup
        }
        writer.yAxis(geometry.yTicks, plot: geometry.plot)
        writer.xAxis(geometry.xTicks, plot: geometry.plot)
        writer.unitLabel(unit, plot: geometry.plot)
        writer.open("g", [("class", "kc-bars"), ("fill", style.barColor)])
        for bar in geometry.bars {
            writer.element("rect", [
                ("class", "kc-bar"),
                ("x", SVGNumber.coordinate(bar.x)),
                ("y", SVGNumber.coordinate(bar.y)),
                ("width", SVGNumber.coordinate(bar.width)),
                ("height", SVGNumber.coordinate(bar.height)),
            ], tooltip: "\(bucket.tooltipLabel(bar.point.date, in: calendar)) \(SVGNumber.value(bar.point.value, decimals: valueDecimals, unit: unit))")
        }
        writer.end("g")
        if let goal, let goalY = geometry.goalY {
            // Drawn after the bars so it stays visible across days that exceed it.
            writer.goalLine(y: goalY, label: SVGNumber.value(goal, decimals: valueDecimals, unit: unit), plot: geometry.plot)
        }
        writer.close()
        return writer.markup
    }

    private func description(_ geometry: BarChartGeometry, calendar: DayCalendar) -> String {
        guard let first = geometry.bars.first, let last = geometry.bars.last else { return emptyMessage }
        let values = geometry.bars.map(\.point.value)
        func text(_ value: Double) -> String { SVGNumber.value(value, decimals: valueDecimals, unit: unit) }
        return ChartSummary(
            entries: bucket.entries,
            count: geometry.bars.count,
            firstDay: bucket.label(first.point.date, in: calendar),
            lastDay: bucket.label(last.point.date, in: calendar),
            lowest: text(values.min() ?? 0),
            highest: text(values.max() ?? 0),
            latest: text(last.point.value),
            // Only a goal that made it onto the chart is announced.
            goal: geometry.goalY == nil ? nil : goal.map(text)
        ).text(in: language)
    }
}
