import Foundation

/// A daily-trend chart: the series as a line with dots, optionally a moving average over it.
public struct LineChart: Sendable {
    public let points: [ChartPoint]
    public let movingAverage: [ChartPoint]
    /// Each day's lowest-to-highest range, shaded behind the line (heart rate); empty for none.
    public let band: [ChartBand]
    public let title: String
    public let emptyMessage: String
    public let valueDecimals: Int
    public let unit: String
    public let timeZone: TimeZone
    public let style: ChartStyle
    public let legend: (series: String, movingAverage: String)?
    /// A target value, drawn as a dashed horizontal line; the axis always reaches it.
    public let goal: Double?
    /// The caller's word for the goal ("目標"), shown before its value on the line; without it the
    /// line is labelled with the value alone, as on `BarChart`.
    public let goalLabel: String?
    /// The language of the screen-reader summary.
    public let language: ChartLanguage
    /// Each point stands for a day (a day's mean, its first weighing), so the summary counts days ("4 日分"), not
    /// readings ("4 件") that a day of several weighings would contradict.
    public let pointsAreDays: Bool
    /// What one point stands for: a week's or month's point is joined only to the next week's or month's, and is
    /// named and counted as a week or month.
    public let bucket: ChartBucket
    /// The dates the x axis covers whether or not they have points (a requested year): nil spans the points alone.
    public let span: ClosedRange<Date>?

    public init(
        points: [ChartPoint],
        movingAverage: [ChartPoint] = [],
        band: [ChartBand] = [],
        title: String,
        emptyMessage: String,
        valueDecimals: Int = 1,
        unit: String = "",
        timeZone: TimeZone,
        style: ChartStyle = .standard,
        legend: (series: String, movingAverage: String)? = nil,
        goal: Double? = nil,
        goalLabel: String? = nil,
        language: ChartLanguage = .en,
        pointsAreDays: Bool = false,
        bucket: ChartBucket = .day,
        span: ClosedRange<Date>? = nil
    ) {
        self.bucket = bucket
        self.span = span
        self.points = points
        self.movingAverage = movingAverage
        self.band = band
        self.title = title
        self.emptyMessage = emptyMessage
        self.valueDecimals = valueDecimals
        self.unit = unit
        self.timeZone = timeZone
        self.style = style
        self.legend = legend
        self.goal = goal
        self.goalLabel = goalLabel
        self.language = language
        self.pointsAreDays = pointsAreDays
    }

    public var geometry: LineChartGeometry {
        LineChartGeometry(
            points: points,
            movingAverage: movingAverage,
            band: band,
            goal: goal,
            valueDecimals: valueDecimals,
            timeZone: timeZone,
            style: style,
            bucket: bucket,
            span: span
        )
    }

