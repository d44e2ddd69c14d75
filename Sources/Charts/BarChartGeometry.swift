import Foundation

/// Where everything in a `BarChart` is drawn, in view-box units.
public struct BarChartGeometry: Sendable, Equatable {
    /// Bars never grow wider than this, so a week of data does not turn into a row of blocks.
    public static let maximumBarWidth = 40.0

    public let plot: ChartRect
    /// One rectangle per input bar, in date order.
    public let bars: [BarRect]
    /// Calendar days from the first bar's day (or the span's start, if earlier) to the span's end, or without a span
    /// to the end of the last bar's bucket; each gets a slot whether or not it has data.
    public let dayCount: Int
    public let slotWidth: Double
    /// The y of the zero line, which every bar stands on.
    public let baselineY: Double
    public let goalY: Double?
    public let yTicks: [YAxisTick]
    public let xTicks: [XAxisTick]
    /// The values at the bottom and top of the plot.
    public let valueRange: ClosedRange<Double>

    public var isEmpty: Bool { bars.isEmpty }

    init(
        bars rawBars: [ChartPoint], goal: Double?, valueDecimals: Int, timeZone: TimeZone, style: ChartStyle, bucket: ChartBucket = .day,
        span: ClosedRange<Date>? = nil
    ) {
        let plot = style.plot
        self.plot = plot
        let sorted = rawBars.enumerated()
            .filter { $0.element.value.isFinite }
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
        let calendar = DayCalendar(timeZone: timeZone)
        guard let first = sorted.first, let last = sorted.last else {
            bars = []
            dayCount = 0
            slotWidth = 0
            baselineY = plot.maxY
            goalY = nil
            yTicks = []
            xTicks = []
            valueRange = 0...1
            return
        }

        // Bars measure amounts from zero; a negative value (a data error for steps or calories)
        // is drawn as an empty day rather than hanging below the baseline.
        let goal = goal.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
        let highest = Swift.max(sorted.map { Swift.max(0, $0.value) }.max() ?? 0, goal ?? 0)
        let scale = YScale(lower: 0, upper: highest > 0 ? highest : 1, plot: plot, valueDecimals: valueDecimals)
        baselineY = scale.y(0)
        goalY = goal.map(scale.y)
        yTicks = scale.axisTicks
        valueRange = scale.lower...scale.upper

        // A requested period is drawn whole: weeks without data before the first bar or after the last are gaps on
        // the axis, not days the chart leaves out.
        let start = span.map { Swift.min($0.lowerBound, first.date) } ?? first.date
        // Without a period the axis reaches the end of the last bar's week or month, so it gets its whole width; a
        // period's last bucket ends with the period.
        let end = span.map { Swift.max($0.upperBound, last.date) }
            ?? calendar.dayStart(bucket.days(from: last.date, in: calendar) - 1, after: calendar.startOfDay(last.date))
        let firstDayStart = calendar.startOfDay(start)
        let dayCount = calendar.days(from: start, to: end) + 1
        let slot = plot.width / Double(dayCount)
        self.dayCount = dayCount
        slotWidth = slot
        bars = sorted.map { point in
            let dayIndex = calendar.days(from: firstDayStart, to: point.date)
            let top = scale.y(Swift.max(0, point.value))
            // A quarter of each bucket (a day, or a week's or month's days) is left empty so neighbouring bars read
            // apart; a bar never gets thinner than a pixel, or a long chart of days would lose its bars.
            let days = Double(Swift.min(bucket.days(from: point.date, in: calendar), dayCount - dayIndex))
            let barWidth = Swift.max(1, Swift.min(slot * days * 0.75, Self.maximumBarWidth))
            return BarRect(
                point: point,
                dayIndex: dayIndex,
                x: plot.x + slot * Double(dayIndex) + (slot * days - barWidth) / 2,
                y: top,
                width: barWidth,
                height: Swift.max(0, scale.y(0) - top)
            )
        }
        if bucket == .month {
            // A label per month at most, every few months on a long chart, each with its year.
            let gap = TextMetrics.width(of: "2025/12", fontSize: style.fontSize) + 6
            var ticks: [XAxisTick] = []
            for bar in bars.reversed() {
                let x = bar.x + bar.width / 2
                if let previous = ticks.last, previous.x - x < gap { continue }
                ticks.append(XAxisTick(label: calendar.monthLabel(bar.point.date), x: x))
            }
            xTicks = ticks.reversed()
            return
        }

        let layout = XAxisLayout(
            calendar: calendar,
            firstDayStart: firstDayStart,
            dayCount: dayCount,
            dayWidth: slot,
            fontSize: style.fontSize
        )
        xTicks = layout.ticks { dayIndex, _ in plot.x + slot * (Double(dayIndex) + 0.5) }
    }
}
