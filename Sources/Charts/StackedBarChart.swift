import Foundation

/// One bar per day (or week, or month: `bucket`) split into parts drawn bottom to top (a night's deep, core and
/// REM sleep), on the same axes
/// as `BarChart`: the bar's height is the day's total, each part's share of it is its own colour, and every part
/// names itself and its amount for a mouse or a screen reader.
public struct StackedBarChart: Sendable {
    public struct Series: Sendable, Equatable {
        public let name: String
        public let color: String

        public init(name: String, color: String) {
            self.name = name
            self.color = color
        }
    }

    public struct Day: Sendable, Equatable {
        public let date: Date
        /// One amount per series, in the series' order.
        public let parts: [Double]

        public init(date: Date, parts: [Double]) {
            self.date = date
            self.parts = parts
        }
    }

    public let days: [Day]
    public let series: [Series]
    public let title: String
    public let emptyMessage: String
    public let valueDecimals: Int
    public let unit: String
    public let timeZone: TimeZone
    public let style: ChartStyle
    public let language: ChartLanguage
    /// The dates the x axis covers whether or not they have bars, as on `BarChart`: nil spans the days alone.
    public let span: ClosedRange<Date>?
    /// What one stack stands for: a night, or a week's or month's average night, as `BarChart`'s bars.
    public let bucket: ChartBucket

    public init(
        days: [Day], series: [Series], title: String, emptyMessage: String, valueDecimals: Int = 1, unit: String = "",
        timeZone: TimeZone, style: ChartStyle = .standard, language: ChartLanguage = .en, bucket: ChartBucket = .day,
        span: ClosedRange<Date>? = nil
    ) {
        self.span = span
        self.bucket = bucket
        self.days = days
        self.series = series
        self.title = title
        self.emptyMessage = emptyMessage
        self.valueDecimals = valueDecimals
        self.unit = unit
        self.timeZone = timeZone
        self.style = style
        self.language = language
    }

    public func svg() -> String {
        let totals = days.map { ChartPoint(date: $0.date, value: $0.parts.filter { $0.isFinite && $0 > 0 }.reduce(0, +)) }
        let chart = BarChart(bars: totals, title: title, emptyMessage: emptyMessage, valueDecimals: valueDecimals, unit: unit,
                             timeZone: timeZone, style: style, language: language, bucket: bucket, span: span)
        let geometry = chart.geometry
        let calendar = DayCalendar(timeZone: timeZone)
        var writer = SVGWriter(style: style)
        writer.open(
            id: ChartIdentifier.make(kind: "stacked", title: title, points: totals), kind: "stacked-bar-chart", title: title,
            description: description(totals, calendar: calendar)
        )
        guard !geometry.isEmpty else {
            writer.emptyMessage(emptyMessage)
            writer.close()
            return writer.markup
        }
        writer.yAxis(geometry.yTicks, plot: geometry.plot)
        writer.xAxis(geometry.xTicks, plot: geometry.plot)
        writer.unitLabel(unit, plot: geometry.plot)
        let byDate = Dictionary(days.map { ($0.date, $0) }, uniquingKeysWith: { _, last in last })
        writer.open("g", [("class", "kc-stacks")])
        for bar in geometry.bars {
            guard let day = byDate[bar.point.date], bar.point.value > 0 else { continue }
            var top = bar.y + bar.height
            for (index, part) in day.parts.enumerated() where part.isFinite && part > 0 && index < series.count {
                let height = bar.height * part / bar.point.value
                top -= height
                writer.element("rect", [
                    ("class", "kc-stack-part"), ("fill", series[index].color),
                    ("x", SVGNumber.coordinate(bar.x)), ("y", SVGNumber.coordinate(top)),
                    ("width", SVGNumber.coordinate(bar.width)), ("height", SVGNumber.coordinate(height)),
                ], tooltip: "\(bucket.tooltipLabel(day.date, in: calendar)) \(series[index].name) \(SVGNumber.value(part, decimals: valueDecimals, unit: unit))")
            }
        }
        writer.end("g")
        writer.close()
        return writer.markup
    }

    private func description(_ totals: [ChartPoint], calendar: DayCalendar) -> String {
        guard let first = totals.first, let last = totals.last else { return emptyMessage }
        func text(_ value: Double) -> String { SVGNumber.value(value, decimals: valueDecimals, unit: unit) }
        let values = totals.map(\.value)
        return ChartSummary(
            entries: bucket.entries, count: totals.count, firstDay: bucket.label(first.date, in: calendar),
            lastDay: bucket.label(last.date, in: calendar),
            lowest: text(values.min() ?? 0), highest: text(values.max() ?? 0), latest: text(last.value), goal: nil
        ).text(in: language) + " " + series.map(\.name).joined(separator: ", ")
    }
}