    public func svg() -> String {
        let geometry = geometry
        let calendar = DayCalendar(timeZone: timeZone)
        var writer = SVGWriter(style: style)
        writer.open(
            id: ChartIdentifier.make(kind: "line", title: title, points: (geometry.points + geometry.movingAverage).map(\.point)),
            kind: "line-chart",
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
        if let goal, let goalY = geometry.goalY {
            // Under the data, unlike on the bar chart: thin lines do not hide it, and the dots,
            // the actual measurements, should win where the two cross.
            writer.goalLine(y: goalY, label: goalText(goal), plot: geometry.plot)
        }

        // The band goes under everything: it is context for the line, not data to read first. A lone day is a
        // short vertical bar; a run of days an area from the highs forward and the lows back.
        for segment in geometry.bandSegments {
            let top = segment.enumerated().map { index, day in
                "\(index == 0 ? "M" : "L")\(SVGNumber.coordinate(day.x)) \(SVGNumber.coordinate(day.highY))"
            }
            let bottom = segment.reversed().map { "L\(SVGNumber.coordinate($0.x)) \(SVGNumber.coordinate($0.lowY))" }
            if segment.count == 1, let day = segment.first {
                writer.line(x1: day.x, y1: day.lowY, x2: day.x, y2: day.highY, attributes: [
                    ("class", "kc-band"), ("stroke", style.lineColor), ("stroke-opacity", "0.3"),
                    ("stroke-width", SVGNumber.coordinate(style.pointRadius * 2)), ("stroke-linecap", "round"),
                ])
            } else {
                writer.element("path", [
                    ("class", "kc-band"),
                    ("d", (top + bottom).joined(separator: " ") + " Z"),
                    ("fill", style.lineColor),
                    ("fill-opacity", "0.15"),
                    ("stroke", "none"),
                ])
            }
        }
        // Few points: the average goes under the series so the dots, the actual measurements, stay on top. Many
        // (a year of weigh-ins): the dots are small and faint and the average is drawn over them, or the daily
        // scatter would hide the trend it summarises.
        let dense = geometry.points.count > Self.denseAbove
        if !dense { drawMovingAverage(geometry, into: &writer) }
        for segment in geometry.segments {
            writer.element("path", [
                ("class", "kc-line"),
                ("d", Self.pathData(segment)),
                ("fill", "none"),
                ("stroke", style.lineColor),
                ("stroke-width", SVGNumber.coordinate(dense ? style.lineWidth / 2 : style.lineWidth)),
                ("stroke-linecap", "round"),
                ("stroke-linejoin", "round"),
            ] + (dense ? [("stroke-opacity", "0.5")] : []))
        }
        writer.open("g", [("class", "kc-points"), ("fill", style.lineColor)] + (dense ? [("fill-opacity", "0.5")] : []))
        for plotted in geometry.points {
            writer.element("circle", [
                ("cx", SVGNumber.coordinate(plotted.x)),
                ("cy", SVGNumber.coordinate(plotted.y)),
                ("r", SVGNumber.coordinate(dense ? style.pointRadius / 2 : style.pointRadius)),
            ], tooltip: "\(bucket.tooltipLabel(plotted.point.date, in: calendar)) \(SVGNumber.value(plotted.point.value, decimals: valueDecimals, unit: unit))")
        }
        writer.end("g")
        if dense { drawMovingAverage(geometry, into: &writer) }
        if let legend {
            drawLegend(legend, showsAverage: !geometry.movingAverage.isEmpty, plot: geometry.plot, into: &writer)
        }
        writer.close()
        return writer.markup
    }

    /// Above this many measurements the dots give way to the moving average (a 90-day view stays as it is).
    public static let denseAbove = 120

    private func drawMovingAverage(_ geometry: LineChartGeometry, into writer: inout SVGWriter) {
        for segment in geometry.movingAverageSegments {
            writer.element("path", [
                ("class", "kc-ma"),
                ("d", Self.pathData(segment)),
                ("fill", "none"),
                ("stroke", style.movingAverageColor),
                ("stroke-width", SVGNumber.coordinate(style.movingAverageWidth)),
                ("stroke-linecap", "round"),
                ("stroke-linejoin", "round"),
                ("stroke-opacity", "0.85"),
            ])
        }
    }

    /// "M x y L x y …"; a one-point segment becomes a bare move, which draws nothing and leaves
    /// that lone measurement to its dot.
    private static func pathData(_ points: [PlottedPoint]) -> String {
        points.enumerated().map { index, point in
            "\(index == 0 ? "M" : "L")\(SVGNumber.coordinate(point.x)) \(SVGNumber.coordinate(point.y))"
        }.joined(separator: " ")
    }

    private func formatted(_ value: Double) -> String {
        SVGNumber.value(value, decimals: valueDecimals, unit: unit)
    }

    /// "目標 65.0 kg"; an empty or missing label leaves just the value.
    private func goalText(_ goal: Double) -> String {
        guard let goalLabel, !goalLabel.isEmpty else { return formatted(goal) }
        return "\(goalLabel) \(formatted(goal))"
    }

    private func description(_ geometry: LineChartGeometry, calendar: DayCalendar) -> String {
        guard let first = geometry.points.first, let last = geometry.points.last else { return emptyMessage }
        let values = geometry.points.map(\.point.value)
        return ChartSummary(
            entries: bucket != .day ? bucket.entries : pointsAreDays ? .days : .measurements,
            count: geometry.points.count,
            firstDay: bucket.label(first.point.date, in: calendar),
            lastDay: bucket.label(last.point.date, in: calendar),
            lowest: formatted(values.min() ?? last.point.value),
            highest: formatted(values.max() ?? last.point.value),
            latest: formatted(last.point.value),
            // Only a goal that made it onto the chart is announced.
            goal: geometry.goalY == nil ? nil : goal.map(formatted)
        ).text(in: language)
    }

    /// The legend sits in the top padding, starting at the plot's left edge, so it never covers data.
    private func drawLegend(_ legend: (series: String, movingAverage: String), showsAverage: Bool, plot: ChartRect, into writer: inout SVGWriter) {
        var entries = [(legend.series, style.lineColor, style.lineWidth, "kc-line kc-swatch")]
        if showsAverage {
            entries.append((legend.movingAverage, style.movingAverageColor, style.movingAverageWidth, "kc-ma kc-swatch"))
        }
        let y = Swift.max(style.fontSize / 2 + 1, plot.y / 2)
        var x = plot.x
        writer.open("g", [("class", "kc-legend"), ("fill", style.textColor)])
        for (label, color, width, swatchClass) in entries {
            writer.line(x1: x, y1: y, x2: x + 14, y2: y, attributes: [
                ("class", swatchClass),
                ("stroke", color),
                ("stroke-width", SVGNumber.coordinate(width)),
                ("stroke-linecap", "round"),
            ])
            writer.element("text", [
                ("x", SVGNumber.coordinate(x + 18)),
                ("y", SVGNumber.coordinate(y)),
                ("dominant-baseline", "middle"),
            ], text: label)
            x += 18 + TextMetrics.width(of: label, fontSize: style.fontSize) + 12
        }
        writer.end("g")
    }
}
