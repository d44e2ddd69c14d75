import Foundation

/// One week of a `WeeklyBarLineChart`: its label ("11/23"), the bar's value and, optionally, the overlay's.
public struct WeeklyBarLinePoint: Sendable, Equatable {
    public let label: String
    public let bar: Double
    public let line: Double?

    public init(label: String, bar: Double, line: Double? = nil) {
        self.label = label
        self.bar = bar
        self.line = line
    }
}

/// Weekly bars (training volume) with a second series drawn over them as a line on its own right-hand axis
/// (body weight), so a person sees both on one time line. Weeks are evenly spaced slots; empty weeks are gaps.
public struct WeeklyBarLineChart: Sendable {
    public let points: [WeeklyBarLinePoint]
    public let title: String
    public let emptyMessage: String
    public let barUnit: String
    public let lineUnit: String
    public let legend: (bar: String, line: String)
    public let language: ChartLanguage
    public let style: ChartStyle

    public init(
        points: [WeeklyBarLinePoint], title: String, emptyMessage: String, barUnit: String, lineUnit: String,
        legend: (bar: String, line: String), language: ChartLanguage = .en,
        style: ChartStyle = ChartStyle(padding: ChartPadding(left: 44, right: 36, top: 24, bottom: 28))
    ) {
        self.points = points
        self.title = title
        self.emptyMessage = emptyMessage
        self.barUnit = barUnit
        self.lineUnit = lineUnit
        self.legend = legend
        self.language = language
        self.style = style
    }

    public func svg() -> String {
        var writer = SVGWriter(style: style)
        let identity = points.enumerated().map { ChartPoint(date: Date(timeIntervalSince1970: Double($0.offset)), value: $0.element.bar) }
        writer.open(id: ChartIdentifier.make(kind: "weekly", title: title, points: identity), kind: "weekly-chart", title: title, description: description)
        guard points.contains(where: { $0.bar > 0 || $0.line != nil }) else {
            writer.emptyMessage(emptyMessage)
            writer.close()
            return writer.markup
        }
        let plot = style.plot
        let barScale = YScale(lower: 0, upper: Swift.max(points.map(\.bar).max() ?? 0, 1), plot: plot, valueDecimals: 0)
        writer.yAxis(barScale.axisTicks, plot: plot)
        writer.unitLabel(barUnit, plot: plot)
        let slot = plot.width / Double(Swift.max(points.count, 1))
        let barWidth = Swift.max(1, Swift.min(slot * 0.7, 28))
        func centre(_ index: Int) -> Double { plot.x + slot * (Double(index) + 0.5) }

        writer.open("g", [("class", "kc-bars"), ("fill", style.barColor)])
        for (index, point) in points.enumerated() where point.bar > 0 {
            let top = barScale.y(point.bar)
            writer.element("rect", [
                ("class", "kc-bar"),
                ("x", SVGNumber.coordinate(centre(index) - barWidth / 2)), ("y", SVGNumber.coordinate(top)),
                ("width", SVGNumber.coordinate(barWidth)), ("height", SVGNumber.coordinate(Swift.max(0, barScale.y(0) - top))),
            ], tooltip: "\(point.label) \(SVGNumber.value(point.bar, decimals: 0, unit: barUnit))")
        }
        writer.end("g")
        xLabels(&writer, plot: plot, centre: centre)
        overlay(&writer, plot: plot, centre: centre)
        legendRow(&writer, plot: plot)
        writer.close()
        return writer.markup
    }

    /// Week labels, thinned so they never overlap on a phone: every n-th week, always the last.
    private func xLabels(_ writer: inout SVGWriter, plot: ChartRect, centre: (Int) -> Double) {
        let widest = points.map { TextMetrics.width(of: $0.label, fontSize: style.fontSize) }.max() ?? 0
        let every = Swift.max(1, Int(((widest + 6) / (plot.width / Double(Swift.max(points.count, 1)))).rounded(.up)))
        let ticks = points.indices.reversed().filter { (points.count - 1 - $0) % every == 0 }.reversed().map {
            XAxisTick(label: points[$0].label, x: centre($0))
        }
        writer.xAxis(Array(ticks), plot: plot)
    }

    private func overlay(_ writer: inout SVGWriter, plot: ChartRect, centre: (Int) -> Double) {
        let values = points.compactMap(\.line)
        guard let low = values.min(), let high = values.max() else { return }
        let scale = YScale(lower: low - 0.5, upper: high + 0.5, plot: plot, valueDecimals: 1)
        writer.open("g", [("class", "kc-axis kc-y2-labels"), ("fill", style.movingAverageTextColor), ("text-anchor", "start")])
        for tick in scale.axisTicks {
            writer.element("text", [("x", SVGNumber.coordinate(plot.maxX + 4)), ("y", SVGNumber.coordinate(tick.y)), ("dominant-baseline", "middle")], text: tick.label)
        }
        writer.end("g")
        let placed = points.enumerated().compactMap { index, point in point.line.map { (x: centre(index), y: scale.y($0), point: point) } }
        let path = placed.enumerated().map { "\($0.offset == 0 ? "M" : "L")\(SVGNumber.coordinate($0.element.x)) \(SVGNumber.coordinate($0.element.y))" }.joined(separator: " ")
        writer.element("path", [
            ("class", "kc-overlay"), ("d", path), ("fill", "none"), ("stroke", style.movingAverageColor),
            ("stroke-width", SVGNumber.coordinate(style.lineWidth + 0.5)), ("stroke-linejoin", "round"),
        ])
        writer.open("g", [("class", "kc-overlay-points"), ("fill", style.movingAverageColor)])
        for placed in placed {
            writer.element("circle", [("cx", SVGNumber.coordinate(placed.x)), ("cy", SVGNumber.coordinate(placed.y)), ("r", SVGNumber.coordinate(style.pointRadius))],
                           tooltip: "\(placed.point.label) \(SVGNumber.value(placed.point.line ?? 0, decimals: 1, unit: lineUnit))")
        }
        writer.end("g")
    }

    private func legendRow(_ writer: inout SVGWriter, plot: ChartRect) {
        let y = Swift.max(style.fontSize, plot.y - 8)
        writer.element("rect", [("x", SVGNumber.coordinate(plot.x + 4)), ("y", SVGNumber.coordinate(y - 8)), ("width", "10"), ("height", "8"), ("fill", style.barColor)])
        writer.element("text", [("x", SVGNumber.coordinate(plot.x + 18)), ("y", SVGNumber.coordinate(y)), ("fill", style.textColor)], text: legend.bar)
        guard points.contains(where: { $0.line != nil }) else { return }
        let x = plot.x + 30 + TextMetrics.width(of: legend.bar, fontSize: style.fontSize)
        writer.line(x1: x, y1: y - 4, x2: x + 12, y2: y - 4, attributes: [("stroke", style.movingAverageColor), ("stroke-width", "2")])
        writer.element("text", [("x", SVGNumber.coordinate(x + 16)), ("y", SVGNumber.coordinate(y)), ("fill", style.textColor)], text: legend.line)
    }

    /// What a screen reader announces: the number of weeks, the busiest and the latest week, the latest line value.
    private var description: String {
        guard let last = points.last, let busiest = points.max(by: { $0.bar < $1.bar }), busiest.bar > 0 || last.line != nil else { return emptyMessage }
        let latestLine = points.reversed().lazy.compactMap { point in point.line.map { (label: point.label, line: $0) } }.first
        let bar = { (value: Double) in SVGNumber.value(value, decimals: 0, unit: barUnit) }
        switch language {
        case .en:
            var text = "\(points.count) weeks to \(last.label); highest \(bar(busiest.bar)) in the week of \(busiest.label), latest \(bar(last.bar))"
            if let latestLine { text += "; \(legend.line) \(SVGNumber.value(latestLine.line, decimals: 1, unit: lineUnit)) in the week of \(latestLine.label)" }
            return text
        case .ja:
            var text = "\(last.label)までの\(points.count)週間。最大は\(busiest.label)の週の\(bar(busiest.bar))、最新は\(bar(last.bar))"
            if let latestLine { text += "。\(legend.line)は\(latestLine.label)の週に\(SVGNumber.value(latestLine.line, decimals: 1, unit: lineUnit))" }
            return text
        }
    }
}
